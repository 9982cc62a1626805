"""Scripted games in the page, for interaction latency and long tasks while bots think.

Latency is the page's own measure `spy:latency` (input event -> DOM updated, marked by
web/page.mjs). Hint clicks run the hard bot, so they are reported apart from the
player's own clicks. Long tasks come from a `longtask` PerformanceObserver installed
before the page loads and emptied once the table is up, so boot is not counted.

`moves` caps the player's decisions (the quick mode's short games); None plays to the
end. A step that breaks raises: a selector that times out (Playwright's own error), a
move that the game does not take, a game that stops advancing (`StepFailed`).
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser, Page

from .browser import LONGTASKS, TIMEOUT, StepFailed, saved_record_js, wait_for

APPLIED_MS = 15_000  # a move the page took shows in its autosave well within this
STALL_S = 90.0  # no new action in the game for this long: it is stuck


def _measures(page: Page) -> list[float]:
    return list(page.evaluate(
        "performance.getEntriesByName('spy:latency').map(e => e.duration)"))  # fmt: skip


def click(page: Page, selector: str) -> float | None:
    """Click and return the latency of the render it caused (None if it caused none)."""
    before = len(_measures(page))
    page.click(selector)
    try:
        wait_for(
            page, f"performance.getEntriesByName('spy:latency').length > {before}", timeout=5_000
        )
    except Exception:
        return None
    return _measures(page)[-1]


def actions(page: Page, game: str) -> int:
    """How many actions the game on the page has saved (its autosave's record)."""
    return int(page.evaluate(f"({saved_record_js(game)} || {{actions: []}}).actions.length"))


def act(page: Page, selector: str, game: str) -> float:
    """Click a control that plays a move; raise StepFailed if the game does not take it."""
    before = actions(page, game)
    latency = click(page, selector)
    try:
        wait_for(
            page,
            f"({saved_record_js(game)} || {{actions: []}}).actions.length > {before}",
            timeout=APPLIED_MS,
        )
    except Exception as exc:
        raise StepFailed(f"{game}: clicking {selector} played no move") from exc
    return latency or 0.0


class Progress:
    """Raises StepFailed when the game has saved no new action for `STALL_S` seconds."""

    def __init__(self, page: Page, game: str) -> None:
        self.page, self.game = page, game
        self.count, self.since = actions(page, game), time.monotonic()

    def check(self) -> None:
        now = actions(self.page, self.game)
        if now != self.count:
            self.count, self.since = now, time.monotonic()
        elif time.monotonic() - self.since > STALL_S:
            raise StepFailed(f"{self.game}: no move for {STALL_S:.0f} s at {now} actions")


def start(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script(LONGTASKS)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", timeout=TIMEOUT)
    return page


def reset_longtasks(page: Page) -> None:
    page.evaluate("window.__longtasks.length = 0")


def longtasks(page: Page) -> list[float]:
    return list(page.evaluate("window.__longtasks"))


PRESSED = ".dos [data-act=pick][aria-pressed=true]"


def _pressed(page: Page) -> set[str]:
    """The cards the hand shows picked (`aria-pressed=true`)."""
    return set(page.eval_on_selector_all(PRESSED, "els => els.map(e => e.dataset.card)"))


def deck_of_spies(
    browser: Browser, url: str, seed: int = 2, moves: int | None = None
) -> dict[str, Any]:
    """A deal played by following the Hint, as a player who accepts it would: the Hint
    picks its cards itself, so only the cards whose state differs from it are clicked
    (none, normally), then the hinted action."""
    game = "deck-of-spies"
    page = start(browser, f"{url}#/{game}/deal/{seed}")
    page.wait_for_selector(".dos")
    reset_longtasks(page)
    human: list[float] = []
    hints: list[float] = []
    played = 0
    while moves is None or played < moves:
        if page.locator('[data-testid="end"]').count():
            break
        if played >= 300:
            raise StepFailed(f"{game}: deal {seed} not over after 300 moves")
        played += 1
        if page.get_attribute(".dos", "data-phase") == "after":
            human.append(act(page, "#act-end-turn", game))
            continue
        hints.append(click(page, "#btn-hint") or 0.0)
        page.wait_for_selector(".dos-hint")
        kind = page.get_attribute(".dos-hint", "data-hint-type")
        if kind == "assassinate":
            ace = page.get_attribute(".dos-hint", "data-hint-ace")
            human.append(act(page, f"#act-assassinate-{ace}", game))
            continue
        wanted = set((page.get_attribute(".dos-hint", "data-hint-cards") or "").split())
        for card in sorted(wanted ^ _pressed(page)):
            human.append(click(page, f"#card-{card}") or 0.0)
        if _pressed(page) != wanted:
            raise StepFailed(f"{game}: the hand shows {_pressed(page)} picked, not {wanted}")
        human.append(act(page, f"#act-{(kind or '').replace('_', '-')}", game))
    tasks = longtasks(page)
    page.context.close()
    return {"human_ms": human, "hint_ms": hints, "longtasks_ms": tasks, "moves": played}


def espionage(
    browser: Browser, url: str, seed: int = 5, moves: int | None = None
) -> dict[str, Any]:
    """You against three hard bots at the fast pace, to the end of the game."""
    game = "espionage"
    page = start(browser, f"{url}#/{game}/deal/{seed}")
    page.wait_for_selector("#esp-setup-form")
    page.select_option("#esp-players", "4")
    for i in range(1, 4):
        page.select_option(f"#esp-seat{i}-kind", "hard")
    page.click("#esp-start")
    page.wait_for_selector("#esp-table")
    page.click("#esp-pace-fast")
    reset_longtasks(page)
    human: list[float] = []
    progress = Progress(page, game)
    played = 0
    while moves is None or played < moves:
        progress.check()
        if page.locator("#esp-again").count():
            break
        if page.locator("#esp-continue").count():
            human.append(click(page, "#esp-continue") or 0.0)
            continue
        if page.locator("#esp-bid").count():
            if played >= 500:
                raise StepFailed(f"{game}: deal {seed} not over after 500 bids and calls")
            played += 1
            if page.locator("#esp-call:not([disabled])").count():
                human.append(act(page, "#esp-call", game))
                continue
            human.append(click(page, ".esp-groups .esp-pick:not([disabled])") or 0.0)
            human.append(act(page, "#esp-bid", game))
            continue
        page.wait_for_timeout(50)
    tasks = longtasks(page)
    page.context.close()
    return {"human_ms": [h for h in human if h], "longtasks_ms": tasks, "moves": played}
