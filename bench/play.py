"""Scripted games in the page, for interaction latency and long tasks while bots think.

Latency is the page's own measure `spy:latency` (input event -> DOM updated, marked by
spyweb/dom.py). Hint clicks run the hard bot, so they are reported apart from the
player's own clicks. Long tasks come from a `longtask` PerformanceObserver installed
before the page loads and emptied once the table is up, so boot is not counted.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser, Page

from .browser import LONGTASKS, TIMEOUT


def _measures(page: Page) -> list[float]:
    return list(page.evaluate(
        "performance.getEntriesByName('spy:latency').map(e => e.duration)"))  # fmt: skip


def _click(page: Page, selector: str) -> float | None:
    """Click and return the latency of the render it caused (None if it caused none)."""
    before = len(_measures(page))
    page.click(selector)
    try:
        page.wait_for_function(
            f"performance.getEntriesByName('spy:latency').length > {before}", timeout=5_000
        )
    except Exception:
        return None
    return _measures(page)[-1]


def _start(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script(LONGTASKS)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", timeout=TIMEOUT)
    return page


def _reset_longtasks(page: Page) -> None:
    page.evaluate("window.__longtasks.length = 0")


def _longtasks(page: Page) -> list[float]:
    return list(page.evaluate("window.__longtasks"))


def deck_of_spies(browser: Browser, url: str, seed: int = 2) -> dict[str, Any]:
    """A whole deal played by following the Hint, as a player who asks for help would."""
    page = _start(browser, f"{url}#/deck-of-spies/deal/{seed}")
    page.wait_for_selector(".dos")
    _reset_longtasks(page)
    human: list[float] = []
    hints: list[float] = []
    for _ in range(300):
        if page.locator('[data-testid="end"]').count():
            break
        if page.get_attribute(".dos", "data-phase") == "after":
            human.append(_click(page, "#act-end-turn") or 0.0)
            continue
        hints.append(_click(page, "#btn-hint") or 0.0)
        hint = page.wait_for_selector(".dos-hint")
        kind = hint.get_attribute("data-hint-type")
        if kind == "assassinate":
            human.append(_click(page, f"#act-assassinate-{hint.get_attribute('data-hint-ace')}")
                         or 0.0)  # fmt: skip
            continue
        for card in (hint.get_attribute("data-hint-cards") or "").split():
            human.append(_click(page, f"#card-{card}") or 0.0)
        human.append(_click(page, f"#act-{kind}") or 0.0)
    tasks = _longtasks(page)
    page.context.close()
    return {"human_ms": human, "hint_ms": hints, "longtasks_ms": tasks}


def espionage(browser: Browser, url: str, seed: int = 5) -> dict[str, Any]:
    """You against three hard bots at the fast pace, to the end of the game."""
    page = _start(browser, f"{url}#/espionage/deal/{seed}")
    page.wait_for_selector("#esp-setup-form")
    page.select_option("#esp-players", "4")
    for i in range(1, 4):
        page.select_option(f"#esp-seat{i}-kind", "hard")
    page.click("#esp-start")
    page.wait_for_selector("#esp-table")
    page.click("#esp-pace-fast")
    _reset_longtasks(page)
    human: list[float] = []
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if page.locator("#esp-again").count():
            break
        if page.locator("#esp-continue").count():
            human.append(_click(page, "#esp-continue") or 0.0)
            continue
        if page.locator("#esp-bid").count():
            if page.locator("#esp-call:not([disabled])").count():
                human.append(_click(page, "#esp-call") or 0.0)
                continue
            human.append(_click(page, ".esp-groups .esp-pick:not([disabled])") or 0.0)
            human.append(_click(page, "#esp-bid") or 0.0)
            continue
        page.wait_for_timeout(50)
    tasks = _longtasks(page)
    page.context.close()
    return {"human_ms": [h for h in human if h], "longtasks_ms": tasks}
