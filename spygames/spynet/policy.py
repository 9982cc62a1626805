"""How the SpyNet bots judge a position: card worth, agent plays, piles, effects, passes.

Every function takes a `Table` and the seat deciding, and reads only what that seat may
know: its own hand, pile memory and face-down missions, the agents in every tableau, the
counts (never another seat's face-down missions, a teammate's included). The normal bot runs it on
a table guessed from its view; the hard bot runs it for every seat in its playouts.
`choose` returns one legal action.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from .cards import AGENT, BRANCH_IDS, FUNDING_VALUE, KIND, MISSION
from .power import entry_power
from .scoring import condition_met
from .table import CHOOSE, DEPLOY, DRAFT, EFFECT, RECRUIT, Table

Action = dict[str, Any]


@dataclass(frozen=True)
class Weights:
    """The knobs of the policy; `NORMAL` is the normal bot's, `EASY` a careless one's."""

    take: tuple[float, float, float] = (3.4, 2.6, 1.6)  # pile worth needed to take it
    deploy_hand: int = 6  # deploy anyway with this many cards in hand
    presence: float = 0.18  # worth of a point of power in a branch
    funding_cost: float = 0.35  # worth kept by not spending a point of funding
    careful: bool = True  # weigh plays; False: the first agent, all funding, any target
    team_play: bool = True  # pass useful cards, never aim at the teammate


NORMAL: Final = Weights()
EASY: Final = Weights(take=(2.0, 1.5, 1.0), deploy_hand=4, careful=False, team_play=False)


# -- reading the table ---------------------------------------------------------------
def best_rival(t: Table, seat: int, branch: str) -> int:
    """The highest power among `seat`'s opponents in `branch`."""
    return t.rival_power(seat, branch)


def would_dominate(t: Table, mine: int, rival: int) -> bool:
    if mine <= 0:
        return False
    return mine >= rival if t.situation.ties_dominate else mine > rival


def prospect(t: Table, seat: int, branch: str) -> float:
    """0..1: how likely `seat` is to dominate `branch` when it matters."""
    mine, rival = t.power(seat, branch), best_rival(t, seat, branch)
    if would_dominate(t, mine, rival):
        return 1.0
    return 1.0 / (1.0 + 0.35 * (rival - mine + 1))


def mission_worth(t: Table, seat: int, card: str) -> float:
    m = MISSION[card]
    chance = max(prospect(t, seat, b) for b in m.branches)
    worth = m.stars * (0.45 + 0.55 * chance)
    if m.condition is not None:
        worth *= 0.7
    return worth


def worth(t: Table, seat: int, card: str) -> float:
    """What a card in hand is worth to `seat`, in rough points."""
    kind = KIND[card]
    if kind == "mission":
        return mission_worth(t, seat, card)
    if kind == "agent":
        agent = AGENT[card]
        return 0.5 + 0.32 * agent.power + (0.5 if agent.effect else 0.0)
    return 0.3 + 0.3 * FUNDING_VALUE[card]


def stars_in_hand(t: Table, seat: int) -> dict[str, float]:
    """By branch, the stars of the missions in hand that could go there: each mission's
    stars (less for one with a condition) shared among its branches."""
    stars = dict.fromkeys(BRANCH_IDS, 0.0)
    for card in t.hands[seat]:
        if KIND[card] == "mission":
            m = MISSION[card]
            share = m.stars * (0.7 if m.condition else 1.0) / len(m.branches) ** 0.5
            for branch in m.branches:
                stars[branch] += share
    return stars


def hand_stars(t: Table, seat: int, branch: str) -> float:
    """Stars of the missions in hand that could go in `branch` (`stars_in_hand`)."""
    return stars_in_hand(t, seat)[branch]


# -- agents ----------------------------------------------------------------------------
def funding_options(t: Table, seat: int, need: int) -> list[list[str]]:
    """A few funding sets worth considering: none, the cheapest that adds `need` power."""
    funds = sorted(
        (c for c in t.hands[seat] if KIND[c] == "funding"), key=FUNDING_VALUE.__getitem__
    )
    most = t.situation.funding_per_agent
    options: list[list[str]] = [[]]
    if not funds or most == 0:
        return options
    if need > 0:
        single = [f for f in funds if FUNDING_VALUE[f] >= need]
        if single:
            options.append([single[0]])
        else:
            chosen: list[str] = []
            for f in reversed(funds):
                if most is not None and len(chosen) >= most:
                    break
                chosen.append(f)
                if sum(FUNDING_VALUE[c] for c in chosen) >= need:
                    options.append(sorted(chosen))
                    break
    if t.final:  # nothing is worth keeping now
        options.append(sorted(funds[-most:] if most else funds))
    return options


@dataclass(frozen=True)
class Front:
    """One branch as `seat` sees it before playing an agent there."""

    mine: int  # seat's power
    rival: int  # the best opponent's power
    held: bool  # seat dominates it
    stars: float  # stars in hand that could go there
    mate_holds: bool  # the teammate dominates it


def fronts(t: Table, seat: int, branches: Iterable[str] = BRANCH_IDS) -> dict[str, Front]:
    """`seat`'s `branches` (every branch unless told) as it sees them."""
    mate = t.teammate(seat)
    stars = stars_in_hand(t, seat)
    out = {}
    for branch in branches:
        mine, rival = t.power(seat, branch), t.rival_power(seat, branch)
        out[branch] = Front(
            mine=mine,
            rival=rival,
            held=would_dominate(t, mine, rival),
            stars=stars[branch],
            mate_holds=mate is not None and t.dominates(mate, branch),
        )
    return out


def agent_gain(
    t: Table, front: Front, card: str, base: int, funding: list[str], w: Weights
) -> float:
    """How much better off the seat is after playing this agent (of power `base` where it
    goes, before funding) with this funding."""
    mine, rival, stars = front.mine, front.rival, front.stars
    spent = sum(FUNDING_VALUE[f] for f in funding) if funding else 0
    added = base + spent
    before = front.held
    after = would_dominate(t, mine + added, rival)
    gain = 0.0
    if after and not before:
        gain += 1.0 + 1.2 * stars
    elif not after:
        gain += 0.25 * stars * added / (rival - mine + 1)
    margin = mine - rival
    presence = w.presence * added
    if before and margin >= 4:
        presence *= 0.4
    gain += presence
    if not t.final:
        gain -= w.funding_cost * spent
    if w.team_play and not stars and front.mate_holds:
        gain -= 0.3  # the teammate holds it already: build elsewhere
    effect = AGENT[card].effect
    if effect is not None:
        gain += 0.6 if effect["kind"] in ("extra_agents", "draw") else 0.4
    return gain


def agent_plays(t: Table, seat: int, w: Weights) -> tuple[tuple[float, Action], ...]:
    """Candidate agent plays with their gain, best first (worked out once for a hand, a
    tableau and a round: a playout asks again for each step of a turn). The answer is
    kept for the next asker: a tuple, so no caller can reorder or extend it; an action
    taken from it to be changed must be copied (`choose` hands out copies)."""
    key = ("agent_plays", seat, w, tuple(t.hands[seat]), t.tableau_version, t.final)
    found: tuple[tuple[float, Action], ...] | None = t.memo.get(key)
    if found is None:
        found = t.memo[key] = tuple(_agent_plays(t, seat, w))
    return found


def best_agent_play(t: Table, seat: int, w: Weights) -> tuple[float, Action] | None:
    """`agent_plays`' first, worked out alone where the others are not wanted (a playout's
    step): the first of the plays with the highest gain, as the sort puts it first. Kept as
    `agent_plays` is; hand out a copy of its action."""
    state = (seat, w, tuple(t.hands[seat]), t.tableau_version, t.final)
    every: tuple[tuple[float, Action], ...] | None = t.memo.get(("agent_plays", *state))
    if every is not None:
        return every[0] if every else None
    key = ("best_agent_play", *state)
    if key not in t.memo:
        best = _agent_plays(t, seat, w, best_only=True)
        t.memo[key] = best[0] if best else None
    found: tuple[float, Action] | None = t.memo[key]
    return found


def _agent_plays(
    t: Table, seat: int, w: Weights, *, best_only: bool = False
) -> list[tuple[float, Action]]:
    """Every agent play with its gain, best first (the sort is stable: of equal gains, the
    first found); with `best_only`, that first one alone."""
    plays: list[tuple[float, Action]] = []
    cards = [c for c in dict.fromkeys(t.hands[seat]) if KIND[c] == "agent"]
    if not cards:
        return plays
    front = fronts(t, seat, dict.fromkeys(b for c in cards for b in AGENT[c].branches))
    options: dict[int, list[list[str]]] = {}  # funding to consider, by power needed
    best: tuple[float, str, str, list[str]] | None = None
    for card in cards:
        agent = AGENT[card]
        for branch in agent.branches:
            f = front[branch]
            base = entry_power((card, ()), branch, t.situation)
            need = f.rival + 1 - f.mine - base
            if need not in options:
                options[need] = funding_options(t, seat, need)
            for funding in options[need]:
                gain = agent_gain(t, f, card, base, funding, w)
                if best_only:
                    if best is None or gain > best[0]:
                        best = (gain, card, branch, funding)
                    continue
                action = {"type": "agent", "card": card, "branch": branch, "funding": funding}
                plays.append((gain, action))
    if best is not None:
        gain, card, branch, funding = best
        return [(gain, {"type": "agent", "card": card, "branch": branch, "funding": funding})]
    plays.sort(key=lambda p: -p[0])
    return plays


# -- missions ---------------------------------------------------------------------------
def mission_plays(t: Table, seat: int) -> tuple[Action, ...]:
    """Every mission that can go down now, each in its best branch, most stars first.
    Worked out at each asking: unlike `agent_plays`, the same hand, tableau and missions
    played come back too seldom to keep (3 askings in 100 in a review's playouts)."""
    return tuple(_mission_plays(t, seat))


def first_mission_play(t: Table, seat: int) -> Action | None:
    """`mission_plays`' first, worked out alone: the mission with the most stars (the
    first in hand of equal stars) that can go down now, in its best branch."""
    plays = _mission_plays(t, seat, first_only=True)
    return plays[0] if plays else None


def _mission_plays(t: Table, seat: int, *, first_only: bool = False) -> list[Action]:
    cards = [c for c in t.hands[seat] if KIND[c] == "mission"]
    if not cards:
        return []
    cards.sort(key=lambda c: -MISSION[c].stars)
    plays = []
    used: dict[str, int] = dict(t.missions_played)
    limit = t.situation.missions_per_branch
    for card in cards:
        m = MISSION[card]
        open_ = [b for b in m.branches if used.get(b, 0) < limit and t.dominates(seat, b)]
        if not open_:
            continue
        branch = max(open_, key=lambda b: _mission_fit(t, seat, card, b))
        used[branch] = used.get(branch, 0) + 1
        plays.append({"type": "mission", "card": card, "branch": branch})
        if first_only:
            break
    return plays


def _mission_fit(t: Table, seat: int, card: str, branch: str) -> float:
    m = MISSION[card]
    margin = t.power(seat, branch) - best_rival(t, seat, branch)
    fit = 0.1 * margin
    if m.condition is not None and condition_met(t, seat, branch, m.condition):
        fit += 2.0
    return fit


# -- effects ----------------------------------------------------------------------------
def _hurt(t: Table, owner: int, branch: str, entry: tuple[str, tuple[str, ...]]) -> float:
    """How much taking `entry` away from `owner`'s `branch` costs them."""
    power = entry_power(entry, branch, t.situation)
    mine = t.power(owner, branch)
    rival = best_rival(t, owner, branch)
    value = 0.2 * power
    if would_dominate(t, mine, rival) and not would_dominate(t, mine - power, rival):
        value += 1.5
    return value


def effect_choices(t: Table, seat: int, w: Weights) -> list[tuple[float, Action]]:
    """The pending effect's targets with their worth to `seat`, best first."""
    p = t.pending
    assert p is not None
    kind = p["effect"]
    mate = t.teammate(seat)
    scored: list[tuple[float, Action]] = []
    for action in t.effect_actions():
        if action["type"] == "discard_card":
            scored.append((-worth(t, seat, action["card"]), action))
        elif kind == "discard":
            target = action["seat"]
            scored.append((0.5 + 0.1 * len(t.hands[target]), action))
        elif kind == "draw":
            scored.append((1.0, action))
        else:
            where = t.locate(action["card"])
            assert where is not None
            owner, branch, index = where
            entry = t.agents[owner][branch][index]
            if w.team_play and owner in (seat, mate):
                continue
            value = _hurt(t, owner, branch, entry)
            if kind == "flip":
                target = action["branch"]
                mine, rival = t.power(seat, target), best_rival(t, seat, target)
                added = entry_power(entry, target, t.situation)
                if not would_dominate(t, mine, rival) and would_dominate(t, mine + added, rival):
                    value += 1.0 + hand_stars(t, seat, target)
                value += 0.15 * added
            scored.append((value, action))
    scored.sort(key=lambda s: -s[0])
    return scored


# -- choosing ---------------------------------------------------------------------------
def choose(t: Table, seat: int, w: Weights = NORMAL) -> Action:
    """The policy's action for `seat`, who must be the one to act."""
    phase = t.phase
    if phase == DRAFT:
        return {"type": "keep", "card": max(t.draft, key=lambda c: worth(t, seat, c))}
    if phase == CHOOSE:
        return {"type": "deploy" if _should_deploy(t, seat, w) else "recruit"}
    if phase == RECRUIT:
        return {"type": "take" if _should_take(t, seat, w) else "pass_on"}
    if phase == EFFECT:
        return _effect(t, seat, w)
    assert phase == DEPLOY
    return _deploy_step(t, seat, w)


def _should_deploy(t: Table, seat: int, w: Weights) -> bool:
    hand = t.hands[seat]
    if first_mission_play(t, seat) is not None:
        return True
    best = best_agent_play(t, seat, w) if w.careful else None
    if best is not None and best[0] >= 1.0 + (0.8 if w.careful else 0):
        return True  # an agent that opens a branch for a mission in hand
    has_agent = any(KIND[c] == "agent" for c in hand)
    if has_agent and len(hand) >= w.deploy_hand:
        return True
    # Near the end the remaining turns are few: get the hand onto the table.
    return has_agent and len(t.deck) <= 2 * t.players and len(hand) >= 3


def _should_take(t: Table, seat: int, w: Weights) -> bool:
    index = t.looking
    assert index is not None
    pile = t.piles[index]
    if not w.careful:
        return len(pile) >= 2 or any(KIND[c] == "mission" for c in pile)
    value = sum(worth(t, seat, c) for c in pile)
    return value >= w.take[index]


def _effect(t: Table, seat: int, w: Weights) -> Action:
    choices = effect_choices(t, seat, w)
    if t.must_discard():
        if not w.careful:
            return {"type": "discard_card", "card": t.hands[seat][0]}
        return choices[0][1]
    if not choices:
        return {"type": "skip_effect"}
    if not w.careful:
        return choices[-1][1]
    value, action = choices[0]
    return action if value > 0 else {"type": "skip_effect"}


def _deploy_step(t: Table, seat: int, w: Weights) -> Action:
    if t.agents_left > 0:
        if not w.careful:
            for card in t.hands[seat]:
                if KIND[card] == "agent":
                    funds = sorted(c for c in t.hands[seat] if KIND[c] == "funding")
                    most = t.situation.funding_per_agent
                    funds = funds[:most] if most is not None else funds
                    branch = AGENT[card].branches[0]
                    return {"type": "agent", "card": card, "branch": branch, "funding": funds}
        else:
            best = best_agent_play(t, seat, w)
            if best is not None and (best[0] > 0.0 or t.final):
                return _copy(best[1])
    mission = first_mission_play(t, seat)
    if mission is not None:
        return mission  # made for this asking: not kept
    if w.team_play and t.teammate(seat) is not None and not t.has_passed:
        gift = _gift(t, seat)
        if gift is not None:
            return {"type": "pass", "card": gift}
    return {"type": "end_turn"}


def _copy(action: Action) -> Action:
    """An action of the kept answers, for the caller to keep (its lists copied too)."""
    return {k: list(v) if isinstance(v, list) else v for k, v in action.items()}


def _gift(t: Table, seat: int) -> str | None:
    """A mission for a branch the teammate dominates and `seat` does not, if any."""
    mate = t.teammate(seat)
    assert mate is not None
    best, best_stars = None, 0
    for card in t.hands[seat]:
        if KIND[card] != "mission":
            continue
        m = MISSION[card]
        if any(t.dominates(seat, b) for b in m.branches):
            continue
        if any(t.dominates(mate, b) for b in m.branches) and m.stars > best_stars:
            best, best_stars = card, m.stars
    return best
