"""The Stats page's chart of a game's last results, and the scale it is drawn to.

A bar per game, oldest first: a win up in green, a loss down in red, a pass-and-play
table (no single player to win or lose) in grey. A game with a best possible score
(`top_score`: Deck of Spies' face cards owned) draws each score instead, against the
line that wins. Each bar's title says its result in words, and the chart has a label
and a note for a screen reader. The page around it is spyweb/screens/saved.py.
"""

from __future__ import annotations

import spygames
from spygames.i18n import _, ngettext, pgettext

from ..browser import stats
from ..browser.markup import esc


def top_score(game_id: str) -> int | None:
    """The game's best possible score (its `top_score`), without importing its rules."""
    entry = spygames.listing(game_id)
    return entry.top_score if entry is not None else spygames.get_game(game_id).top_score


def chart(record: stats.Record, game_id: str) -> str:
    """The last results as bars: a win up in green, a loss down in red; Deck of Spies
    draws the score (faces owned) with the winning line at 7."""
    results = record.recent
    if not results:
        return '<p class="saves-empty">' + _("No finished games yet.") + "</p>"
    width, height, gap = 300, 80, 2
    bar = (width - gap * 30) / 30
    bars = []
    top = top_score(game_id)
    scored = top is not None
    for i, r in enumerate(results):
        x = i * (bar + gap)
        won = "won" if r.won else ("lost" if r.won is False else "shared")
        if scored and r.score is not None:
            h = max(2.0, height * r.score / (top or 1))
            y = height - h
        else:
            h = height / 2 - 4
            y = 4 if r.won else height / 2
        title = result_title(r.won, r.score if scored else None)
        bars.append(
            f'<rect class="bar-{won}" x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{h:.1f}">'
            f"<title>{esc(title)}</title></rect>"
        )
    goal = height - height * 7 / (top or 1)  # Deck of Spies' 7 face cards to win
    line = (
        f'<line class="chart-goal" x1="0" x2="{width}" y1="{goal:.1f}" y2="{goal:.1f}"/>'
        if scored
        else f'<line class="chart-axis" x1="0" x2="{width}" y1="{height / 2}" y2="{height / 2}"/>'
    )
    wins = sum(1 for r in results if r.won)
    note = (
        _("Face cards owned in each game; the dashed line is the 7 needed to win.")
        if scored
        else _("Each game: up and green, won; down and red, lost; grey, a pass-and-play table.")
    )
    # translators: the chart's name for a screen reader; {wins} counts the games won
    label = ngettext(
        "Last {n} result: {wins} won", "Last {n} results: {wins} won", len(results), wins=wins
    )
    # translators: {note} is a sentence on how to read the chart
    said = ngettext(
        "Last {n} game, oldest first. {note}",
        "Last {n} games, oldest first. {note}",
        len(results),
        note=note,
    )
    return (
        f'<svg class="stats-chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{esc(label)}">'
        f"{line}{''.join(bars)}</svg>"
        f'<p class="chart-note">{said}</p>'
    )


def result_title(won: bool | None, score: int | None) -> str:
    """A bar's title: the game's result, and its score (faces owned) when it has one."""
    if score is None:
        if won:
            return pgettext("result", "Won")
        return pgettext("result", "Lost") if won is False else pgettext("result", "Played")
    if won:
        # translators: {n} is the number of face cards owned at the end ("Won, 7 faces")
        return ngettext("Won, {n} faces", "Won, {n} faces", score)
    if won is False:
        # translators: {n} is the number of face cards owned at the end ("Lost, 3 faces")
        return ngettext("Lost, {n} faces", "Lost, {n} faces", score)
    # translators: {n} is the number of face cards owned at the end ("Played, 5 faces")
    return ngettext("Played, {n} faces", "Played, {n} faces", score)
