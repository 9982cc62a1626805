"""Espionage in the browser: the seats screen, the table, the bid panel and card art."""

from __future__ import annotations

from ..catalogue import register_screen
from ..together.join import GUESTS
from .guest import EspionageGuest
from .table import EspionageTable

register_screen("espionage", EspionageTable)
GUESTS["espionage"] = EspionageGuest

__all__ = ["EspionageTable"]
