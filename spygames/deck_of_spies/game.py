"""The Deck of Spies game object: static facts, the factory for states and bots."""

from __future__ import annotations

from ..protocol import Game
from .bots import EasyBot, HardBot, NormalBot
from .rules import GAME_ID, DeckOfSpiesState
from .text import describe_action, describe_view


class DeckOfSpies(Game):
    """Solo deck-builder with a standard 52-card deck."""

    id = GAME_ID
    name = "Deck of Spies"
    min_players = 1
    max_players = 1
    top_score = 12  # the face cards a player can own
    endings = frozenset({"no_double_agent", "infiltrated", "outnumbered"})
    state_type = DeckOfSpiesState
    bot_types = (EasyBot, NormalBot, HardBot)
    describe_action = staticmethod(describe_action)
    describe_view = staticmethod(describe_view)


GAME = DeckOfSpies()
