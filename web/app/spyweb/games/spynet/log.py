"""Who sits where (names, teams) and the game log in words everyone at the table may read.

The log is public: it never names a card someone holds or plays face down (a kept draft
card, a pile taken, a mission, a card passed); it does name what goes face up.
"""

from __future__ import annotations

from typing import Any, cast

import spygames
from spygames.spynet.table import teams_for
from spygames.spynet.views import Pending, SpyNetResult, SpyNetView
from spygames.words import agrees, count, sentence

from ...tables.seats import Seat
from ...tables.tabletools import LogEntry
from .model import BRANCH, CARD

TEAM_NAMES = ("White team", "Black team")


class Who:
    """Names for seats and teams. At 4 players seats 1+3 (White) play 2+4 (Black)."""

    def __init__(self, seats: list[Seat], players: int) -> None:
        self.seats = seats
        self.players = players
        self.teams = teams_for(players)
        self.team_of = {s: t for t, team in enumerate(self.teams) for s in team}

    def name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < len(self.seats) else f"Player {seat + 1}"

    def possessive(self, seat: int) -> str:
        name = self.name(seat)
        return "your" if name == "You" else f"{name}’s"

    @property
    def in_teams(self) -> bool:
        return self.players == 4

    def team_name(self, team: int) -> str:
        """ "White team (Ann & Cy)" at 4 players, else the player's name."""
        seats = self.teams[team]
        if len(seats) == 1:
            return self.name(seats[0])
        return f"{TEAM_NAMES[team]} ({' & '.join(self.name(s) for s in seats)})"

    def team_label(self, seat: int) -> str:
        return TEAM_NAMES[self.team_of[seat]] if self.in_teams else ""

    def teammate(self, seat: int) -> int | None:
        team = self.teams[self.team_of[seat]]
        return next((s for s in team if s != seat), None)


def _looked_at(before: SpyNetView) -> int:
    """The pile a take or a return is about: the one the recruiter was looking at."""
    pile = before["looking"]
    assert pile is not None, "a take or a return comes while a pile is looked at"
    return pile


def _cards(n: int) -> str:
    return count(n, "card")


def _agent(card: str) -> str:
    return str(CARD[card]["name"])


class Narrator:
    """Log entries for each action, from the positions before and after it."""

    def __init__(self, who: Who) -> None:
        self.who = who

    def opening(self, state: spygames.State) -> list[LogEntry]:
        view = state.view(0)
        out = []
        if view["phase"] == "draft":
            drafter = view["turn"]
            out.append(
                LogEntry(
                    "turn",
                    f"Opening draft: {agrees(self.who.name(drafter), 'draft')} first; "
                    f"{self.who.name(view['first'])} will take the first turn",
                )
            )
        else:
            out.append(LogEntry("turn", f"Turn 1 — {self.who.name(view['turn'])}"))
        return out

    def entries(
        self, before: SpyNetView, actor: int, action: dict[str, Any], after: spygames.State
    ) -> list[LogEntry]:
        """`before` is any seat's view of the position before the action (only its public
        parts are read)."""
        view = cast(SpyNetView, after.view(actor))
        name = self.who.name(actor)
        kind = action["type"]
        out: list[LogEntry] = []
        if kind == "keep":
            out.append(LogEntry("draft", f"{name} kept a card from the draft and passed the rest"))
        elif kind == "recruit":
            out.append(LogEntry("move", f"{name} recruited"))
        elif kind == "deploy":
            out.append(LogEntry("move", f"{name} deployed"))
        elif kind == "take":
            pile = _looked_at(before)
            size = before["piles"][pile]["size"]
            out.append(LogEntry("take", f"{name} took pile {pile + 1} ({_cards(size)})"))
        elif kind == "pass_on":
            pile = _looked_at(before)
            size = before["piles"][pile]["size"]
            text = f"{name} returned pile {pile + 1} ({_cards(size)})"
            if view["phase"] != "recruit" or view["turn_number"] != before["turn_number"]:
                drawn = (
                    before["deck"]
                    - view["deck"]
                    - sum(
                        p["size"] - q["size"]
                        for p, q in zip(view["piles"], before["piles"], strict=True)
                    )
                )
                text += f" and took {_cards(max(drawn, 0))} from the deck"
            out.append(LogEntry("move", text))
        elif kind == "agent":
            out.append(LogEntry("play", self._agent_line(name, action, view)))
        elif kind == "mission":
            branch = BRANCH[action["branch"]]["name"]
            out.append(LogEntry("play", f"{name} played a mission face down in {branch}"))
        elif kind == "pass":
            mate = self.who.teammate(actor)
            to = self.who.name(mate) if mate is not None else "a teammate"
            out.append(LogEntry("move", f"{name} passed a card face down to {to}"))
        elif kind in ("discard", "discard_card", "eliminate", "flip", "draw", "skip_effect"):
            out.append(self._effect_line(before, actor, action, view))
        if view["turn_number"] != before["turn_number"] or (
            before["phase"] == "draft" and view["phase"] != "draft"
        ):
            out += self._new_turn(before, view)
        if view["result"] is not None:
            out.append(LogEntry("end", self.result_text(view["result"])))
        return out

    def _agent_line(self, name: str, action: dict[str, Any], view: SpyNetView) -> str:
        card, branch = action["card"], action["branch"]
        text = f"{name} played {_agent(card)} in {BRANCH[branch]['name']}"
        funding = action.get("funding") or []
        if funding:
            text += " with " + ", ".join(
                f"{CARD[f]['name']} (+{CARD[f]['value']})" for f in funding
            )
        seat = view["seat"]
        stack = view["tableaus"][seat]["agents"][branch]
        power = next((a["power"] for a in stack if a["card"] == card), None)
        if power is not None:
            text += f": power {power}"
        return text

    def _effect_line(
        self, before: SpyNetView, actor: int, action: dict[str, Any], view: SpyNetView
    ) -> LogEntry:
        who = self.who
        pending: Pending | dict[str, Any] = before["pending"] or {}
        by = pending.get("by", actor)
        source = _agent(pending["card"]) if pending.get("card") in CARD else "an agent"
        kind = action["type"]
        if kind == "discard":
            return LogEntry(
                "effect",
                f"{sentence(who.possessive(by))} {source}: {who.name(action['seat'])} "
                "must discard a card",
            )
        if kind == "discard_card":
            return LogEntry("effect", f"{who.name(actor)} discarded {_agent(action['card'])}")
        if kind == "eliminate":
            owner = self._owner(before, action["card"])
            return LogEntry(
                "effect",
                f"{sentence(who.possessive(by))} {source} eliminated "
                f"{who.possessive(owner) if owner is not None else 'an'} "
                f"{_agent(action['card'])}{self._with_funding(before, action['card'])}",
            )
        if kind == "flip":
            owner = self._owner(before, action["card"])
            origin = f" from {who.possessive(owner)} tableau" if owner is not None else ""
            return LogEntry(
                "effect",
                f"{sentence(who.possessive(by))} {source} flipped "
                f"{_agent(action['card'])}{origin} into "
                f"{who.possessive(by)} {BRANCH[action['branch']]['name']}",
            )
        if kind == "draw":
            drawn = before["deck"] - view["deck"]
            return LogEntry(
                "effect",
                f"{sentence(who.possessive(by))} {source}: {who.name(by)} took "
                f"{_cards(drawn)} from the deck",
            )
        return LogEntry("effect", f"{who.name(actor)} did not use {source}’s effect")

    @staticmethod
    def _owner(before: SpyNetView, card: str) -> int | None:
        for seat, tableau in enumerate(before["tableaus"]):
            for stack in tableau["agents"].values():
                if any(a["card"] == card for a in stack):
                    return seat
        return None

    @staticmethod
    def _with_funding(before: SpyNetView, card: str) -> str:
        """ " (and its funding)" when the agent carried funding, else nothing."""
        for tableau in before["tableaus"]:
            for stack in tableau["agents"].values():
                for agent in stack:
                    if agent["card"] == card and agent.get("funding"):
                        return " (and its funding)"
        return ""

    def _new_turn(self, before: SpyNetView, view: SpyNetView) -> list[LogEntry]:
        out = []
        if view["final_round"] and not before["final_round"]:
            out.append(
                LogEntry(
                    "final",
                    "The deck is empty: everyone takes one final turn, deploy only",
                )
            )
        if not view["over"]:
            final = " (final turn)" if view["final_round"] else ""
            out.append(
                LogEntry(
                    "turn", f"Turn {view['turn_number']} — {self.who.name(view['turn'])}{final}"
                )
            )
        return out

    def result_text(self, result: SpyNetResult) -> str:
        """Who won, on what points, and how a tie was broken — with the table's names."""
        who = self.who
        scores = result["scores"]
        teams = result["teams"]
        winners = {who.team_of[s] for s in result["winners"]}
        names = [who.team_name(t) for t in range(len(teams))]
        best = max(scores)
        leaders = [t for t, p in enumerate(scores) if p == best]
        if len(leaders) == 1:
            team = leaders[0]
            rest = max(p for t, p in enumerate(scores) if t != team)
            verb = "win" if names[team] == "You" else "wins"
            return f"{names[team]} {verb} with {count(best, 'point')} to {rest}."
        tied = " and ".join(names[t] for t in leaders)
        if len(winners) == 1:
            team = next(iter(winners))
            return (
                f"{tied} tie on {count(best, 'point')}; {names[team]} "
                f"{'win' if names[team] == 'You' else 'wins'} with more funding cards in play "
                f"({result['funding'][team]})."
            )
        return f"{tied} tie on {count(best, 'point')} and funding cards: a shared win."
