"""The standard playing card: `"10H"`, `"AS"`, `"KD"` (rank then suit)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .errors import InvalidCard
from .i18n import N_, _

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: Final = ("S", "H", "D", "C")
RANK_NAMES: Final = {
    # translators: a playing card's rank, the {rank} of "{rank} of {suit}" ("Seven of hearts")
    "A": N_("Ace"),
    "2": N_("Two"),
    "3": N_("Three"),
    "4": N_("Four"),
    "5": N_("Five"),
    "6": N_("Six"),
    "7": N_("Seven"),
    "8": N_("Eight"),
    "9": N_("Nine"),
    "10": N_("Ten"),
    "J": N_("Jack"),
    "Q": N_("Queen"),
    "K": N_("King"),
}
"""Each rank's name, marked for translation (`_(RANK_NAMES[rank])` where it is used)."""
SUIT_NAMES: Final = {
    # translators: a playing card's suit, the {suit} of "{rank} of {suit}" ("Seven of hearts")
    "S": N_("spades"),
    "H": N_("hearts"),
    "D": N_("diamonds"),
    "C": N_("clubs"),
}
"""Each suit's name, marked for translation (`_(SUIT_NAMES[suit])` where it is used)."""
SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
FACE_RANKS: Final = ("J", "Q", "K")


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card of a standard 52-card deck."""

    rank: str
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise InvalidCard(f"{self.rank!r} is not a rank (A 2..10 J Q K)")
        if self.suit not in SUITS:
            raise InvalidCard(f"{self.suit!r} is not a suit (S H D C)")

    @classmethod
    def parse(cls, text: str) -> Card:
        """`Card.parse("10H")`; raises InvalidCard for anything else."""
        if not isinstance(text, str):
            raise InvalidCard(f"{text!r} is not a card: expected text like '10H' or 'AS'")
        t = text.strip().upper()
        if len(t) < 2:
            raise InvalidCard(f"{text!r} is not a card: expected text like '10H' or 'AS'")
        rank, suit = t[:-1], t[-1]
        if rank not in RANKS or suit not in SUITS:
            raise InvalidCard(f"{text!r} is not a card: expected text like '10H' or 'AS'")
        return cls(rank, suit)

    @property
    def value(self) -> int:
        """A = 1, 2–10 their number, J = 11, Q = 12, K = 13."""
        return RANKS.index(self.rank) + 1

    @property
    def is_face(self) -> bool:
        return self.rank in FACE_RANKS

    @property
    def name(self) -> str:
        """Accessible name: "Seven of hearts"."""
        rank, suit = _(RANK_NAMES[self.rank]), _(SUIT_NAMES[self.suit])
        # translators: a playing card's name, as in "Seven of hearts"; {rank} is a rank's
        # name ("Ace", "Two" … "King"), {suit} a suit's ("spades", "hearts", "clubs"…)
        return _("{rank} of {suit}", rank=rank, suit=suit)

    @property
    def symbol(self) -> str:
        """Short display form: "7♥"."""
        return f"{self.rank}{SUIT_SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def full_deck() -> list[Card]:
    """The 52 cards, suit by suit, A to K."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]


def card_value(text: str) -> int:
    return Card.parse(text).value
