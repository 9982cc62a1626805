"""The caches where the site keeps its Python snapshots, as the site's own modules name
them (read from them here, never written again): web/python.mjs's for the tables' Python,
web/sandbox/kept.mjs's for the Lab's sandboxes, and the Lab's snapshot's address. A
snippet of JavaScript says `__TABLES_STORE__`, `__LAB_STORE__` or `__LAB_KEY__` (from a
page of lab/), and `filled()` puts each in as a string."""

from __future__ import annotations

import json
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "web"


def _said(path: str, pattern: str) -> str:
    found = re.search(pattern, (WEB / path).read_text(), re.MULTILINE)
    if not found:
        raise LookupError(f"web/{path} no longer says {pattern}")
    return found[1]


STORE = r'^export const STORE = "([^"]+)";$'
TABLES_STORE = _said("python.mjs", STORE)
LAB_STORE = _said("sandbox/kept.mjs", STORE)
LAB_KEY = "../sandbox/" + _said(
    "sandbox/kept.mjs", r'^export const KEY = new URL\("([^"]+)", import\.meta\.url\)\.href;$'
)


def filled(script: str) -> str:
    """`script` with the names above in it, each a JavaScript string."""
    for name, value in (
        ("__TABLES_STORE__", TABLES_STORE),
        ("__LAB_STORE__", LAB_STORE),
        ("__LAB_KEY__", LAB_KEY),
    ):
        script = script.replace(name, json.dumps(value))
    return script
