"""The Espionage game, declared once: every static fact about it, and the factory for
its states and bots. Light on purpose: the registry imports it to list the game, so the
rules, the bots and the words are imported only when a game or a bot is asked for."""

from __future__ import annotations

from typing import Any

from ..protocol import Action, Bot, Game, State, View


class Espionage(Game):
    """Static facts about Espionage and the factory for its states and bots."""

    id = "espionage"
    name = "Espionage"
    min_players = 2
    max_players = 4
    endings = frozenset({"points", "last_active"})
    demo_prefix = "esp"
    guide = "spygames.espionage.guide"
    demo_size = (600, 560)
    invariants = "spygames.espionage.invariants"

    def _new(
        self, *, seed: int, players: int, options: dict[str, Any], setup: dict[str, Any] | None
    ) -> State:
        from .rules import EspionageState

        return EspionageState(seed=seed, players=players, options=options, setup=setup)

    def _bots(self) -> dict[str, type[Bot]]:
        from .bots import EasyBot, HardBot, NormalBot

        return {bot.level: bot for bot in (EasyBot, NormalBot, HardBot)}

    def describe_action(self, action: Action) -> str:
        from .text import describe_action

        return describe_action(action)

    def describe_view(self, view: View) -> str:
        from .text import describe_view

        return describe_view(view)


GAME = Espionage()
