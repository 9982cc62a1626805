"""An agent's power where it stands, and the rule of domination: what decides who
dominates a branch (power above zero and above every opponent's), as the table works it
out and as a seat may work it out before it plays (`outlook.placement`)."""

from __future__ import annotations

from .cards import AGENT, FUNDING_VALUE
from .situation import Situation

Entry = tuple[str, tuple[str, ...]]
"""An agent in play: its card and the funding attached to it."""


def entry_power(entry: Entry, branch: str, situation: Situation) -> int:
    """An agent's power where it stands: printed power, its funding, the situation's bonus
    (which never counts for a mercenary)."""
    card, funding = entry
    agent = AGENT[card]
    power = agent.power + sum(FUNDING_VALUE[f] for f in funding)
    if situation.branch_bonus and not agent.mercenary:
        power += situation.bonus(branch)
    return power


def dominates_given(
    power: dict[int, int], seat: int, foes: list[int], situation: Situation
) -> bool:
    """The rule of domination: power above zero and above each opponent's (ties too,
    under Stand-off), given every seat's power in one branch."""
    mine = power[seat]
    if mine <= 0:
        return False
    others = [power[s] for s in foes]
    if situation.ties_dominate:
        return all(mine >= p for p in others)
    return all(mine > p for p in others)
