"""Undo, for a table with exactly one person: what the engine allows that person.

The engine decides how far back a seat may go (`State.undo_point`, DESIGN.md "Every game
— Undo"): here, just before the person's last decision, never past a showdown. Undo
replays the record up to there (`spygames.replay(record, upto=k)`), so the bots' bids
since then are taken back too; when the engine allows nothing, the button is off with
its reason on show. With two or more people at the table (pass and play) it is not
offered at all: one person's undo would take back another's move.

`take_back` gives the table the game and the log as they are after the undo; the table
puts them in place. The button is drawn from the table's scene.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import spygames
from spygames.espionage.cards import bid_words
from spygames.i18n import _, ngettext

from ...tables.seats import is_you
from ...tables.tabletools import LogEntry, undo_button
from .scene import Scene


def undo_point(state: spygames.State, humans: list[int]) -> spygames.UndoPoint:
    """How far back the one person at the table may go (nowhere with more people)."""
    if len(humans) != 1:
        # translators: why Undo is off (with more than one person at the table)
        return spygames.UndoPoint(None, _("there is nothing to undo"))
    return state.undo_point(humans[0])


def take_back(
    state: spygames.State, log: list[LogEntry], upto: int, name: Callable[[int], str], seat: int
) -> tuple[spygames.State, list[LogEntry]]:
    """The game replayed to just before action `upto`, and the log without the bids
    taken back, saying what `seat` undid."""
    record = state.record()
    taken = record["actions"][upto:]
    kept = list(log)
    # The log loses the bids taken back (one entry each: no showdown came since)...
    drop = len(taken)
    while drop and kept:
        if kept.pop().kind == "bid":
            drop -= 1
    # ...and says what was undone.
    kept.append(LogEntry("undone", note(taken, name, seat)))
    return spygames.replay(record, upto=upto), kept


def note(taken: list[dict[str, Any]], name: Callable[[int], str], seat: int) -> str:
    """ "You took back your bid: at least 3 Hackers → Vesper (and 2 bids after it)"."""
    who = name(seat)
    first = taken[0]
    bid, to = bid_words(first["count"], first["attribute"]), name(first["next"])
    after = len(taken) - 1
    you = is_you(who)
    if not after:
        if you:
            return _("You took back your bid: at least {bid} → {next}", bid=bid, next=to)
        return _("{name} took back their bid: at least {bid} → {next}", name=who, bid=bid, next=to)
    if you:
        # translators: {n} is how many bids the others made after yours, taken back too
        return ngettext(
            "You took back your bid: at least {bid} → {next} (and the bid after it)",
            "You took back your bid: at least {bid} → {next} (and the {n} bids after it)",
            after,
            bid=bid,
            next=to,
        )
    # translators: {n} is how many bids the others made after theirs, taken back too
    return ngettext(
        "{name} took back their bid: at least {bid} → {next} (and the bid after it)",
        "{name} took back their bid: at least {bid} → {next} (and the {n} bids after it)",
        after,
        name=who,
        bid=bid,
        next=to,
    )


def undo_html(scene: Scene) -> str:
    """The Undo button, off with the engine's reason when there is nothing to undo."""
    if not scene.undo:
        return ""
    return undo_button("esp", scene.refusals.get("undo"))
