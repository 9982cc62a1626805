"""The Espionage deck: 27 spies, 5 Mercenaries and 4 Traitors, and how a bid is counted.

A spy is named `"<role>-<faction>-<city>"` (`"hacker-bureau-london"`); the wild cards
are `"mercenary-1"`..`"mercenary-5"` and `"traitor-1"`..`"traitor-4"`. Every spy has one
role, one faction and one city; the nine of them together are the *attributes* a bid
can name. A Mercenary adds one to the count of any attribute, a Traitor takes one away.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..errors import InvalidCard

ROLES: Final = ("face", "hacker", "muscle")
FACTIONS: Final = ("agency", "bureau", "command")
CITIES: Final = ("nyc", "london", "moscow")
ATTRIBUTES: Final = (*ROLES, *FACTIONS, *CITIES)
"""The nine attributes a bid may name, roles first, then factions, then cities."""

KIND_OF: Final = {
    **{a: "role" for a in ROLES},
    **{a: "faction" for a in FACTIONS},
    **{a: "city" for a in CITIES},
}

MERCENARIES: Final = 5
TRAITORS: Final = 4

SPIES: Final = tuple(f"{r}-{f}-{c}" for r in ROLES for f in FACTIONS for c in CITIES)
MERCENARY_CARDS: Final = tuple(f"mercenary-{i}" for i in range(1, MERCENARIES + 1))
TRAITOR_CARDS: Final = tuple(f"traitor-{i}" for i in range(1, TRAITORS + 1))
DECK: Final = (*SPIES, *MERCENARY_CARDS, *TRAITOR_CARDS)
"""All 36 cards in a fixed order (shuffle a copy)."""
DECK_SIZE: Final = len(DECK)
PER_ATTRIBUTE: Final = len(SPIES) // len(ROLES)
"""Spies showing any one attribute: nine."""

_CARD_SET: Final = frozenset(DECK)

# -- words for people ---------------------------------------------------------------
ATTRIBUTE_NAMES: Final = {
    "face": "Face",
    "hacker": "Hacker",
    "muscle": "Muscle",
    "agency": "Agency",
    "bureau": "Bureau",
    "command": "Command",
    "nyc": "New York",
    "london": "London",
    "moscow": "Moscow",
}
"""One attribute, capitalised: "Hacker", "New York"."""

ATTRIBUTE_PLURALS: Final = {
    "face": "Faces",
    "hacker": "Hackers",
    "muscle": "Muscles",
    "agency": "Agency spies",
    "bureau": "Bureau spies",
    "command": "Command spies",
    "nyc": "spies in New York",
    "london": "spies in London",
    "moscow": "spies in Moscow",
}
"""What a bid counts: "4 Hackers", "4 Agency spies", "4 spies in London"."""


def is_card(card: object) -> bool:
    return isinstance(card, str) and card in _CARD_SET


def check_card(card: object) -> str:
    """The card itself, or InvalidCard with a reason a player can read."""
    if not is_card(card):
        raise InvalidCard(
            f"{card!r} is not an Espionage card: expected 'role-faction-city' "
            "(e.g. 'hacker-bureau-london'), 'mercenary-1'..'mercenary-5' or "
            "'traitor-1'..'traitor-4'"
        )
    assert isinstance(card, str)
    return card


def is_mercenary(card: str) -> bool:
    return card.startswith("mercenary-")


def is_traitor(card: str) -> bool:
    return card.startswith("traitor-")


def is_spy(card: str) -> bool:
    return not (is_mercenary(card) or is_traitor(card))


def attributes_of(card: str) -> tuple[str, ...]:
    """A spy's role, faction and city; a Mercenary or Traitor has none."""
    if not is_spy(card):
        return ()
    role, faction, city = card.split("-")
    return (role, faction, city)


def value_for(card: str, attribute: str) -> int:
    """What `card` adds to a count of `attribute`: +1 match or Mercenary, −1 Traitor."""
    if is_mercenary(card):
        return 1
    if is_traitor(card):
        return -1
    return 1 if attribute in card.split("-") else 0


def tally(cards: Iterable[str], attribute: str) -> tuple[int, int, int]:
    """(matching spies, Mercenaries, Traitors) among `cards` for `attribute`."""
    matches = mercs = traitors = 0
    for card in cards:
        if is_mercenary(card):
            mercs += 1
        elif is_traitor(card):
            traitors += 1
        elif attribute in card.split("-"):
            matches += 1
    return matches, mercs, traitors


def count(cards: Iterable[str], attribute: str) -> int:
    """The count a call or spot checks: matches + Mercenaries − Traitors (may be < 0)."""
    matches, mercs, traitors = tally(cards, attribute)
    return matches + mercs - traitors


def card_name(card: str) -> str:
    """Readable name: "Hacker, Bureau, London", "Mercenary", "Traitor"."""
    if is_mercenary(card):
        return "Mercenary"
    if is_traitor(card):
        return "Traitor"
    return ", ".join(ATTRIBUTE_NAMES[a] for a in attributes_of(card))


def bid_words(count: int, attribute: str) -> str:
    """ "4 Hackers", "1 Hacker", "3 spies in London"."""
    if count == 1:
        if KIND_OF[attribute] == "role":
            return f"1 {ATTRIBUTE_NAMES[attribute]}"
        if KIND_OF[attribute] == "faction":
            return f"1 {ATTRIBUTE_NAMES[attribute]} spy"
        return f"1 spy in {ATTRIBUTE_NAMES[attribute]}"
    return f"{count} {ATTRIBUTE_PLURALS[attribute]}"
