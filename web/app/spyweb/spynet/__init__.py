"""SpyNet in the browser: the setup screen, the table, the card art and the gallery."""

from __future__ import annotations

from ..catalogue import register_screen
from .table import SpyNetTable

register_screen("spynet", SpyNetTable)

__all__ = ["SpyNetTable"]
