"""The Espionage game, declared once: every static fact about it, and the factory for
its states and bots. Light on purpose: the registry imports it to list the game, so the
rules, the bots and the words are imported only when a game or a bot is asked for."""

from __future__ import annotations

from ..i18n import N_
from ..protocol import Game


class Espionage(Game):
    """Static facts about Espionage and the factory for its states and bots."""

    id = "espionage"
    name = N_("Espionage")
    min_players = 2
    max_players = 4
    endings = frozenset({"points", "last_active"})
    demo_prefix = "esp"
    guide = "spygames.espionage.guide"
    demo_size = (600, 560)
    invariants = "spygames.espionage.invariants"
    state_type = "spygames.espionage.rules:EspionageState"
    bot_types = (
        "spygames.espionage.bots:EasyBot",
        "spygames.espionage.bots:NormalBot",
        "spygames.espionage.bots:HardBot",
    )
    text = "spygames.espionage.text"


GAME = Espionage()
