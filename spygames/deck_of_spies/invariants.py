"""What must hold of every Deck of Spies position, for `spygames.conformance`: all 52
cards are somewhere, once (the hand never over five, only Aces out of the game); the view
names no spy under the top one and does not change when the draw deck and the spies
beneath the top one are put in another order; and how the position is dealt twice with
those hidden orders apart (`twin_setups`)."""

from __future__ import annotations

import random
from typing import Any

from ..conformance import Checks
from ..protocol import Game, State
from ..twins import Setups, shuffled_apart
from . import views
from .deck import GROUP_OF, NAMES, card_id
from .rules import DeckOfSpiesState


def card_texts(value: Any) -> set[str]:
    """Every string anywhere in a view (card names among them).

    >>> sorted(card_texts({"hand": ["7H", "KS"], "score": 3}))
    ['7H', 'KS']
    """
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(card_texts(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_texts(item) for item in value)) if value else set()
    return set()


def check_conserved(state: State) -> None:
    """Every card is somewhere, once; the hand holds at most five; only Aces are out."""
    assert isinstance(state, DeckOfSpiesState)
    table = state.table
    piles = (table.hand, table.draw, table.discard, table.spies, table.spy_discard, table.removed)
    assert sorted(card for pile in piles for card in pile) == list(range(52))
    assert len(table.hand) <= 5
    assert all(NAMES[card][0] == "A" for card in table.removed)


def check_view_hides(state: State, view: dict[str, Any]) -> None:
    """The view names no spy under the top one, and does not change with hidden orders."""
    assert isinstance(state, DeckOfSpiesState)
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


def twin_setups(state: DeckOfSpiesState, rng: random.Random) -> Setups:
    """Two setups that deal a fresh game holding this position's cards where they are: the
    hand on top of the draw deck (so it is drawn first), then the draw deck, the spy deck,
    both discard piles (the Aces out of the game with the spies dealt with). The second
    setup keeps the top five draw cards and the top spy, and reorders the rest of the draw
    deck and each tier of spies beneath: what the view never shows."""
    table = state.table
    draw = [NAMES[card] for card in table.hand + table.draw[::-1]]
    spies = [NAMES[card] for card in table.spies[::-1]]
    common = {
        "discard": [NAMES[card] for card in table.discard],
        "spy_discard": [NAMES[card] for card in table.spy_discard + table.removed],
    }
    other_spies = spies[:1]
    by_tier: dict[str, list[str]] = {}
    for name in spies[1:]:
        by_tier.setdefault(GROUP_OF[card_id(name)], []).append(name)
    reordered = {tier: shuffled_apart(names, rng) for tier, names in by_tier.items()}
    other_spies += [reordered[GROUP_OF[card_id(name)]].pop(0) for name in spies[1:]]
    a = {"draw": draw, "spies": spies, **common}
    b = {"draw": draw[:5] + shuffled_apart(draw[5:], rng), "spies": other_spies, **common}
    return a, b


def hidden(state: State, _rng: random.Random) -> None:
    """The player's view hides what it must (`check_view_hides`)."""
    check_view_hides(state, state.view(0))


def setups(state: State, rng: random.Random) -> Setups | None:
    """Twin setups, once two spies or more are left (one spy hides no order)."""
    assert isinstance(state, DeckOfSpiesState)
    if len(state.table.spies) < 2 or state.is_over:
        return None
    return twin_setups(state, rng)


def checks(game: Game) -> Checks:
    """How `spygames.conformance` checks the game: these invariants, the shapes of its
    `views` (the game's `invariants` names this module)."""
    return Checks(
        game,
        check_conserved,
        hidden,
        setups,
        views.VIEW,
        views.RESULT,
        views.ACTIONS,
    )
