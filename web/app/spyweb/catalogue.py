"""The games on the home page, in our own words, and which screen plays each."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

import spygames

from .screen import Context, GameScreen, Screen


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    players: str
    pitch: str
    emblem: str  # a symbol for the tile


# The home page's words for each game; its id, name and player counts are the engine's
# (`spygames.GAMES`, whose order the home page keeps): one game list for every layer.
WORDS = {
    "deck-of-spies": (
        "A solo deck-builder: fend off or turn each spy that comes at you and end up "
        "running 7 of the 12 face cards.",
        "♠",
    ),
    "espionage": (
        "Bluff about how many spies share a role, faction or city across every hand — "
        "then call, or spot it exactly.",
        "◉",
    ),
    "spynet": (
        "Draft agents, fund branches and run missions, alone or in teams of two.",
        "✦",
    ),
}


def players_text(game: spygames.Game) -> str:
    """ "1 player", "2–4 players": how many may play, in words."""
    low, high = game.min_players, game.max_players
    if low == high:
        return f"{low} player{'' if low == 1 else 's'}"
    return f"{low}–{high} players"


def _catalogue() -> tuple[GameInfo, ...]:
    # The games the engine ships, from their listings: the home page imports no game's
    # rules (a test may register a toy game of its own, which is not listed).
    shipped = [entry for g in spygames.GAMES if (entry := spygames.listing(g)) is not None]
    missing = [entry.id for entry in shipped if entry.id not in WORDS]
    if missing:
        raise LookupError(f"no home-page words for {', '.join(missing)} (catalogue.WORDS)")
    return tuple(
        GameInfo(entry.id, entry.name, players_text(entry), *WORDS[entry.id]) for entry in shipped
    )


CATALOGUE = _catalogue()

ScreenFactory = type[GameScreen]
SCREENS: dict[str, ScreenFactory] = {}
# A game's own addresses beyond #/GAME, /rules, /new and /deal/N (Deck of Spies' daily
# deal): given the context and the address's parts after the game's id, a screen or None.
Route = Callable[[Context, list[str]], Screen | None]
ROUTES: dict[str, Route] = {}
# Each game's table package (under spyweb), imported the first time that game is opened:
# starting on one game's address loads only that game's UI (measured in make bench).
TABLES = {game.id: game.id.replace("-", "_") for game in CATALOGUE}


def register_screen(game_id: str, factory: ScreenFactory, route: Route | None = None) -> None:
    SCREENS[game_id] = factory
    if route is not None:
        ROUTES[game_id] = route


def own_route(ctx: Context, game_id: str, rest: list[str]) -> Screen | None:
    """The screen for one of the game's own addresses (`ROUTES`), or None."""
    screen_class(game_id)  # the game's package registers its routes with its screen
    route = ROUTES.get(game_id)
    return route(ctx, rest) if route is not None else None


def is_built(game_id: str) -> bool:
    return game_id in spygames.GAMES and (game_id in SCREENS or game_id in TABLES)


def screen_class(game_id: str) -> ScreenFactory:
    """The table screen of `game_id`, importing its package on first use (it registers)."""
    if game_id not in SCREENS:
        importlib.import_module(f"{__package__}.{TABLES[game_id]}")
    return SCREENS[game_id]


def info(game_id: str) -> GameInfo | None:
    return next((g for g in CATALOGUE if g.id == game_id), None)


def game_name(game_id: str) -> str:
    """The game's name, without importing its rules when it is one we ship."""
    entry = spygames.listing(game_id)
    return entry.name if entry is not None else spygames.get_game(game_id).name


def open_screen(
    ctx: Context,
    game_id: str,
    state: spygames.State | None = None,
    seed: int | None = None,
    *,
    new: bool = False,
) -> GameScreen:
    """The table of `game_id`: playing `state`, or deal `seed`, or a new game (`new`),
    or else the game in progress."""
    return screen_class(game_id)(ctx, state, seed, new=new)
