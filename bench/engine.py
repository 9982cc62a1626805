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

# (game id, players) measured for throughput; each bot level is timed on the first.
TABLES = (("deck-of-spies", 1), ("espionage", 2), ("espionage", 4))


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
        bots = [game.bot(level, seed=spygames.bot_seed(seed, s)) for s in range(players)]
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


def run(seconds: float = 2.0, decisions: int = 40) -> dict[str, Any]:
    results: dict[str, Any] = {"python": sys.version.split()[0], "platform": sys.platform}
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
    results = run()
    if sys.platform == "emscripten":  # inside the bench page: hand the figures to the test
        from pyscript import document  # type: ignore[import-not-found]

        document.getElementById("result").textContent = json.dumps(results)
    else:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
