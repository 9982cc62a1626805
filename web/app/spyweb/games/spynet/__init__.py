"""SpyNet in the browser: the setup screen, the table, the card art and the gallery.

`UI` is all the app knows of it (spyweb/gameui.py): this module ships with the app's
shared screens and imports the game's other modules only when the app asks for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spygames.i18n import N_

from ...gameui import GameUI

if TYPE_CHECKING:
    from ...tables.pointer import Pointer
    from .guest import SpyNetGuest
    from .position import SpyNetPosition
    from .table import SpyNetTable


def _table() -> type[SpyNetTable]:
    from .table import SpyNetTable

    return SpyNetTable


def _position() -> type[SpyNetPosition]:
    from .position import SpyNetPosition

    return SpyNetPosition


def _guest() -> type[SpyNetGuest]:
    from .guest import SpyNetGuest

    return SpyNetGuest


def _pointer() -> Pointer:
    from .guided import SpyNetPointer

    return SpyNetPointer()


UI = GameUI(
    id="spynet",
    pitch=N_("Draft agents, fund branches and run missions, alone or in teams of two."),
    emblem="✦",
    table=_table,
    position=_position,
    guest=_guest,
    pointer=_pointer,
    bots_think_s={
        "easy": (0.03, 0.03, 0.03),
        "normal": (0.03, 0.031, 0.031),
        "hard": (15.4, 17, 18.2),
    },
)
