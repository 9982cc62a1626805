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
from spygames.i18n import Msg, _
from spygames.spynet.views import SpyNetView

from ...browser.markup import esc
from ...tables.tabletools import LogEntry
from .log import Narrator
from .model import CARD
from .who import Who

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
    """A log line without the name it begins with: what the seat did."""
    return line[len(name) + 1 :] if line.startswith(name + " ") else line


def _drew(line: str) -> bool:
    """A pile returned with cards drawn from the deck after it (`Narrator.entries`)."""
    if isinstance(line, Msg):
        return "drawn" in line.args
    return " and took " in line


def _drawn(line: str, name: str) -> str:
    """ "took 2 cards from the deck": what a pile returned brought (`_drew`)."""
    if isinstance(line, Msg):
        # translators: what a player did since your turn; {cards}: "2 cards"
        return _("took {cards} from the deck", cards=line.args["drawn"])
    return _phrase(line, name).partition(" and ")[2]


def _then(parts: list[str]) -> str:
    """What one seat did, each step after the last: "recruited; took pile 1 (2 cards)"."""
    out = parts[0] if parts else ""
    for part in parts[1:]:
        # translators: two things a player did, one after the other
        out = _("{a}; {b}", a=out, b=part)
    return out


def seat_lines(moves: list[Move], who: Who, viewer: int) -> list[tuple[int, str]]:
    """(seat, what it did) for each other seat that played since, in play order."""
    did: dict[int, list[str | None]] = {}  # None: a deploy, which says nothing on its own
    for move in moves:
        if move.turn == viewer:
            continue
        said = did.setdefault(move.turn, [])
        name = who.name(move.turn)
        if move.kind == "deploy":
            said.append(None)
        if move.kind == "pass_on":  # a pile returned says little; the deck's cards do
            said += [_drawn(line, name) for line in move.lines if _drew(line)]
        elif move.kind not in QUIET:
            said += [_phrase(line, name) for line in move.lines]
    out = []
    for seat, said in did.items():
        parts = [p for p in said if p is not None]
        if said and said[-1] is None:
            parts.append(_("deployed nothing"))
        out.append((seat, _then(parts) or _("no move yet")))
    return out


def _stars(cards: list[str]) -> int:
    return sum(int(CARD[c]["stars"]) for c in cards)


def stars_text(view: SpyNetView, who: Who) -> str:
    """ "Your stars: 4 played (+3 in hand)", and at 4 players the partner's: its
    missions' stars where the viewer sees them, else how many lie face down."""
    seat = view["seat"]
    own = [m for ms in view["tableaus"][seat]["missions"].values() for m in ms if m]
    held = [c for c in view["hand"] if CARD[c]["kind"] == "mission"]
    text = (
        _("Your stars: {played} played (+{held} in hand)", played=_stars(own), held=_stars(held))
        if held
        else _("Your stars: {played} played", played=_stars(own))
    )
    mate = view["teammate"]
    if mate is None:
        return text
    theirs = [m for ms in view["tableaus"][mate]["missions"].values() for m in ms]
    seen = [m for m in theirs if m]
    hidden = len(theirs) - len(seen)
    name = who.name(mate)
    if seen and hidden:
        # translators: your stars, then your partner's: stars seen, missions face down
        return _(
            "{yours} · {name}: {stars}★ + {hidden} face down",
            yours=text,
            name=name,
            stars=_stars(seen),
            hidden=hidden,
        )
    if seen:
        # translators: your stars, then your partner's missions' stars
        return _("{yours} · {name}: {stars}★", yours=text, name=name, stars=_stars(seen))
    # translators: your stars, then how many missions your partner has face down
    return _("{yours} · {name}: {hidden} face down", yours=text, name=name, hidden=hidden)


def since_html(moves: list[Move], view: SpyNetView, who: Who) -> str:
    """The strip: one line per other seat, then the stars."""
    seat = view["seat"]
    lines = seat_lines(since(moves, seat, view["turn"]), who, seat)
    more = esc(_("more"))
    rows = []
    for s, text in lines:
        name = who.name(s)
        whole = _("{name}: {did}", name=name, did=text)
        # translators: a player's name (in bold) and what they did since your turn
        shown = _("<b>{name}</b> {did}", name=esc(name), did=esc(text))
        # focusable: a tap or Tab opens a line cut short on a phone, where the page marks
        # it (data-cut) and "more" shows beside it
        rows.append(
            f'<li tabindex="0" data-may-cut title="{esc(whole)}">'
            f'<span class="sn-since-text">{shown}</span>'
            f'<span class="sn-since-more" aria-hidden="true">{more}</span></li>'
        )
    items = "".join(rows)
    if not items:
        none = esc(_("Nothing yet since your turn."))
        items = f'<li class="sn-since-none">{none}</li>'
    title = esc(_("Since your turn"))
    return (
        f'<section class="sn-since" id="sn-since" aria-label="{title}">'
        f'<h2 class="sn-since-title">{title}</h2>'
        f'<ul class="sn-since-list">{items}</ul>'
        f'<p class="sn-stars" id="sn-stars">{esc(stars_text(view, who))}</p></section>'
    )
