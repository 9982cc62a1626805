"""Games played on the engine alone: a game played to its end by normal bots, each seat's
bot seeded from the deal's bot stream (`spygames.bot_seed`), as a review finds it."""

from __future__ import annotations

import spygames
import spygames.hints
import spygames.review
from spygames import State


def finished(game_id: str, seed: int, players: int) -> State:
    """A game played to its end by normal bots."""
    game = spygames.get_game(game_id)
    state = game.new(seed=seed, players=players)
    bots = [game.bot("normal", seed=spygames.bot_seed(seed, s)) for s in range(players)]
    while not state.is_over:
        seat = state.to_play[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state
