"""Exact chances for Espionage bids, from one player's point of view.

A player sees their own hand; every other card dealt this round comes from the rest of
the deck (36 cards minus that hand), drawn without replacement. For one attribute each
unseen card is worth +1 (a matching spy or a Mercenary), −1 (a Traitor) or 0, so the
table's count is the player's own count plus the sum of the unseen cards dealt to the
others: a hypergeometric draw from three kinds of card.

`split_distribution` also takes a *tilt* per other player: their hand's contribution y
is weighted by exp(tilt × y). A tilt above zero says "this player bid the attribute, so
probably holds some" (the hard bot's Bayesian-ish update); zero is the plain deal.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache

from .cards import ATTRIBUTES, DECK, count, value_for

Distribution = dict[int, float]
"""Count -> probability (sums to 1)."""


def _worth(attribute: str) -> tuple[frozenset[str], frozenset[str]]:
    """The deck's cards worth +1 and −1 to a count of `attribute`."""
    return (
        frozenset(c for c in DECK if value_for(c, attribute) > 0),
        frozenset(c for c in DECK if value_for(c, attribute) < 0),
    )


_WORTH = {a: _worth(a) for a in ATTRIBUTES}
_DECK_SET = frozenset(DECK)


def pool(known: Iterable[str], attribute: str) -> tuple[int, int, int]:
    """(plus, minus, zero) among the cards *not* in `known`, for `attribute`.

    plus = matching spies + Mercenaries, minus = Traitors, zero = everything else.
    (Set arithmetic on each attribute's cards, worked out once: the bots ask this
    hundreds of thousands of times a match.)
    """
    plus_cards, minus_cards = _WORTH.get(attribute) or _worth(attribute)
    seen = _DECK_SET.intersection(known)
    plus = len(plus_cards) - len(plus_cards & seen)
    minus = len(minus_cards) - len(minus_cards & seen)
    return plus, minus, len(DECK) - len(seen) - plus - minus


@lru_cache(maxsize=4096)
def _draw(draws: int, plus: int, minus: int, zero: int) -> tuple[tuple[int, int, float], ...]:
    """Every (plus drawn, minus drawn, probability) for `draws` cards without replacement."""
    total = plus + minus + zero
    if not 0 <= draws <= total:
        raise ValueError(f"cannot draw {draws} cards from {total}")
    ways = math.comb(total, draws)
    out: list[tuple[int, int, float]] = []
    for p in range(min(plus, draws) + 1):
        for q in range(min(minus, draws - p) + 1):
            z = draws - p - q
            if z > zero:
                continue
            n = math.comb(plus, p) * math.comb(minus, q) * math.comb(zero, z)
            if n:
                out.append((p, q, n / ways))
    return tuple(out)


def draw_distribution(draws: int, plus: int, minus: int, zero: int) -> Distribution:
    """Distribution of (plus drawn − minus drawn) when `draws` cards are dealt unseen."""
    dist: Distribution = {}
    for p, q, prob in _draw(draws, plus, minus, zero):
        dist[p - q] = dist.get(p - q, 0.0) + prob
    return dist


def count_distribution(hand: Sequence[str], attribute: str, dealt: int) -> Distribution:
    """Distribution of the whole table's count for `attribute`, seen from `hand`.

    `dealt` is the number of cards dealt this round, `hand` included.
    """
    own = count(hand, attribute)
    plus, minus, zero = pool(hand, attribute)
    return {own + x: p for x, p in draw_distribution(dealt - len(hand), plus, minus, zero).items()}


def chance_at_least(hand: Sequence[str], attribute: str, bid: int, dealt: int) -> float:
    """P(count ≥ bid): the chance a bid holds if called."""
    return sum(p for c, p in count_distribution(hand, attribute, dealt).items() if c >= bid)


def chance_exactly(hand: Sequence[str], attribute: str, bid: int, dealt: int) -> float:
    """P(count = bid): the chance a spot is right."""
    return count_distribution(hand, attribute, dealt).get(bid, 0.0)


def expected_count(hand: Sequence[str], attribute: str, dealt: int) -> float:
    """The mean table count for `attribute`, seen from `hand`."""
    return sum(c * p for c, p in count_distribution(hand, attribute, dealt).items())


def odds_table(hand: Sequence[str], dealt: int) -> dict[str, list[float]]:
    """For each attribute, [P(count ≥ 1), P(count ≥ 2), ..., P(count ≥ dealt)]: a hint table."""
    table: dict[str, list[float]] = {}
    for attribute in ATTRIBUTES:
        dist = count_distribution(hand, attribute, dealt)
        table[attribute] = [
            sum(p for c, p in dist.items() if c >= bid) for bid in range(1, dealt + 1)
        ]
    return table


def split_distribution(
    plus: int, minus: int, zero: int, sizes: Sequence[int], tilts: Sequence[float]
) -> dict[tuple[int, int], float]:
    """Joint distribution of (the others but the last, the last) hands' contributions.

    The other players hold `sizes[i]` cards each, dealt from the unseen pool; the last
    entry of `sizes` is the player singled out (e.g. the one about to answer a bid).
    Player i's contribution y is weighted by exp(tilts[i] × y), then everything is
    normalised. With every tilt zero this is the plain hypergeometric deal.
    """
    if len(sizes) != len(tilts) or not sizes:
        raise ValueError("sizes and tilts must name the same, non-empty list of players")
    # state: (plus drawn, minus drawn) so far -> weight
    states: dict[tuple[int, int], float] = {(0, 0): 1.0}
    drawn = 0
    for h, tilt in zip(sizes[:-1], tilts[:-1], strict=True):
        nxt: dict[tuple[int, int], float] = {}
        for (pu, qu), w in states.items():
            left_zero = zero - (drawn - pu - qu)
            for p, q, prob in _draw(h, plus - pu, minus - qu, left_zero):
                key = (pu + p, qu + q)
                weight = w * prob * (math.exp(tilt * (p - q)) if tilt else 1.0)
                nxt[key] = nxt.get(key, 0.0) + weight
        states = nxt
        drawn += h
    h, tilt = sizes[-1], tilts[-1]
    joint: dict[tuple[int, int], float] = {}
    for (pu, qu), w in states.items():
        left_zero = zero - (drawn - pu - qu)
        for p, q, prob in _draw(h, plus - pu, minus - qu, left_zero):
            key = (pu - qu, p - q)
            weight = w * prob * (math.exp(tilt * (p - q)) if tilt else 1.0)
            joint[key] = joint.get(key, 0.0) + weight
    total = sum(joint.values())
    return {key: w / total for key, w in joint.items()}
