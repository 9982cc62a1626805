"""The site's offline copy: the caches the service worker keeps once it has settled, by
its own signal (e2e/service_worker.py's SETTLE), never a sleep (e2e/test_offline.py,
test_together_evening.py)."""

from __future__ import annotations

from conftest import wait_for
from playwright.sync_api import Page
from service_worker import SETTLE

WORKER_TIMEOUT = 60_000


def worker_caches(page: Page) -> dict[str, int]:
    """The caches once the worker has settled: {name: number of files}."""
    page.evaluate(SETTLE)
    found = wait_for(page, "window.workerCaches", timeout=WORKER_TIMEOUT)
    return dict(found)
