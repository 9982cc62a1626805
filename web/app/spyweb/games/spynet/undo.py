"""Undo at the SpyNet table: exactly what the engine allows the one person at it.

The engine decides (`State.undo_point`, DESIGN.md "Every game — Undo"): one step back at a
time, only steps of your own turn that showed you nothing — deploying, an agent with its
funding, a mission, a card passed, an effect that moved only cards in sight — never back
across a look at a pile, a draw or a discard. The table replays the record to there
(`spygames.replay(record, upto=k)`). With two or more people at the table (pass and
play) Undo is not offered, as in Espionage: one person's undo could take back what
another has seen.
"""

from __future__ import annotations

from spygames.i18n import _

from ...browser.markup import esc
from ...tables.seats import is_you
from ...tables.tabletools import LogEntry, undo_button
from .scene import UndoAt


def undo_html(point: UndoAt | None, before: str = "") -> str:
    """The Undo button (key U) under the turn's panel; off, with the engine's reason.
    `before`: other helpers in the same row (the Hint); no point: no Undo."""
    if point is None:
        label = _("Help")
        return f'<div class="sn-helpers" role="group" aria-label="{esc(label)}">{before}</div>'
    reason = point.reason if point.upto is None else None
    label = _("Take back")
    return (
        f'<div class="sn-helpers" role="group" aria-label="{esc(label)}">'
        + before
        + undo_button("sn", reason, class_="btn btn-quiet btn-small", why_tag="p")
        + "</div>"
    )


def with_undo(panel: str, point: UndoAt | None, before: str = "", after: str = "") -> str:
    """The turn's panel (a `<section>`) with the helpers' row at its foot: `before` it
    the Hint button, Undo (when `point` is given), then `after` (the hint itself)."""
    row = undo_html(point, before) + after
    end = "</section>"
    if not panel.endswith(end):
        return panel + row
    return panel[: -len(end)] + row + end


def undone(name: str, lines: list[LogEntry]) -> LogEntry:
    """ "You took back a step (played a mission face down in Field Ops)" for the log,
    from the log's own words for the step taken back."""
    step = lines[0].text if lines else ""
    if step.startswith(name + " "):
        step = step[len(name) + 1 :]
    if is_you(name):
        text = (
            # translators: {step} is the log's line for the step, without its player's name
            _("You took back your last step ({step})", step=step)
            if step
            else _("You took back your last step")
        )
    else:
        text = (
            # translators: {step} is the log's line for the step, without its player's name
            _("{name} took back their last step ({step})", name=name, step=step)
            if step
            else _("{name} took back their last step", name=name)
        )
    return LogEntry("undone", text)
