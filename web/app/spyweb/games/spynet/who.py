"""Who is who at a SpyNet table: each seat's name as the words say it (the person's own
seat is "You": `you`), the teams at 4 players and their names, and names put together
("Ann & Cy", "Ann and Cy")."""

from __future__ import annotations

from spygames.i18n import N_, _
from spygames.spynet.table import teams_for

from ...tables.seats import Seat, is_you

TEAM_NAMES = (N_("White team"), N_("Black team"))
"""The teams' names at 4 players (translated where they are shown)."""


def joined(names: list[str]) -> str:
    """ "Ann", "Ann & Cy": the seats of a team, or those sharing a branch."""
    out = names[0] if names else ""
    for name in names[1:]:
        # translators: two players named together: a team, or those dominating a branch
        out = _("{a} & {b}", a=out, b=name)
    return out


def and_joined(names: list[str]) -> str:
    """ "A", "A and B", "A and B and C": who tie, who won."""
    out = names[0] if names else ""
    for name in names[1:]:
        out = _("{a} and {b}", a=out, b=name)
    return out


class Who:
    """Names for seats and teams. At 4 players seats 1+3 (White) play 2+4 (Black)."""

    def __init__(self, seats: list[Seat], players: int) -> None:
        self.seats = seats
        self.players = players
        self.teams = teams_for(players)
        self.team_of = {s: t for t, team in enumerate(self.teams) for s in team}

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.seats):
            return self.seats[seat].name
        return _("Player {number}", number=seat + 1)

    def first(self, seat: int) -> str:
        """The seat's name to begin a sentence: its first letter raised, the rest as given
        ("agent McLynx" is "Agent McLynx’s tableau", never "Agent mclynx")."""
        name = self.name(seat)
        return name[:1].upper() + name[1:]

    def you(self, seat: int) -> bool:
        """The seat is the person's own, named "You": the words say "you", "your"."""
        return is_you(self.name(seat))

    @property
    def in_teams(self) -> bool:
        return self.players == 4

    def team_name(self, team: int) -> str:
        """ "White team (Ann & Cy)" at 4 players, else the player's name."""
        seats = self.teams[team]
        if len(seats) == 1:
            return self.name(seats[0])
        # translators: a team's name, then its players: "White team (Ann & Cy)"
        return _(
            "{team} ({players})",
            team=_(TEAM_NAMES[team]),
            players=joined([self.name(s) for s in seats]),
        )

    def team_you(self, team: int) -> bool:
        """The team is the person's own seat alone, named "You"."""
        return is_you(self.team_name(team))

    def team_label(self, seat: int) -> str:
        return _(TEAM_NAMES[self.team_of[seat]]) if self.in_teams else ""

    def teammate(self, seat: int) -> int | None:
        team = self.teams[self.team_of[seat]]
        return next((s for s in team if s != seat), None)
