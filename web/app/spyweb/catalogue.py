"""The games the app plays: each shipped game's record (`GameUI`, from its package under
spyweb/games/) and any other game's, added by `add`; the home page's list of them in our own
words, and which screen plays each."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

import spygames
from spygames.i18n import _, ngettext

from .gameui import GameUI
from .tables.screen import Context, GameScreen, Screen


@dataclass(frozen=True)
class GameInfo:
    """A game as the home page and the routes name it. Its words are kept as they are
    written (in English, marked for translation where each game writes them: the engine's
    name, its record's pitch) and said in the language in use when asked for."""

    id: str
    source_name: str  # the game's name as the engine writes it
    fewest: int  # players
    most: int
    source_pitch: str  # the home page's words for it, as its record writes them
    emblem: str  # a symbol for the tile

    @property
    def name(self) -> str:
        return _(self.source_name)

    @property
    def players(self) -> str:
        return players_between(self.fewest, self.most)

    @property
    def pitch(self) -> str:
        return _(self.source_pitch)


def players_between(low: int, high: int) -> str:
    """ "1 player", "2–4 players": how many may play, in words."""
    if low == high:
        return ngettext("{n} player", "{n} players", low)
    return _("{low}–{high} players", low=low, high=high)


def players_text(game: spygames.Game) -> str:
    """ "1 player", "2–4 players": how many may play `game`, in words."""
    return players_between(game.min_players, game.max_players)


def _info(game: spygames.Game, record: GameUI) -> GameInfo:
    return GameInfo(
        game.id, game.name, game.min_players, game.max_players, record.pitch, record.emblem
    )


def _records() -> dict[str, GameUI]:
    """Each shipped game's record, `UI` in its package under spyweb/games/ (named as its rules'
    package: spygames.espionage, spyweb.games.espionage), in the engine's order: the one place
    the app learns of a game. A package's `__init__` ships with the app's own screens and
    imports nothing of its game (spyweb/gameui.py), so the home page loads no game."""
    found = {}
    for game_id in spygames.GAMES:
        entry = spygames.listing(game_id)
        if entry is None:  # a test's toy game: it has no table
            continue
        name = f"{__package__}.games.{entry.package.rsplit('.', 1)[1]}"
        try:
            record = getattr(importlib.import_module(name), "UI", None)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            record = None
        if not isinstance(record, GameUI) or record.id != game_id:
            raise LookupError(f"no GameUI of {game_id} in {name} (its `UI`: spyweb/gameui.py)")
        found[game_id] = record
    return found


# Each game's record, by id (`ui`): the shipped ones, then any added (`add`); a test may
# take one out (a game not built).
RECORDS = _records()


def add(record: GameUI) -> GameUI:
    """Add the record of a game that is not shipped, once the engine has the game
    (`spygames.register`): a test's toy game. It is the one registration the app needs:
    the home page, the routes, Saved games, Rules, replays, reviews and the Lab's list
    then offer the game as they do a shipped one."""
    if record.id not in spygames.GAMES:
        raise LookupError(f"the engine has no game {record.id!r}: spygames.register it first")
    RECORDS[record.id] = record
    return record


def _catalogue() -> tuple[GameInfo, ...]:
    # The games the engine ships, from their listings: the home page imports no game's
    # rules (a test's toy game is not among them: `games()` adds it once `add`ed).
    return tuple(
        _info(entry, record)
        for record in RECORDS.values()
        if (entry := spygames.listing(record.id)) is not None
    )


CATALOGUE = _catalogue()


def games() -> tuple[GameInfo, ...]:
    """The games the app offers (the home page, the routes, Saved games): the shipped
    ones (`CATALOGUE`), then each game added (`add`) that the engine still has, read when
    asked, so a game added after this module was imported is offered too."""
    return CATALOGUE + tuple(
        _info(game, record)
        for record in RECORDS.values()
        if spygames.listing(record.id) is None and (game := spygames.GAMES.get(record.id))
    )


def ui(game_id: str) -> GameUI | None:
    """The record of `game_id`, or None when the app has no table for that game."""
    return RECORDS.get(game_id) if game_id in spygames.GAMES else None


def own_route(ctx: Context, game_id: str, rest: list[str]) -> Screen | None:
    """The screen for one of the game's own addresses (its record's `route`), or None."""
    record = ui(game_id)
    return record.route(ctx, rest) if record is not None and record.route else None


def is_built(game_id: str) -> bool:
    return ui(game_id) is not None


def screen_class(game_id: str) -> type[GameScreen]:
    """The table screen of `game_id`, importing its modules on first use."""
    record = ui(game_id)
    if record is None:
        raise KeyError(game_id)
    return record.table()


def info(game_id: str) -> GameInfo | None:
    return next((g for g in games() if g.id == game_id), None)


def game_name(game_id: str) -> str:
    """The game's name, without importing its rules when it is one we ship."""
    entry = spygames.listing(game_id)
    return _(entry.name if entry is not None else spygames.get_game(game_id).name)


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
