"""The SpyNet hard bot against normal bots: `python -m bench.spynet_hard PLAYERS GAMES SEED`.

Deals SEED, SEED+1, ...; in deal d the hard side sits at seat d % PLAYERS (and, at 4
players, its teammate across), every other seat is a normal bot; bot seeds are
d * 10 + seat. The hard bot runs its default budget with no time limit, so the results
do not depend on the machine's load; the time per hard decision is printed as it goes.
A shared win counts as a share. One line per deal, then the win rate with its 95%
Wilson interval.
"""

from __future__ import annotations

import sys
import time

import spygames
from spygames.protocol import Bot, Budget
from spygames.simulate import wilson
from spygames.spynet.bots import HardBot
from spygames.spynet.rules import SpyNetState


def main(players: int, games: int, first: int) -> None:
    game = spygames.get_game("spynet")
    wins, thinking, decisions = 0.0, 0.0, 0
    for deal in range(first, first + games):
        seat = deal % players
        heroes = {seat, (seat + 2) % 4} if players == 4 else {seat}
        state = game.new(seed=deal, players=players)
        assert isinstance(state, SpyNetState)
        bots: list[Bot] = [
            HardBot(seed=spygames.bot_seed(deal, s), budget=Budget(HardBot.default_budget.playouts))
            if s in heroes
            else game.bot("normal", seed=spygames.bot_seed(deal, s))
            for s in range(players)
        ]
        while not state.is_over:
            s = state.to_play[0]
            legal, view = state.legal_actions(), state.view(s)
            started = time.perf_counter()
            action = bots[s].choose(view, legal)
            if s in heroes:
                thinking += time.perf_counter() - started
                decisions += 1
            state.apply(action)
        result = state.result or {}
        won = heroes & set(result["winners"])
        if won:
            wins += 1 / len({state.table.team_of[w] for w in result["winners"]})
        print(
            f"deal {deal}: hard at seat {seat} {'won' if won else 'lost'} {result['scores']};"
            f" {wins:g}/{deal - first + 1}; {1000 * thinking / decisions:.0f} ms a decision",
            flush=True,
        )
    low, high = wilson(wins, games)
    print(f"hard side won {wins / games:.1%} of {games} ({low:.1%}–{high:.1%})")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:4]))
