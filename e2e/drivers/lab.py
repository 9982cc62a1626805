"""The Bot Lab in the browser (web/lab/): the `lab` fixture, a Lab page with Python ready,
how long the Lab may take to start and to run a match, and a bot that never answers
(e2e/test_lab.py, test_your_bot.py, test_sandbox.py). A test file that wants the fixture
imports it by name (`from drivers.lab import lab as lab`)."""

from __future__ import annotations

import pytest
from conftest import wait_for
from playwright.sync_api import Page, expect
from stores import filled

BOOT_MS = 120_000
RUN_MS = 120_000
LOOPING = "def choose(view, legal, rng):\n    while True:\n        pass\n"


# Whether this browser keeps the Lab's snapshot (web/sandbox/kept.mjs), made or refused.
LAB_KEPT = filled("""async () => {
  const key = new URL(__LAB_KEY__, location.href).href; // from lab/
  const found = await (await caches.open(__LAB_STORE__)).match(key);
  return found?.headers.get("x-spygames-snapshot") ?? null;
}""")


@pytest.fixture
def lab(page: Page, site_url: str) -> Page:
    """The Lab, Python ready, on a returning visitor's page (the `page` fixture: a test
    that studies a first visit is marked `fresh`), its guard checked after. The first
    Lab of a worker's run waits until the Lab's snapshot is kept (web/sandbox/kept.mjs:
    its making takes a few seconds after the Lab is ready, and a test that leaves sooner
    would have it started again, and again, by the next ones); the others' sandboxes
    restore from it, as a returning visitor's do."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}lab/")
    expect(page.locator("#lab-python")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    makes = page.evaluate(  # as web/lab/python.mjs decides (a first visit does not)
        "navigator.serviceWorker.controller !== null"
        " && document.documentElement.dataset.pythonSnapshot === 'keep'"
    )
    if makes and page.locator("#lab-python").get_attribute("data-snapshot") != "restored":
        build = wait_for(page, LAB_KEPT, timeout=60_000)
        assert not build.endswith("refused"), "Chromium could not make the Lab's snapshot"
    return page
