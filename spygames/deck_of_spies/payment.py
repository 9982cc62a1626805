"""Paying for a spy (counter, recruit) and retiring: which selections are allowed, and why not.

The necessity test (DESIGN.md, "Rulings"): a set S pays for a spy of value v when
sum(S) >= v and sum(S) - min(S) < v — drop any card and the rest falls short.
Recruiting: every card is of the spy's suit, unless the Ace of that suit is in S; then
the Ace counts 1, is exempt from the test, and the other cards may be of any suit
(each of them must still be necessary, and there must be at least one).

The functions on text (`payment_problem`, `payments`, `retire_problem`, `retire_choices`,
`selection_total`) are for the UI: they judge a selection without building an action.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import Final, Literal

from ..errors import InvalidCard
from ..i18n import _, ngettext
from .deck import (
    IS_ACE,
    NAMES,
    SORT_KEY,
    SUIT_OF,
    SUIT_SYMBOL,
    SYMBOLS,
    VALUES,
    ace_of_suit,
    card_id,
    ordered,
)

Kind = Literal["counter", "recruit"]
KINDS: Final = ("counter", "recruit")


# -- the rule, on card ids -------------------------------------------------------------
def pays(cards: Sequence[int], spy: int, kind: str) -> bool:
    """True when `cards` (distinct, from the hand) pay for `spy` as `kind`."""
    return payment_flaw(cards, spy, kind) is None


def payment_flaw(cards: Sequence[int], spy: int, kind: str, hand: Sequence[int] = ()) -> str | None:
    """None when `cards` pay for `spy`, else the reason. `hand` only sharpens the wording."""
    if not cards:
        return _("choose the cards to pay with")
    need = VALUES[spy]
    suit = SUIT_OF[spy]
    paid = sum(VALUES[card] for card in cards)
    judged = list(cards)
    if kind == "recruit":
        ace = ace_of_suit(suit)
        if ace in cards:
            judged.remove(ace)  # the double agent counts but is exempt from the test
        elif any(SUIT_OF[card] != suit for card in cards):
            if ace in hand:
                # translators: {suit} is a suit's symbol (♣), {ace} that suit's Ace (A♣)
                return _(
                    "all {suit} unless you play {ace}", suit=SUIT_SYMBOL[suit], ace=SYMBOLS[ace]
                )
            # translators: {suit} is a suit's symbol (♣), {spy} a card (7♣)
            return _("all {suit} to recruit the {spy}", suit=SUIT_SYMBOL[suit], spy=SYMBOLS[spy])
    if paid < need:
        # translators: the payment is {n} points short of the spy's value
        return ngettext("needs {n} more", "needs {n} more", need - paid)
    if not judged:
        return _("the double agent needs at least one other card")
    spare = [card for card in judged if paid - VALUES[card] >= need]
    if spare:
        lowest = min(spare, key=SORT_KEY.__getitem__)
        return _("the {card} is not needed", card=SYMBOLS[lowest])
    return None


@cache
def _subsets(size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every non-empty set of positions of a hand of `size` cards, as (bitmask, positions),
    smallest sets first."""
    return tuple(
        (sum(1 << position for position in subset), subset)
        for count in range(1, size + 1)
        for subset in combinations(range(size), count)
    )


Payments = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]


def payment_options(hand: Sequence[int], spy: int) -> Payments:
    """(counters, recruits): every distinct payment, cards in hand order.

    The hard bot asks this hundreds of thousands of times a game, mostly about hands
    it has seen before, so the answers are remembered (a bounded cache on the hand and
    the spy; the answer is immutable).
    """
    return _payment_options(tuple(hand), spy)


@lru_cache(maxsize=1 << 16)
def _payment_options(hand: tuple[int, ...], spy: int) -> Payments:
    """`payment_options`, worked out: the sum, lowest value and number of off-suit
    cards of each subset are built from a smaller one."""
    need = VALUES[spy]
    suit = SUIT_OF[spy]
    ace = ace_of_suit(suit)
    counters: list[tuple[int, ...]] = []
    recruits: list[tuple[int, ...]] = []
    values = [VALUES[card] for card in hand]
    if sum(values) < need:
        return (), ()
    size = len(hand)
    sums = [0] * (1 << size)
    lows = [99] * (1 << size)
    off_suit = [0] * (1 << size)
    for mask in range(1, 1 << size):
        bit = mask & -mask
        position = bit.bit_length() - 1
        smaller = mask ^ bit
        value = values[position]
        sums[mask] = sums[smaller] + value
        low = lows[smaller]
        lows[mask] = value if value < low else low
        off_suit[mask] = off_suit[smaller] + (SUIT_OF[hand[position]] != suit)
    ace_bit = 1 << hand.index(ace) if ace in hand else 0
    for mask, subset in _subsets(size):
        paid = sums[mask]
        if paid < need:
            continue
        if paid - lows[mask] < need:
            cards = tuple(hand[position] for position in subset)
            counters.append(cards)
            if not off_suit[mask]:
                recruits.append(cards)
                continue
        if mask & ace_bit and mask != ace_bit and paid - lows[mask ^ ace_bit] < need:
            recruits.append(tuple(hand[position] for position in subset))
    return tuple(counters), tuple(recruits)


def retire_flaw(cards: Sequence[int]) -> str | None:
    """None when `cards` may be retired (two or more of one rank), else the reason."""
    if len(cards) < 2 or len({VALUES[card] for card in cards}) != 1:
        return _("retire needs two or more cards of one rank")
    return None


def retire_options(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every set of two or more same-rank cards in `hand`, cards in hand order."""
    options: list[tuple[int, ...]] = []
    by_value: dict[int, list[int]] = {}
    for card in hand:
        by_value.setdefault(VALUES[card], []).append(card)
    for group in by_value.values():
        for count in range(2, len(group) + 1):
            options.extend(combinations(group, count))
    return options


# -- the same on text, for the UI ------------------------------------------------------
def read_selection(hand: Sequence[int], selection: object) -> tuple[list[int], str | None]:
    """Card ids of a selection from `hand`, or the reason it is not one."""
    if not isinstance(selection, list | tuple):
        return [], "cards must be a list of cards like '7H'"
    cards: list[int] = []
    for text in selection:
        try:
            card = card_id(text)
        except InvalidCard as exc:
            return [], str(exc)
        if card in cards:
            return [], _("the {card} is chosen twice", card=SYMBOLS[card])
        if card not in hand:
            return [], _("the {card} is not in your hand", card=SYMBOLS[card])
        cards.append(card)
    return cards, None


def _hand_ids(hand: Sequence[str]) -> list[int]:
    return [card_id(text) for text in hand]


def selection_total(selection: Sequence[str]) -> int:
    """The value of a selection: A = 1, 2–10, J = 11, Q = 12, K = 13 (a double agent counts 1)."""
    return sum(VALUES[card_id(text)] for text in selection)


def payment_problem(
    hand: Sequence[str], spy: str, selection: Sequence[str], kind: str
) -> str | None:
    """None when `selection` (from `hand`) may counter or recruit `spy`, else why not.

    >>> payment_problem(["2C", "3H", "4S", "7D", "9S"], "5H", ["3H", "4S", "2C"], "counter")
    'the 2♣ is not needed'
    """
    if kind not in KINDS:
        return f"{kind!r} is not a way to pay: counter or recruit"
    try:
        spy_id = card_id(spy)
    except InvalidCard:
        return _("there is no spy to pay for")
    hand_ids = _hand_ids(hand)
    cards, problem = read_selection(hand_ids, list(selection))
    if problem is not None:
        return problem
    return payment_flaw(cards, spy_id, kind, hand_ids)


def payments(hand: Sequence[str], spy: str, kind: str) -> list[list[str]]:
    """Every distinct selection from `hand` that may counter or recruit `spy`."""
    counters, recruits = payment_options(_hand_ids(hand), card_id(spy))
    return [
        [NAMES[card] for card in cards] for cards in (recruits if kind == "recruit" else counters)
    ]


def retire_problem(hand: Sequence[str], selection: Sequence[str]) -> str | None:
    """None when `selection` (from `hand`) may be retired, else why not (rank rule only)."""
    cards, problem = read_selection(_hand_ids(hand), list(selection))
    return problem if problem is not None else retire_flaw(cards)


def retire_choices(hand: Sequence[str]) -> list[list[str]]:
    """Every set of cards in `hand` that could be retired."""
    return [[NAMES[card] for card in cards] for cards in retire_options(_hand_ids(hand))]


def sort_cards(cards: Sequence[str]) -> list[str]:
    """Cards in the engine's display order (lowest value first, then S H D C)."""
    return [NAMES[card] for card in ordered(card_id(text) for text in cards)]


def is_double_agent(card: str, spy: str) -> bool:
    """True when `card` is the Ace of the spy's suit (it lets any suit recruit)."""
    ace = card_id(card)
    return IS_ACE[ace] and SUIT_OF[ace] == SUIT_OF[card_id(spy)]
