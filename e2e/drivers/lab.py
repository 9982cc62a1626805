"""The Bot Lab in the browser (web/lab/): the `lab` fixture, a Lab page with Python ready,
how long the Lab may take to start and to run a match, and a bot that never answers
(e2e/test_lab.py, test_your_bot.py, test_sandbox.py). A test file that wants the fixture
imports it by name (`from drivers.lab import lab as lab`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import Guard, open_page
from playwright.sync_api import Browser, Page, expect

BOOT_MS = 120_000
RUN_MS = 120_000
LOOPING = "def choose(view, legal, rng):\n    while True:\n        pass\n"


@pytest.fixture
def lab(browser: Browser, guard: Guard, site_url: str) -> Iterator[Page]:
    """The Lab on a page of its own, Python ready; the page's guard is checked after."""
    page = open_page(browser, guard, viewport={"width": 1280, "height": 800})
    page.goto(f"{site_url}lab/")
    expect(page.locator("#lab-python")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    yield page
    page.context.close()
    assert not guard.problems, "\n".join(guard.problems)
