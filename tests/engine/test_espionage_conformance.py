"""Espionage against the engine contract: many seeded random games for 2, 3 and 4 players.

Per step: the 36 cards are conserved within each deal (no card twice, hands = active
Sources), every chosen action is legal, `view(seat)` never holds another seat's hand
outside `revealed`/`last_round`, views are JSON-safe; per game: replaying the record
reproduces every view and the result.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import spygames
from spygames.espionage.invariants import check_deal, check_views
from spygames.espionage.rules import EspionageState

GAME = spygames.get_game("espionage")
GAMES_PER_COUNT = 500


def play_random(players: int, seed: int) -> tuple[EspionageState, list[list[dict[str, Any]]]]:
    state = GAME.new(seed=seed, players=players)
    assert isinstance(state, EspionageState)
    bots = [GAME.bot("random", seed=spygames.bot_seed(seed, s)) for s in range(players)]
    trail = [check_views(state)]
    check_deal(state)
    last_round = state.round
    while not state.is_over:
        legal = state.legal_actions()
        assert legal and state.to_play == [state.turn]
        seat = state.to_play[0]
        action = bots[seat].choose(state.view(seat), legal)
        assert state.why_illegal(action) is None
        hands_before = [list(h) for h in state.hands]
        state.apply(action)
        if action["type"] != "bid":
            shown = state.view(seat)["revealed"]
            assert shown is not None and shown["hands"] == hands_before
            assert shown["count"] == shown["matches"] + shown["mercenaries"] - shown["traitors"]
        if state.round != last_round:
            check_deal(state)
            last_round = state.round
        trail.append(check_views(state))
        assert len(state.actions) < 2000
    assert state.to_play == [] and state.legal_actions() == []
    result = state.result
    assert result is not None
    assert set(result) >= {"winners", "reason", "points"} and len(result["winners"]) == 1
    winner = result["winners"][0]
    active = state.active_seats()
    assert result["points"][winner] == 3 or active == [winner]
    return state, trail


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games(players: int) -> None:
    """DESIGN: legal actions until the end, hidden cards stay hidden, replay reproduces."""
    for seed in range(GAMES_PER_COUNT):
        state, trail = play_random(players, seed)
        record = json.loads(json.dumps(state.record()))
        again = spygames.replay(record)
        assert isinstance(again, EspionageState)
        assert again.result == state.result
        assert check_views(again) == trail[-1]
        if seed % 50 == 0:  # step by step for a sample: every intermediate view
            for upto in range(len(record["actions"]) + 1):
                partial = spygames.replay(record, upto=upto)
                assert isinstance(partial, EspionageState)
                assert check_views(partial) == trail[upto]


def test_legal_actions_are_exactly_the_legal_ones() -> None:
    """Every listed action is legal, and a sample of unlisted ones is refused."""
    state = GAME.new(seed=3, players=3)
    assert isinstance(state, EspionageState)
    rng_actions: list[dict[str, Any]] = []
    for count in range(0, state.dealt + 2):
        for attribute in ("face", "london", "paris"):
            for nxt in range(-1, 4):
                rng_actions.append(
                    {"type": "bid", "count": count, "attribute": attribute, "next": nxt}
                )
    rng_actions += [{"type": "call"}, {"type": "spot"}]
    for step in range(4):
        legal = state.legal_actions()
        keys = {json.dumps(a, sort_keys=True) for a in legal}
        for action in rng_actions:
            listed = json.dumps(action, sort_keys=True) in keys
            assert (state.why_illegal(action) is None) == listed, action
        state.apply(legal[len(legal) // (step + 2)])
