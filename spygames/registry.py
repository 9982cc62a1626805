"""One registry of games, found by id (like python-chess's variants).

A game is declared once, by its `Game` class: every static fact about it (id, name,
player counts, its demos' prefix, its guide, its Hint's budget, its conformance checks,
…) is an attribute of that class, in `<its package>/game.py`. `SHIPPED` lists the games
we ship, in the order the home page shows them, by where their `Game` is; `register`
adds any other (a test's toy game, say), listed after them.

A game's `game.py` is light: it imports none of its rules, so listing the games, naming
one or reading its facts (`GAMES["spynet"].name`) loads no game's rules; they come with
the first state or bot asked of it. A page that opens one game loads that game's rules,
not all three (the site serves each game's modules on their own).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from .errors import UnknownGame
from .protocol import Game

SHIPPED = (
    "spygames.deck_of_spies.game:DeckOfSpies",
    "spygames.espionage.game:Espionage",
    "spygames.spynet.game:SpyNet",
)
"""The games we ship, in the home page's order: `<module>:<its Game class>`."""


def _shipped_game(path: str) -> Game:
    """The one game object of the class at `path` (its module's `GAME`)."""
    module_name, _, class_name = path.partition(":")
    module = importlib.import_module(module_name)
    game = module.GAME
    assert type(game) is getattr(module, class_name), path
    return game  # type: ignore[no-any-return]


class Games(Mapping[str, Game]):
    """Every game by id: the shipped ones first (their light `game` modules imported on
    first use), then any registered since."""

    def __init__(self, shipped: tuple[str, ...]) -> None:
        self._paths = shipped
        self._shipped: dict[str, Game] | None = None
        self._games: dict[str, Game] = {}

    @property
    def shipped(self) -> dict[str, Game]:
        """The games we ship, by id."""
        if self._shipped is None:
            self._shipped = {g.id: g for g in map(_shipped_game, self._paths)}
        return self._shipped

    def __getitem__(self, game_id: str) -> Game:
        if game_id in self._games:
            return self._games[game_id]
        return self.shipped[game_id]

    def __contains__(self, game_id: object) -> bool:
        return game_id in self.shipped or game_id in self._games

    def __iter__(self) -> Iterator[str]:
        yield from self.shipped
        yield from (game_id for game_id in self._games if game_id not in self.shipped)

    def __len__(self) -> int:
        return len(self.shipped) + sum(1 for g in self._games if g not in self.shipped)

    def __repr__(self) -> str:
        return f"<games {', '.join(self)}>"

    def listing(self, game_id: str) -> Game | None:
        return self.shipped.get(game_id) if isinstance(game_id, str) else None

    def add(self, game: Game) -> None:
        self._games[game.id] = game


GAMES = Games(SHIPPED)


def register(game: Game) -> Game:
    """Add a game that is not shipped (a test's toy game): found by `get_game`, listed
    after the shipped ones, checked by `spygames.conformance`."""
    GAMES.add(game)
    return game


def listing(game_id: str) -> Game | None:
    """A shipped game (None for any other id): its id, name, player counts and every
    other fact, without importing its rules."""
    return GAMES.listing(game_id)


def game_of_demo(demo_id: str) -> str | None:
    """The shipped game whose demos' ids start like `demo_id` ("sn-recruit": SpyNet)."""
    prefix = demo_id.split("-", 1)[0] if isinstance(demo_id, str) else ""
    return next((g.id for g in GAMES.shipped.values() if g.demo_prefix == prefix), None)


def get_game(game_id: str) -> Game:
    """The game registered under `game_id`; UnknownGame names the ids there are."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES)) or "none"
        raise UnknownGame(f"no game called {game_id!r} (games: {known})") from None
