"""Subresource Integrity for the files a page or worker of the site asks for with it
(Python's worker, web/worker.mjs; the Lab sandbox's host, web/sandbox/host.mjs): the
service worker then hands its cached copy over unread, and the browser checks the bytes
(web/sw.js `claims`). A file changed after its integrity was written would be refused at
every visit and asked for again without it, slowly: `check` fails the build instead."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

SLOT = "__INTEGRITY__"
# The files the build writes a map into; each map's paths are relative to the site.
WRITTEN = ("worker.mjs", "sandbox/host.mjs")
MAP = re.compile(r"/\* integrity \*/ (\{.*?\})", re.S)


def of(path: Path) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def fill(text: str, site: Path, paths: list[str], name: str) -> str:
    """`text` (web/`name`) with its slot filled: {path: integrity} for `paths`, each
    relative to the site ("./" or not)."""
    if text.count(SLOT) != 1:
        raise SystemExit(f"web/{name} must hold {SLOT} exactly once")
    found = {path: of(site / path.removeprefix("./")) for path in paths}
    return text.replace(SLOT, "/* integrity */ " + json.dumps(found, indent=1))


def check(site: Path) -> int:
    """Every integrity written into the site still that of the file it names (run once the
    build is whole); how many were checked."""
    count = 0
    for name in WRITTEN:
        found = MAP.search((site / name).read_text(encoding="utf-8"))
        if not found:
            raise SystemExit(f"{name}: no integrity written")
        for path, sri in json.loads(found.group(1)).items():
            if of(site / path.removeprefix("./")) != sri:
                raise SystemExit(f"{name}: {path} changed after its integrity was written")
            count += 1
    return count
