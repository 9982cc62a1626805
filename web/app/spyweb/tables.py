"""Imports each game's table so it registers with the catalogue."""

from __future__ import annotations


def load_tables() -> None:
    from . import deck_of_spies, espionage  # noqa: F401
