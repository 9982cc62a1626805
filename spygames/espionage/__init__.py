"""Espionage: The Card Game — bluffing and bidding, Liar's Dice with cards (2–4 players).

Modules: `cards` (the deck, attributes, counting), `rules` (the state and its actions),
`views` (what a seat sees and the result, key by key: `EspionageView`,
`EspionageResult`), `invariants` (what every position keeps, for
`spygames.conformance`), `odds` (exact chances), `bots` (easy, normal, hard) and `text`
(words for people).
"""

from __future__ import annotations

from ..protocol import Game
from ..registry import register
from . import text
from .bots import EasyBot, HardBot, NormalBot
from .cards import ATTRIBUTE_NAMES, ATTRIBUTE_PLURALS, ATTRIBUTES, CITIES, DECK, FACTIONS, ROLES
from .rules import POINTS_TO_WIN, SOURCES_FOR, EspionageState
from .views import EspionageResult, EspionageView


class Espionage(Game):
    """Static facts about Espionage and the factory for its states and bots."""

    id = "espionage"
    name = "Espionage"
    min_players = 2
    max_players = 4
    endings = frozenset({"points", "last_active"})
    state_type = EspionageState
    bot_types = (EasyBot, NormalBot, HardBot)
    describe_action = staticmethod(text.describe_action)
    describe_view = staticmethod(text.describe_view)


GAME = register(Espionage())

__all__ = [
    "ATTRIBUTES",
    "ATTRIBUTE_NAMES",
    "ATTRIBUTE_PLURALS",
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
