"""The situation in play, as the handful of numbers and switches the rules read.

Each situation card changes one rule for the whole game; `Situation.of(id)` turns its
data (`rule` in cards.json) into the value the table consults. No situation is the
default `Situation()`: the rules as printed.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import SITUATION_BY_ID


@dataclass(frozen=True)
class Situation:
    """The rules a situation changes, as plain numbers; the default is no situation."""

    id: str | None = None
    agents_per_turn: int = 1
    branch_bonus: tuple[tuple[str, int], ...] = ()
    open_missions: bool = False
    ties_dominate: bool = False
    deck_draws: int = 1
    missions_per_branch: int = 1
    dominance_points: int = 0
    funding_per_agent: int | None = None

    @classmethod
    def of(cls, situation_id: str | None) -> Situation:
        if situation_id is None:
            return cls()
        rule = SITUATION_BY_ID[situation_id].rule
        kind = rule["kind"]
        if kind == "agents_per_turn":
            return cls(situation_id, agents_per_turn=rule["count"])
        if kind == "branch_bonus":
            return cls(situation_id, branch_bonus=((rule["branch"], rule["bonus"]),))
        if kind == "open_missions":
            return cls(situation_id, open_missions=True)
        if kind == "ties_dominate":
            return cls(situation_id, ties_dominate=True)
        if kind == "deck_draws":
            return cls(situation_id, deck_draws=rule["count"])
        if kind == "missions_per_branch":
            return cls(situation_id, missions_per_branch=rule["count"])
        if kind == "dominance_points":
            return cls(situation_id, dominance_points=rule["points"])
        if kind == "funding_per_agent":
            return cls(situation_id, funding_per_agent=rule["count"])
        raise ValueError(f"unknown situation rule {kind!r}")  # the schema test forbids it

    def bonus(self, branch: str) -> int:
        return sum(b for name, b in self.branch_bonus if name == branch)
