"""Laying out a game: the four groups shuffled on their own, or fixed by a scripted setup.

Without a setup (the real game): A–4, 5–7, 8–10 and J–K are each shuffled, in that
order, with the state's own seeded generator; the A–4 are the draw deck, the spy deck
is the 5–7 on top of the 8–10 on top of the J–K.

A setup fixes what would be random, for rules demos and tests. Every key is optional
and lists cards as text, top card first:

- `"spies"`: the top of the spy deck. Spies are 5s to Kings only.
- `"draw"`: the top of the draw deck (any cards: a demo may start with a recruited 7).
- `"discard"`: the draw discard pile, bottom card first (cards the player already owns).
- `"spy_discard"`: cards already out of the way (spies dealt with, retired cards) —
  the way to stage a short demo with only a few spies left.

Each card may be named once. Every card not named goes where the real game puts it
(A–4 under the named draw cards, 5–K under the named spies, each group shuffled as
usual), so all 52 cards are always on the table and "cards are conserved" stays a
real check. At least one spy must be left. The first hand is then drawn as usual.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ..errors import InvalidCard, InvalidSetup
from .deck import GROUP_OF, GROUPS, OWN_DECK, SYMBOLS, TIERS, card_id
from .table import Table

SETUP_KEYS: Final = ("spies", "draw", "discard", "spy_discard")


def read_setup(setup: dict[str, Any]) -> dict[str, list[int]]:
    """The named cards of each pile, checked; raises InvalidSetup with the reason."""
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        raise InvalidSetup(
            f"unknown setup key {unknown[0]!r}: a Deck of Spies setup may name "
            + ", ".join(repr(key) for key in SETUP_KEYS)
        )
    piles: dict[str, list[int]] = {}
    seen: dict[int, str] = {}
    for key in SETUP_KEYS:
        texts = setup.get(key, [])
        if not isinstance(texts, list):
            raise InvalidSetup(f"setup[{key!r}] must be a list of cards like '7H'")
        cards: list[int] = []
        for position, text in enumerate(texts):
            try:
                card = card_id(text)
            except InvalidCard as exc:
                raise InvalidSetup(f"setup[{key!r}][{position}]: {exc}") from None
            if card in seen:
                raise InvalidSetup(
                    f"the {SYMBOLS[card]} is named twice in the setup "
                    f"(in {seen[card]!r} and {key!r}): every card is in one place"
                )
            if key == "spies" and GROUP_OF[card] == OWN_DECK:
                raise InvalidSetup(
                    f"setup['spies'][{position}]: the {SYMBOLS[card]} cannot be a spy "
                    "(spies are 5s to Kings)"
                )
            seen[card] = key
            cards.append(card)
        piles[key] = cards
    spies_named = len(piles["spies"])
    unnamed_spies = sum(1 for tier in TIERS for card in GROUPS[tier] if card not in seen)
    if spies_named + unnamed_spies == 0:
        raise InvalidSetup(
            "the setup leaves no spy to face: keep at least one 5–K out of the piles"
        )
    return piles


def lay_out(rng: random.Random, setup: dict[str, Any] | None) -> Table:
    """The table before the first hand is drawn."""
    piles = read_setup(setup) if setup is not None else {key: [] for key in SETUP_KEYS}
    named = {card for cards in piles.values() for card in cards}
    rest: dict[str, list[int]] = {}
    for group, cards in GROUPS.items():
        left = [card for card in cards if card not in named]
        rng.shuffle(left)
        rest[group] = left
    draw_top_first = piles["draw"] + rest[OWN_DECK]
    spies_top_first = piles["spies"] + [card for tier in TIERS for card in rest[tier]]
    return Table(
        rng=rng,
        draw=draw_top_first[::-1],
        spies=spies_top_first[::-1],
        discard=piles["discard"],
        spy_discard=piles["spy_discard"],
        log=True,
    )
