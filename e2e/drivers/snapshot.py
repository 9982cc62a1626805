"""Python's memory snapshot as the browser keeps it (web/python.mjs, web/snapshot.mjs): is
one of this build kept yet, and which build the served page makes (e2e/test_snapshot.py,
test_offline.py)."""

from __future__ import annotations

import re

from playwright.sync_api import Page
from stores import SNAPSHOT_OF, TABLES_HEADER, TABLES_STORE

STORE = TABLES_STORE
HEADER = TABLES_HEADER
KEPT = SNAPSHOT_OF  # (build): waits up to 60 s; the kept entry's build header then


def snapshot_kept(page: Page, url: str) -> bool:
    """Whether a snapshot of this build is kept (waits up to 60 s for the worker)."""
    build = snapshot_build(page, url)
    return bool(page.evaluate(KEPT, build) == build)


def snapshot_build(page: Page, url: str) -> str:
    """The snapshot build hash written into the served python.mjs."""
    found = re.search(
        r'SNAPSHOT = "([0-9a-f]{16})"', page.request.get(url + "vendor/pyodide/python.mjs").text()
    )
    assert found, "python.mjs lacks its snapshot build"
    return found.group(1)
