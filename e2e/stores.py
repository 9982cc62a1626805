"""The caches where the site keeps its Python snapshots, as the site's own modules name
them (read from them here, never written again): web/python.mjs's for the tables' Python,
web/sandbox/kept.mjs's for the Lab's sandboxes, and the Lab's snapshot's address. A
snippet of JavaScript says `__TABLES_STORE__`, `__TABLES_HEADER__` (the tables' snapshot's
build header), `__LAB_STORE__` or `__LAB_KEY__` (from a page of lab/), and `filled()` puts
each in as a string. Also here, the one wait for a kept tables' snapshot (`SNAPSHOT_OF`,
`SNAPSHOT_KEPT`) that the suite, its drivers, the cross-browser plan and the bench use."""

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
TABLES_HEADER = _said("python.mjs", r'^export const BUILD_HEADER = "([^"]+)";$')
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
        ("__TABLES_HEADER__", TABLES_HEADER),
    ):
        script = script.replace(name, json.dumps(value))
    return script


# Waits (up to 60 s) until the tables' snapshot of `build` is kept, whole; resolves to the
# kept entry's build header then (or the last one seen).
SNAPSHOT_OF = filled("""async (build) => {
  let seen = null;
  for (let i = 0; i < 600; i++) {
    const cache = await caches.open(__TABLES_STORE__);
    const [key] = await cache.keys();
    const found = key && (await cache.match(key));
    seen = found ? found.headers.get(__TABLES_HEADER__) : null;
    if (seen === build && (await found.arrayBuffer()).byteLength) return seen;
    await new Promise((done) => setTimeout(done, 100));
  }
  return seen;
}""")
# Resolves to whether the snapshot of the build the served python.mjs makes is kept (a
# worker makes it after a first visit's page is ready), waiting up to 60 s.
SNAPSHOT_KEPT = f"""async () => {{
  const source = await (await fetch("./vendor/pyodide/python.mjs")).text();
  const build = source.match(/SNAPSHOT = "([0-9a-f]+)"/)[1];
  return (await ({SNAPSHOT_OF})(build)) === build;
}}"""
