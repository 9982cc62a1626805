"""Espionage in the browser: the seats screen, the table, the bid panel and card art."""

from __future__ import annotations

from ..catalogue import register_screen
from .table import EspionageTable

register_screen("espionage", EspionageTable)

__all__ = ["EspionageTable"]
