"""Deck of Spies positions on the engine: a game dealt from a known deck, a known hand, and
the last spy of the row."""

from __future__ import annotations

from typing import Any

import spygames
from spygames.deck_of_spies import (
    DeckOfSpiesState,
)
from spygames.deck_of_spies.deck import GROUP_OF, NAMES

GAME = spygames.get_game("deck-of-spies")


def deal(draw: list[str], spies: list[str] | None = None, seed: int = 1, **piles: Any) -> Any:
    """A game whose draw deck starts with `draw` (top first) and spy deck with `spies`."""
    setup: dict[str, Any] = {"draw": draw, "spies": spies or [], **piles}
    state = GAME.new(seed=seed, setup=setup)
    assert isinstance(state, DeckOfSpiesState)
    return state


def last_spy(draw: list[str], spy: str) -> Any:
    """A game with one spy left; every other spy already dealt with."""
    out = [
        NAMES[card]
        for card in range(52)
        if GROUP_OF[card] != "A-4" and NAMES[card] not in draw and NAMES[card] != spy
    ]
    return deal(draw, [spy], spy_discard=out)


HAND = ["AH", "2C", "3H", "KS", "4D"]
