"""The end of SpyNet: every mission revealed and scored, teams compared, ties broken.

A mission scores its stars for its owner's team, unless it has a condition its owner
does not meet on the final tableaus (then 0). Under Control Bonus each player also
scores points for each branch they dominate at the end. The team with the most points
wins; a tie goes to the team with more funding cards in its tableaus; then it is shared.
"""

from __future__ import annotations

from typing import Any

from ..i18n import _, both, listed, ngettext
from .cards import AGENT, BRANCH_IDS, MISSION
from .table import Table, teams_for


def condition_met(table: Table, seat: int, branch: str, condition: dict[str, Any] | None) -> bool:
    """Whether `seat` meets a mission's condition for the mission in `branch`, now."""
    if condition is None:
        return True
    kind: str = condition["kind"]
    need: int = condition.get("count", 0)
    if kind == "dominate":
        return table.dominates(seat, branch)
    if kind == "agents":
        return len(table.agents[seat][branch]) >= need
    if kind == "power":
        return table.power(seat, branch) >= need
    if kind == "spread":
        return sum(1 for b in BRANCH_IDS if table.agents[seat][b]) >= need
    if kind == "funding":
        return funding_count(table, seat) >= need
    if kind == "mercenary":
        return any(AGENT[c].mercenary for stack in table.agents[seat].values() for c, _ in stack)
    if kind == "missions":
        return len(table.missions[seat][branch]) >= need
    raise ValueError(f"unknown condition {kind!r}")  # the schema test forbids it


def funding_count(table: Table, seat: int) -> int:
    """Funding cards in a seat's tableau."""
    return sum(len(f) for stack in table.agents[seat].values() for _, f in stack)


def mission_points(table: Table, seat: int, branch: str, card: str) -> int:
    mission = MISSION[card]
    return mission.stars if condition_met(table, seat, branch, mission.condition) else 0


def score(table: Table) -> dict[str, Any]:
    """The result: winners (seats), reason, how the game was decided (`ending`: "points",
    "funding" when tied leaders are split by funding cards, "shared" when they are not),
    scores and funding by team, each mission's points and the Control Bonus points by
    seat."""
    teams = teams_for(table.players)
    missions = []
    seat_points = [0] * table.players
    for seat in range(table.players):
        for branch in BRANCH_IDS:
            for card in table.missions[seat][branch]:
                points = mission_points(table, seat, branch, card)
                seat_points[seat] += points
                missions.append(
                    {
                        "card": card,
                        "seat": seat,
                        "branch": branch,
                        "stars": MISSION[card].stars,
                        "points": points,
                    }
                )
    bonus = [0] * table.players
    if table.situation.dominance_points:
        for seat in range(table.players):
            held = sum(1 for b in BRANCH_IDS if table.dominates(seat, b))
            bonus[seat] = held * table.situation.dominance_points
    scores = [sum(seat_points[s] + bonus[s] for s in team) for team in teams]
    funding = [sum(funding_count(table, s) for s in team) for team in teams]
    best = max(scores)
    leaders = [t for t, points in enumerate(scores) if points == best]
    if len(leaders) > 1:
        most = max(funding[t] for t in leaders)
        by_funding = [t for t in leaders if funding[t] == most]
    else:
        by_funding = leaders
    winners = sorted(s for t in by_funding for s in teams[t])
    ending = "points" if len(leaders) == 1 else "funding" if len(by_funding) == 1 else "shared"
    return {
        "winners": winners,
        "reason": _reason(teams, scores, funding, leaders, by_funding),
        "ending": ending,
        "teams": [list(t) for t in teams],
        "scores": scores,
        "funding": funding,
        "missions": missions,
        "bonus": bonus,
    }


def team_name(teams: list[list[int]], team: int) -> str:
    """ "player 2" alone, "players 1 and 3" as a team."""
    seats = teams[team]
    if len(seats) == 1:
        # translators: a seat named mid-sentence, as in "player 2 won with 5 points to 3"
        return _("player {number}", number=seats[0] + 1)
    # translators: a team named mid-sentence; {numbers} are its seats: "1 and 3"
    return _("players {numbers}", numbers=both([str(s + 1) for s in seats]))


def _reason(
    teams: list[list[int]],
    scores: list[int],
    funding: list[int],
    leaders: list[int],
    winners: list[int],
) -> str:
    if len(leaders) == 1:
        team = leaders[0]
        rest = sorted((p for t, p in enumerate(scores) if t != team), reverse=True)
        # translators: the end of the game: "player 2 won with 5 points to 3"
        return ngettext(
            "{team} won with {n} point to {other}",
            "{team} won with {n} points to {other}",
            scores[team],
            team=team_name(teams, team),
            other=rest[0],
        )
    names = [team_name(teams, t) for t in leaders]
    tied = {"first": listed(names[:-1]), "last": names[-1]}
    if len(winners) == 1:
        team = winners[0]
        # translators: the end of the game: "player 1 tied with player 2 on 5 points; player 2
        # won with more funding cards (3)"; {first} may be a list: "player 1, player 2"
        return ngettext(
            "{first} tied with {last} on {n} point; {team} won with more funding cards ({funding})",
            "{first} tied with {last} on {n} points; "
            "{team} won with more funding cards ({funding})",
            scores[team],
            **tied,
            team=team_name(teams, team),
            funding=funding[team],
        )
    # translators: the end of the game: "player 1 tied with player 2 on 5 points and 3
    # funding cards: a shared win"; {first} may be a list: "player 1, player 2"
    return ngettext(
        "{first} tied with {last} on {n} point and {cards}: a shared win",
        "{first} tied with {last} on {n} points and {cards}: a shared win",
        scores[winners[0]],
        **tied,
        cards=ngettext("{n} funding card", "{n} funding cards", funding[winners[0]]),
    )
