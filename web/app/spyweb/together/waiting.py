"""A friend's moves on their way to a host's table, kept on the friend's device until the
host answers them (issue 47: a move sent as the connection dropped was forgotten when
the tab closed, or when the friend joined another table in it).

Each is kept by table: the invitation's public facts (the table's id, the host's name,
the game) and the move as `Joined` sent it (`Sent`: its id, the move it was chosen at,
the action). Back at that table, from any tab, the move is sent again with the same id,
so the host plays it once or says why not; at another table, the page says it waits.
They are one preference, `together-waiting`: a JSON list of at most `KEEP` entries.

A stored value that is damaged or was edited by hand costs nothing but itself: an entry
that is not exactly right is left out (the host checks every move it is sent anyway).

>>> from spyweb.browser.store import MemoryStorage, Saves
>>> from spyweb.together.invite import Invitation
>>> saves = Saves(MemoryStorage())
>>> ana = Invitation("v=0", "abcdefgh12345678", 1, "espionage", "Ana", "Ben")
>>> keep(saves, ana, Sent(7, 3, {"type": "call"}))
>>> waiting(saves, "abcdefgh12345678")
Sent(id=7, n=3, action={'type': 'call'})
>>> [(w.host, w.game) for w in elsewhere(saves, "zzzzzzzz12345678")]
[('Ana', 'espionage')]
>>> keep(saves, ana, None)
>>> waiting(saves, "abcdefgh12345678") is None
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import spygames

from ..browser.store import Saves
from .invite import MAX_NAME, Invitation
from .joined import UNDO, Sent
from .wire import is_table_id

PREF = "together-waiting"
KEEP = 5  # tables with a move on its way: more is not one device's play
MAX_STORED = 20_000  # characters: an action is a small dict; more is not ours


@dataclass(frozen=True)
class Waiting:
    table: str
    host: str
    game: str
    sent: Sent


def _entry(data: Any) -> Waiting | None:
    """One stored entry, if it is exactly one."""
    if not isinstance(data, dict) or set(data) != {"table", "host", "game", "id", "n", "action"}:
        return None
    table, host, game = data["table"], data["host"], data["game"]
    number, n, action = data["id"], data["n"], data["action"]
    if not (isinstance(table, str) and is_table_id(table) and game in spygames.GAMES):
        return None
    if not (isinstance(host, str) and 0 < len(host) <= MAX_NAME and isinstance(action, dict)):
        return None
    if not all(type(x) is int and -1 <= x < 2**53 for x in (number, n)) or number < 1:
        return None
    return Waiting(table, host, game, Sent(number, n, UNDO if action == UNDO else action))


def _all(saves: Saves) -> list[Waiting]:
    entries = [_entry(item) for item in saves.pref_list(PREF, MAX_STORED)[:KEEP]]
    return [e for e in entries if e is not None]


def waiting(saves: Saves, table: str) -> Sent | None:
    """This device's move on its way to `table`, if one is."""
    return next((w.sent for w in _all(saves) if w.table == table), None)


def elsewhere(saves: Saves, table: str) -> list[Waiting]:
    """The moves on their way to tables other than `table`."""
    return [w for w in _all(saves) if w.table != table]


def keep(saves: Saves, invitation: Invitation, sent: Sent | None) -> None:
    """The move now on its way to the invitation's table (None: it was answered)."""
    others = elsewhere(saves, invitation.table)
    if sent is not None:
        others.insert(0, Waiting(invitation.table, invitation.host_name, invitation.game, sent))
    entries = [
        {"table": w.table, "host": w.host, "game": w.game, "id": w.sent.id, "n": w.sent.n,
         "action": w.sent.action}
        for w in others[:KEEP]
    ]  # fmt: skip
    if entries:
        saves.set_pref(PREF, json.dumps(entries, separators=(",", ":")), quiet=True)
    else:
        saves.remove_pref(PREF)
