"""A finished game's review, measured: a Deck of Spies game, a two-player Espionage game
and a four-player SpyNet game, each opened as a replay and reviewed from its Review button
as a player does, timed from the click to the review shown (target: under 20 s each; the
SpyNet one on a phone's screen, issue 50's target: 10 s), with the page's longest
main-thread task meanwhile (target: none over 100 ms) and the same review on CPython for
a ratio that does not hang on how busy the machine is.

The games are fixed: played by normal bots from fixed deals, so every run reviews the
same decisions. The quick run reviews the first two (the SpyNet one takes the same steps,
for some 20 s of CPU more).
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser

import spygames
from spygames.review import Reviewer, decisions_of

from .browser import LONGTASKS, StepFailed

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 812}
# (game, deal, players, screen, target in seconds)
GAMES = (
    ("deck-of-spies", 13, 1, DESKTOP, 20.0),
    ("espionage", 4, 2, DESKTOP, 20.0),
    ("spynet", 3, 4, PHONE, 10.0),
)
QUICK = GAMES[1:2]  # the same steps as every game, in the shortest review
DONE_MS = 180_000


def finished(game_id: str, seed: int, players: int) -> dict[str, Any]:
    game = spygames.get_game(game_id)
    state = game.new(seed=seed, players=players)
    bots = [game.bot("normal", seed=spygames.bot_seed(seed, s)) for s in range(players)]
    while not state.is_over:
        seat = state.to_play[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state.record()


def run(browser: Browser, url: str, games: tuple[Any, ...] = GAMES) -> dict[str, Any]:
    from spyweb.browser import links  # web/app, on the path as the bench runs

    found: dict[str, Any] = {}
    for game_id, seed, players, screen, goal_s in games:
        record = finished(game_id, seed, players)
        context = browser.new_context(viewport=screen)
        context.add_init_script(LONGTASKS)
        page = context.new_page()
        page.goto(f"{url}#/replay/{links.encode(record)}")
        page.wait_for_selector("#btn-review", timeout=DONE_MS)
        page.evaluate("window.__longtasks.length = 0")
        started = time.perf_counter()
        page.click("#btn-review")
        page.wait_for_selector("#review[data-state=done], .notice", timeout=DONE_MS)
        browser_s = time.perf_counter() - started
        if not page.locator("#review[data-state=done]").count():
            raise StepFailed(f"review: {game_id} was not reviewed: {page.text_content('.notice')}")
        tasks = list(page.evaluate("window.__longtasks"))
        context.close()
        started = time.perf_counter()
        reviewer = Reviewer(record, 0, seed)
        while not reviewer.step(1.0):
            pass
        cpython_s = time.perf_counter() - started
        found[game_id] = {
            "decisions": len(decisions_of(record, 0)),
            "players": players,
            "screen": f"{screen['width']}×{screen['height']}",
            "goal_s": goal_s,
            "browser_s": browser_s,
            "cpython_s": cpython_s,
            "longtasks_ms": tasks,
        }
    return found
