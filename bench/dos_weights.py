"""How the Deck of Spies expert weights were found: `python -m bench.dos_weights`.

A coordinate search over the fields of `policy.Weights`: the policy alone (no search)
plays the tuning deals (5000-8999 by default) with each value of one field in turn, and
a value is kept when it wins at least 0.2 points more often than the best so far; two
sweeps over every field. Every candidate plays the same deals with the same reshuffles
(common random numbers), so a difference is the weights', not the luck's. Then it plays
the real game on deals it never saw (`--check`, default 0-999, the deals `strength`
measures) with the weights it started from and the weights it found.

    python -m bench.dos_weights                      # from the current EXPERT weights
    python -m bench.dos_weights --start old          # from the weights before 2026-12-01
    python -m bench.dos_weights --deals 5000..5999 --sweeps 1

About 2 ms a game: a sweep over 4,000 deals takes about ten minutes on one core.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace
from typing import Any

import spygames
from spygames.deck_of_spies.bots import to_action
from spygames.deck_of_spies.policy import EXPERT, Weights, choose, play
from spygames.deck_of_spies.rules import DeckOfSpiesState
from spygames.deck_of_spies.solver import ORDER
from spygames.deck_of_spies.table import OVER, Table

GAME = spygames.get_game("deck-of-spies")
# The values tried for each field (the current value is always among the candidates).
GRID: dict[str, list[float]] = {
    "recruit": [0, 10, 20, 30, 45, 60],
    "recruit_min_value": [5, 6, 7, 8, 9, 10, 11],
    "recruit_per_value": [0, 0.5, 1, 2, 3],
    "recruit_face": [0, 10, 20, 40, 80],
    "ace_kept": [-4, -2, 0, 2, 4, 8],
    "ace_per_face": [0, 0.5, 1, 2, 3],
    "ace_late": [0, 2, 4, 6, 10],
    "late_spies": [0, 1, 2, 3, 5],
    "retire_kept": [0, 2, 4, 8, 12, 20],
    "retire_max_value": [4, 6, 8, 9, 10],
    "min_deck": [2, 4, 6, 8, 10],
}
INTEGER_FIELDS = {"recruit_min_value", "late_spies", "retire_max_value", "min_deck"}


def new(seed: int) -> DeckOfSpiesState:
    state = GAME.new(seed=seed)
    assert isinstance(state, DeckOfSpiesState)
    return state


def deals(first: int, last: int) -> list[tuple[int, Table]]:
    """Each deal's first position (hand drawn, first spy up)."""
    return [(seed, new(seed).table) for seed in range(first, last + 1)]


def win_rate(weights: Weights, start: list[tuple[int, Table]]) -> float:
    """The policy alone on these positions; each deal reshuffles with its own generator."""
    wins = 0
    for seed, first in start:
        table = first.copy(random.Random(seed))
        while table.phase != OVER:
            play(table, choose(table, weights))
        wins += not table.lost and table.faces_owned() >= 7
    return wins / len(start)


def real_games(weights: Weights, first: int, last: int) -> int:
    """Deals won by the policy playing the real game (the engine's own reshuffles)."""
    wins = 0
    for seed in range(first, last + 1):
        state = new(seed)
        while not state.is_over:
            move = choose(state.table, weights)
            action = to_action(move, state.legal_actions())
            assert action is not None, move
            state.apply(action)
        wins += bool((state.result or {})["won"])
    return wins


def search(weights: Weights, start: list[tuple[int, Table]], sweeps: int) -> Weights:
    best = win_rate(weights, start)
    print(f"start: {best:.2%} on {len(start)} deals", flush=True)
    for sweep in range(sweeps):
        for name, values in GRID.items():
            for value in values:
                typed: Any = int(value) if name in INTEGER_FIELDS else float(value)
                if getattr(weights, name) == typed:
                    continue
                candidate = replace(weights, **{name: typed})
                rate = win_rate(candidate, start)
                if rate > best + 0.002:
                    print(f"  {name}={typed}: {rate:.2%} (was {best:.2%})", flush=True)
                    weights, best = candidate, rate
        print(f"sweep {sweep + 1}: {best:.2%} {weights}", flush=True)
    return weights


def span(text: str) -> tuple[int, int]:
    first, _, last = text.partition("..")
    return int(first), int(last or first)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", default="5000..8999", help="tuning deals, A..B")
    parser.add_argument("--check", default="0..999", help="unseen deals to check on, A..B")
    parser.add_argument("--sweeps", type=int, default=2)
    parser.add_argument("--start", choices=("expert", "old"), default="expert")
    options = parser.parse_args(argv)
    start = EXPERT if options.start == "expert" else ORDER
    found = search(start, deals(*span(options.deals)), options.sweeps)
    first, last = span(options.check)
    count = last - first + 1
    for name, weights in (("start", start), ("found", found)):
        won = real_games(weights, first, last)
        print(f"{name} weights, real games on deals {first}-{last}: won {won}/{count}")


if __name__ == "__main__":
    main()
