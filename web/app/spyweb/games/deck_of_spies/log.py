"""The move log beside the table: each move's turn and what it did, latest first."""

from __future__ import annotations

from typing import Any

from spygames.i18n import _, full_stop

from ...browser.markup import attrs, esc
from .scene import LogLine, Scene

SHOWN = 60  # the moves the log keeps on the page


def sentence(text: str) -> str:
    """The engine's words as a sentence (no double stop).

    >>> sentence("drew 3♠")
    'Drew 3♠.'
    >>> sentence("you won!")
    'You won!'
    """
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return full_stop(text)


def log_lines(log: list[dict[str, Any]]) -> tuple[LogLine, ...]:
    """The latest moves of the table's log that say something, oldest first."""
    lines = []
    for n in range(max(0, len(log) - SHOWN), len(log)):
        entry = log[n]
        texts = tuple(t for t in (str(e.get("text", "")) for e in entry["events"]) if t)
        if texts:
            lines.append(LogLine(int(entry["turn"]), str(entry["kind"]), texts, n))
    return tuple(lines)


def move_log(scene: Scene) -> str:
    items = []
    for line in reversed(scene.log):
        main, rest = line.texts[0], line.texts[1:]
        sub = "".join(f' <span class="dos-log-sub">{esc(sentence(t))}</span>' for t in rest)
        # translators: the turn a move was made in, short ("T3": turn 3)
        turn = _("T{turn}", turn=line.turn)
        items.append(
            f'<li class="log-{esc(line.kind)}" data-n="{line.n}"><span class="dos-log-turn">'
            f"{turn}</span> <span>{esc(sentence(main))}{sub}</span></li>"
        )
    return (
        '<section class="dos-log" role="log"'
        + attrs(aria_label=_("Move log"))
        + "><h2>"
        + _('Log <span class="dos-note">latest first</span>')
        + '</h2><ol class="dos-log-list" tabindex="0"'
        + attrs(aria_label=_("Moves, newest first"))
        + f">{''.join(items)}</ol></section>"
    )
