"""The Hint, defined once: which bot gives it, on what budget, among which moves.

Every table's Hint button and every review of a finished game (`spygames.review`) ask
the same bot the same question, so a review's advice for a position is exactly what the
Hint said there. The bot is the game's hard bot seeded with `bot_seed(key, seat,
"hint")` (`key`: the game's bots key), on the game's `hint_budget` (playouts, no clock,
so its answer does not depend on how busy the machine is; None: the hard bot's own
budget); Espionage's never bluffs.
"""

from __future__ import annotations

from typing import Any

from .protocol import Action, Bot, State
from .registry import get_game
from .seeds import bot_seed

HINT_LABEL = "hint"


def hint_seed(key: int, seat: int) -> int:
    """The seed of the Hint's bot for `seat` of the game whose bots key is `key`."""
    return bot_seed(key, seat, HINT_LABEL)


def hint_bot(game_id: str, seed: int) -> Bot:
    """The bot that gives the Hint (seeded with `seed`, see `hint_seed`): the hard bot on
    the Hint's budget, never bluffing."""
    game = get_game(game_id)
    bot = game.bot("hard", seed=seed, budget=game.hint_budget)
    if hasattr(bot, "bluff"):
        bot.bluff = 0.0  # advice is the best move, never a bluff
    return bot


def hint_moves(state: State) -> list[Action]:
    """The moves the Hint chooses among: the legal ones, less a SpyNet Deploy that could
    play nothing (the table shows why instead of the button), so the Hint never names a
    move the table does not offer."""
    legal = state.legal_actions()
    nothing: Any = getattr(state, "nothing_to_deploy", None)
    if nothing is None or nothing() is None:
        return legal
    return [a for a in legal if a["type"] != "deploy"] or legal
