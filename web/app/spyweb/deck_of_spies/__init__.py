"""Deck of Spies in the browser: the table screen, its cards, rules and view model."""

from __future__ import annotations

from ..catalogue import register_screen
from .table import DeckOfSpiesTable

register_screen("deck-of-spies", DeckOfSpiesTable)

__all__ = ["DeckOfSpiesTable"]
