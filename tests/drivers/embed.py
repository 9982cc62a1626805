"""A game for the embeds, replays and keys to show: played to its end by one normal bot
seeded with the deal."""

from __future__ import annotations

import spygames


def finished(game: str, seed: int, players: int = 1) -> spygames.State:
    state = spygames.get_game(game).new(seed=seed, players=players)
    bot = spygames.get_game(game).bot("normal", seed=seed)
    while not state.is_over:
        seat = state.to_play[0]
        state.apply(bot.choose(state.view(seat), state.legal_actions()))
    return state
