"""What must hold of every Espionage position, for `spygames.conformance`: within each
deal the 36 cards are dealt at most once and the hands are the active Sources; no seat's
view holds another seat's hand outside what a call or spot showed (`revealed`,
`last_round`), and a view does not change when the other hands are dealt again from the
cards that seat cannot see; and how a round's start is dealt twice with those hands apart
(`setups`)."""

from __future__ import annotations

import json
import random
from typing import Any

from ..conformance import Checks
from ..protocol import Game, State
from ..twins import Setups, shuffled_apart
from . import views
from .cards import DECK
from .rules import SOURCES_FOR, EspionageState

VIEW_KEYS = {"seat", "to_play", "hand", "players", "bid", "revealed", "history", "round"}


def check_deal(state: EspionageState) -> None:
    """No card twice, every card from the deck, a hand for each active Source."""
    dealt = [card for hand in state.hands for card in hand]
    assert len(dealt) == len(set(dealt)), "a card was dealt twice"
    assert set(dealt) <= set(DECK)
    assert [len(hand) for hand in state.hands] == state.sources
    start = SOURCES_FOR[state.players]
    assert all(a + u == start for a, u in zip(state.sources, state.underground, strict=True))


def check_views(state: EspionageState) -> list[dict[str, Any]]:
    """Each seat's view, after checking it is JSON-safe and hides the other hands."""
    views = []
    for seat in range(state.players):
        view = state.view(seat)
        assert set(view) >= VIEW_KEYS
        assert view["hand"] == state.hands[seat]
        private = {k: v for k, v in view.items() if k not in ("revealed", "last_round")}
        text = json.dumps(private)  # also proves the view is JSON-safe
        json.dumps((view["revealed"], view["last_round"]))
        for other in range(state.players):
            if other != seat:
                for card in state.hands[other]:
                    assert f'"{card}"' not in text, f"seat {seat} sees {card}"
        assert [p["hand_size"] for p in view["players"]] == [len(h) for h in state.hands]
        views.append(view)
    return views


def redealt(state: EspionageState, seat: int, rng: random.Random) -> list[list[str]]:
    """The hands with every other seat's dealt again from the cards `seat` cannot see."""
    unseen = [card for card in DECK if card not in state.hands[seat]]
    unseen = shuffled_apart(unseen, rng)
    hands, at = [], 0
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(list(hand))
        else:
            hands.append(unseen[at : at + len(hand)])
            at += len(hand)
    return hands


def conserved(state: State) -> None:
    """Within the deal under way, every card is dealt once (`check_deal`)."""
    assert isinstance(state, EspionageState)
    if not state.is_over:
        check_deal(state)


def hidden(state: State, rng: random.Random) -> None:
    """No view shows another hand, nor changes when the others are dealt again."""
    assert isinstance(state, EspionageState)
    check_views(state)  # no other seat's cards outside what a call or spot showed
    for seat in range(state.players):
        before, hands = state.view(seat), state.hands
        state.hands = redealt(state, seat, rng)
        try:
            assert state.view(seat) == before, f"seat {seat}'s view depends on hidden cards"
        finally:
            state.hands = hands


def setups(state: State, rng: random.Random) -> Setups | None:
    """At a round's start: the same sources, points and opener, the other hands apart."""
    assert isinstance(state, EspionageState)
    if state.is_over or state.bid is not None:
        return None
    seat = state.to_play[0]
    common = {"sources": list(state.sources), "points": list(state.points), "first": seat}
    return (
        {**common, "hands": [list(hand) for hand in state.hands]},
        {**common, "hands": redealt(state, seat, rng)},
    )


def checks(game: Game) -> Checks:
    """How `spygames.conformance` checks the game: these invariants, the shapes of its
    `views` (the game's `invariants` names this module)."""
    return Checks(
        game,
        conserved,
        hidden,
        setups,
        views.VIEW,
        views.RESULT,
        views.ACTIONS,
    )
