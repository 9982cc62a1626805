"""Games the engine plays out for a page to open: a finished record to replay or review,
and a share link to a game at a chosen point or end (e2e/test_embed.py, test_review.py,
test_a11y.py, test_layout.py), opened on a page for the short whole games (test_espionage.py,
test_spynet.py, test_screen_reader.py)."""

from __future__ import annotations

import re
from typing import Any

from conftest import saved_record_js, wait_for
from playwright.sync_api import Page, expect
from spyweb.browser import links

import spygames


def finished(game: str, seed: int, players: int = 1) -> dict[str, Any]:
    """The record of Deal #seed played to its end by the `normal` bot in every seat."""
    state = spygames.get_game(game).new(seed=seed, players=players)
    bot = spygames.get_game(game).bot("normal", seed=seed)
    while not state.is_over:
        state.apply(bot.choose(state.view(state.to_play[0]), state.legal_actions()))
    return state.record()


def play(game_id: str, seed: int, seats: list[dict[str, str]] | None, stop: Any) -> Any:
    """A game between `easy` bots (each with a seed of its own) from Deal #seed, up to the
    first position where `stop(state)` holds (or the end); the seats' names and kinds go
    into the record."""
    game = spygames.get_game(game_id)
    options = {"seats": seats} if seats else {}
    state = game.new(seed=seed, players=len(seats) if seats else 1, options=options)
    bots = [game.bot("easy", seed=spygames.bot_seed(seed, s, "a11y")) for s in range(4)]
    while not state.is_over and not stop(state):
        seat = state.to_play[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state


def dos_late(seed: int, before_end: int) -> Any:
    """Deck of Spies' Deal #seed played by an easy bot to `before_end` moves before its end."""
    whole = play("deck-of-spies", seed, None, lambda s: False).record()
    return spygames.replay({**whole, "actions": whole["actions"][:-before_end]})


def link(state: Any) -> str:
    return f"#/play/{links.encode(state.record())}"


def ended(game_id: str, seats: list[dict[str, str]] | None, won: bool) -> str:
    """A share link to a finished game that seat 0 won (or lost)."""
    for seed in range(1, 200):
        state = play(game_id, seed, seats, lambda s: False)
        if (0 in state.result["winners"]) == won:
            return link(state)
    raise AssertionError(f"no {game_id} deal ends that way")


def open_late(page: Page, site_url: str, game_id: str, state: Any) -> None:
    """Open `state`'s game on `page` from its share link, as a player would: once its
    record is this device's game and the link's address has given way to the table's."""
    page.goto(site_url + link(state))
    wait_for(page, f"({saved_record_js(game_id)})?.actions.length === {len(state.actions)}")
    expect(page).to_have_url(re.compile(f".*#/{re.escape(game_id)}$"))


def dismiss_kept(page: Page) -> None:
    """The notice that the game a share link replaced is kept under Saved games goes, when
    it shows (the short games open one over the game seated from the form)."""
    notice = page.locator(".notice")
    if notice.count() and "kept under Saved games" in notice.inner_text():
        page.click(".notice [data-act=dismiss]")
