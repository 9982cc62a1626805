"""The parts of a game's review page, drawn from plain values (`Row`s): the chart of the
seat's chance of winning over the game, the moments that decided it and every decision.

A `Row` is one reviewed decision in words: what was played, what the Hint's bot would
have played and why, the chances before and after, and its place among the swings.
"""

from __future__ import annotations

from dataclasses import dataclass

from spygames.review import MIN_COST

from ..browser.markup import attrs, esc

WIDTH, HEIGHT, PAD = 320, 120, 8
NOTE = (
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
    return f"{round(p * 100)}%"


def points(cost: float) -> str:
    """A move's cost in points of chance: "−17 points"."""
    return f"−{round(cost * 100)} points"


def figures(row: Row) -> str:
    """ "62% to win after it, 79% after the hard bot's move (−17 points)"."""
    return (
        f"{percent(row.after)} to win after it, {percent(row.before)} after the hard bot’s "
        f"move ({points(row.cost)})"
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
    ending = "" if won is None else (" Won." if won else " Lost.")
    summary = (
        f"The chance of winning, decision by decision: {first} at the first, "
        f"{last} at the last.{ending}"
    )
    return (
        '<figure class="review-chart">'
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{esc(summary)}" '
        'preserveAspectRatio="none">'
        f'<line class="review-half" x1="{PAD}" x2="{WIDTH - PAD}" y1="{y(0.5):.1f}" '
        f'y2="{y(0.5):.1f}"></line>'
        f'<polyline class="review-line" points="{line}"></polyline>{marks}</svg>'
        "<figcaption><span>The chance of winning, decision by decision</span>"
        '<span class="review-axis">100% top · 50% dashed · 0% bottom</span></figcaption>'
        f'<p class="review-chart-note">{NOTE}</p></figure>'
    )


def swings(rows: list[Row], shown: int | None) -> str:
    """The moments that decided the game: each with what was played, the Hint's move and
    its cost, and a button opening its position."""
    marked = sorted((r for r in rows if r.swing), key=lambda r: r.swing)
    if not marked:
        return (
            '<section class="review-swings" aria-labelledby="review-swings-h">'
            '<h2 id="review-swings-h">The moments that decided it</h2>'
            "<p>None: no move gave away a point of chance against the hard bot’s move."
            "</p></section>"
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
        f'<p><span class="review-you">Played: <b>{esc(r.played)}</b></span> · '
        f'<span class="review-figures">{figures(r)}</span></p>'
        f'<p class="review-bot">The hard bot: <b>{esc(r.advised)}</b>. {esc(r.why)}</p></li>'
        for r in marked
    )
    return (
        '<section class="review-swings" aria-labelledby="review-swings-h">'
        '<h2 id="review-swings-h">The moments that decided it</h2>'
        f'<ol class="review-swing-list">{items}</ol></section>'
    )


def every(rows: list[Row]) -> str:
    """Every decision, in order: a table to look through."""
    body = "".join(
        "<tr"
        + attrs(class_="review-swung" if r.swing else None, data_move=r.move)
        + ">"
        + f"<td>{esc(r.when)}{f' <b class=review-n>{r.swing}</b>' if r.swing else ''}</td>"
        f"<td>{esc(r.played)}</td>"
        f"<td>{'Same' if r.agreed else esc(r.advised)}</td>"
        f"<td>{percent(r.before)} → {percent(r.after)}</td>"
        f"<td>{points(r.cost) if r.cost >= MIN_COST - 1e-9 else '—'}</td></tr>"
        for r in rows
    )
    return (
        '<details class="review-all"><summary>Every decision '
        f"({len(rows)})</summary>"
        '<div class="review-table-wrap"><table class="review-table">'
        "<thead><tr><th scope=col>When</th><th scope=col>Played</th>"
        "<th scope=col>The hard bot</th><th scope=col>Chance</th><th scope=col>Cost</th></tr>"
        f"</thead><tbody>{body}</tbody></table></div></details>"
    )


def alternative(row: Row, retry: str | None, stage: str) -> str:
    """The position a swing opened (`stage`, the hard bot's move marked on it) under a
    one-line heading, then what was played there, what the hard bot would have played
    and why: the board first, on a phone too. `retry` is the address that plays the deal
    again from there."""
    again = (
        f'<a class="btn btn-primary" id="review-retry" href="{esc(retry)}">Try again from here</a>'
        if retry
        else ""
    )
    return (
        '<section class="review-alt" id="review-alt" tabindex="-1" aria-labelledby="review-alt-h">'
        f'<h2 id="review-alt-h">{esc(row.when)}: the position before the move</h2>'
        f"{stage}<p>Played here: <b>{esc(row.played)}</b> — {figures(row)}.</p>"
        f"<p>The hard bot would play <b>{esc(row.advised)}</b>. {esc(row.why)}</p>"
        f"{again}</section>"
    )
