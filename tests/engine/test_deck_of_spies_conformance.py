"""Deck of Spies conformance: 2,000 seeded games of random legal moves, with invariants
checked after every action (STYLE.md 5: cards conserved, legal actions until the end,
views leak nothing, the record replays to the same game)."""

from __future__ import annotations

import json
import random

import pytest

import spygames
from spygames.deck_of_spies import DeckOfSpiesState
from spygames.deck_of_spies.invariants import check_conserved, check_view_hides

GAME = spygames.get_game("deck-of-spies")
GAMES = 2000
CHUNK = 250
RESULT_KEYS = {"winners", "reason", "won", "score", "ending", "faces_with_spies"}


def play_random_game(seed: int) -> DeckOfSpiesState:
    state = GAME.new(seed=seed)
    assert isinstance(state, DeckOfSpiesState)
    chooser = random.Random(seed)
    check_conserved(state)
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        assert state.to_play == [0]
        action = chooser.choice(legal)
        assert state.why_illegal(action) is None
        state.apply(action)
        check_conserved(state)
        view = state.view(0)
        if seed % 10 == 0:  # the deep checks on every tenth game keep the run quick
            assert json.loads(json.dumps(view)) == view
            check_view_hides(state, view)
    assert state.to_play == [] and state.legal_actions() == []
    return state


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_keep_the_invariants(first: int) -> None:
    """Every card is always somewhere; legal actions exist until the end; the view hides the
    hidden orders; replay(record()) rebuilds the same view and result."""
    endings: dict[str, int] = {}
    for seed in range(first, first + CHUNK):
        state = play_random_game(seed)
        result = state.result
        assert result is not None and set(result) >= RESULT_KEYS
        assert result["won"] == (result["winners"] == [0])
        assert 0 <= result["score"] <= 12
        endings[result["ending"]] = endings.get(result["ending"], 0) + 1
        if seed % 5 == 0:
            again = spygames.replay(json.loads(json.dumps(state.record())))
            assert again.view(0) == state.view(0)
            assert again.result == result
    assert sum(endings.values()) == CHUNK
