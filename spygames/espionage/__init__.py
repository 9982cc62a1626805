"""Espionage: The Card Game — bluffing and bidding, Liar's Dice with cards (2–4 players).

Modules: `game` (the `Espionage` game, declared once: every static fact, light to
import), `cards` (the deck, attributes, counting), `rules` (the state and its actions),
`views` (what a seat sees and the result, key by key: `EspionageView`,
`EspionageResult`), `invariants` (what every position keeps, for
`spygames.conformance`), `odds` (exact chances), `bots` (easy, normal, hard) and `text`
(words for people).

Importing the package imports only `game`: the names below come from their modules on
first use (the registry lists the game without loading its rules).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .game import GAME, Espionage

if TYPE_CHECKING:
    from .bots import EasyBot, HardBot, NormalBot
    from .cards import (
        ATTRIBUTE_NAMES,
        ATTRIBUTES,
        CITIES,
        DECK,
        FACTIONS,
        ROLES,
    )
    from .rules import POINTS_TO_WIN, SOURCES_FOR, EspionageState
    from .views import EspionageResult, EspionageView

_FROM = {
    **dict.fromkeys(("EasyBot", "HardBot", "NormalBot"), "bots"),
    **dict.fromkeys(
        (
            "ATTRIBUTE_NAMES",
            "ATTRIBUTES",
            "CITIES",
            "DECK",
            "FACTIONS",
            "ROLES",
        ),
        "cards",
    ),
    **dict.fromkeys(("POINTS_TO_WIN", "SOURCES_FOR", "EspionageState"), "rules"),
    **dict.fromkeys(("EspionageResult", "EspionageView"), "views"),
}


def __getattr__(name: str) -> Any:
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_FROM[name]}"), name)


__all__ = [
    "ATTRIBUTES",
    "ATTRIBUTE_NAMES",
    "CITIES",
    "DECK",
    "FACTIONS",
    "GAME",
    "POINTS_TO_WIN",
    "ROLES",
    "SOURCES_FOR",
    "EasyBot",
    "Espionage",
    "EspionageResult",
    "EspionageState",
    "EspionageView",
    "HardBot",
    "NormalBot",
]
