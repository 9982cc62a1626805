"""Espionage bots. Each decides from `view(seat)` and the legal actions only.

- easy: trusts its own hand — bids on what it holds most of, calls when a bid is well
  above what it sees itself (at a threshold it rolls each time), seldom spots.
- normal: expects its own count plus a fair share of the unseen cards, takes the raise
  that sits lowest against that estimate, calls when the bid is above it by a margin.
- hard: exact chances over the unseen cards, tilted by what the others have bid, and a
  choice by expected gain in chance of winning the game (call, spot, or which bid to
  make and whom to name next, allowing for how likely that player is to call).
"""

from __future__ import annotations

import itertools
import json
import math
import time
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from ..i18n import _, decimal
from ..protocol import Action, Advice, Bot, View
from .cards import ATTRIBUTES, DECK_SIZE, MERCENARIES, PER_ATTRIBUTE, TRAITORS, bid_words, count
from .odds import expected_count, pool, split_distribution
from .rules import POINTS_TO_WIN, SOURCES_FOR

MEAN_CARD = (PER_ATTRIBUTE + MERCENARIES - TRAITORS) / DECK_SIZE
"""What one unseen card adds to a count on average: 10/36."""


def _percent(chance: float) -> str:
    """A chance as a whole percentage: "23%" (as `f"{chance:.0%}"`, for a chance of at
    least zero).

    >>> _percent(0.234), _percent(0.125), _percent(1.0)
    ('23%', '12%', '100%')
    """
    # translators: a chance as a percentage; {percent} is a whole number from 0 to 100
    return _("{percent}%", percent=round(chance * 100))


def _others(view: View) -> list[int]:
    me = view["seat"]
    return [s for s, p in enumerate(view["players"]) if p["active"] and s != me]


def _bids(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a["type"] == "bid"]


def _find(legal: list[Action], kind: str) -> Action | None:
    for action in legal:
        if action["type"] == kind:
            return action
    return None


class EasyBot(Bot):
    """Plausible but naive: believes its own hand, ignores what others may hold."""

    level = "easy"

    def advise(self, view: View, legal_actions: list[Action]) -> Advice:
        hand: list[str] = view["hand"]
        bid = view["bid"]
        own = {a: count(hand, a) for a in ATTRIBUTES}
        call, spot = _find(legal_actions, "call"), _find(legal_actions, "spot")
        if bid is not None:
            mine = own[bid["attribute"]]
            if spot is not None and self.rng.random() < 0.05:
                # translators: a bot's reason; {count} is the standing bid's number
                why = _("spot: a hunch that there are exactly {count}", count=bid["count"])
                return Advice(spot, why)
            if call is not None and bid["count"] > mine + self.rng.randint(1, 3):
                # translators: a bot's reason; {bid} is what the bid counts ("4 Hackers")
                why = _(
                    "call: I hold only {count} toward at least {bid}",
                    count=mine,
                    bid=bid_words(bid["count"], bid["attribute"]),
                )
                return Advice(call, why)
        bids = _bids(legal_actions)
        if not bids:
            assert call is not None
            return Advice(call, _("call: no bid is left to make"))
        ranked = sorted(ATTRIBUTES, key=lambda a: (-own[a], self.rng.random()))
        for attribute in ranked:
            options = [b for b in bids if b["attribute"] == attribute]
            if not options:
                continue
            target = max(1, own[attribute] + self.rng.randint(0, 2))
            counts = sorted({b["count"] for b in options})
            pick = next((c for c in counts if c >= target), counts[0])
            choice = self.rng.choice([b for b in options if b["count"] == pick])
            # translators: a bot's reason; {bid} is what the bid counts ("4 Hackers")
            why = _(
                "bid at least {bid}: I hold {count} myself",
                bid=bid_words(pick, attribute),
                count=own[attribute],
            )
            return Advice(choice, why)
        raise AssertionError("unreachable: there was a bid to make")


class NormalBot(Bot):
    """Own count plus the expected share of the unseen cards; calls beyond a margin."""

    level = "normal"
    margin = 1.0

    def advise(self, view: View, legal_actions: list[Action]) -> Advice:
        hand: list[str] = view["hand"]
        dealt: int = view["dealt"]
        bid = view["bid"]
        est = {a: expected_count(hand, a, dealt) for a in ATTRIBUTES}
        call, spot = _find(legal_actions, "call"), _find(legal_actions, "spot")
        over = -math.inf
        if bid is not None:
            guess = est[bid["attribute"]]
            over = bid["count"] - guess
            if call is not None and over >= self.margin:
                # translators: a bot's reason; {guess} is a count it expects ("2.4"), {bid}
                # what the bid counts ("4 Hackers")
                why = _(
                    "call: I expect about {guess}, not at least {bid}",
                    guess=decimal(guess),
                    bid=bid_words(bid["count"], bid["attribute"]),
                )
                return Advice(call, why)
            if spot is not None and abs(over) < 0.35 and self.rng.random() < 0.25:
                # translators: a bot's reason; {guess} is a count it expects ("2.4"), {count}
                # the standing bid's number
                why = _(
                    "spot: I expect about {guess}, right on {count}",
                    guess=decimal(guess),
                    count=bid["count"],
                )
                return Advice(spot, why)
        bids = _bids(legal_actions)
        if not bids:
            assert call is not None
            return Advice(call, _("call: no bid is left to make"))
        if bid is None:
            best = max(ATTRIBUTES, key=lambda a: (est[a], -ATTRIBUTES.index(a)))
            want = max(1, math.floor(est[best]) - 1)
            options = [b for b in bids if b["attribute"] == best and b["count"] == want]
            choice = self.rng.choice(options)
            # translators: a bot's reason for its opening bid; {bid} is what the bid counts
            # ("4 Hackers"), {guess} a count it expects ("2.4")
            why = _(
                "open at least {bid}: I expect about {guess}",
                bid=bid_words(want, best),
                guess=decimal(est[best]),
            )
            return Advice(choice, why)
        lowest: dict[str, int] = {}
        for b in bids:
            a = b["attribute"]
            lowest[a] = min(lowest.get(a, b["count"]), b["count"])
        risk = {a: c - est[a] for a, c in lowest.items()}
        least = min(risk.values())
        best = self.rng.choice(sorted(a for a, r in risk.items() if r <= least + 1e-9))
        if call is not None and over > 0 and least > over:
            # translators: a bot's reason; {count} is the standing bid's number
            why = _("call: raising is riskier than calling {count}", count=bid["count"])
            return Advice(call, why)
        choice = self.rng.choice(
            [b for b in bids if b["attribute"] == best and b["count"] == lowest[best]]
        )
        # translators: a bot's reason; {bid} is what the bid counts ("4 Hackers"), {guess}
        # a count it expects ("2.4")
        why = _(
            "raise to at least {bid}: I expect about {guess}",
            bid=bid_words(lowest[best], best),
            guess=decimal(est[best]),
        )
        return Advice(choice, why)


# -- the hard bot ---------------------------------------------------------------------


SPOT_RATE = 0.12
"""In `win_chance`'s model, how often a round's winner also scores a point."""

Seat = tuple[int, int]
"""(active Sources, points) of one player."""


@cache
def _chance(mine: Seat, others: tuple[Seat, ...]) -> float:
    if mine[1] >= POINTS_TO_WIN:
        return 1.0
    if any(p >= POINTS_TO_WIN for _, p in others):
        return 0.0
    if mine[0] == 0:
        return 0.0
    live = [o for o in others if o[0] > 0]
    if not live:
        return 1.0
    table = [mine, *live]
    total = 0.0
    pairs = 0
    for lo in range(len(table)):
        for wi in range(len(table)):
            if lo == wi:
                continue
            pairs += 1
            for chance, point in ((1 - SPOT_RATE, 0), (SPOT_RATE, 1)):
                after = list(table)
                after[lo] = (after[lo][0] - 1, after[lo][1])
                after[wi] = (after[wi][0], after[wi][1] + point)
                rest = tuple(sorted(a for a in after[1:] if a[0] > 0))
                total += chance * _chance(after[0], rest)
    return total / pairs


def _positions() -> Iterator[tuple[Seat, tuple[Seat, ...]]]:
    """Every position `_chance` can meet, for each table size, fewest Sources first, so
    each one's follow-ups are already known when it is reached."""
    positions: set[tuple[Seat, tuple[Seat, ...]]] = set()
    for players, top in SOURCES_FOR.items():
        seats = [(s, p) for s in range(top + 1) for p in range(POINTS_TO_WIN)]
        live = [seat for seat in seats if seat[0] > 0]
        for k in range(players):
            for others in itertools.combinations_with_replacement(live, k):
                positions.update((mine, others) for mine in seats)
    yield from sorted(positions, key=lambda pos: (pos[0][0] + sum(s for s, _ in pos[1]), pos))


_warming = _positions()


def warm_up(budget_s: float) -> bool:
    """Fill `win_chance`'s table for up to `budget_s` seconds; True once it is complete."""
    deadline = time.perf_counter() + budget_s
    for mine, others in _warming:
        _chance(mine, others)
        if time.perf_counter() > deadline:
            return False
    return True


def win_chance(sources: tuple[int, ...], points: tuple[int, ...], seat: int) -> float:
    """`seat`'s chance to win from here, if every round were a fair coin.

    A crude model used to weigh outcomes: each round a random ordered pair of active
    players (loser, winner) is drawn; the loser loses a Source and, with `SPOT_RATE`,
    the winner scores a point.
    """
    others = tuple(
        sorted((sources[s], points[s]) for s in range(len(sources)) if s != seat and sources[s])
    )
    return _chance((sources[seat], points[seat]), others)


class _Slice:
    """The others' cards split as (the rest, the next player), for one value y of the latter."""

    __slots__ = ("hi", "lo", "p", "points", "tails", "y")

    def __init__(self, y: int, rest: dict[int, float]) -> None:
        self.y = y
        self.lo = min(rest)
        self.hi = max(rest)
        self.points = [rest.get(r, 0.0) for r in range(self.lo, self.hi + 1)]
        self.tails = list(self.points)
        for i in range(len(self.tails) - 2, -1, -1):
            self.tails[i] += self.tails[i + 1]
        self.p = self.tails[0]

    def at_least(self, r: int) -> float:
        """P(rest ≥ r and next = y)."""
        if r <= self.lo:
            return self.p
        return self.tails[r - self.lo] if r <= self.hi else 0.0

    def exactly(self, r: int) -> float:
        """P(rest = r and next = y)."""
        return self.points[r - self.lo] if self.lo <= r <= self.hi else 0.0


def _slice(joint: dict[tuple[int, int], float]) -> list[_Slice]:
    by_y: dict[int, dict[int, float]] = {}
    for (r, y), p in joint.items():
        by_y.setdefault(y, {})[r] = p
    return [_Slice(y, rest) for y, rest in sorted(by_y.items())]


class HardBot(Bot):
    """Exact odds, Bayesian-ish reading of bids, choices by expected value."""

    level = "hard"
    evidence = 0.6
    """Tilt per bid a player made on an attribute (their cards weigh exp(tilt × y))."""
    call_slope = 2.5
    call_margin = 0.5
    """How the next player is modelled: calls with chance σ(slope × (bid − guess − margin))."""
    spot_model = 0.04
    bluff = 0.08
    """How often to pick a near-best bid on an attribute the bot is weak in."""

    def prepare(self, budget_s: float) -> bool:
        return warm_up(budget_s)

    def advise(self, view: View, legal_actions: list[Action]) -> Advice:
        _base, scored, advice, explain = self._appraise(view, legal_actions)
        best_value = max(s[0] for s in scored)
        near = [s for s in scored if s[0] >= best_value - 1e-9]
        if len(near) > 1:
            near.sort(key=lambda s: -s[1])
            top = [s for s in near if s[1] >= near[0][1] - 1e-9]
            pick = top[self.rng.randrange(len(top))]
        else:
            pick = near[0]
        if pick[2]["type"] == "bid" and self.rng.random() < self.bluff:
            tolerance = 0.02
            bluffs = [
                s
                for s in scored
                if s[2]["type"] == "bid" and s[0] >= best_value - tolerance and s[1] < pick[1]
            ]
            if bluffs:
                b = bluffs[self.rng.randrange(len(bluffs))]
                # translators: a bot's reason for a bid it makes as a bluff
                return advice(b[2], _("{reason} (a bluff)", reason=explain(b[2])), True)
        return advice(pick[2], pick[3], False)

    def chances(
        self, view: View, actions: list[Action], games: int, slice_s: float
    ) -> Iterator[list[float] | None]:
        """The chance of winning the game after each of `actions` (legal in `view`), as
        the bot reckons it when it chooses: its crude model of the game's chances
        (`win_chance`) plus each move's expected gain this round. Worked out, not played
        out: `games` and `slice_s` are not needed."""
        base, scored, _advice, _explain = self._appraise(view, actions)
        value = {json.dumps(s[2], sort_keys=True): s[0] for s in scored}
        yield [
            min(1.0, max(0.0, base + value[json.dumps(action, sort_keys=True)]))
            for action in actions
        ]

    def _appraise(
        self, view: View, legal_actions: list[Action]
    ) -> tuple[
        float,
        list[tuple[float, float, Action, str]],
        Callable[[Action, str, bool], Advice],
        Callable[[Action], str],
    ]:
        """The chance of winning now (`win_chance`), each action scored (its expected
        gain in that chance, a tie-break, the action, its reason), and how to word an
        action as advice and explain a bid."""
        me: int = view["seat"]
        hand: list[str] = view["hand"]
        dealt: int = view["dealt"]
        players: list[dict[str, Any]] = view["players"]
        bid = view["bid"]
        others = _others(view)
        sizes = {s: int(players[s]["hand_size"]) for s in others}
        own = {a: count(hand, a) for a in ATTRIBUTES}
        pools = {a: pool(hand, a) for a in ATTRIBUTES}
        made: dict[tuple[int, str], int] = {}
        for b in view["history"]:
            if b["by"] != me:
                made[(b["by"], b["attribute"])] = made.get((b["by"], b["attribute"]), 0) + 1

        sources = tuple(int(p["sources"]) for p in players)
        points = tuple(int(p["points"]) for p in players)
        base = win_chance(sources, points, me)

        def gain(loser: int, scorer: int | None = None) -> float:
            after = list(sources)
            after[loser] -= 1
            scored = list(points)
            if scorer is not None:
                scored[scorer] += 1
            return win_chance(tuple(after), tuple(scored), me) - base

        joints: dict[tuple[str, int], dict[tuple[int, int], float]] = {}

        def joint(attribute: str, last: int) -> dict[tuple[int, int], float]:
            key = (attribute, last)
            if key not in joints:
                order = [s for s in others if s != last] + [last]
                joints[key] = split_distribution(
                    *pools[attribute],
                    [sizes[s] for s in order],
                    [self.evidence * made.get((s, attribute), 0) for s in order],
                )
            return joints[key]

        scored: list[tuple[float, float, Action, str]] = []
        facts: dict[str, dict[str, float]] = {}
        if bid is not None:
            attribute, need, by = bid["attribute"], bid["count"] - own[bid["attribute"]], bid["by"]
            dist = joint(attribute, by)
            hold = sum(p for (r, y), p in dist.items() if r + y >= need)
            exact = sum(p for (r, y), p in dist.items() if r + y == need)
            words = bid_words(bid["count"], attribute)
            facts["call"] = facts["spot"] = {"hold": hold, "exact": exact}
            for action in legal_actions:
                if action["type"] == "call":
                    value = hold * gain(me) + (1 - hold) * gain(by)
                    if hold >= 0.5:
                        # translators: a bot's reason; {chance} is a percentage ("73%"),
                        # {bid} what the bid counts ("4 Hackers")
                        reason = _(
                            "call: {chance} chance of at least {bid}, but raising looks worse",
                            chance=_percent(hold),
                            bid=words,
                        )
                    else:
                        # translators: a bot's reason; {chance} is a percentage ("23%"),
                        # {bid} what the bid counts ("4 Hackers")
                        reason = _(
                            "call: only {chance} chance of at least {bid}",
                            chance=_percent(hold),
                            bid=words,
                        )
                    scored.append((value, 0.0, action, reason))
                elif action["type"] == "spot":
                    value = exact * gain(by, me) + (1 - exact) * gain(me, by)
                    # translators: a bot's reason; {chance} is a percentage ("23%"), {count}
                    # the standing bid's number
                    reason = _(
                        "spot: {chance} chance there are exactly {count}",
                        chance=_percent(exact),
                        count=bid["count"],
                    )
                    scored.append((value, 0.0, action, reason))

        slices: dict[tuple[str, int], list[_Slice]] = {}
        table: dict[tuple[str, int, int], tuple[float, float, float]] = {}
        lose_me = gain(me)
        for action in legal_actions:
            if action["type"] != "bid":
                continue
            c, attribute, n = action["count"], action["attribute"], action["next"]
            key = (attribute, c, n)
            if key not in table:
                if (attribute, n) not in slices:
                    slices[(attribute, n)] = _slice(joint(attribute, n))
                need = c - own[attribute]
                guess_rest = (dealt - sizes[n]) * MEAN_CARD
                lose_n, right_n, wrong_n = gain(n), gain(me, n), gain(n, me)
                value = hold = called = 0.0
                for part in slices[(attribute, n)]:
                    gap = c - part.y - guess_rest
                    pc = 1.0 / (1.0 + math.exp(-self.call_slope * (gap - self.call_margin)))
                    ps = self.spot_model * math.exp(-gap * gap)
                    holds = part.at_least(need - part.y)
                    exact = part.exactly(need - part.y)
                    value += pc * (holds * lose_n + (part.p - holds) * lose_me)
                    value += ps * (exact * right_n + (part.p - exact) * wrong_n)
                    hold += holds
                    called += part.p * pc
                table[key] = (value, hold, called)
            value, hold, called = table[key]
            scored.append((value, own[attribute] - c * 0.01, action, ""))

        def explain(action: Action) -> str:
            c, attribute, n = action["count"], action["attribute"], action["next"]
            _value, hold, called = table[(attribute, c, n)]
            # translators: a bot's reason; {bid} is what the bid counts ("4 Hackers"),
            # {player} the seat number (1 to 4) it passes to; {hold} and {called} are
            # percentages ("73%")
            return _(
                "bid at least {bid} → player {player}: {hold} likely to hold, "
                "{called} likely to be called",
                bid=bid_words(c, attribute),
                player=n + 1,
                hold=_percent(hold),
                called=_percent(called),
            )

        def advice(action: Action, reason: str, bluff: bool) -> Advice:
            if action["type"] != "bid":
                return Advice(action, reason, dict(facts[action["type"]]))
            _value, hold, called = table[(action["attribute"], action["count"], action["next"])]
            found = {"hold": hold, "called": called, "bluff": bluff}
            return Advice(action, reason or explain(action), found)

        return base, scored, advice, explain
