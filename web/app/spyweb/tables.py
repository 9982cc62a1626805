"""Imports every game's table at once (the app imports each on first use instead)."""

from __future__ import annotations


def load_tables() -> None:
    from .catalogue import RECORDS

    for record in RECORDS.values():
        record.table()
