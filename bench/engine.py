"""Engine throughput: random-legal full games per second and ms per bot decision.

Self-contained (only `spygames` and the standard library) so the same file runs on
CPython and, copied into the bench site, inside Pyodide in the browser.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

import spygames
from spygames import Budget

# (game id, players) measured for throughput; each bot level is timed on the first.
TABLES = (("deck-of-spies", 1), ("espionage", 2), ("espionage", 4), ("spynet", 2))


def random_games_per_second(game_id: str, players: int, seconds: float) -> dict[str, float]:
    game = spygames.get_game(game_id)
    rng = random.Random(1)
    games = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new(seed=games, players=players)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - started
    return {"games_per_s": games / elapsed, "actions_per_s": actions / elapsed, "games": games}


def ms_per_decision(game_id: str, players: int, level: str, decisions: int) -> float:
    """Mean wall time of `bot.choose` over the first `decisions` decisions of seeded games."""
    game = spygames.get_game(game_id)
    timed = 0
    total = 0.0
    seed = 0
    while timed < decisions:
        state = game.new(seed=seed, players=players)
        bots = [game.bot(level, seed=spygames.bot_seed(seed, s, "bench")) for s in range(players)]
        while not state.is_over and timed < decisions:
            seat = state.to_play[0]
            view, legal = state.view(seat), state.legal_actions()
            started = time.perf_counter()
            action = bots[seat].choose(view, legal)
            total += time.perf_counter() - started
            timed += 1
            state.apply(action)
        seed += 1
    return 1000 * total / timed


def hard_time_cap(deals: int = 5, playouts: int = 100_000) -> dict[str, float]:
    """Deck of Spies `hard` with a playout budget it can never finish, so only its time
    cap (`HardBot.default_budget.seconds`, 0.25 s) ends each decision: the wall time of
    the slowest decision (the cap is kept when this is near 250 ms) and the playouts it
    reached."""
    from spygames.deck_of_spies import HardBot

    cap = HardBot.default_budget.seconds
    game = spygames.get_game("deck-of-spies")
    slowest = total = 0.0
    reached = []
    for deal in range(1, deals + 1):
        state = game.new(seed=deal)
        bot = HardBot(seed=spygames.bot_seed(deal, 0, "bench"), budget=Budget(playouts, cap))
        started = time.perf_counter()
        bot.advise(state.view(0), state.legal_actions())
        spent = time.perf_counter() - started
        slowest, total = max(slowest, spent), total + spent
        reached.append(bot.last_playouts)
    return {
        "cap_s": cap,
        "slowest_s": slowest,
        "mean_s": total / deals,
        "mean_playouts": sum(reached) / deals,
        "budget": playouts,
    }


def solver_speed(deals: int = 10) -> dict[str, float]:
    """The Deck of Spies solver on deals 1..`deals`, run in the page's slices (20 nodes
    or 30 ms): nodes a second, and the longest slice (the page paints between two
    slices, so this is its longest freeze while checking a lost deal)."""
    from spygames.deck_of_spies.solver import solving

    game = spygames.get_game("deck-of-spies")
    nodes = 0
    longest = total = 0.0
    for deal in range(1, deals + 1):
        steps = solving(game.new(seed=deal), slice_nodes=20, slice_s=0.03)
        while True:
            started = time.perf_counter()
            step = next(steps)
            spent = time.perf_counter() - started
            longest, total = max(longest, spent), total + spent
            if step is not None:
                nodes += step.nodes
                break
    return {"nodes_per_s": nodes / total, "longest_slice_ms": 1000 * longest, "deals": deals}


def espionage_hard_ms(seeds: int = 30) -> dict[str, float]:
    """Mean ms per `hard` Espionage decision over positions of 2-, 3- and 4-player games
    (each a few random moves in), after its win-chance table is built once."""
    game = spygames.get_game("espionage")
    game.bot("hard").advise(*_first_view(game, 4))  # warm the table: not a decision's cost
    spent, decisions = 0.0, 0
    for players in (2, 3, 4):
        for seed in range(seeds):
            state = game.new(seed=seed, players=players)
            mover = game.bot("random", seed=spygames.bot_seed(seed, 0, "bench mover"))
            for _ in range(seed % 9):
                if state.is_over:
                    break
                seat = state.to_play[0]
                state.apply(mover.choose(state.view(seat), state.legal_actions()))
            if state.is_over:
                continue
            seat = state.to_play[0]
            view, legal = state.view(seat), state.legal_actions()
            bot = game.bot("hard", seed=spygames.bot_seed(seed, seat, "bench"))
            started = time.perf_counter()
            bot.advise(view, legal)
            spent += time.perf_counter() - started
            decisions += 1
    return {"mean_ms": 1000 * spent / decisions, "decisions": decisions, "target_ms": 50.0}


def _first_view(game: spygames.Game, players: int) -> tuple[dict[str, Any], list[Any]]:
    state = game.new(seed=0, players=players)
    return state.view(state.to_play[0]), state.legal_actions()


def run(seconds: float = 2.0, decisions: int = 40, quick: bool = False) -> dict[str, Any]:
    """Every engine figure; `quick` (the bench's quick mode) times a fraction of each."""
    if quick:
        seconds, decisions = min(seconds, 0.2), min(decisions, 3)
    results: dict[str, Any] = {"python": sys.version.split()[0], "platform": sys.platform}
    results["deck-of-spies/hard time cap"] = hard_time_cap(deals=1 if quick else 5)
    results["espionage/hard decision"] = espionage_hard_ms(seeds=2 if quick else 30)
    results["deck-of-spies/solver"] = solver_speed(deals=2 if quick else 10)
    for game_id, players in TABLES:
        key = f"{game_id}/{players}p"
        results[key] = random_games_per_second(game_id, players, seconds)
        game = spygames.get_game(game_id)
        if players == game.min_players:
            results[key]["ms_per_decision"] = {
                level: ms_per_decision(game_id, players, level, decisions)
                for level in game.bot_levels
            }
    return results


def main() -> None:
    if sys.platform == "emscripten":  # inside the bench page: hand the figures to the test
        from js import document, window  # type: ignore[import-not-found]

        results = run(quick="quick" in str(window.location.search))
        document.getElementById("result").textContent = json.dumps(results)
    else:
        print(json.dumps(run(quick="--quick" in sys.argv), indent=1))


if __name__ == "__main__":
    main()
