"""Deck of Spies — solo deck-builder: counter or recruit the spies, own 7 of the 12 faces.

Declared in `game` (`DeckOfSpies`: every static fact, light to import), listed by the
registry as "deck-of-spies". Helpers the UI may call without building an action:
`payment_problem`, `payments`, `selection_total`, `retire_problem`, `retire_choices`,
`is_double_agent`, `sort_cards` (all on card text like "7H"). What the player sees and
how a game ended, key by key: `DeckOfSpiesView`, `DeckOfSpiesResult` (`views`).

Importing the package imports only `game`: the names below come from their modules on
first use (the registry lists the game without loading its rules).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .game import GAME, DeckOfSpies

if TYPE_CHECKING:
    from .bots import EasyBot, HardBot, NormalBot
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

_FROM = {
    **dict.fromkeys(("EasyBot", "HardBot", "NormalBot"), "bots"),
    **dict.fromkeys(
        (
            "is_double_agent",
            "payment_problem",
            "payments",
            "retire_choices",
            "retire_problem",
            "selection_total",
            "sort_cards",
        ),
        "payment",
    ),
    "DeckOfSpiesState": "rules",
    **dict.fromkeys(("describe_action", "describe_events", "describe_view", "symbol"), "text"),
    **dict.fromkeys(("DeckOfSpiesResult", "DeckOfSpiesView"), "views"),
}


def __getattr__(name: str) -> Any:
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_FROM[name]}"), name)


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
