"""The Deck of Spies game object: static facts, the factory for states and bots."""

from __future__ import annotations

from typing import Any

from ..protocol import Action, Bot, Game, State, View
from .bots import EasyBot, HardBot, NormalBot
from .rules import GAME_ID, DeckOfSpiesState
from .text import describe_action, describe_view


class DeckOfSpies(Game):
    """Solo deck-builder with a standard 52-card deck."""

    id = GAME_ID
    name = "Deck of Spies"
    min_players = 1
    max_players = 1

    def _new(
        self, *, seed: int, players: int, options: dict[str, Any], setup: dict[str, Any] | None
    ) -> State:
        return DeckOfSpiesState(seed=seed, players=players, options=options, setup=setup)

    def _bots(self) -> dict[str, type[Bot]]:
        return {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}

    def describe_action(self, action: Action) -> str:
        return describe_action(action)

    def describe_view(self, view: View) -> str:
        return describe_view(view)


GAME = DeckOfSpies()
