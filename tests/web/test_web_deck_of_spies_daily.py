"""The lost deal's "winnable — see how" and the Daily deal, driven as the page drives them."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
from spyweb.app import App
from spyweb.browser import links
from spyweb.browser.store import MemoryStorage, Saves
from spyweb.games.deck_of_spies import daily as daily_web
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
from spyweb.tables.screen import Context

import spygames
from spygames.deck_of_spies import daily
from spygames.deck_of_spies.deck import GROUP_OF, NAMES

GAME = spygames.get_game("deck-of-spies")
SIX_FACES = ["JS", "QS", "KS", "JC", "QC", "KC"]


def last_spy(draw: list[str]) -> dict[str, Any]:
    """K♥ the last spy, six faces owned, the hand drawn from `draw`."""
    done = [
        NAMES[card]
        for card in range(52)
        if GROUP_OF[card] != "A-4" and NAMES[card] not in {"KH", *SIX_FACES}
    ]
    return {"spies": ["KH"], "draw": draw, "discard": SIX_FACES, "spy_discard": done}


def finish(screen: Any) -> None:
    """Tick the screen as the page does until nothing is pending."""
    for _ in range(10_000):
        if screen.pending_delay() is None:
            return
        screen.tick()
    raise AssertionError("still pending")


def pay_last_spy(hand: list[str], kind: str, picks: tuple[str, ...]) -> DeckOfSpiesTable:
    """K♥ the last spy (see `last_spy`): paid for with `picks` (`kind`), the turn ended."""
    setup = last_spy(hand)
    screen = DeckOfSpiesTable(Context(Saves(MemoryStorage())), state=GAME.new(seed=3, setup=setup))
    for card in picks:
        screen.handle("pick", card)
    screen.handle(kind, "")
    screen.handle("end_turn", "")
    return screen


def lose_on_purpose(hand: list[str]) -> DeckOfSpiesTable:
    """Counter K♥ with the 4s and the 3 (with A♥ in `hand` it could have been recruited)."""
    screen = pay_last_spy(hand, "counter", ("4S", "4C", "4D", "3S"))
    assert screen.state.result is not None and not screen.state.result["won"]
    return screen


def test_a_lost_deal_that_was_winnable_shows_how() -> None:
    screen = lose_on_purpose(["AH", "4S", "4C", "4D", "3S"])
    assert 'data-verdict="pending"' in screen.render()  # worked out in slices
    finish(screen)
    html = screen.render()
    assert "This deal was winnable" in html and 'id="see-how"' in html
    route = html.split('id="see-how" href="')[1].split('"')[0]
    assert route.startswith("#/replay/")
    shown = links.decode(route.removeprefix("#/replay/"))
    assert shown.result is not None and shown.result["won"]  # the line steps to a win
    assert shown.record()["actions"][0]["type"] == "recruit"


def test_a_lost_deal_no_line_wins_says_so() -> None:
    """The hand 4♠ 4♣ 4♦ 3♠ 3♣ holds no heart and no A♥: K♥ can only be countered."""
    screen = lose_on_purpose(["4S", "4C", "4D", "3S", "3C"])
    finish(screen)
    assert 'data-verdict="lost"' in screen.render()
    assert "No line wins this deal" in screen.render()


def test_a_budget_too_small_is_too_close_to_call() -> None:
    from spyweb.games.deck_of_spies.end import verdict
    from spyweb.games.deck_of_spies.winnable import WinnableCheck

    check = WinnableCheck(GAME.new(seed=5).record(), nodes=3)
    while check.running:
        check.step()
    html = verdict(check.verdict())
    assert 'data-verdict="unknown"' in html and "Too close to call" in html


def test_a_won_deal_asks_nothing() -> None:
    screen = pay_last_spy(["AH", "4S", "4C", "4D", "3S"], "recruit", ("AH", "4S", "4C", "4D"))
    assert screen.state.result["won"]
    assert screen.pending_delay() is None and 'data-testid="verdict"' not in screen.render()


# -- the daily deal --------------------------------------------------------------------
def open_daily(storage: MemoryStorage, monkeypatch: pytest.MonkeyPatch, day: date) -> App:
    monkeypatch.setattr(daily, "today", lambda: day)
    app = App(storage, base_url="https://example.test/spygames/")
    app.route("#/deck-of-spies/daily")
    assert 'data-testid="daily-finding"' in app.render()
    finish(app.screen)
    return app


def test_the_daily_deal_is_dealt_and_its_first_finished_game_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    storage = MemoryStorage()
    day = date(2026, 11, 30)
    app = open_daily(storage, monkeypatch, day)
    seed = daily.daily_seed(day)
    assert f'data-testid="daily-seed">#{seed}<' in app.render()
    assert "Daily deal #334" in app.render()
    app.click("daily-play", "")
    target, _ = app.take_navigation()
    assert target == f"#/deck-of-spies/deal/{seed}"
    app.route(target)
    table = app.screen
    assert isinstance(table, DeckOfSpiesTable) and table.seed == seed
    # play it out by the first legal action: the result is whatever it is, and it counts
    while not table.state.is_over:
        done = len(table.state.actions)
        action = table.state.legal_actions()[0]
        if action["type"] == "assassinate":
            table.handle("assassinate", action["ace"])
        else:
            if action["type"] == "retire":
                action = {"type": "end_turn"}
            for card in action.get("cards", []):
                table.handle("pick", card)
            table.handle(action["type"], "")
        assert len(table.state.actions) == done + 1, f"not played: {action}"  # never a hang
    result = table.state.result
    kept = json.loads(storage.get("spygames:daily:deck-of-spies:2026-11-30") or "")
    assert kept == {
        "day": "2026-11-30",
        "number": 334,
        "seed": seed,
        "won": result["won"],
        "score": result["score"],
    }
    html = table.render()
    assert 'data-testid="daily-result"' in html
    # a second game of the same deal does not replace the first result
    table.handle("again", "")
    assert json.loads(storage.get("spygames:daily:deck-of-spies:2026-11-30") or "") == kept
    # back on the daily screen (a reload): the result, and Share result copies the text
    again = open_daily(storage, monkeypatch, day)
    html = again.render()
    assert 'data-testid="daily-result"' in html and "Play it again" in html
    text = daily_web.share_text(kept, "https://example.test/spygames/")
    assert text.startswith("spygames · Deck of Spies daily #334 (2026-11-30): ")
    assert text.endswith(
        "of 12 face cards — https://example.test/spygames/#/deck-of-spies/daily/2026-11-30"
    )
    again.click("copy-result", text)
    assert again.take_effects() == [("copy", text, "daily-share")]
    again.effect_done("copy-result", True)
    assert "Result copied" in again.render()


def test_a_dated_daily_link_and_a_bad_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daily, "today", lambda: date(2026, 12, 1))
    app = App(MemoryStorage())
    app.route("#/deck-of-spies/daily/2026-11-30")
    finish(app.screen)
    html = app.render()
    assert 'The deal of <span class="unbroken">November 30, 2026</span>' in html
    assert f">#{daily.daily_seed(date(2026, 11, 30))}<" in html
    app.route("#/deck-of-spies/daily/yesterday")
    assert "is not a day" in app.render()


def test_home_offers_the_daily_deal() -> None:
    app = App(MemoryStorage())
    app.route("#/")
    assert 'href="#/deck-of-spies/daily"' in app.render()


def test_the_table_says_when_its_deal_is_the_daily_deal() -> None:
    storage = MemoryStorage()
    entry = {"day": "2026-11-30", "number": 334, "seed": 424242}
    storage.set("spygames:daily:deck-of-spies:2026-11-30", json.dumps(entry))
    app = App(storage)
    app.route("#/deck-of-spies/deal/424242")
    assert (
        'data-testid="daily-tag">Daily deal — <span class="unbroken">2026-11-30</span><'
        in app.render()
    )
    app.route("#/deck-of-spies/deal/424243")  # any other deal is just a deal
    html = app.render()
    assert 'data-testid="daily-tag"' not in html and "Deal #424243" in html
