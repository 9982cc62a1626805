"""Undo, for a table with exactly one person: back to just before their last decision.

It replays the record up to that decision (`spygames.replay(record, upto=k)`), so the
bots' bids since then are taken back too. It never goes back past a showdown: once a
call or a spot has shown every hand, taking a move back would let the person play again
knowing the cards, so Undo is off with the reason on show. With two or more people at
the table (pass and play) it is not offered at all: one person's undo would take back
another's move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import spygames
from spygames.espionage.cards import bid_words

from ..markup import attrs, esc

if TYPE_CHECKING:
    from .table import EspionageTable

SHOWN_SINCE = "the hands have been shown since"
NOTHING_YET = "you have made no move yet"


@dataclass(frozen=True)
class UndoPoint:
    """Where Undo goes back to (`upto` actions kept), or why it cannot."""

    upto: int | None
    reason: str | None = None


def movers(record: dict[str, Any]) -> list[int]:
    """The seat that made each action of the record."""
    state = spygames.replay(record, upto=0)
    seats = []
    for action in record["actions"]:
        seats.append(state.to_play[0])
        state.apply(action)
    return seats


def undo_point(actions: list[dict[str, Any]], seats: list[int], person: int) -> UndoPoint:
    """Just before `person`'s last decision, unless a call or spot came at or after it."""
    last = max((i for i, seat in enumerate(seats) if seat == person), default=None)
    if last is None:
        return UndoPoint(None, NOTHING_YET)
    if any(action["type"] in ("call", "spot") for action in actions[last:]):
        return UndoPoint(None, SHOWN_SINCE)
    return UndoPoint(last)


class Undo:
    """The table's Undo button and what it does."""

    def __init__(self, table: EspionageTable) -> None:
        self.table = table
        self._seats: tuple[spygames.State, int, list[int]] | None = None  # cache

    @property
    def offered(self) -> bool:
        return self.table.state is not None and len(self.table.humans) == 1

    def _movers(self, state: spygames.State) -> list[int]:
        count = len(state.actions)
        cached = self._seats
        if cached is None or cached[0] is not state or cached[1] != count:
            cached = (state, count, movers(state.record()))
            self._seats = cached
        return cached[2]

    def point(self) -> UndoPoint:
        state = self.table.state
        if state is None or not self.offered:
            return UndoPoint(None, "there is nothing to undo")
        if state.is_over:
            return UndoPoint(None, "the game is over")
        return undo_point(state.actions, self._movers(state), self.table.humans[0])

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
