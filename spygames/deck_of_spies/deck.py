"""The 52 cards as small ints, for speed: the bots replay thousands of turns per decision.

A card id is `suit * 13 + rank` in the order of `spygames.cards.full_deck()`, so
`CARDS[id]` is the `Card` and `NAMES[id]` its text ("10H"). Outside this package
cards are always text; ids never leave the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ..cards import RANKS, SUITS, Card, full_deck
from ..errors import InvalidCard

CARDS: Final = tuple(full_deck())
NAMES: Final = tuple(str(card) for card in CARDS)
SYMBOLS: Final = tuple(card.symbol for card in CARDS)
VALUES: Final = tuple(card.value for card in CARDS)
SUIT_OF: Final = tuple(SUITS.index(card.suit) for card in CARDS)
IS_FACE: Final = tuple(card.is_face for card in CARDS)
IS_ACE: Final = tuple(card.rank == "A" for card in CARDS)
ID_OF: Final = {name: index for index, name in enumerate(NAMES)}
ALL_CARDS: Final = range(len(CARDS))
SUIT_SYMBOL: Final = ("♠", "♥", "♦", "♣")

# Hands and piles are shown lowest value first, suits in S H D C order.
SORT_KEY: Final = tuple(RANKS.index(card.rank) * 4 + SUITS.index(card.suit) for card in CARDS)

# The four groups of the setup, in the order they are shuffled.
OWN_DECK: Final = "A-4"
TIERS: Final = ("5-7", "8-10", "J-K")
GROUP_RANKS: Final = {
    OWN_DECK: ("A", "2", "3", "4"),
    "5-7": ("5", "6", "7"),
    "8-10": ("8", "9", "10"),
    "J-K": ("J", "Q", "K"),
}
GROUP_OF: Final = tuple(
    next(group for group, ranks in GROUP_RANKS.items() if card.rank in ranks) for card in CARDS
)
GROUPS: Final = {
    group: tuple(index for index in ALL_CARDS if GROUP_OF[index] == group) for group in GROUP_RANKS
}
ACES: Final = tuple(index for index in ALL_CARDS if IS_ACE[index])


def ace_of_suit(suit: int) -> int:
    """The id of the Ace of `suit` (a suit index)."""
    return suit * 13


def card_id(text: object) -> int:
    """The id of a card written like "10H"; raises InvalidCard for anything else."""
    if not isinstance(text, str):
        raise InvalidCard(f"{text!r} is not a card: expected text like '10H' or 'AS'")
    return ID_OF[str(Card.parse(text))]


def names(cards: Iterable[int]) -> list[str]:
    return [NAMES[card] for card in cards]


def ordered(cards: Iterable[int]) -> list[int]:
    """Cards in display order: lowest value first, then S H D C."""
    return sorted(cards, key=SORT_KEY.__getitem__)


def symbols(cards: Sequence[int]) -> str:
    """ "3♥ 5♥" — how the player reads a group of cards."""
    return " ".join(SYMBOLS[card] for card in cards)


def total(cards: Iterable[int]) -> int:
    return sum(VALUES[card] for card in cards)
