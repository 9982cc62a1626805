"""The SpyNet bots: easy (careless), normal (the policy), hard (search over guesses).

Every bot decides from `view(seat)` and the legal actions only. What the view hides
(the deck, other hands, the unknown part of each pile, every other seat's face-down
missions — a teammate's too) is guessed from what it shows (`guess.Guesser`), so the
same view and seed always give the same answer, whatever the real cards are. A team bot
knows of its teammate's missions only what the table shows (how many, in which branch)
and the cards it passed it.

- easy: keeps and takes what looks big, plays its first agent with all its funding,
  aims effects anywhere, never passes to its teammate.
- normal: `policy.choose` — weighs each agent play by the branches it opens for the
  missions in hand, spends funding only to take a branch, takes a pile when it is worth
  more than the piles to come, plays every mission it can, passes its teammate missions
  for branches the teammate holds and never aims an effect at the teammate.
- hard: for each of the policy's few best actions, plays the game out to the end on
  many guesses of the hidden cards (every seat playing the policy) and picks the action
  that wins most often; candidates share the guesses, and the weaker half is dropped
  after each stage (successive halving).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Final

from ..i18n import N_, _, ngettext
from ..protocol import Action, Advice, Bot, Budget, View
from ..search import Playout, SearchBot
from .guess import Guesser
from .policy import (
    EASY,
    NORMAL,
    Weights,
    agent_plays,
    choose,
    effect_choices,
    mission_plays,
)
from .scoring import score
from .table import CHOOSE, DEPLOY, DRAFT, EFFECT, RECRUIT, Table
from .text import describe_action

REASONS: Final = {
    "recruit": N_("recruit: nothing worth deploying yet"),
    "deploy": N_("deploy: there is something to play that helps now"),
    "take": N_("take this pile: it is worth more than waiting"),
    "pass_on": N_("return this pile: the next ones may be better"),
    "end_turn": N_("end the turn: nothing more worth playing"),
    "skip_effect": N_("skip the effect: no target worth it"),
}
"""Why a bot (or the Hint) makes a move of this kind (translated where it is said)."""


def _key(action: Action) -> tuple[object, ...]:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in action.items()))


def to_legal(action: Action, legal: list[Action]) -> Action:
    """The legal action equal to `action` (funding in any order), else the first legal."""
    wanted = _key(
        {**action, "funding": sorted(action["funding"])} if "funding" in action else action
    )
    for candidate in legal:
        c = (
            {**candidate, "funding": sorted(candidate["funding"])}
            if "funding" in candidate
            else candidate
        )
        if _key(c) == wanted:
            return candidate
    return legal[0]


def reason_for(action: Action) -> str:
    kind = str(action["type"])
    if kind in REASONS:
        return _(REASONS[kind])
    return describe_action(action)


class PolicyBot(Bot):
    """Plays `policy.choose` with its weights on a guess of the table."""

    weights: Weights = NORMAL

    def advise(self, view: View, legal_actions: list[Action]) -> Advice:
        if not legal_actions:
            raise ValueError("no legal actions: the game is over")
        if len(legal_actions) == 1:
            return Advice(legal_actions[0], reason_for(legal_actions[0]))
        # The policy reads only what the seat may know, so any guess will do: a fixed
        # one keeps the answer a function of the view alone.
        table = Guesser(view).guess(random.Random(0))
        action = to_legal(choose(table, view["seat"], self.weights), legal_actions)
        return Advice(action, reason_for(action))


class EasyBot(PolicyBot):
    level = "easy"
    weights = EASY


class NormalBot(PolicyBot):
    level = "normal"
    weights = NORMAL


def playout(table: Table, seat: int, weights: Weights = NORMAL) -> float:
    """Finish the game with every seat on the policy: 1 for a win of `seat`'s team (a
    share of a shared win), plus a little for the margin."""
    won, margin = play_out(table, seat, weights)
    return won + 0.01 * margin


def play_out(table: Table, seat: int, weights: Weights = NORMAL) -> tuple[float, int]:
    """Finish the game with every seat on the policy: `seat`'s team's share of the win
    (1, a share of a shared win, or 0) and its margin in points over the best other."""
    guard = 0
    while not table.is_over:
        table.apply(choose(table, table.actor, weights))
        guard += 1
        if guard > 5000:  # never expected; a safety net for a policy bug
            break
    result = score(table)
    team = table.team_of[seat]
    scores: list[int] = result["scores"]
    best_other = max((p for t, p in enumerate(scores) if t != team), default=0)
    winners: list[int] = result["winners"]
    teams_winning = len({table.team_of[s] for s in winners})
    won = (1.0 / teams_winning) if seat in winners else 0.0
    return won, scores[team] - best_other


class HardBot(SearchBot):
    """Determinized Monte Carlo (`spygames.search`) over the policy's best few actions.

    The default budget is 70 playouts a decision and 1.0 s (a safety net on a slow
    machine); with `Budget(n, None)` the whole budget is played, and the bot is then
    deterministic given its seed.
    """

    level = "hard"
    default_budget = Budget(70, 1.0)
    favourite_bonus = 0.02

    def __init__(
        self,
        seed: int | None = None,
        *,
        budget: Budget | None = None,
        width: int = 4,
        weights: Weights = NORMAL,
    ) -> None:
        super().__init__(seed, budget=budget, width=width)
        self.weights = weights

    def candidates(self, table: Table, seat: int, legal: list[Action]) -> list[Action]:
        """The actions worth searching, the policy's favourite first (all legal)."""
        favourite = to_legal(choose(table, seat, self.weights), legal)
        found = [favourite]
        phase = table.phase
        if phase in (DRAFT, CHOOSE, RECRUIT):
            found += legal
        elif phase == EFFECT:
            found += [a for _, a in effect_choices(table, seat, self.weights)[: self.width]]
            if not table.must_discard():
                found.append({"type": "skip_effect"})
        elif phase == DEPLOY:
            found += [a for _, a in agent_plays(table, seat, self.weights)[: self.width - 1]]
            found += mission_plays(table, seat)[:1]
            found.append({"type": "end_turn"})
        unique: list[Action] = []
        keys = set()
        for action in found:
            legal_one = to_legal(action, legal)
            if legal_one != action and _key(legal_one) != _key(action):
                continue  # not legal here: never searched
            if _key(legal_one) not in keys:
                keys.add(_key(legal_one))
                unique.append(legal_one)
        return unique[: max(self.width, 2)] if phase == DEPLOY else unique

    def think(
        self, view: View, legal_actions: list[Action], slice_s: float
    ) -> Iterator[Advice | None]:
        if not legal_actions:
            raise ValueError("no legal actions: the game is over")
        seat = view["seat"]
        guesser = Guesser(view)
        table = guesser.guess(random.Random(0))
        candidates = self.candidates(table, seat, legal_actions)
        self.last_playouts = 0
        self.last_tally = []
        best = 0
        # A mission the policy can play now is never worth delaying: no search.
        if len(candidates) > 1 and candidates[0]["type"] != "mission":
            for step in self._search(guesser, seat, candidates, slice_s):
                if step is None:
                    yield None
                else:
                    best = step
        action = candidates[best]
        reason = reason_for(action)
        facts: dict[str, object] = {}
        if self.last_playouts:
            # translators: a bot's reason for a move, then how it searched: "recruit: nothing
            # worth deploying yet (best of 4 in 70 simulated games)"
            reason = ngettext(
                "{reason} (best of {count} in {n} simulated game)",
                "{reason} (best of {count} in {n} simulated games)",
                self.last_playouts,
                reason=reason,
                count=len(candidates),
            )
            facts = self.tally_facts(candidates, best)
        yield Advice(action, reason, facts)

    def _search(
        self, guesser: Guesser, seat: int, candidates: list[Action], slice_s: float
    ) -> Iterator[int | None]:
        return self.halve(len(candidates), self._rounds(guesser, seat, candidates), slice_s)

    def playouts(self, view: View, actions: list[Action]) -> Callable[[], Playout]:
        return self._rounds(Guesser(view), int(view["seat"]), actions)

    def _rounds(
        self, guesser: Guesser, seat: int, candidates: list[Action]
    ) -> Callable[[], Playout]:
        """A guess of the hidden cards a call, and the playout of a candidate on it."""

        def rounds() -> Playout:
            guess = guesser.guess(random.Random(self.rng.getrandbits(64)))

            def play(index: int) -> tuple[float, float]:
                t = guess.copy()
                t.apply(candidates[index])
                won, margin = play_out(t, seat, self.weights)
                return won + 0.01 * margin, won

            return play

        return rounds
