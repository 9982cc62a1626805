"""Deck of Spies — solo deck-builder: counter or recruit the spies, own 7 of the 12 faces.

Registered as "deck-of-spies". Helpers the UI may call without building an action:
`payment_problem`, `payments`, `selection_total`, `retire_problem`, `retire_choices`,
`is_double_agent`, `sort_cards` (all on card text like "7H"). What the player sees and
how a game ended, key by key: `DeckOfSpiesView`, `DeckOfSpiesResult` (`views`).
"""

from __future__ import annotations

from ..registry import register
from .bots import EasyBot, HardBot, NormalBot
from .game import GAME, DeckOfSpies
from .payment import (
    is_double_agent,
    payment_problem,
    payments,
    retire_choices,
    retire_problem,
    selection_total,
    sort_cards,
)
from .rules import DeckOfSpiesState
from .text import describe_action, describe_events, describe_view, symbol
from .views import DeckOfSpiesResult, DeckOfSpiesView

register(GAME)

__all__ = [
    "GAME",
    "DeckOfSpies",
    "DeckOfSpiesResult",
    "DeckOfSpiesState",
    "DeckOfSpiesView",
    "EasyBot",
    "HardBot",
    "NormalBot",
    "describe_action",
    "describe_events",
    "describe_view",
    "is_double_agent",
    "payment_problem",
    "payments",
    "retire_choices",
    "retire_problem",
    "selection_total",
    "sort_cards",
    "symbol",
]
