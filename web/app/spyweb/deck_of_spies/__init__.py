"""Deck of Spies in the browser: the table screen, the scene it draws from and the
components that draw it, its cards, rules and positions, and its one address of its
own, the daily deal (`#/deck-of-spies/daily[/YYYY-MM-DD]`)."""

from __future__ import annotations

from ..catalogue import register_screen
from ..screen import Context, Screen
from .table import DeckOfSpiesTable


def route(ctx: Context, rest: list[str]) -> Screen | None:
    """The daily deal's screen, for `daily` and `daily/DAY`; None for any other address."""
    if rest[:1] != ["daily"] or len(rest) > 2:
        return None
    from spygames.deck_of_spies.daily import parse_day

    from .daily import DailyScreen  # loaded on use

    day_text = rest[1] if len(rest) == 2 else None
    day = parse_day(day_text) if day_text is not None else None
    if day_text is not None and day is None:
        ctx.notify(f"“{day_text}” is not a day: daily deals are dated like 2026-11-30.")
    return DailyScreen(ctx, day)


register_screen("deck-of-spies", DeckOfSpiesTable, route)

__all__ = ["DeckOfSpiesTable"]
