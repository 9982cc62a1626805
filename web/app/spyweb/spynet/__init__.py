"""SpyNet in the browser: the setup screen, the table, the card art and the gallery."""

from __future__ import annotations

from ..catalogue import register_screen
from ..together.join import GUESTS
from .guest import SpyNetGuest
from .table import SpyNetTable

register_screen("spynet", SpyNetTable)
GUESTS["spynet"] = SpyNetGuest

__all__ = ["SpyNetTable"]
