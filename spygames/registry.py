"""One registry of games, found by id (like python-chess's variants).

`GAMES` lists the three games we ship, in the order the home page shows them, and any
game registered since (a test's toy game, say). It knows the shipped games by their
`Listing` and imports a game's package only when the game itself is asked for: `"spynet"
in GAMES` and `listing("spynet").name` import nothing, `GAMES["spynet"]` imports
`spygames.spynet` (which registers it). A page that opens one game loads that game's
rules, not all three (the site serves each game's modules on their own).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from .errors import UnknownGame
from .protocol import Game


@dataclass(frozen=True)
class Listing:
    """What is known of a shipped game before its package is imported (tests check that
    each agrees with the game itself)."""

    id: str
    name: str
    min_players: int
    max_players: int
    package: str  # the module that registers the game when imported
    demos: str  # every id of its rules demos starts with this and "-"
    top_score: int | None = None  # the game's `top_score`, known before it is imported


SHIPPED = (
    Listing("deck-of-spies", "Deck of Spies", 1, 1, "spygames.deck_of_spies", "dos", 12),
    Listing("espionage", "Espionage", 2, 4, "spygames.espionage", "esp"),
    Listing("spynet", "SpyNet", 2, 4, "spygames.spynet", "sn"),
)


class Games(Mapping[str, Game]):
    """Every game by id: the shipped ones first, imported on first use, then any
    registered since."""

    def __init__(self, shipped: tuple[Listing, ...]) -> None:
        self._listed = {entry.id: entry for entry in shipped}
        self._games: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        if game_id not in self._games and game_id in self._listed:
            importlib.import_module(self._listed[game_id].package)  # registers the game
        return self._games[game_id]

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._listed or game_id in self._games

    def __iter__(self) -> Iterator[str]:
        yield from self._listed
        yield from (game_id for game_id in self._games if game_id not in self._listed)

    def __len__(self) -> int:
        return len(self._listed) + sum(1 for g in self._games if g not in self._listed)

    def __repr__(self) -> str:
        return f"<games {', '.join(self)}>"

    def listing(self, game_id: str) -> Listing | None:
        return self._listed.get(game_id)

    def add(self, game: Game) -> None:
        self._games[game.id] = game


GAMES = Games(SHIPPED)


def register(game: Game) -> Game:
    GAMES.add(game)
    return game


def listing(game_id: str) -> Listing | None:
    """A shipped game's id, name and player counts, without importing its rules."""
    return GAMES.listing(game_id)


def game_of_demo(demo_id: str) -> str | None:
    """The shipped game whose demos' ids start like `demo_id` ("sn-recruit": SpyNet)."""
    prefix = demo_id.split("-", 1)[0] if isinstance(demo_id, str) else ""
    return next((entry.id for entry in SHIPPED if entry.demos == prefix), None)


def get_game(game_id: str) -> Game:
    """The game registered under `game_id`; UnknownGame names the ids there are."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES)) or "none"
        raise UnknownGame(f"no game called {game_id!r} (games: {known})") from None
