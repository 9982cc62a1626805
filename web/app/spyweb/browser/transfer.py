"""Saves as files: export one game or all of them, and import them in another browser.

The file is `{"spygames": "saves", "format": 1, "engine", "exported", "saves": [slot]}`
(each slot as stored: id, game, dates, record, summary). A bare record (the engine's
save format) imports too. A file is checked whole before anything is stored: a bad,
newer or foreign file is refused with the reason and nothing changes.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import spygames
from spygames.i18n import _

from .slots import said
from .store import Saves, Slot, as_number, moves_text, new_slot_id, record_problem

KIND = "saves"
FORMAT = 1
MAX_BYTES = 2_000_000
MAX_SAVES = 200


class BadFile(ValueError):
    """A file that cannot be imported; the message says why, in a player's words (in the
    language in use: `message`, a `Msg`, as given)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def export_text(slots: list[Slot], exported: float) -> str:
    data = {
        "spygames": KIND,
        "format": FORMAT,
        "engine": spygames.__version__,
        "exported": exported,
        "saves": [s.data() for s in slots if s.record is not None],
    }
    return json.dumps(data, indent=1)


def file_name(what: str, when: float) -> str:
    day = time.strftime("%Y-%m-%d", time.gmtime(when))
    return f"spygames-{what}-{day}.json"


@dataclass
class Incoming:
    """What a file would add: new slots, and slots that would replace stored ones."""

    new: list[Slot] = field(default_factory=list)
    replacing: list[Slot] = field(default_factory=list)  # same id, different game state
    same: int = 0  # already here, unchanged


def read(text: str, saves: Saves) -> Incoming:
    """Check a whole file; BadFile (nothing stored) when any of it is wrong."""
    if len(text) > MAX_BYTES:
        raise BadFile(_("This file is too big to be a spygames save."))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadFile(_("This file is not a spygames save: it is not readable JSON.")) from exc
    if isinstance(data, dict) and "actions" in data and "game" in data:
        entries: list[Any] = [{"record": data}]  # a bare record
    elif isinstance(data, dict) and data.get("spygames") == KIND:
        made = data.get("format")
        if type(made) is int and made > FORMAT:
            raise BadFile(
                _(
                    "This file was made by a newer version of spygames: update the app "
                    "(reload the page) and import it again."
                )
            )
        if type(made) is not int or made != FORMAT:  # not 0, 1.0, True or "1": the number
            raise BadFile(
                # translators: {found} is what the file gives as its format (a number, text…)
                _(
                    "This file is damaged: its format is {found}, where a spygames save file "
                    "says {format}.",
                    found=json.dumps(made)[:20],
                    format=FORMAT,
                )
            )
        listed = data.get("saves")
        entries = listed if isinstance(listed, list) else []
        if not entries:
            raise BadFile(_("This spygames file holds no games."))
    else:
        raise BadFile(_("This file is not a spygames save."))
    if len(entries) > MAX_SAVES:
        raise BadFile(
            _("This file holds more than {n} games; export fewer at a time.", n=MAX_SAVES)
        )
    incoming = Incoming()
    for number, entry in enumerate(entries, 1):
        slot = _slot(entry, number)
        stored = saves.slot(slot.id)
        if stored is None:
            incoming.new.append(slot)
        elif stored.record == slot.record:
            incoming.same += 1
        else:
            incoming.replacing.append(slot)
    return incoming


def _slot(entry: Any, number: int) -> Slot:
    if not isinstance(entry, dict) or not isinstance(entry.get("record"), dict):
        raise BadFile(
            _(
                "This file is damaged: game {number} in the file holds no game record.",
                number=number,
            )
        )
    record = entry["record"]
    game = record.get("game")
    if not isinstance(game, str) or game not in spygames.GAMES:
        raise BadFile(
            # translators: {game} is the game id the file names, quoted
            _(
                "This file is damaged: game {number} in the file is of an unknown game ({game}).",
                number=number,
                game=repr(game),
            )
        )
    problem = record_problem(record)
    if problem is not None:
        raise BadFile(
            # translators: {problem} says why the game cannot be replayed
            _(
                "This file is damaged: game {number} in the file cannot be replayed ({problem}).",
                number=number,
                problem=problem,
            )
        )
    slot_id = entry.get("id")
    if not (isinstance(slot_id, str) and slot_id.startswith(f"{game}-") and len(slot_id) < 80):
        slot_id = new_slot_id(str(game))
    state = spygames.replay(record)
    summary = said(entry.get("summary"))  # its words said here, a field that is no message left out
    summary["over"] = state.is_over  # the record decides, not the file's words
    summary.setdefault("progress", moves_text(len(state.actions)))
    return Slot(
        slot_id,
        str(game),
        "",
        record=record,
        summary=summary,
        created=as_number(entry.get("created")),
        updated=as_number(entry.get("updated")),
        counted=True,  # its result was counted where it was played
    )


def store(incoming: Incoming, saves: Saves, *, replace: bool) -> int:
    """Store what `read` found (replacing stored games only when asked); how many."""
    stored = 0
    for slot in incoming.new + (incoming.replacing if replace else []):
        if saves.put(slot):
            stored += 1
    return stored
