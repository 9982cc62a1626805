"""What must hold of every SpyNet position, for `spygames.conformance`: the 76 cards are
all somewhere, once; shuffling the cards a seat cannot see (the deck, the unknown part of
each pile, the other hands, the draft packet, every other seat's face-down missions, a
teammate's included) leaves that seat's view unchanged; and how a turn's start is laid out
twice with those cards apart (`twin_setups`)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..conformance import Checks
from ..protocol import Game, State
from ..twins import Setups, shuffled_apart
from . import views
from .cards import BRANCH_IDS, DECK, MISSION
from .rules import SpyNetState
from .table import DRAFT, Table

DEFAULTS: dict[str, dict[str, Any]] = {"agent": {"funding": []}}
"""Keys an action may leave out: an agent played without funding."""


def all_cards(t: Table) -> list[str]:
    """Every card on the table, wherever it is."""
    cards = [*t.deck, *t.discard, *t.draft]
    for pile in t.piles:
        cards += pile
    for seat in range(t.players):
        cards += t.hands[seat]
        for branch in BRANCH_IDS:
            for card, funding in t.agents[seat][branch]:
                cards += [card, *funding]
            cards += t.missions[seat][branch]
    return cards


def check_cards(state: State) -> None:
    """Every card of the deck is somewhere, once."""
    assert isinstance(state, SpyNetState)
    cards = all_cards(state.table)
    assert Counter(cards) == Counter(DECK), "a card was lost or doubled"


def hidden_slots(t: Table, seat: int) -> list[tuple[list[str], int]]:
    """Every place holding a card `seat` may not know."""
    slots: list[tuple[list[str], int]] = [(t.deck, i) for i in range(len(t.deck))]
    for p, pile in enumerate(t.piles):
        known = set(t.memory[seat][p])
        slots += [(pile, i) for i, c in enumerate(pile) if c not in known]
    for other in range(t.players):
        if other == seat:
            continue
        slots += [(t.hands[other], i) for i in range(len(t.hands[other]))]
        if not t.situation.open_missions:  # a teammate's too: only the owner looks
            for branch in BRANCH_IDS:
                stack = t.missions[other][branch]
                slots += [(stack, i) for i in range(len(stack))]
    if t.phase == DRAFT and t.actor != seat:
        slots += [(t.draft, i) for i in range(len(t.draft))]
    return slots


def check_hidden(state: State, rng: random.Random) -> None:
    """Shuffling what a seat cannot see leaves its view unchanged."""
    assert isinstance(state, SpyNetState)
    if state.is_over:
        return
    for seat in range(state.players):
        before = state.view(seat)
        shuffled = state.table.copy()
        slots = hidden_slots(shuffled, seat)
        cards = [where[i] for where, i in slots]
        rng.shuffle(cards)
        for (where, i), card in zip(slots, cards, strict=True):
            where[i] = card
        original, state.table = state.table, shuffled
        try:
            assert state.view(seat) == before, f"seat {seat}'s view depends on hidden cards"
        finally:
            state.table = original


def _fits(card: str, branch: str) -> bool:
    return card in MISSION and branch in MISSION[card].branches


def twin_setups(table: Table, rng: random.Random) -> Setups:
    """Two setups that lay out this position afresh, the player to move first: the same
    agents, discard pile, hand and missions for that player; the second deals the cards
    that player cannot see again, in the same sizes: the deck, the piles, the other hands
    and every other seat's face-down missions — a teammate's too, which only their owner
    may look at (each swapped, where it can be, for an unseen mission of its branch)."""
    seat, n = table.turn, table.players
    agents = [
        {
            branch: [{"card": card, "funding": list(funding)} for card, funding in stack]
            for branch, stack in table.agents[s].items()
        }
        for s in range(n)
    ]
    missions = [{b: list(cards) for b, cards in table.missions[s].items()} for s in range(n)]
    deck = table.deck[::-1]  # top card first
    piles = [list(p) for p in table.piles]
    hands = [list(h) for h in table.hands]
    unseen = (
        deck + [c for p in piles for c in p] + [c for s in range(n) if s != seat for c in hands[s]]
    )
    pool = shuffled_apart(unseen, rng)
    other_missions = [{b: list(cards) for b, cards in m.items()} for m in missions]
    for s in range(n):
        for branch, cards in other_missions[s].items():
            # Under an open-missions situation every mission is in sight: none swapped.
            hidden = s != seat and not table.situation.open_missions
            for i, card in enumerate(cards if hidden else []):
                fits = [j for j, c in enumerate(pool) if _fits(c, branch)]
                if fits:
                    j = rng.choice(fits)
                    cards[i], pool[j] = pool[j], card
    dealt = iter(pool)

    def lay(missions: list[dict[str, list[str]]]) -> dict[str, Any]:
        tableaus = [{"agents": agents[s], "missions": missions[s]} for s in range(n)]
        return {"first": seat, "tableaus": tableaus, "discard": list(table.discard)}

    final = {"final": list(table.final_left)} if table.final else {}
    a = {**lay(missions), "deck": deck, "piles": piles, "hands": hands, **final}
    b = {
        **lay(other_missions),
        "deck": [next(dealt) for _ in deck],
        "piles": [[next(dealt) for _ in p] for p in piles],
        "hands": [hands[s] if s == seat else [next(dealt) for _ in hands[s]] for s in range(n)],
        **final,
    }
    return a, b


def setups(state: State, rng: random.Random) -> Setups | None:
    """Twin layouts at the start of a turn, while the deck has cards."""
    assert isinstance(state, SpyNetState)
    table = state.table
    if state.is_over or table.phase != "choose" or not table.deck:
        return None
    return twin_setups(table, rng)


def checks(game: Game) -> Checks:
    """How `spygames.conformance` checks the game: these invariants, the shapes of its
    `views` (the game's `invariants` names this module)."""
    return Checks(
        game,
        check_cards,
        check_hidden,
        setups,
        views.VIEW,
        views.RESULT,
        views.ACTIONS,
        defaults=DEFAULTS,
    )
