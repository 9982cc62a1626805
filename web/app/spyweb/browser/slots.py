"""One stored game, a `Slot`, and how a stored one is read back (spyweb/browser/store.py
keeps them; its docstring gives the stored form).

A stored slot is read without trusting it: every field is checked (`as_number`,
`as_count`, `as_key`) and the record replayed (`record_problem`), and a slot that does not
replay is kept with the reason in a player's words (`problem`: damaged, or stored by an
older or newer spygames) beside the engine's own (`reason`). Reading never raises.

A summary's words ("Round 3", "You, Agent Lynx (hard)", "Ann won") are kept as what they
are made of (`spygames.i18n.data`) and said when read (`said`), so the Saved games list
speaks the language in use, not the one the game was saved in.
"""

from __future__ import annotations

import json
import math
import secrets
from dataclasses import dataclass
from typing import Any

import spygames
from spygames import i18n
from spygames.i18n import _, ngettext

Summary = dict[str, Any]


@dataclass
class Slot:
    """One stored game as the Saved games list shows it. `problem` says in a player's
    words why a damaged slot cannot be played (then `record` may be None and `raw` is
    what is stored)."""

    id: str
    game: str
    raw: str
    record: dict[str, Any] | None = None
    summary: Summary | None = None
    created: float = 0.0
    updated: float = 0.0
    counted: bool = False
    problem: str | None = None
    reason: str | None = None  # the engine's own words for a damaged slot
    engine: str = ""  # the spygames version that stored it ("" when unknown)
    writes: int = 0
    bots: int | None = None  # the key of the game's bots' seeds (None: not kept yet)

    @property
    def over(self) -> bool:
        return bool((self.summary or {}).get("over"))

    @property
    def moves(self) -> int:
        return len(self.record["actions"]) if self.record else 0

    @property
    def in_progress(self) -> bool:
        """A game a player could lose: readable, not finished, at least one move made."""
        return self.problem is None and not self.over and self.moves > 0

    def data(self) -> dict[str, Any]:
        """The stored JSON form (the export format's entries)."""
        return {
            "id": self.id,
            "game": self.game,
            "created": self.created,
            "updated": self.updated,
            "engine": spygames.__version__,
            "writes": self.writes,
            "record": self.record,
            "summary": i18n.data(self.summary or {}),
            "counted": self.counted,
            **({} if self.bots is None else {"bots": self.bots}),
        }


def said(summary: Any) -> Summary:
    """A stored summary with its words said in the language in use. A field that is not
    a message this version can say (a tampered save, one a newer spygames wrote) is left
    out: the game and its other fields are kept. Older saves hold plain text: kept as is.

    >>> said({"over": False, "progress": {"i18n": [None, "Round {round}", None, None],
    ...       "args": {"round": 2}}, "players": {"i18n": "?"}})
    {'over': False, 'progress': 'Round 2'}
    """
    if not isinstance(summary, dict):
        return {}
    out: Summary = {}
    for key, value in summary.items():
        try:
            out[key] = i18n.revive(value)
        except (ValueError, RecursionError):
            continue
    return out


def moves_text(n: int) -> str:
    """ "1 move", "12 moves": a game's progress as its summary says it."""
    return ngettext("{n} move", "{n} moves", n)


def new_slot_id(game_id: str) -> str:
    return f"{game_id}-{secrets.token_hex(5)}"


def record_problem(record: Any, game_id: str | None = None) -> str | None:
    """None when `record` replays (as a game of `game_id`, if given), else why not."""
    if not isinstance(record, dict):
        return _("it holds no game record")
    if game_id is not None and record.get("game") != game_id:
        # translators: {other} is the game id the record names, quoted; {game} a game's id
        return _(
            "it is a record of {other}, not of {game}", other=repr(record.get("game")), game=game_id
        )
    try:
        spygames.replay(record)
    except (spygames.SpyGamesError, RecursionError) as exc:
        return str(exc)
    return None


def parse_slot(slot_id: str, raw: str) -> Slot:
    """A stored slot, with `problem` set when it cannot be played (never raises)."""
    game = slot_id.rsplit("-", 1)[0]
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return Slot(slot_id, game, raw, problem=_("The saved data is damaged and can't be read."))
    if not isinstance(data, dict) or not isinstance(data.get("record"), dict):
        return Slot(slot_id, game, raw, problem=_("The saved data holds no game."))
    record = data["record"]
    summary = data.get("summary")
    engine = data.get("engine")
    slot = Slot(
        slot_id,
        str(record.get("game", game)),
        raw,
        record=record,
        summary=said(summary),
        created=as_number(data.get("created")),
        updated=as_number(data.get("updated")),
        counted=data.get("counted") is True,
        engine=engine if isinstance(engine, str) else "",
        writes=as_count(data.get("writes")),
        bots=as_key(data.get("bots")),
    )
    slot.reason = record_problem(record)
    if slot.reason is not None:
        slot.problem = version_problem(slot.engine, slot.reason)
    return slot


def version_key(version: str) -> tuple[int, ...] | None:
    """`"0.10.2"` -> (0, 10, 2); None when it is not a plain dotted version."""
    parts = version.split(".")
    return tuple(int(p) for p in parts) if all(p.isdigit() for p in parts) else None


def version_problem(engine: str, reason: str) -> str:
    """Why a save that no longer replays can't be continued, by who stored it, with
    the engine's own reason after it."""
    ours, theirs = version_key(spygames.__version__), version_key(engine)
    if ours is None or theirs is None or theirs == ours:  # "" and "dev" read as None
        # translators: {reason} is the engine's reason, in its own words
        return _("This save is damaged and can't be continued ({reason}).", reason=reason)
    if theirs < ours:
        # translators: {version} is a version number ("0.9.1"); {reason} the engine's reason
        return _(
            "It was saved by an older version of spygames ({version}) "
            "and can't be continued ({reason}).",
            version=engine,
            reason=reason,
        )
    # translators: {version} is a version number ("0.9.1"); {reason} the engine's reason
    return _(
        "It was saved by a newer version of spygames ({version}) and can't be continued "
        "here ({reason}); reload the page to update spygames.",
        version=engine,
        reason=reason,
    )


def as_number(value: Any) -> float:
    """A stored date as a number; 0 for anything else (a huge int, NaN, text)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return 0.0
    try:
        number = float(value)
    except OverflowError:
        return 0.0
    return number if math.isfinite(number) else 0.0


def as_count(value: Any) -> int:
    """A stored count; 0 for anything else (a float, `Infinity`, text)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def as_key(value: Any) -> int | None:
    """A stored bots' key (a whole number below `BOTS_KEYS`), else None (a new one is
    drawn: the game's bots then think differently; its moves are the record's)."""
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < BOTS_KEYS
    return value if ok else None


BOTS_KEYS = 2**53  # a bots' key is below this: exact in JSON read by JavaScript too
