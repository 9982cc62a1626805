"""The end of a game: every mission turned up, its points (0 when its condition failed,
and why), each team's total and the funding tie-break, and who won."""

from __future__ import annotations

from typing import Any

from spygames.i18n import _, ngettext
from spygames.spynet import text
from spygames.spynet.views import Mission, SpyNetResult, SpyNetView

from ...browser.markup import esc
from ...tables.share import replay_links
from . import cards
from .log import Narrator
from .model import BRANCH, CARD, SITUATION
from .who import Who, and_joined


def headline(result: SpyNetResult, who: Who, humans: list[int]) -> str:
    winners = set(result["winners"])
    if len(humans) == 1:
        return _("You win!") if humans[0] in winners else _("You lose.")
    teams = {who.team_of[s] for s in winners}
    if len(teams) > 1:
        return _("A shared win!")
    team = next(iter(teams))
    if who.team_you(team):
        return _("You win!")
    return _("{name} wins!", name=who.team_name(team))


def result_summary(result: SpyNetResult, who: Who, humans: list[int], table: str) -> dict[str, Any]:
    """The Saved games list's words for a finished game ("result") and, with one person
    at the table, the stats' record of it ("outcome"); `table` is the table's words."""
    scores = result["scores"]
    winners = {who.team_of[s] for s in result["winners"]}
    mine = who.team_of[humans[0]] if len(humans) == 1 else None
    return {
        # translators: the Saved games list: who won, and the scores ("Ann won, 7–5")
        "result": _(
            "{names} won, {scores}",
            names=and_joined([who.team_name(t) for t in sorted(winners)]),
            scores="–".join(str(p) for p in scores),
        ),
        "outcome": {
            "won": (humans[0] in result["winners"]) if mine is not None else None,
            "score": scores[mine] if mine is not None else None,
            "table": table,
        },
    }


def _mission_row(entry: Mission, who: Who) -> str:
    card = entry["card"]
    condition = CARD[card].get("condition")
    if entry["points"]:
        status = f'<span class="sn-pts">+{entry["points"]}</span>'
    else:
        owner = who.name(entry["seat"])
        if condition:
            # translators: {condition} is the mission's condition, from its card's text
            failed = _(
                "Scores only if {condition} — not met",
                condition=text.condition_text(condition, owner),
            )
        else:
            failed = _("Scores only if no points — not met")
        status = (
            f'<span class="sn-pts sn-pts-0">0</span><span class="sn-failed">{esc(failed)}</span>'
        )
    branch = BRANCH[entry["branch"]]
    return (
        f'<li class="sn-end-mission{"" if entry["points"] else " sn-missed"}">'
        f"{cards.card(card, size='strip')}"
        f'<span class="sn-end-where">{esc(who.name(entry["seat"]))} · '
        f"{cards.icon(entry['branch'])} {esc(branch['name'])}</span>{status}</li>"
    )


def end_html(
    view: SpyNetView,
    who: Who,
    humans: list[int],
    replay_route: str | None,
    *,
    arriving: bool = False,
    guest: bool = False,
) -> str:
    """The end screen; `replay_route` opens the game's replay, for Replay and Embed
    (the host's: None leaves them out). `arriving` says the
    game has only now ended (or was opened finished): the headline takes the focus, so
    the screen opens at it rather than scrolled down to its first button. A `guest`
    (a friend on another device) gets no Play again or New table: the table is the host's."""
    result = view["result"]
    assert result is not None, "the end screen is drawn once the game is over"
    winners = {who.team_of[s] for s in result["winners"]}
    teams = []
    for team, seats in enumerate(result["teams"]):
        missions = [m for m in result["missions"] if who.team_of[m["seat"]] == team]
        none = _("No missions played.")
        rows = "".join(_mission_row(m, who) for m in missions) or (
            f'<li class="sn-help">{esc(none)}</li>'
        )
        bonus = ""
        for s in seats:
            points = result["bonus"][s]
            if points:
                name = SITUATION[view["situation"]]["name"] if view["situation"] else _("Bonus")
                # translators: a bonus's name (a situation's, or "Bonus") and who scores it
                whose = _("{bonus}: {name}", bonus=esc(name), name=esc(who.name(s)))
                bonus += (
                    f'<li class="sn-end-bonus">{whose} <span class="sn-pts">+{points}</span></li>'
                )
        won = team in winners
        winner = _("★ winner")
        crown = f'<span class="sn-crown">{esc(winner)}</span>' if won else ""
        teams.append(
            f'<section class="sn-end-team{" sn-won" if won else ""}" id="sn-end-team-{team}">'
            f"<h3>{esc(who.team_name(team))} {crown}</h3>"
            f'<p class="sn-end-score">{_score(team, result)}</p>'
            f'<ul class="sn-end-missions">{rows}{bonus}</ul></section>'
        )
    reason = Narrator(who).result_text(result)
    return (
        '<section class="sn-act sn-end" aria-labelledby="sn-end-title">'
        f'<h2 id="sn-end-title" tabindex="-1"{" data-autofocus" if arriving else ""}>'
        f"{esc(headline(result, who, humans))}</h2>"
        f'<p class="sn-end-reason" id="sn-end-reason">{esc(reason)}</p>'
        # the way on under the result, above each team's missions (a phone's screens of
        # them: Play again sat below the last)
        '<div class="sn-buttons sn-end-actions">'
        + ("" if guest else way_on())
        + (replay_links(replay_route) if replay_route is not None else "")
        + "</div>"
        f'<div class="sn-end-teams">{"".join(teams)}</div></section>'
    )


def way_on() -> str:
    """Play again and New table, under the result (the host's)."""
    again, new = _("Play again"), _("New table")
    return (
        '<button type="button" class="btn btn-primary" data-act="again" id="sn-again">'
        f"{esc(again)}</button>"
        '<button type="button" class="btn" data-act="newtable" id="sn-newtable-end">'
        f"{esc(new)}</button>"
    )


def _score(team: int, result: SpyNetResult) -> str:
    """ "<strong>7</strong> points · 3 funding cards in play" (HTML)."""
    score = f'<strong id="sn-score-{team}">{result["scores"][team]}</strong>'
    funding = result["funding"][team]
    # translators: {score} is the team's points, in bold; {n}: its funding cards in play
    return ngettext(
        "{score} points · {n} funding card in play",
        "{score} points · {n} funding cards in play",
        funding,
        score=score,
    )
