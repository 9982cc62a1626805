"""Espionage against the engine contract: many seeded random games for 2, 3 and 4
players, played by the engine's one path for random games
(`spygames.conformance.random_game`, as `make fuzz` plays them) under the game's declared
invariants (`spygames.espionage.invariants`: the 36 cards dealt once within each deal and
the hands the active Sources, after every action; the record replays to the same game;
its deep checks, a view unchanged when the other hands are dealt again and twin deals,
run in `make fuzz` and tests/engine/test_engine_properties.py).

What only Espionage's rules say is checked here, at every step (`Rules`): every seat's
view is JSON-safe and holds no other seat's hand outside `revealed`/`last_round`
(`check_views`); the seat to play is the turn's; a call or spot shows the hands as they
were and the count they make; a replay up to any step gives that step's views (every
50th game); and the result names one winner, on 3 points or the last active.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import spygames
from spygames.conformance import random_game
from spygames.espionage.invariants import check_views
from spygames.espionage.rules import EspionageState
from spygames.protocol import Action, State

GAME = spygames.get_game("espionage")
GAMES_PER_COUNT = 250  # a player count; `make fuzz` plays 100,000 games under the same checks


class Rules:
    """A `conformance.Watch`: Espionage's own rules checked at every position of a game,
    every seat's views kept (`trail`) to compare with the replays."""

    def __init__(self) -> None:
        self.trail: list[list[dict[str, Any]]] = []
        self.hands: list[list[str]] = []  # the hands before the action
        self.mover = -1  # the seat that plays it

    def __call__(self, state: State, action: Action | None) -> None:
        assert isinstance(state, EspionageState)
        self.trail.append(check_views(state))
        if not state.is_over:
            assert state.to_play == [state.turn]
        if action is not None and action["type"] != "bid":
            # "all players reveal their cards": the hands as they were, and what they count
            shown = self.trail[-1][self.mover]["revealed"]
            assert shown is not None and shown["hands"] == self.hands
            assert shown["count"] == shown["matches"] + shown["mercenaries"] - shown["traitors"]
        self.hands = [list(hand) for hand in state.hands]
        self.mover = state.to_play[0] if state.to_play else -1


def check_result(state: EspionageState) -> None:
    """ "The first player to score 3 points wins", or the last one with Sources left."""
    result = state.result
    assert result is not None and len(result["winners"]) == 1
    winner = result["winners"][0]
    assert result["points"][winner] == 3 or state.active_seats() == [winner]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games(players: int) -> None:
    """DESIGN: legal actions until the end, hidden cards stay hidden, replay reproduces."""
    for seed in range(GAMES_PER_COUNT):
        rules = Rules()
        done = random_game("espionage", players, seed, tempt=0, watch=rules)
        state = done.state
        assert isinstance(state, EspionageState)
        check_result(state)
        if seed % 50 == 0:  # step by step for a sample: every intermediate view
            record = json.loads(json.dumps(state.record()))
            for upto in range(len(record["actions"]) + 1):
                partial = spygames.replay(record, upto=upto)
                assert isinstance(partial, EspionageState)
                assert check_views(partial) == rules.trail[upto]


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
