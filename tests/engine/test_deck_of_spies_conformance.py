"""Deck of Spies conformance: 2,000 seeded random games, played by the engine's one path
for random games (`spygames.conformance.random_game`, as `make fuzz` plays them) under the
game's declared invariants (`spygames.deck_of_spies.invariants`, run after every action:
every card somewhere once, legal actions until the end, the view hides the hidden orders
on deep steps, the record replays to the same game). What is checked here is only what
Deck of Spies' own rules say of a game and its result."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spygames.conformance import checks_of, random_game
from spygames.deck_of_spies import DeckOfSpiesState
from spygames.protocol import Action, State

GAMES = 1000  # `make fuzz` plays 100,000 under the same checks
CHUNK = 125
CHECKS = checks_of("deck-of-spies")


def one_player(state: State, action: Action | None) -> None:
    """A solitaire game: the one player is to play until the end."""
    assert isinstance(state, DeckOfSpiesState)
    assert state.to_play == ([] if state.is_over else [0])


def check_result(result: dict[str, Any]) -> None:
    """ "You win if ..." — the player alone wins, `won` says so, and the score counts the
    twelve face cards at most."""
    assert result["won"] == (result["winners"] == [0])
    assert 0 <= result["score"] <= 12


def hides_every_step(state: State, action: Action | None) -> None:
    """`one_player`, and the game's declared `hidden` check (the view names no spy under
    the top one, nor changes with the hidden orders) at every position, not only on deep
    steps."""
    one_player(state, action)
    CHECKS.hidden(state, random.Random(0))


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_keep_the_invariants(first: int) -> None:
    """Every card is always somewhere; legal actions exist until the end; the view hides the
    hidden orders (every step of every tenth game); replay(record()) rebuilds the game. (The
    twin deals, a deep check, run in `make fuzz` and the Hypothesis properties.)"""
    endings: dict[str, int] = {}
    for seed in range(first, first + CHUNK):
        watch = hides_every_step if seed % 10 == 0 else one_player
        done = random_game("deck-of-spies", 1, seed, tempt=0, watch=watch)
        result = done.state.result
        assert result is not None
        check_result(result)
        endings[result["ending"]] = endings.get(result["ending"], 0) + 1
    assert sum(endings.values()) == CHUNK
