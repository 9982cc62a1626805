"""The SpyNet table's Undo on CPython, driven as the page drives it.

DESIGN.md, "Every game — Undo": the engine says how far back a seat may go
(`State.undo_point`) and "tables offer exactly what it allows". At SpyNet that is one
step at a time, the steps of your own turn that showed you nothing (deploy, an agent with
its funding, a mission, a pass), never a look at a pile or a draw; as in Espionage, no
Undo with two or more people at the table."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from drivers.spynet import (
    GAME,
    click_action,
    context,
    find,
    run_bots,
    scripted,
    seat,
    started,
)
from spyweb.games.spynet.model import CARD
from spyweb.games.spynet.table import SpyNetTable

import spygames

YOU_AND_ROOK = [seat("You"), seat("Rook", "bot")]


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def undo_button(html: str) -> str:
    found = re.search(r'<button[^>]*id="sn-undo"[^>]*>', html)
    assert found is not None, "no Undo button"
    return found.group(0)


def deploy_table() -> tuple[SpyNetTable, dict[str, str]]:
    """You (seat 0, to play) hold an agent, a funding card and a mission of its branch;
    Rook, a bot, has an empty tableau, so the agent makes you dominate there."""
    agent = find("agent", lambda i: not i["special"] and len(i["branches"]) == 1)
    branch = CARD[agent]["branches"][0]
    mission = find("mission", lambda i: i["branches"] == [branch] and not i["condition"])
    funding = find("funding")
    used = {agent, mission, funding}
    deck = [c for c in CARD if CARD[c]["kind"] == "mission" and c not in used][:8]
    setup = {"first": 0, "hands": [[agent, funding, mission], []], "deck": deck}
    cards = {"agent": agent, "branch": branch, "mission": mission, "funding": funding}
    return scripted(YOU_AND_ROOK, setup), cards


def test_undo_takes_back_your_deploy_steps_one_at_a_time() -> None:
    table, c = deploy_table()
    state = table.state
    assert state is not None and table.my_turn
    html = table.render()
    assert "disabled" in undo_button(html)
    assert "Undo is off: you have made no move this turn." in text(html)
    table.handle("deploy", "")
    click_action(table, {"type": "agent", "card": c["agent"], "branch": c["branch"],
                         "funding": [c["funding"]]})  # fmt: skip
    click_action(table, {"type": "mission", "card": c["mission"], "branch": c["branch"]})
    assert table.state is not None and len(table.state.actions) == 3
    record = table.state.record()
    html = table.render()
    assert "disabled" not in undo_button(html) and 'id="sn-undo-why"' not in html
    assert 'aria-keyshortcuts="U"' in undo_button(html)
    lines = len(table.log)

    table.handle("undo", "")  # the mission comes back to the hand
    back = table.state
    assert back is not None and back.record() == spygames.replay(record, upto=2).record()
    assert c["mission"] in back.view(0)["hand"] and table.my_turn
    assert len(table.log) == lines  # its line out, a line saying it was taken back in
    assert table.log[-1].kind == "undone"
    assert table.log[-1].text.startswith("You took back your last step (played a mission")
    saved = table.ctx.saves.current("spynet")
    assert saved is not None and saved.record == back.record()

    assert table.key("u")  # the agent and its funding
    assert table.state is not None and len(table.state.actions) == 1
    assert {c["agent"], c["funding"]} <= set(table.state.view(0)["hand"])
    assert table.key("U")  # deploying itself: back to recruit or deploy
    assert table.state is not None and table.state.actions == []
    assert table.state.view(0)["phase"] == "choose"
    assert "Undo is off: you have made no move this turn." in text(table.render())
    table.handle("undo", "")
    assert table.ctx.messages[-1] == "Nothing to undo: you have made no move this turn."


def test_undo_never_goes_back_past_a_look_at_a_pile() -> None:
    state = GAME.new(seed=3, players=2, options={"seats": YOU_AND_ROOK},
                     setup={"first": 0, "hands": [[], []]})  # fmt: skip
    table = SpyNetTable(context(), state=state)
    table.handle("recruit", "")
    assert table.state is state and len(state.actions) == 1
    html = table.render()
    assert "disabled" in undo_button(html)
    assert "Undo is off: you have looked at a pile." in text(html)
    assert table.key("u")
    assert table.ctx.messages[-1] == "Nothing to undo: you have looked at a pile."
    assert table.state is state and len(state.actions) == 1


def test_no_undo_during_the_bots_turns_or_at_the_end() -> None:
    table = started("human", "normal", seed=5)
    rng = random.Random(5)
    state = table.state
    assert state is not None
    while not state.is_over:
        run_bots(table)
        if state.is_over:
            break
        click_action(table, rng.choice(state.legal_actions()))
        if not table.my_turn and table.pending_delay() is not None:
            assert 'id="sn-undo"' not in table.render()  # a bot plays: no Undo shown
    html = table.render()
    assert 'id="sn-undo"' not in html
    table.handle("undo", "")
    assert table.ctx.messages[-1] == "Nothing to undo: the game is over."


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (4, 32)])
def test_the_table_offers_exactly_the_engines_undo(players: int, seed: int) -> None:
    """At every position of a whole game where it is the person's turn, the Undo button
    is on exactly when `undo_point(you)` has a place to go, off with the engine's reason
    otherwise, and Undo goes there."""
    table = started("human", *["normal"] * (players - 1), seed=seed)
    rng = random.Random(seed)
    seen = {True: 0, False: 0}
    for _ in range(3000):
        run_bots(table)
        state = table.state
        assert state is not None
        if state.is_over:
            break
        assert table.my_turn
        point = state.undo_point(0)
        html = table.render()
        seen[point.upto is not None] += 1
        if point.upto is None:
            assert "disabled" in undo_button(html)
            assert f"Undo is off: {point.reason}." in text(html)
        else:
            assert "disabled" not in undo_button(html)
            if rng.random() < 0.4:
                record = state.record()
                table.handle("undo", "")
                assert table.state is not None
                assert table.state.record() == spygames.replay(record, upto=point.upto).record()
                continue
        click_action(table, rng.choice(state.legal_actions()))
    assert table.state is not None and table.state.is_over and all(seen.values())


def test_no_undo_in_pass_and_play() -> None:
    """Two people at one device: one person's undo could take back what the other has
    seen, so there is no Undo (as in Espionage)."""
    table = started("human", "normal", "human", "easy", seed=6)
    rng = random.Random(6)
    state = table.state
    assert state is not None
    turns = 0
    for _ in range(400):
        if state.is_over or turns >= 20:
            break
        if table.handoff_needed:
            table.handle("show-hand", "")
        elif table.pending_delay() is not None:
            table.tick()
        else:
            turns += 1
            assert 'id="sn-undo"' not in table.render()
            before = state.record()
            assert not table.key("u")
            table.handle("undo", "")
            assert table.state is state and state.record() == before
            action: dict[str, Any] = rng.choice(state.legal_actions())
            click_action(table, action)
    assert turns >= 10
