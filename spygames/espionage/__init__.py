"""Espionage: The Card Game — bluffing and bidding, Liar's Dice with cards (2–4 players).

Modules: `cards` (the deck, attributes, counting), `rules` (the state and its actions),
`odds` (exact chances), `bots` (easy, normal, hard) and `text` (words for people).
"""

from __future__ import annotations

from typing import Any

from ..protocol import Action, Bot, Game, State, View
from ..registry import register
from . import text
from .bots import EasyBot, HardBot, NormalBot
from .cards import ATTRIBUTE_NAMES, ATTRIBUTE_PLURALS, ATTRIBUTES, CITIES, DECK, FACTIONS, ROLES
from .rules import POINTS_TO_WIN, SOURCES_FOR, EspionageState


class Espionage(Game):
    """Static facts about Espionage and the factory for its states and bots."""

    id = "espionage"
    name = "Espionage"
    min_players = 2
    max_players = 4

    def _new(
        self, *, seed: int, players: int, options: dict[str, Any], setup: dict[str, Any] | None
    ) -> State:
        return EspionageState(seed=seed, players=players, options=options, setup=setup)

    def _bots(self) -> dict[str, type[Bot]]:
        return {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}

    def describe_action(self, action: Action) -> str:
        return text.describe_action(action)

    def describe_view(self, view: View) -> str:
        return text.describe_view(view)


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
    "EspionageState",
    "HardBot",
    "NormalBot",
]
