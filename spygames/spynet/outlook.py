"""What a seat may work out from the table before it moves, by the engine's own rules.

- `placement(view, card, branch, funding)`: a branch after the seat plays an agent
  there — its power, every seat's power, who dominates then (`dominates_given`, the rule
  the table itself uses, Stand-off included). Reads only public parts of the view.
- `nothing_to_deploy(table)`: why a deploy now would play nothing at all (no agent to
  play, no mission where it may go, no card to pass), else None — for the seat whose
  turn it is, from its own hand.
"""

from __future__ import annotations

from functools import reduce
from typing import Any

from ..i18n import _, listed, ngettext, pgettext
from .cards import BRANCH_IDS, KIND, MISSION
from .power import dominates_given, entry_power
from .situation import Situation
from .table import CHOOSE, DEPLOY, Table
from .text import branch_name, named


def placement(view: dict[str, Any], card: str, branch: str, funding: list[str]) -> dict[str, Any]:
    """The branch once `view["seat"]` plays agent `card` in it with `funding` attached
    (before any effect): `power` (the seat's), `added`, `powers` (by seat) and
    `dominators` (seats dominating it then, in seat order), `before` (dominating now)."""
    seat = int(view["seat"])
    situation = Situation.of(view["situation"])
    team_of = view["team_of"]
    players = len(view["tableaus"])
    power = {s: int(t["power"][branch]) for s, t in enumerate(view["tableaus"])}
    added = entry_power((card, tuple(funding)), branch, situation)
    power[seat] += added
    foes = {s: [o for o in range(players) if team_of[o] != team_of[s]] for s in range(players)}
    return {
        "branch": branch,
        "power": power[seat],
        "added": added,
        "powers": [power[s] for s in range(players)],
        "dominators": [s for s in range(players) if dominates_given(power, s, foes[s], situation)],
        "before": list(view["dominates"][branch]),
    }


def _branches(branches: list[str]) -> str:
    """ "Tech", "Field Ops or Tech", "Field Ops, Deep Cover or Tech"."""
    names = [branch_name(b) for b in branches]
    return names[0] if len(names) == 1 else _("{a} or {b}", a=listed(names[:-1]), b=names[-1])


def _missions_need(missions: list[str], needs: list[str], done: list[str]) -> str:
    """Why the missions in hand cannot go down: the branches they need are not the
    player's now (or have had their mission this turn: `done`)."""
    values = {"branches": _branches(needs), "played": _branches(done) if done else ""}
    if len(missions) == 1:
        if done:
            return _(
                "your mission {card} needs {branches}: not yours now, or a mission already "
                "played there this turn ({played})",
                card=named(missions[0]),
                **values,
            )
        return _(
            "your mission {card} needs {branches}, where you do not dominate",
            card=named(missions[0]),
            **values,
        )
    if done:
        return ngettext(
            "your {n} mission needs {branches}: not yours now, or a mission already played "
            "there this turn ({played})",
            "your {n} missions need {branches}: not yours now, or a mission already played "
            "there this turn ({played})",
            len(missions),
            **values,
        )
    return ngettext(
        "your {n} mission needs {branches}, where you do not dominate",
        "your {n} missions need {branches}, where you do not dominate",
        len(missions),
        **values,
    )


def nothing_to_deploy(table: Table) -> str | None:
    """Why deploying now would let the player play nothing (its reason in words), or None
    when some agent, mission or pass to a teammate is legal. Only at the start of a turn
    (`choose`) or in a deploy."""
    if table.phase not in (CHOOSE, DEPLOY):
        return None
    trial = table
    if table.phase == CHOOSE:
        trial = table.copy()
        trial.apply({"type": "deploy"})
    if any(a["type"] != "end_turn" for a in trial.deploy_actions()):
        return None
    hand = trial.hands[trial.turn]
    if not hand:
        return _("your hand is empty")
    reasons: list[str] = []
    agents = [c for c in hand if KIND[c] == "agent"]
    if not agents:
        reasons.append(_("you hold no agent"))
    elif trial.agents_left <= 0:
        reasons.append(_("you have played your agent this turn"))
    limit = trial.situation.missions_per_branch
    missions = sorted({c for c in hand if KIND[c] == "mission"})
    if missions:
        needs = [b for b in BRANCH_IDS if any(b in MISSION[m].branches for m in missions)]
        done = [b for b in needs if trial.missions_played.get(b, 0) >= limit]
        reasons.append(_missions_need(missions, needs, done))
    if any(KIND[c] == "funding" for c in hand) and not (agents and trial.agents_left > 0):
        reasons.append(_("funding goes only on an agent as you play it"))
    if not reasons:
        return ""
    # translators: two reasons one after the other: "you hold no agent; funding goes ..."
    return reduce(lambda a, b: pgettext("reasons", "{a}; {b}", a=a, b=b), reasons)
