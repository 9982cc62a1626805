"""Deck of Spies in the browser: the table screen, the scene it draws from and the
components that draw it, its cards, rules, positions and the daily deal."""

from __future__ import annotations

from ..catalogue import register_screen
from .table import DeckOfSpiesTable

register_screen("deck-of-spies", DeckOfSpiesTable)

__all__ = ["DeckOfSpiesTable"]
