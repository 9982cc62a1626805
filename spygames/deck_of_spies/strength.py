"""How strong the bots are, measured on seeded deals (CPython only: it may fork workers).

    python -m spygames.deck_of_spies.strength hard --games 1000 --jobs 2

Prints the win rate with its 95% Wilson interval, the mean score (face cards owned)
and the time per decision; `--out FILE` also writes one JSON line per deal (seed, won,
score, decisions, capped), as each finishes, for comparing a level with the solver's
ceiling deal by deal. Deal `seed` is the same for every level, so levels are compared on
the same deals; the bot's own seed is `bot_seed(deal, 0)`.

A bot with a time cap (`hard`: its budget's seconds, a safety net for the browser) plays its
whole playout budget here instead, so what is measured depends on the deal and the seed
only, never on how busy the machine is. "over cap" counts the decisions that took longer
than the cap allows: "wall" by the clock (under the machine's load at the time), "cpu"
by the processor time the decision itself used (what an idle core would have needed) —
how often the browser's bot would have been cut short. `--capped` keeps the cap instead.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterable
from dataclasses import dataclass

from ..protocol import Budget
from ..registry import get_game
from ..search import SearchBot
from ..seeds import bot_seed
from ..simulate import wilson
from .rules import GAME_ID


@dataclass(frozen=True)
class Game:
    seed: int
    won: bool
    score: int
    ending: str
    decisions: int
    seconds: float
    slowest: float
    capped: int = 0
    cpu_capped: int = 0


def play_one(level: str, seed: int, keep_cap: bool = False) -> Game:
    """One deal played by the bot of `level`: its whole budget, unless `keep_cap`."""
    game = get_game(GAME_ID)
    state = game.new(seed=seed)
    bot = game.bot(level, seed=bot_seed(seed, 0))
    cap = bot.budget.seconds if isinstance(bot, SearchBot) else None
    if isinstance(bot, SearchBot) and not keep_cap:  # the whole budget, no clock
        bot = game.bot(level, seed=bot_seed(seed, 0), budget=Budget(bot.budget.playouts))
    decisions = capped = cpu_capped = 0
    seconds = slowest = 0.0
    while not state.is_over:
        view, legal = state.view(0), state.legal_actions()
        start, cpu_start = time.perf_counter(), time.process_time()
        action = bot.choose(view, legal)
        spent = time.perf_counter() - start
        cpu_capped += cap is not None and time.process_time() - cpu_start > cap
        seconds += spent
        slowest = max(slowest, spent)
        capped += cap is not None and spent > cap
        decisions += 1
        state.apply(action)
    result = state.result or {}
    return Game(
        seed,
        bool(result["won"]),
        int(result["score"]),
        str(result["ending"]),
        decisions,
        seconds,
        slowest,
        capped,
        cpu_capped,
    )


def _play_args(args: tuple[str, int, bool]) -> Game:
    return play_one(*args)


def summary(level: str, games: list[Game]) -> str:
    count = len(games)
    wins = sum(game.won for game in games)
    low, high = wilson(wins, count)
    decisions = sum(game.decisions for game in games)
    seconds = sum(game.seconds for game in games)
    endings: dict[str, int] = {}
    for game in games:
        endings[game.ending] = endings.get(game.ending, 0) + 1
    capped = sum(game.capped for game in games)
    cpu_capped = sum(game.cpu_capped for game in games)
    over = (
        f", over the time cap: wall {capped} ({capped / max(decisions, 1):.2%}), "
        f"cpu {cpu_capped} ({cpu_capped / max(decisions, 1):.2%})"
        if capped or cpu_capped
        else ""
    )
    return (
        f"{level}: {count} deals, won {wins / count:.1%} (95% CI {low:.1%}–{high:.1%}), "
        f"mean score {sum(game.score for game in games) / count:.2f}, "
        f"{1000 * seconds / max(decisions, 1):.1f} ms/decision "
        f"(slowest {1000 * max(game.slowest for game in games):.0f} ms{over}), "
        f"endings {endings}"
    )


def _written(games: Iterable[Game], level: str, out: str | None) -> list[Game]:
    """The games, each also appended to `out` as a JSON line as soon as it is known."""
    kept: list[Game] = []
    for game in games:
        kept.append(game)
        if out is not None:
            line = {
                "level": level,
                "seed": game.seed,
                "won": game.won,
                "score": game.score,
                "decisions": game.decisions,
                "capped": game.capped,
                "cpu_capped": game.cpu_capped,
            }
            with open(out, "a", encoding="utf-8") as file:
                file.write(json.dumps(line) + "\n")
    return kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure the Deck of Spies bots.")
    parser.add_argument("levels", nargs="+", help="easy, normal, hard or random")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="write one JSON line per deal to this file")
    parser.add_argument(
        "--capped",
        action="store_true",
        help="keep the bot's time cap, as in the browser (the result then depends on load)",
    )
    options = parser.parse_args(argv)
    seeds = range(options.first_seed, options.first_seed + options.games)
    for level in options.levels:
        work = [(level, seed, options.capped) for seed in seeds]
        if options.jobs > 1:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(options.jobs) as pool:
                games = _written(pool.map(_play_args, work, chunksize=4), level, options.out)
        else:
            games = _written(map(_play_args, work), level, options.out)
        print(summary(level, games), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
