"""spygames: three spy card games behind one engine contract.

>>> import spygames
>>> game = spygames.get_game("deck-of-spies")
>>> state = game.new(seed=7)
>>> state.to_play
[0]
"""

from __future__ import annotations

__version__ = "0.1.0"

from .cards import Card
from .demos import Demo, Step, all_demos, get_demo
from .errors import (
    DemoError,
    IllegalAction,
    InvalidCard,
    InvalidRecord,
    InvalidSetup,
    SpyGamesError,
    UnknownDemo,
    UnknownGame,
)
from .protocol import Action, Advice, Bot, Budget, Game, RandomBot, State, UndoPoint, View
from .record import replay, steps
from .registry import GAMES, get_game, listing, register
from .seeds import bot_seed

__all__ = [
    "GAMES",
    "Action",
    "Advice",
    "Bot",
    "Budget",
    "Card",
    "Demo",
    "DemoError",
    "Game",
    "IllegalAction",
    "InvalidCard",
    "InvalidRecord",
    "InvalidSetup",
    "RandomBot",
    "SpyGamesError",
    "State",
    "Step",
    "UndoPoint",
    "UnknownDemo",
    "UnknownGame",
    "View",
    "__version__",
    "all_demos",
    "bot_seed",
    "get_demo",
    "get_game",
    "listing",
    "register",
    "replay",
    "steps",
]

# Each game registers itself when its package is imported: `GAMES` imports a shipped
# game's package the first time the game is asked for (see registry.py).
