"""Python's memory snapshot as the browser keeps it (web/python.mjs, web/snapshot.mjs): is
one of this build kept yet, and which build the served page makes (e2e/test_snapshot.py,
test_offline.py)."""

from __future__ import annotations

import re

from playwright.sync_api import Page
from stores import TABLES_STORE

STORE = TABLES_STORE
HEADER = "x-spygames-snapshot"
# Waits (up to 60 s) until a snapshot of `build` is kept; the entry's build header then
# (or the last one seen).
KEPT = """async ([store, header, build]) => {
  let seen = null;
  for (let i = 0; i < 600; i++) {
    const cache = await caches.open(store);
    const [key] = await cache.keys();
    const found = key && (await cache.match(key));
    seen = found ? found.headers.get(header) : null;
    if (seen === build && (await found.arrayBuffer()).byteLength) return seen;
    await new Promise((done) => setTimeout(done, 100));
  }
  return seen;
}"""


def snapshot_kept(page: Page, url: str) -> bool:
    """Whether a snapshot of this build is kept (waits up to 60 s for the worker)."""
    build = snapshot_build(page, url)
    return bool(page.evaluate(KEPT, [STORE, HEADER, build]) == build)


def snapshot_build(page: Page, url: str) -> str:
    """The snapshot build hash written into the served python.mjs."""
    found = re.search(
        r'SNAPSHOT = "([0-9a-f]{16})"', page.request.get(url + "vendor/pyodide/python.mjs").text()
    )
    assert found, "python.mjs lacks its snapshot build"
    return found.group(1)
