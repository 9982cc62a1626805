"""The tables a friend's device has joined, remembered so the player can find their way
back: the home page lists them, and an invitation to one of them says so.

Only what is public about the table is kept — what the invitation said (the table's id,
the game, the host's name, the seat's number and name), when this device joined it and
was last connected, whether the game had ended, and what the player dismissed there (a
round's showdown in Espionage, by its number: `Dismissing`) — never anything the host's
scenes held (cards, hands, the log): the game itself stays on the host's device. They are one
preference, `together-joined`: a JSON list, newest first, of at most `KEEP` tables.

A stored value that is damaged or was edited by hand costs nothing but itself: what is
not a list is read as no tables, and an entry that is not exactly right is left out
while the others are kept.

>>> from spyweb.browser.store import MemoryStorage, Saves
>>> from spyweb.together.invite import Invitation
>>> saves = Saves(MemoryStorage(), clock=lambda: 1000.0)
>>> remember(saves, Invitation("v=0", "abcdefgh12345678", 1, "espionage", "Ana", "Ben"))
>>> [(t.host, t.name, t.seen) for t in joined_tables(saves)]
[('Ana', 'Ben', 1000.0)]
>>> forget(saves, "abcdefgh12345678")
>>> joined_tables(saves)
[]
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from typing import Any, Protocol, runtime_checkable

import spygames

from ..browser.store import Saves, as_number
from .invite import MAX_NAME, Invitation
from .wire import MAX_SEATS, is_table_id

PREF = "together-joined"
KEEP = 5  # tables: a sixth pushes out the one last connected longest ago
MAX_STORED = 8_000  # characters: five entries take under 1 KB; more is not ours


@dataclass(frozen=True)
class JoinedTable:
    table: str  # the table's random id, as the invitation gave it
    game: str
    host: str  # the host's name
    seat: int
    name: str  # the seat's name: who this device was at the table
    joined: float  # when this device first joined the table (seconds, as `time.time`)
    seen: float  # when it was last connected to it
    over: bool = False  # the game had ended when it was last connected
    bot: bool = False  # a bot played this seat when it was last connected
    dismissed: int = 0  # what the player dismissed last, by its number (`Dismissing`)


@runtime_checkable
class Dismissing(Protocol):
    """A game's seat on a friend's device that shows something until its player dismisses
    it (Espionage: a round's showdown, by the round's number; 0: none): kept with the
    table, so that joining again, or a reload, does not show it again."""

    dismissed: int


# What each stored entry holds: exactly these keys (the fields above), each of its kind.
KINDS: dict[str, type] = {
    "table": str,
    "game": str,
    "host": str,
    "seat": int,
    "name": str,
    "joined": float,
    "seen": float,
    "over": bool,
    "bot": bool,
    "dismissed": int,
}
OPTIONAL = {"bot", "dismissed"}  # an entry stored before they were kept is read without


def _entry(data: Any) -> JoinedTable | None:
    """One stored entry, if it is exactly one: the known keys, each of its kind."""
    if not isinstance(data, dict) or not set(KINDS) - OPTIONAL <= set(data) <= set(KINDS):
        return None
    for key, kind in KINDS.items():
        if key not in data:
            continue
        value = data[key]
        if kind is float:  # a finite number, not negative (and not True or False)
            if isinstance(value, bool) or as_number(value) != value or value < 0:
                return None
        elif not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            return None
    if not is_table_id(data["table"]) or not 0 <= data["seat"] < MAX_SEATS:
        return None
    if not 0 <= data.get("dismissed", 0) < 2**31:
        return None
    if data["game"] not in spygames.GAMES:
        return None
    if not all(0 < len(data[k]) <= MAX_NAME for k in ("host", "name")):
        return None
    values: dict[str, Any] = {k: float(v) if KINDS[k] is float else v for k, v in data.items()}
    return JoinedTable(**values)


def joined_tables(saves: Saves) -> list[JoinedTable]:
    """The tables this device has joined, last connected first (at most `KEEP`)."""
    data = saves.pref_list(PREF, MAX_STORED)
    found: dict[str, JoinedTable] = {}
    for item in data[: KEEP * 2]:
        entry = _entry(item)
        if entry is not None and entry.table not in found:
            found[entry.table] = entry
    return sorted(found.values(), key=lambda t: t.seen, reverse=True)[:KEEP]


def joined_table(saves: Saves, table: str) -> JoinedTable | None:
    """What this device remembers of `table`, if it has joined it."""
    return next((t for t in joined_tables(saves) if t.table == table), None)


def _store(saves: Saves, tables: list[JoinedTable]) -> None:
    text = json.dumps([asdict(t) for t in tables[:KEEP]], separators=(",", ":"))
    saves.set_pref(PREF, text, quiet=True)  # a reminder: a full storage need not say so


def remember(
    saves: Saves,
    invitation: Invitation,
    *,
    over: bool = False,
    bot: bool = False,
    seen: float | None = None,
) -> None:
    """This device is connected to the invitation's table now — or was last `seen`
    connected then — (and the game has ended, if `over`; a bot plays the seat, if `bot`):
    it goes first in the list, keeping when it was first joined."""
    if not saves.lasting:
        return  # an embedded page keeps nothing
    now = saves.clock() if seen is None else seen
    before = joined_table(saves, invitation.table)
    entry = JoinedTable(
        table=invitation.table,
        game=invitation.game,
        host=invitation.host_name,
        seat=invitation.seat,
        name=invitation.seat_name,
        joined=min(before.joined, now) if before is not None else now,
        seen=now,
        over=over,
        bot=bot,
        dismissed=before.dismissed if before is not None else 0,
    )
    others = [t for t in joined_tables(saves) if t.table != invitation.table]
    _store(saves, [entry, *others])


def forget(saves: Saves, table: str) -> None:
    """Drop `table` from the list (the others stay as they are)."""
    tables = joined_tables(saves)
    if any(t.table == table for t in tables):
        _store(saves, [t for t in tables if t.table != table])


def dismissed(saves: Saves, table: str, guest: object) -> None:
    """Give a `Dismissing` seat of `table` what its player dismissed there before."""
    known = joined_table(saves, table)
    if isinstance(guest, Dismissing):
        guest.dismissed = known.dismissed if known is not None else 0


def keep_dismissed(saves: Saves, table: str, guest: object, mark: int | None = None) -> None:
    """Keep what a `Dismissing` seat's player has dismissed at `table` (or `mark`: 0 for
    a new game at the table), if this device remembers the table."""
    mark = mark if mark is not None else guest.dismissed if isinstance(guest, Dismissing) else 0
    tables = joined_tables(saves)
    known = next((t for t in tables if t.table == table), None)
    if known is not None and known.dismissed != mark and 0 <= mark < 2**31:
        _store(saves, [replace(t, dismissed=mark) if t is known else t for t in tables])
