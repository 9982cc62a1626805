"""The parts of a game's review page, drawn from plain values (`Row`s): the chart of the
seat's chance of winning over the game, the moments that decided it and every decision.

A `Row` is one reviewed decision in words: what was played, what the Hint's bot would
have played and why, the chances before and after, and its place among the swings.
"""

from __future__ import annotations

from dataclasses import dataclass

from spygames.i18n import N_, _, ngettext, pgettext
from spygames.review import MIN_COST

from ..browser.markup import attrs, esc

WIDTH, HEIGHT, PAD = 320, 120, 8
NOTE = N_(
    "Each chance is worked out from what could be seen then, guessing the cards not yet "
    "seen, so the cards that come move it: it can fall even when every move followed the Hint."
)
"""Under the chart: why it moves (the review's chances are the seat's view's, issue 47)."""


@dataclass(frozen=True)
class Row:
    """One decision of the reviewed seat, in words."""

    move: int  # the record's action number it was (the position before it)
    when: str  # "Turn 7", "Round 2" — where in the game, as the log says it
    played: str
    advised: str
    why: str
    before: float
    after: float
    cost: float
    agreed: bool
    swing: int = 0  # 1, 2, 3 for the moments that decided the game, else 0


def percent(p: float) -> str:
    return _("{n}%", n=round(p * 100))


def points(cost: float) -> str:
    """A move's cost in points of chance: "−17 points" (English says "points" for one
    too: the plural forms are other languages')."""
    n = round(cost * 100)
    # translators: a loss of chance of winning, in points of percentage ("−17 points")
    return ngettext("−{n} points", "−{n} points", n)


def figures(row: Row) -> str:
    """ "62% to win after it, 79% after the hard bot's move (−17 points)"."""
    # translators: {after} and {before} are chances ("62%"); {cost} says "−17 points"
    return _(
        "{after} to win after it, {before} after the hard bot’s move ({cost})",
        after=percent(row.after),
        before=percent(row.before),
        cost=points(row.cost),
    )


def chart(rows: list[Row], won: bool | None) -> str:
    """The seat's chance of winning before each of its decisions (and how it ended), the
    swings marked 1 to 3; each mark opens its position."""
    if not rows:
        return ""
    values = [r.before for r in rows] + ([1.0 if won else 0.0] if won is not None else [])
    span = max(len(values) - 1, 1)

    def x(i: int) -> float:
        return PAD + (WIDTH - 2 * PAD) * i / span

    def y(p: float) -> float:
        return PAD + (HEIGHT - 2 * PAD) * (1 - p)

    line = " ".join(f"{x(i):.1f},{y(p):.1f}" for i, p in enumerate(values))
    marks = "".join(
        f'<g class="review-mark" data-act="review-show" data-arg="{r.move}">'
        f'<circle cx="{x(i):.1f}" cy="{y(r.before):.1f}" r="7"></circle>'
        f'<text x="{x(i):.1f}" y="{y(r.before) + 4:.1f}" text-anchor="middle">{r.swing}</text>'
        "</g>"
        for i, r in enumerate(rows)
        if r.swing
    )
    first, last = percent(rows[0].before), percent(rows[-1].before)
    # translators: {first} and {last} are chances ("62%")
    summary = (
        _(
            "The chance of winning, decision by decision: {first} at the first, {last} at "
            "the last.",
            first=first,
            last=last,
        )
        if won is None
        # translators: {first} and {last} are chances ("62%")
        else _(
            "The chance of winning, decision by decision: {first} at the first, {last} at "
            "the last. Won.",
            first=first,
            last=last,
        )
        if won
        # translators: {first} and {last} are chances ("62%")
        else _(
            "The chance of winning, decision by decision: {first} at the first, {last} at "
            "the last. Lost.",
            first=first,
            last=last,
        )
    )
    caption, axis = (
        _("The chance of winning, decision by decision"),
        _("100% top · 50% dashed · 0% bottom"),
    )
    return (
        '<figure class="review-chart">'
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{esc(summary)}" '
        'preserveAspectRatio="none">'
        f'<line class="review-half" x1="{PAD}" x2="{WIDTH - PAD}" y1="{y(0.5):.1f}" '
        f'y2="{y(0.5):.1f}"></line>'
        f'<polyline class="review-line" points="{line}"></polyline>{marks}</svg>'
        f"<figcaption><span>{caption}</span>"
        f'<span class="review-axis">{axis}</span></figcaption>'
        f'<p class="review-chart-note">{_(NOTE)}</p></figure>'
    )


def swings(rows: list[Row], shown: int | None) -> str:
    """The moments that decided the game: each with what was played, the Hint's move and
    its cost, and a button opening its position."""
    marked = sorted((r for r in rows if r.swing), key=lambda r: r.swing)
    heading = _("The moments that decided it")
    if not marked:
        return (
            '<section class="review-swings" aria-labelledby="review-swings-h">'
            f'<h2 id="review-swings-h">{heading}</h2>'
            "<p>"
            + _("None: no move gave away a point of chance against the hard bot’s move.")
            + "</p></section>"
        )
    items = "".join(
        f'<li class="review-swing{" on" if r.move == shown else ""}" data-move="{r.move}">'
        + "<button"
        + attrs(
            type="button",
            class_="btn btn-small review-show",
            data_act="review-show",
            data_arg=str(r.move),
            id=f"review-show-{r.swing}",
            aria_pressed="true" if r.move == shown else "false",
        )
        + f'><span class="review-n">{r.swing}</span> {esc(r.when)}</button>'
        f'<p><span class="review-you">{played(r)}</span> · '
        f'<span class="review-figures">{figures(r)}</span></p>'
        f'<p class="review-bot">{hard_bot(r)}</p></li>'
        for r in marked
    )
    return (
        '<section class="review-swings" aria-labelledby="review-swings-h">'
        f'<h2 id="review-swings-h">{heading}</h2>'
        f'<ol class="review-swing-list">{items}</ol></section>'
    )


def every(rows: list[Row]) -> str:
    """Every decision, in order: a table to look through."""
    same = _("Same")
    body = "".join(
        "<tr"
        + attrs(class_="review-swung" if r.swing else None, data_move=r.move)
        + ">"
        + f"<td>{esc(r.when)}{f' <b class=review-n>{r.swing}</b>' if r.swing else ''}</td>"
        f"<td>{esc(r.played)}</td>"
        f"<td>{same if r.agreed else esc(r.advised)}</td>"
        f"<td>{percent(r.before)} → {percent(r.after)}</td>"
        f"<td>{points(r.cost) if r.cost >= MIN_COST - 1e-9 else '—'}</td></tr>"
        for r in rows
    )
    # translators: {n} counts the decisions
    every_one = _("Every decision ({n})", n=len(rows))
    heads = "".join(
        f"<th scope=col>{label}</th>"
        for label in (
            _("When"),
            pgettext("review", "Played"),
            _("The hard bot"),
            _("Chance"),
            _("Cost"),
        )
    )
    return (
        f'<details class="review-all"><summary>{every_one}</summary>'
        '<div class="review-table-wrap"><table class="review-table">'
        f"<thead><tr>{heads}</tr>"
        f"</thead><tbody>{body}</tbody></table></div></details>"
    )


def alternative(row: Row, retry: str | None, stage: str) -> str:
    """The position a swing opened (`stage`, the hard bot's move marked on it) under a
    one-line heading, then what was played there, what the hard bot would have played
    and why: the board first, on a phone too. `retry` is the address that plays the deal
    again from there."""
    again = (
        f'<a class="btn btn-primary" id="review-retry" href="{esc(retry)}">'
        + _("Try again from here")
        + "</a>"
        if retry
        else ""
    )
    # translators: {when} says where in the game ("Move 12 · turn 4")
    heading = _("{when}: the position before the move", when=esc(row.when))
    # translators: {move} is the move played; {figures} says "62% to win after it, …"
    played_here = _(
        "Played here: <b>{move}</b> — {figures}.", move=esc(row.played), figures=figures(row)
    )
    # translators: {move} is the hard bot's move; {why} its reason, a sentence
    advised = _(
        "The hard bot would play <b>{move}</b>. {why}", move=esc(row.advised), why=esc(row.why)
    )
    return (
        '<section class="review-alt" id="review-alt" tabindex="-1" aria-labelledby="review-alt-h">'
        f'<h2 id="review-alt-h">{heading}</h2>'
        f"{stage}<p>{played_here}</p>"
        f"<p>{advised}</p>"
        f"{again}</section>"
    )


def played(row: Row) -> str:
    """What was played at a swing, the move in bold."""
    # translators: {move} is the move played
    return _("Played: <b>{move}</b>", move=esc(row.played))


def hard_bot(row: Row) -> str:
    """What the hard bot would have played at a swing, in bold, and why."""
    # translators: {move} is the hard bot's move; {why} its reason, a sentence
    return _("The hard bot: <b>{move}</b>. {why}", move=esc(row.advised), why=esc(row.why))
