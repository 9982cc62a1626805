"""Espionage in the browser: the seats screen, the table, the bid panel and card art.

`UI` is all the app knows of it (spyweb/gameui.py): this module ships with the app's
shared screens and imports the game's other modules only when the app asks for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spygames.i18n import N_

from ...gameui import GameUI

if TYPE_CHECKING:
    from ...tables.pointer import Pointer
    from .guest import EspionageGuest
    from .position import EspionagePosition
    from .table import EspionageTable


def _table() -> type[EspionageTable]:
    from .table import EspionageTable

    return EspionageTable


def _position() -> type[EspionagePosition]:
    from .position import EspionagePosition

    return EspionagePosition


def _guest() -> type[EspionageGuest]:
    from .guest import EspionageGuest

    return EspionageGuest


def _pointer() -> Pointer:
    from .guided import EspionagePointer

    return EspionagePointer()


UI = GameUI(
    id="espionage",
    pitch=N_(
        "Bluff about how many spies share a role, faction or city across every hand — "
        "then call, or spot it exactly."
    ),
    emblem="◉",
    table=_table,
    position=_position,
    guest=_guest,
    pointer=_pointer,
    bots_think_s={
        "easy": (0.002, 0.002, 0.002),
        "normal": (0.005, 0.012, 0.016),
        "hard": (0.075, 0.158, 0.23),
    },
)
