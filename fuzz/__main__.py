"""`make fuzz`: many random games of every game and player count, outside the regular
test time.

    python -m fuzz [--games 100000] [--jobs 2] [--minutes M]
    python -m fuzz --game spynet --players 3 --seed 1234     # one game, every check

Each game is played by a generator seeded with its number, legal moves mixed with
illegal ones, under the engine's own conformance checks (`spygames.conformance`: cards
conserved, the game ends, legal actions until it does, refusals change nothing, hidden
cards do not show, views and results keep their shape, the record replays to the same
game). Seeds are shared out to
`--jobs` processes in chunks. It prints the counts, games a second and every failing
seed with the command that replays it; it exits 1 when anything failed. `--minutes`
stops handing out seeds after that long and says how many games were played (an honest
partial run). The untrusted inputs and the Hypothesis properties of `make fuzz` run
under pytest (see the Makefile).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spygames import conformance

CHUNK = 50
PROGRESS = 300  # seconds between progress lines
DEEP_EVERY = 20  # one game in this many gets the costly checks on every 4th step
TEMPT = 0.03  # the share of steps at which illegal actions are tried first


@dataclass
class Tally:
    games: int = 0
    steps: int = 0
    refused: int = 0
    twins: int = 0
    seconds: float = 0.0
    failures: list[tuple[int, str]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.steps += other.steps
        self.refused += other.refused
        self.twins += other.twins
        self.failures += other.failures


def play_one(game_id: str, players: int, seed: int, *, every_check: bool = False) -> Tally:
    """One game under the invariants; raises AssertionError (or worse) on a failure."""
    deep_game = every_check or seed % DEEP_EVERY == 0
    done = conformance.random_game(
        game_id,
        players,
        seed,
        tempt=TEMPT,
        deep=lambda step: deep_game and (every_check or step % 4 == 0),
    )
    return Tally(games=1, steps=done.steps, refused=done.refused, twins=done.twins)


def run_chunk(job: tuple[str, int, int, int]) -> Tally:
    game_id, players, first, last = job
    tally = Tally()
    for seed in range(first, last):
        try:
            tally.add(play_one(game_id, players, seed))
        except Exception as exc:
            where = traceback.extract_tb(exc.__traceback__)[-1]
            tally.games += 1
            tally.failures.append(
                (seed, f"{type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})")
            )
    return tally


def plan(games: int) -> list[tuple[str, int, int]]:
    """(game, players, games) — each game's share split over its player counts."""
    out = []
    for game_id, checks in conformance.shipped_checks().items():
        counts = checks.players
        each = -(-games // len(counts))
        out += [(game_id, players, each) for players in counts]
    return out


def fuzz_games(games: int, jobs: int, deadline: float) -> bool:
    """Every game and player count, their chunks interleaved so that a run stopped by
    the deadline has played each of them about as far."""
    todo = plan(games)
    chunks = [
        (g, p, first, min(first + CHUNK, count))
        for g, p, count in todo
        for first in range(0, count, CHUNK)
    ]
    counts = {(g, p): count for g, p, count in todo}
    order = sorted(chunks, key=lambda c: c[2] / counts[c[0], c[1]])  # as far along each
    tallies = {(g, p): Tally() for g, p, _ in todo}
    start = shown = time.perf_counter()
    with multiprocessing.Pool(jobs) as pool:
        running: list[tuple[tuple[str, int], Any]] = []
        for game_id, players, first, last in order:
            if time.perf_counter() > deadline:
                break
            job = (game_id, players, first, last)
            running.append(((game_id, players), pool.apply_async(run_chunk, (job,))))
            while len(running) >= 2 * jobs:  # two chunks a process in flight
                which, result = running.pop(0)
                tallies[which].add(result.get())
            if time.perf_counter() > shown + PROGRESS:
                shown = time.perf_counter()
                done = ", ".join(f"{g} {p}p {t.games:,}" for (g, p), t in tallies.items())
                print(f"[{shown - start:.0f} s] {done}", flush=True)
        for which, result in running:
            tallies[which].add(result.get())
    seconds = time.perf_counter() - start
    ok = True
    by_game: dict[str, Tally] = {}
    for (game_id, players, count), tally in zip(todo, tallies.values(), strict=True):
        short = "" if tally.games >= count else f" of {count:,} (stopped by --minutes)"
        print(
            f"{game_id} {players}p: {tally.games:,} games{short}, {tally.steps:,} actions, "
            f"{tally.refused:,} illegal actions refused, {tally.twins:,} twin deals, "
            f"{len(tally.failures)} failures"
        )
        for seed, message in tally.failures[:20]:
            print(f"  FAILED seed {seed}: {message}")
            print(f"    replay: python -m fuzz --game {game_id} --players {players} --seed {seed}")
        ok = ok and not tally.failures
        by_game.setdefault(game_id, Tally()).add(tally)
    total = sum(t.games for t in by_game.values())
    for game_id, tally in by_game.items():
        print(f"TOTAL {game_id}: {tally.games:,} games, {len(tally.failures)} failures")
    print(
        f"{total:,} games in {seconds:.0f} s with {jobs} processes "
        f"({total / seconds if seconds else 0:.1f} games/s)"
    )
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fuzz", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games per game")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=None, help="stop handing out games")
    parser.add_argument("--game", help="replay one failing game (with --players and --seed)")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.game:
        done = play_one(args.game, args.players, args.seed, every_check=True)
        print(f"{args.game} {args.players}p seed {args.seed}: passed, {done.steps} actions")
        return 0
    start = time.perf_counter()
    deadline = start + args.minutes * 60 if args.minutes else float("inf")
    ok = fuzz_games(args.games, args.jobs, deadline)
    print(f"fuzz: {'passed' if ok else 'FAILED'} in {time.perf_counter() - start:.0f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
