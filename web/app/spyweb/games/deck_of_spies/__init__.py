"""Deck of Spies in the browser: the table screen, the scene it draws from and the
components that draw it, its cards, rules and positions, and its one address of its
own, the daily deal (`#/deck-of-spies/daily[/YYYY-MM-DD]`).

`UI` is all the app knows of it (spyweb/gameui.py): this module ships with the app's
shared screens and imports the game's other modules only when the app asks for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spygames.i18n import N_, _

from ...gameui import GameUI

if TYPE_CHECKING:
    from ...tables.pointer import Pointer
    from ...tables.screen import Context, Screen
    from .position import DeckOfSpiesPosition
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
        ctx.notify(_("“{day}” is not a day: daily deals are dated like 2026-11-30.", day=day_text))
    return DailyScreen(ctx, day)


def _table() -> type[DeckOfSpiesTable]:
    from .table import DeckOfSpiesTable

    return DeckOfSpiesTable


def _position() -> type[DeckOfSpiesPosition]:
    from .position import DeckOfSpiesPosition

    return DeckOfSpiesPosition


def _pointer() -> Pointer:
    from .guided import DeckOfSpiesPointer

    return DeckOfSpiesPointer()


UI = GameUI(
    id="deck-of-spies",
    pitch=N_(
        "A solo deck-builder: fend off or turn each spy that comes at you and end up "
        "running 7 of the 12 face cards."
    ),
    emblem="♠",
    table=_table,
    route=route,
    position=_position,
    pointer=_pointer,
    daily_deal=True,
)
