"""Undo, for a table with exactly one person: what the engine allows that person.

The engine decides how far back a seat may go (`State.undo_point`, DESIGN.md "Every game
— Undo"): here, just before the person's last decision, never past a showdown. Undo
replays the record up to there (`spygames.replay(record, upto=k)`), so the bots' bids
since then are taken back too; when the engine allows nothing, the button is off with
its reason on show. With two or more people at the table (pass and play) it is not
offered at all: one person's undo would take back another's move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import spygames
from spygames.espionage.cards import bid_words

from ..markup import attrs, esc

if TYPE_CHECKING:
    from .table import EspionageTable


class Undo:
    """The table's Undo button and what it does."""

    def __init__(self, table: EspionageTable) -> None:
        self.table = table

    @property
    def offered(self) -> bool:
        return self.table.state is not None and len(self.table.humans) == 1

    def point(self) -> spygames.UndoPoint:
        state = self.table.state
        if state is None or not self.offered:
            return spygames.UndoPoint(None, "there is nothing to undo")
        return state.undo_point(self.table.humans[0])

    def run(self) -> None:
        table, state = self.table, self.table.state
        if state is None or not self.offered:
            return
        point = self.point()
        if point.upto is None:
            table.ctx.refuse(f"Nothing to undo: {point.reason}.")
            return
        record = state.record()
        taken = record["actions"][point.upto :]
        table.state = spygames.replay(record, upto=point.upto)
        # The log loses the bids taken back (one entry each: no showdown came since)...
        drop = len(taken)
        while drop and table.log:
            if table.log.pop().kind == "bid":
                drop -= 1
        # ...and says what was undone.
        from ..tabletools import LogEntry

        table.log.append(LogEntry("undone", self.note(taken)))
        table.sel = {"count": 0, "attribute": None, "next": None}
        table.hints.clear()
        table._save()

    def note(self, taken: list[dict[str, Any]]) -> str:
        """ "You took back your bid: at least 3 Hackers → Vesper (and 2 bids after it)"."""
        name = self.table.name(self.table.humans[0])
        first = taken[0]
        text = (
            f"{name} took back {'your' if name == 'You' else 'their'} bid: at least "
            f"{bid_words(first['count'], first['attribute'])} → {self.table.name(first['next'])}"
        )
        after = len(taken) - 1
        if after:
            text += f" (and the {'bid' if after == 1 else f'{after} bids'} after it)"
        return text

    def html(self) -> str:
        if not self.offered:
            return ""
        point = self.point()
        why = ""
        if point.upto is None:
            why = (
                f'<span class="esp-why" id="esp-undo-why">Undo is off: {esc(point.reason)}.</span>'
            )
        return (
            "<button"
            + attrs(
                type="button",
                class_="btn btn-quiet",
                data_act="undo",
                id="esp-undo",
                aria_keyshortcuts="U",
                aria_describedby="esp-undo-why" if why else None,
                disabled=point.upto is None,
            )
            + '>Undo <span class="kbd" aria-hidden="true">U</span></button>'
            + why
        )
