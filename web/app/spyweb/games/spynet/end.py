"""The end of a game: every mission turned up, its points (0 when its condition failed,
and why), each team's total and the funding tie-break, and who won."""

from __future__ import annotations

from typing import Any

from spygames.spynet import text
from spygames.spynet.views import Mission, SpyNetResult, SpyNetView

from ...browser.markup import esc
from ...tables.share import replay_links
from . import cards
from .log import Narrator, Who
from .model import BRANCH, CARD, SITUATION


def headline(result: SpyNetResult, who: Who, humans: list[int]) -> str:
    winners = set(result["winners"])
    if len(humans) == 1:
        return "You win!" if humans[0] in winners else "You lose."
    teams = {who.team_of[s] for s in winners}
    if len(teams) > 1:
        return "A shared win!"
    team = next(iter(teams))
    name = who.team_name(team)
    return f"{name} {'win' if name == 'You' else 'wins'}!"


def result_summary(result: SpyNetResult, who: Who, humans: list[int], table: str) -> dict[str, Any]:
    """The Saved games list's words for a finished game ("result") and, with one person
    at the table, the stats' record of it ("outcome"); `table` is the table's words."""
    scores = result["scores"]
    winners = {who.team_of[s] for s in result["winners"]}
    mine = who.team_of[humans[0]] if len(humans) == 1 else None
    return {
        "result": " and ".join(who.team_name(t) for t in sorted(winners))
        + f" won, {'–'.join(str(p) for p in scores)}",
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
        why = text.condition_text(condition, owner) if condition else "no points"
        status = (
            f'<span class="sn-pts sn-pts-0">0</span>'
            f'<span class="sn-failed">Scores only if {esc(why)} — not met</span>'
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
        rows = "".join(_mission_row(m, who) for m in missions) or (
            '<li class="sn-help">No missions played.</li>'
        )
        bonus = ""
        for s in seats:
            points = result["bonus"][s]
            if points:
                name = SITUATION[view["situation"]]["name"] if view["situation"] else "Bonus"
                bonus += (
                    f'<li class="sn-end-bonus">{esc(name)}: {esc(who.name(s))} '
                    f'<span class="sn-pts">+{points}</span></li>'
                )
        won = team in winners
        crown = '<span class="sn-crown">★ winner</span>' if won else ""
        teams.append(
            f'<section class="sn-end-team{" sn-won" if won else ""}" id="sn-end-team-{team}">'
            f"<h3>{esc(who.team_name(team))} {crown}</h3>"
            f'<p class="sn-end-score"><strong id="sn-score-{team}">{result["scores"][team]}'
            "</strong> points · "
            f"{result['funding'][team]} funding card{'s' if result['funding'][team] != 1 else ''}"
            " in play</p>"
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
        + ("" if guest else WAY_ON)
        + (replay_links(replay_route) if replay_route is not None else "")
        + "</div>"
        f'<div class="sn-end-teams">{"".join(teams)}</div></section>'
    )


WAY_ON = (
    '<button type="button" class="btn btn-primary" data-act="again" id="sn-again">'
    "Play again</button>"
    '<button type="button" class="btn" data-act="newtable" id="sn-newtable-end">'
    "New table</button>"
)
