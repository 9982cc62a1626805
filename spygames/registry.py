"""One registry of games, found by id (like python-chess's variants)."""

from __future__ import annotations

from .errors import UnknownGame
from .protocol import Game

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The game registered under `game_id`; UnknownGame names the ids there are."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES)) or "none"
        raise UnknownGame(f"no game called {game_id!r} (games: {known})") from None
