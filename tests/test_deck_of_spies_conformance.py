"""Deck of Spies conformance: 2,000 seeded games of random legal moves, with invariants
checked after every action (STYLE.md 5: cards conserved, legal actions until the end,
views leak nothing, the record replays to the same game)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import spygames
from spygames.deck_of_spies import DeckOfSpiesState
from spygames.deck_of_spies.deck import NAMES

GAME = spygames.get_game("deck-of-spies")
GAMES = 2000
CHUNK = 250
RESULT_KEYS = {"winners", "reason", "won", "score", "ending", "faces_with_spies"}


def card_texts(value: Any) -> set[str]:
    """Every string anywhere in a view (card names among them)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(card_texts(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_texts(item) for item in value)) if value else set()
    return set()


def check_conserved(state: DeckOfSpiesState) -> None:
    table = state.table
    piles = (table.hand, table.draw, table.discard, table.spies, table.spy_discard, table.removed)
    assert sorted(card for pile in piles for card in pile) == list(range(52))
    assert len(table.hand) <= 5
    assert all(NAMES[card][0] == "A" for card in table.removed)


def check_view_hides(state: DeckOfSpiesState, view: dict[str, Any]) -> None:
    """The view names no spy under the top one, and does not change with hidden orders."""
    table = state.table
    hidden = {NAMES[card] for card in table.spies[:-1]}
    assert not hidden & card_texts(view)
    draw, spies = table.draw[:], table.spies[:]
    table.draw.reverse()
    table.spies[:-1] = table.spies[:-1][::-1]
    try:
        assert state.view(0) == view
    finally:
        table.draw, table.spies = draw, spies


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
