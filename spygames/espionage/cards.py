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
from ..i18n import N_, _, ngettext

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
    "face": N_("Face"),
    "hacker": N_("Hacker"),
    "muscle": N_("Muscle"),
    "agency": N_("Agency"),
    "bureau": N_("Bureau"),
    "command": N_("Command"),
    "nyc": N_("New York"),
    "london": N_("London"),
    "moscow": N_("Moscow"),
}
"""One attribute, capitalised: "Hacker", "New York" (in English: `attribute_name` says
it in the language in use)."""


def attribute_name(attribute: str) -> str:
    """One attribute in the language in use: "Hacker", "New York"."""
    return _(ATTRIBUTE_NAMES[attribute])


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
    """Readable name: "Hacker, Bureau, London", "Mercenary", "Traitor".

    >>> card_name("hacker-bureau-london"), card_name("mercenary-2"), card_name("traitor-1")
    ('Hacker, Bureau, London', 'Mercenary', 'Traitor')
    """
    if is_mercenary(card):
        return _("Mercenary")
    if is_traitor(card):
        return _("Traitor")
    role, faction, city = attributes_of(card)
    # translators: a spy card's name, its role, faction and city: "Hacker, Bureau, London"
    return _(
        "{role}, {faction}, {city}",
        role=attribute_name(role),
        faction=attribute_name(faction),
        city=attribute_name(city),
    )


def bid_words(count: int, attribute: str) -> str:
    """What a bid counts: "4 Hackers", "1 Hacker", "1 Agency spy", "3 spies in London".

    >>> bid_words(4, "hacker"), bid_words(1, "agency"), bid_words(3, "london")
    ('4 Hackers', '1 Agency spy', '3 spies in London')
    """
    n = count
    if attribute == "face":
        return ngettext("{n} Face", "{n} Faces", n)
    if attribute == "hacker":
        return ngettext("{n} Hacker", "{n} Hackers", n)
    if attribute == "muscle":
        return ngettext("{n} Muscle", "{n} Muscles", n)
    if attribute == "agency":
        return ngettext("{n} Agency spy", "{n} Agency spies", n)
    if attribute == "bureau":
        return ngettext("{n} Bureau spy", "{n} Bureau spies", n)
    if attribute == "command":
        return ngettext("{n} Command spy", "{n} Command spies", n)
    if attribute == "nyc":
        return ngettext("{n} spy in New York", "{n} spies in New York", n)
    if attribute == "london":
        return ngettext("{n} spy in London", "{n} spies in London", n)
    if attribute == "moscow":
        return ngettext("{n} spy in Moscow", "{n} spies in Moscow", n)
    raise KeyError(attribute)
