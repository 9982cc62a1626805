"""Imports every game's table at once (the app imports each on first use instead)."""

from __future__ import annotations


def load_tables() -> None:
    from . import deck_of_spies, espionage, spynet  # noqa: F401
