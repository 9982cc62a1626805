"""Since your turn: at the top of the table, one line per other seat saying what it did
since the viewer's last turn (from the public log's own words), and the viewer's stars
as far as the viewer may know them (its own missions, played and in hand; a partner's
face-down missions only counted, as the rules hide them — DESIGN.md).

The table keeps one `Move` per action (whose turn it was, who acted, the log lines it
wrote); nothing here reads a hidden card: the lines are the public log's, the stars come
from the viewer's own view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

import spygames
from spygames.spynet.views import SpyNetView

from ...browser.markup import esc
from ...tables.tabletools import LogEntry
from .log import Narrator, Who
from .model import CARD

QUIET = frozenset({"recruit", "deploy", "end_turn"})
"""Steps that say nothing on their own in the strip (what follows them does)."""
SKIPPED = frozenset({"turn", "final", "end", "undone"})
"""Log kinds the strip leaves to the log: turn headers, the end, an undo."""


@dataclass(frozen=True)
class Move:
    """One action as the strip reads it: whose turn it was, its type, the log's lines."""

    turn: int
    kind: str
    lines: tuple[str, ...] = field(default=())

    @classmethod
    def of(cls, turn: int, action: dict[str, Any], entries: list[LogEntry]) -> Move:
        return cls(
            turn, str(action["type"]), tuple(e.text for e in entries if e.kind not in SKIPPED)
        )


def replay_log(record: dict[str, Any], who: Who) -> tuple[list[LogEntry], list[Move]]:
    """The public log of a record from its start, and its moves for the strip."""
    narrator = Narrator(who)
    log = narrator.opening(spygames.replay(record, upto=0))
    moves = []
    for step in spygames.steps(record):
        lines = narrator.entries(cast(SpyNetView, step.before), step.actor, step.action, step.state)
        log.extend(lines)
        moves.append(Move.of(step.before["turn"], step.action, lines))
    return log, moves


def since(moves: list[Move], viewer: int, turn: int) -> list[Move]:
    """The moves since `viewer`'s last turn ended: on its own turn, what came before it
    (its own steps so far left out); otherwise everything after its last turn."""
    end = len(moves)
    if turn == viewer:
        while end and moves[end - 1].turn == viewer:
            end -= 1
    start = end
    while start and moves[start - 1].turn != viewer:
        start -= 1
    return moves[start:end]


def _phrase(line: str, name: str) -> str:
    return line[len(name) + 1 :] if line.startswith(name + " ") else line


def seat_lines(moves: list[Move], who: Who, viewer: int) -> list[tuple[int, str]]:
    """(seat, what it did) for each other seat that played since, in play order."""
    did: dict[int, list[str]] = {}
    for move in moves:
        if move.turn == viewer:
            continue
        said = did.setdefault(move.turn, [])
        if move.kind == "deploy":
            said.append("deployed")
        if move.kind == "pass_on":  # a pile returned says little; the deck's cards do
            said += [
                _phrase(line, who.name(move.turn)).partition(" and ")[2]
                for line in move.lines
                if " and took " in line
            ]
        elif move.kind not in QUIET:
            said += [_phrase(line, who.name(move.turn)) for line in move.lines]
    out = []
    for seat, said in did.items():
        if said and said[-1] == "deployed":
            said[-1] = "deployed nothing"
        text = "; ".join(p for p in said if p != "deployed")
        out.append((seat, text or "no move yet"))
    return out


def _stars(cards: list[str]) -> int:
    return sum(int(CARD[c]["stars"]) for c in cards)


def stars_text(view: SpyNetView, who: Who) -> str:
    """ "Your stars: 4 played (+3 in hand)", and at 4 players the partner's: its
    missions' stars where the viewer sees them, else how many lie face down."""
    seat = view["seat"]
    own = [m for ms in view["tableaus"][seat]["missions"].values() for m in ms if m]
    held = [c for c in view["hand"] if CARD[c]["kind"] == "mission"]
    text = f"Your stars: {_stars(own)} played"
    if held:
        text += f" (+{_stars(held)} in hand)"
    mate = view["teammate"]
    if mate is not None:
        theirs = [m for ms in view["tableaus"][mate]["missions"].values() for m in ms]
        seen = [m for m in theirs if m]
        hidden = len(theirs) - len(seen)
        parts = [f"{_stars(seen)}★"] if seen else []
        if hidden or not seen:
            parts.append(f"{hidden} face down")
        text += f" · {who.name(mate)}: {' + '.join(parts)}"
    return text


def since_html(moves: list[Move], view: SpyNetView, who: Who) -> str:
    """The strip: one line per other seat, then the stars."""
    seat = view["seat"]
    lines = seat_lines(since(moves, seat, view["turn"]), who, seat)
    items = "".join(  # focusable: a tap or Tab opens a line cut short on a phone, where
        # the page marks it (data-cut) and "more" shows beside it
        f'<li tabindex="0" data-may-cut title="{esc(who.name(s))}: {esc(text)}">'
        f'<span class="sn-since-text"><b>{esc(who.name(s))}</b> {esc(text)}</span>'
        '<span class="sn-since-more" aria-hidden="true">more</span></li>'
        for s, text in lines
    )
    if not items:
        items = '<li class="sn-since-none">Nothing yet since your turn.</li>'
    return (
        '<section class="sn-since" id="sn-since" aria-label="Since your turn">'
        '<h2 class="sn-since-title">Since your turn</h2>'
        f'<ul class="sn-since-list">{items}</ul>'
        f'<p class="sn-stars" id="sn-stars">{esc(stars_text(view, who))}</p></section>'
    )
