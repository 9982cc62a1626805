"""The Espionage table's Undo and Hint on CPython, driven as the page drives them."""

from __future__ import annotations

import random
import re

import pytest
from drivers.espionage import form, run_bots_until_human
from drivers.espionage_panel import (
    GAME,
    HANDS,
    YOU_AND_VESPER,
    bid,
    button,
    play_bid,
    scripted,
    table_for,
    text,
)
from spyweb.browser.store import MemoryStorage, Saves
from spyweb.games.espionage.hint import chance, hint_bot, why
from spyweb.games.espionage.seats import Seat, seat_options
from spyweb.games.espionage.table import EspionageTable
from spyweb.tables.screen import Context
from spyweb.tables.thinking import Thinking

import spygames
from spygames.espionage.bots import HardBot
from spygames.espionage.cards import DECK


def wait_for_hint(table: EspionageTable) -> spygames.Advice:
    for _ in range(2000):
        if not table.hints.thinking:
            break
        assert table.pending_delay() == 0
        table.tick()
    advice = table.hint()
    assert advice is not None
    return advice


# -- undo -------------------------------------------------------------------------------
def test_undo_goes_back_to_just_before_your_last_bid() -> None:
    table = scripted()
    play_bid(table, 2, "hacker", 1)
    table._apply(bid(3, "hacker", 0))  # Vesper raises (as the bot would, on its turn)
    play_bid(table, 3, "london", 1)
    table._apply(bid(4, "london", 0))
    # your turn again: two of your bids stand
    state = table.state
    assert state is not None and table.my_turn
    record = state.record()
    html = table.render()
    assert "disabled" not in button(html, "esp-undo") and 'id="esp-undo-why"' not in html

    table.handle("undo", "")
    assert table.state is not state
    assert table.state.record() == spygames.replay(record, upto=2).record()
    assert table.state.view(0) == spygames.replay(record, upto=2).view(0)
    assert table.my_turn and table.sel["attribute"] is None
    assert table.log[-1].kind == "undone"
    assert (
        table.log[-1].text
        == "You took back your bid: at least 3 spies in London → Vesper (and the bid after it)"
    )
    assert "at least 4 spies in London" not in " ".join(e.text for e in table.log)
    assert 'class="esp-log-undone"' in table.render()
    # the autosave is the state after the undo
    saved = table.ctx.saves.current("espionage")
    assert saved is not None and saved.record == table.state.record()
    # again: back before the first bid; then nothing of yours is left to take back
    assert table.key("u")
    assert len(table.state.actions) == 0
    assert (
        table.log[-1].text
        == "You took back your bid: at least 2 Hackers → Vesper (and the bid after it)"
    )
    assert "Undo is off: you have made no move yet." in text(table.render())
    table.handle("undo", "")
    assert any("Nothing to undo" in m for m in table.ctx.messages)


def test_after_an_undo_the_bots_play_on() -> None:
    table = EspionageTable(Context(Saves(MemoryStorage())), seed=12)
    table.submit("start", form("human", "hard", "normal"))
    run_bots_until_human(table)
    assert table.state is not None and table.my_turn
    first = next(a for a, ok in table.panel().attributes().items() if ok)
    table.handle("attr", first)
    table.handle("bid", "")
    k = len(table.state.actions) - 1
    record = table.state.record()
    assert table.pending_delay() is not None  # a bot to move: Undo still works now
    table.handle("undo", "")
    assert table.state.record() == spygames.replay(record, upto=k).record()
    assert table.my_turn
    table.handle("count", "+")
    table.handle("attr", next(a for a, ok in table.panel().attributes().items() if ok))
    table.handle("bid", "")
    assert len(table.state.actions) == k + 1 and table.state.actions[-1] != record["actions"][k]
    assert table.pending_delay() is not None
    run_bots_until_human(table)
    assert len(table.state.actions) > k + 1


def test_the_table_offers_exactly_the_engines_undo() -> None:
    """DESIGN "Every game — Undo": "tables offer exactly what it allows" — at every
    position of a whole game, the button is on exactly when `undo_point(you)` has a
    place to go, off with the engine's own reason otherwise, and Undo goes there."""
    table = EspionageTable(Context(Saves(MemoryStorage())), seed=21)
    table.submit("start", form("human", "normal"))
    rng = random.Random(21)
    seen = {True: 0, False: 0}
    for _ in range(400):
        run_bots_until_human(table)
        state = table.state
        assert state is not None
        if state.is_over:
            break
        point = state.undo_point(0)
        html = table.render()
        seen[point.upto is not None] += 1
        if point.upto is None:
            assert "disabled" in button(html, "esp-undo")
            assert f"Undo is off: {point.reason}." in text(html)
        else:
            assert "disabled" not in button(html, "esp-undo")
            if rng.random() < 0.3:
                record = state.record()
                table.handle("undo", "")
                assert table.state.record() == spygames.replay(record, upto=point.upto).record()
                continue
        table._apply(rng.choice(state.legal_actions()))
    assert table.state is not None and table.state.is_over and all(seen.values())
    assert "esp-undo" not in table.render()  # the end: no Undo


def test_undo_is_refused_once_the_hands_have_been_shown() -> None:
    table = scripted()
    play_bid(table, 5, "hacker", 1)
    table._apply({"type": "call"})  # Vesper calls: every hand is shown
    assert table.reveal_pending
    state = table.state
    assert state is not None
    html = table.render()
    assert "disabled" in button(html, "esp-undo")
    assert "Undo is off: the hands have been shown since." in text(html)
    assert table.key("U")  # the key is there, and explains itself
    table.handle("undo", "")
    assert table.state is state and len(state.actions) == 2
    assert any("the hands have been shown since" in m for m in table.ctx.messages)
    # a new round: Undo is off until you decide again, then goes back no further than that
    table.handle("continue", "")
    run_bots_until_human(table)
    assert "Undo is off: the hands have been shown since." in text(table.render())
    assert table.my_turn
    record_before = table.state.record()  # type: ignore[union-attr]
    table.handle("attr", next(a for a, ok in table.panel().attributes().items() if ok))
    table.handle("bid", "")
    table.handle("undo", "")
    assert table.state.record() == record_before  # type: ignore[union-attr]


def test_your_own_call_cannot_be_undone() -> None:
    table = scripted(first=1)
    table._apply(bid(3, "hacker", 0))
    table.handle("call", "")
    html = table.render()
    assert "Undo is off: the hands have been shown since." in text(html)


def test_no_undo_for_pass_and_play() -> None:
    seats = [Seat("Ann", "human"), Seat("Bo", "human"), Seat("Cy", "bot", "easy")]
    state = GAME.new(seed=9, players=3, options=seat_options(seats))
    table = table_for(state)
    for _ in range(20):
        if table.reveal_pending:
            table.handle("continue", "")
        elif table.handoff_needed:
            table.handle("show-hand", "")
        elif table.pending_delay() is not None:
            table.tick()
        else:
            html = table.render()
            assert 'id="esp-undo"' not in html
            assert 'id="esp-hint"' in html  # the holder may still ask for a hint
            before = table.state.record()  # type: ignore[union-attr]
            table.handle("undo", "")
            assert not table.key("u")
            assert table.state.record() == before  # type: ignore[union-attr]
            table.handle("attr", next(a for a, ok in table.panel().attributes().items() if ok))
            table.handle("bid", "")
    assert len(table.state.actions) >= 2  # type: ignore[union-attr]


# -- hint -------------------------------------------------------------------------------
def test_hint_selects_the_hard_bots_bid_so_one_click_plays_it() -> None:
    table = scripted()
    html = table.render()
    assert "disabled" not in button(html, "esp-hint") and 'id="esp-hint-box"' not in html
    table.handle("hint", "")
    advice = wait_for_hint(table)
    state = table.state
    assert state is not None
    assert advice.action in state.legal_actions()
    # the same as the hard bot asked from your view (no bluff in a hint)
    bot = GAME.bot("hard", seed=table.hint_seed(0))
    assert isinstance(bot, HardBot)
    bot.bluff = 0.0
    assert bot.advise(state.view(0), state.legal_actions()).action == advice.action
    html = table.render()
    box = re.search(r'<section id="esp-hint-box".*?</section>', html)
    assert box is not None
    words = text(box.group(0))
    assert advice.action["type"] == "bid"
    assert "Hint Bid at least " in words and "and pass to Vesper" in words
    assert "Counting your own cards, there is " in words and "% chance that there " in words
    assert "chance that Vesper calls it." in words and "player 2" not in words
    assert "esp-hinted" in button(html, "esp-bid")
    panel = table.panel()
    assert panel.action == advice.action
    table.handle("count", "+")  # you look around; H sets the hinted bid up again
    assert table.panel().action != advice.action
    assert table.key("H") and not table.hints.thinking
    assert table.panel().action == advice.action
    table.handle("bid", "")
    assert state.actions[-1] == advice.action
    assert 'id="esp-hint-box"' not in table.render()  # the position moved on


def test_hint_can_say_call_and_lights_the_call_button() -> None:
    hand = ["face-agency-nyc", "face-bureau-nyc", "face-command-nyc", "mercenary-1"]
    hand += ["mercenary-2", "mercenary-3"]
    rest = [c for c in DECK if c not in hand and "london" not in c]
    state = GAME.new(
        seed=1,
        players=2,
        options=seat_options(YOU_AND_VESPER),
        setup={"hands": [hand, rest[:6]], "first": 1},
    )
    state.apply(bid(10, "london", 0))
    table = table_for(state)
    assert table.key("h")
    advice = wait_for_hint(table)
    assert advice.action == {"type": "call"}
    html = table.render()
    assert "esp-hinted" in button(html, "esp-call") and "esp-hinted" not in button(html, "esp-bid")
    words = text(html)
    assert "Call — the bid is too high" in words
    assert (
        "Counting your own cards and reading the others’ bids, there cannot be at least 10 "
        "spies in London: the bid is too high." in words
    )


def test_no_hint_when_it_is_not_your_turn() -> None:
    table = scripted(first=1)  # Vesper opens
    assert not table.my_turn
    html = table.render()
    assert "disabled" in button(html, "esp-hint")
    table.handle("hint", "")
    assert not table.hints.thinking and table.hint() is None
    assert any("your own turn" in m for m in table.ctx.messages)
    assert not table.key("h")
    assert 'id="esp-hint-box"' not in table.render()


def test_a_hint_is_cleared_when_the_position_changes() -> None:
    table = scripted()
    table.handle("hint", "")
    wait_for_hint(table)
    play_bid(table, 4, "muscle", 1)
    assert table.hint() is None
    table._apply(bid(6, "muscle", 0))
    assert table.my_turn and 'id="esp-hint-box"' not in table.render()
    table.handle("hint", "")
    wait_for_hint(table)
    table.handle("undo", "")  # an undo is a new position too
    assert table.hint() is None and 'id="esp-hint-box"' not in table.render()


def test_the_hint_is_worked_out_in_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """While the hard bot's tables are still being built the page gets a tick between
    slices ("Thinking…"), and the hint shows when the work is done."""
    calls = []

    def slow_prepare(self: HardBot, budget_s: float) -> bool:
        calls.append(budget_s)
        return len(calls) >= 3

    monkeypatch.setattr(HardBot, "prepare", slow_prepare)
    table = scripted(seats=[Seat("You", "human"), Seat("Vesper", "bot", "easy")])
    table.handle("hint", "")
    assert table.hints.thinking and table.pending_delay() == 0
    assert "Thinking…" in table.render() and 'id="esp-hint-box"' not in table.render()
    table.tick()
    assert table.hints.thinking
    table.tick()
    assert not table.hints.thinking and table.hint() is not None
    assert calls and all(c <= 0.05 for c in calls)
    assert table.pending_delay() is None  # your turn: nothing more to run


def test_hint_words() -> None:
    assert chance(0.08) == "an 8% chance" and chance(0.18) == "an 18% chance"
    assert chance(0.23) == "a 23% chance" and chance(0.83) == "an 83% chance"
    assert chance(0.001) == "less than a 1% chance" and chance(0) == "no chance"
    assert chance(0.999) == "more than a 99% chance" and chance(1) == "a 100% chance"
    plain = spygames.Advice({"type": "call"}, "call: a hunch")
    assert why(plain, {"count": 3, "attribute": "hacker", "by": 1}, str) == "Call: a hunch."
    spot = spygames.Advice({"type": "spot"}, "spot", {"hold": 0.6, "exact": 0.41})
    assert why(spot, {"count": 1, "attribute": "london", "by": 1}, str) == (
        "Counting your own cards and reading the others’ bids, there is a 41% chance that "
        "there is exactly 1 spy in London: your best bet, as a right spot also scores you a "
        "point."
    )
    call = spygames.Advice({"type": "call"}, "call", {"hold": 0.003, "exact": 0.001})
    assert why(call, {"count": 9, "attribute": "face", "by": 1}, str) == (
        "Counting your own cards and reading the others’ bids, there is less than a 1% chance "
        "that there are at least 9 Faces, so the bid is probably too high."
    )
    call = spygames.Advice({"type": "call"}, "call", {"hold": 0.23, "exact": 0.1})
    assert "there is only a 23% chance that there are at least 9 Faces" in why(
        call, {"count": 9, "attribute": "face", "by": 1}, str
    )
    call = spygames.Advice({"type": "call"}, "call", {"hold": 0.62, "exact": 0.2})
    assert why(call, {"count": 4, "attribute": "face", "by": 1}, str) == (
        "There is a 62% chance that there are at least 4 Faces, so a call may well lose — "
        "but every raise left to you is riskier still."
    )


def test_hint_search_decides_from_the_view_only() -> None:
    """Two deals that differ only in Vesper's hand give you the same view, so the hint
    must be the same."""
    mine = HANDS[0]
    rest = [c for c in DECK if c not in mine]
    views = []
    for other in (rest[:6], rest[-6:]):
        state = GAME.new(seed=1, players=2, setup={"hands": [mine, other], "first": 1})
        state.apply(bid(3, "london", 0))
        thinking = Thinking(
            hint_bot(spygames.bot_seed(3, 0, "hint")), state.view(0), state.legal_actions(), at=0
        )
        found = None
        while found is None:
            found = thinking.step(0)
        views.append(found)
    assert views[0] == views[1]
