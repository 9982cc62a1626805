"""The hard bots' search, shared: determinized Monte Carlo with successive halving.

A `SearchBot` picks a few candidate actions (its game's policy's favourites), plays each
out on the same guesses of the hidden cards, drops the weaker half after each stage and
keeps the best average. Its `Budget` caps the playouts and the seconds of one decision;
`think` runs the search in slices so a page can paint between them. A game's hard bot
says what its candidates are and how one guess is played out (`rounds`); the rest is
here.
"""

from __future__ import annotations

import math
import time
from abc import abstractmethod
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from .protocol import Action, Advice, Bot, Budget, View

Playout = Callable[[int], tuple[float, float]]
"""Plays candidate `index` out on one guess: (its value, 1.0 for a win else 0.0)."""


class SearchBot(Bot):
    """A bot that searches (see the module): `budget` or its level's `default_budget`."""

    default_budget: ClassVar[Budget]
    favourite_bonus: ClassVar[float] = 0.0
    """Added to the first candidate's mean (the policy's own choice) so that it wins a tie
    within the noise."""

    def __init__(
        self, seed: int | None = None, *, budget: Budget | None = None, width: int = 4
    ) -> None:
        super().__init__(seed, budget=budget)
        self.budget: Budget = budget or self.default_budget
        self.width = width
        self.last_playouts = 0
        self.last_tally: list[tuple[int, float]] = []

    def advise(self, view: View, legal_actions: list[Action]) -> Advice:
        for step in self.think(view, legal_actions, math.inf):
            if step is not None:
                return step
        raise AssertionError("think ended without advice")

    @abstractmethod
    def think(
        self, view: View, legal_actions: list[Action], slice_s: float
    ) -> Iterator[Advice | None]:
        """The search in slices of about `slice_s` seconds (None between them), then the
        Advice; the budget's seconds count only the time spent searching."""

    def halve(
        self, count: int, rounds: Callable[[], Playout], slice_s: float
    ) -> Iterator[int | None]:
        """Successive halving over `count` candidates: each round `rounds()` deals one
        guess and gives the function that plays a candidate out on it. Yields None after
        each slice of `slice_s` seconds, then the index of the best candidate; leaves the
        playouts made in `last_playouts` and (games, wins) per candidate in `last_tally`."""
        spent = 0.0  # seconds searched before the current slice
        started = time.perf_counter()
        alive = list(range(count))
        sums = [0.0] * count
        wins = [0.0] * count
        counts = [0] * count
        stages = max(1, (count - 1).bit_length())
        budget = self.budget.playouts
        limit = self.budget.seconds
        played = 0

        def mean(index: int) -> float:
            bonus = self.favourite_bonus if index == 0 else 0.0
            return sums[index] / max(counts[index], 1) + bonus

        for stage in range(stages):
            for _ in range(max(1, budget // ((stages - stage) * len(alive)))):
                play = rounds()
                for index in alive:
                    value, won = play(index)
                    sums[index] += value
                    wins[index] += won
                    counts[index] += 1
                    # A pause may come after any playout, not only after a round: a round
                    # plays every candidate out, several slices' worth in the browser.
                    now = time.perf_counter()
                    if now - started >= slice_s:
                        spent += now - started
                        yield None
                        started = time.perf_counter()
                budget -= len(alive)
                played += len(alive)
                if limit is not None and spent + time.perf_counter() - started > limit:
                    break
            else:
                alive.sort(key=lambda index: -mean(index))
                if stage < stages - 1:
                    alive = alive[: max(1, (len(alive) + 1) // 2)]
                continue
            break
        self.last_playouts = played
        self.last_tally = list(zip(counts, wins, strict=True))
        yield max(alive, key=mean)

    def playouts(self, view: View, actions: list[Action]) -> Callable[[], Playout]:
        """The search's own playouts for `actions` (each legal in `view`): each call deals
        one guess of the hidden cards and gives the function that plays one of them out on
        it. A game's hard bot says how."""
        raise NotImplementedError

    def chances(
        self, view: View, actions: list[Action], games: int, slice_s: float
    ) -> Iterator[list[float] | None]:
        """The chance of winning after each of `actions`, from what `view` shows: each is
        played out on the same `games` guesses of the hidden cards (so they are compared on
        equal terms), and the rest of the game by the search's policy. Yields None after
        each slice of `slice_s` seconds, then the chances (0 to 1) in the order given."""
        rounds = self.playouts(view, actions)
        wins = [0.0] * len(actions)
        started = time.perf_counter()
        for _ in range(games):
            play = rounds()
            for index in range(len(actions)):
                wins[index] += play(index)[1]
                if time.perf_counter() - started >= slice_s:
                    yield None
                    started = time.perf_counter()
        yield [won / max(games, 1) for won in wins]

    def tally_facts(self, candidates: list[Any], best: int) -> dict[str, Any]:
        """What the search found, for a hint to show: the games and wins of the chosen
        candidate, how many were tried and how the others did."""
        games, won = self.last_tally[best]
        return {
            "games": games,
            "won": won,
            "tried": len(candidates),
            "others": [
                {"action": candidates[i], "games": g, "won": w}
                for i, (g, w) in enumerate(self.last_tally)
                if i != best and g
            ],
        }
