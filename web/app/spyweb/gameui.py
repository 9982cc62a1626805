"""What one game gives the app: its `GameUI`, the one record its package under spyweb/games/
defines (`UI`, in `spyweb/games/<game package>/__init__.py`), which `spyweb.catalogue` finds
for each game the engine ships (a game that is not shipped, a test's toy game, gives its
record with `catalogue.add`). Nothing outside a game's package names a game: the home
page, the routes, the replays, demos and embeds, the guided first game and a friend's
page ask the game's record.

A game's `__init__` ships with the shared screens, not in the game's own archive
(web/tools/archives.py): the home page reads every game's words without downloading
any game's code. So the record holds the rest as functions that import it when first
asked for (the table, its positions, its guest, its guide's pointer): a page loads the
modules of the game it opens, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .tables.screen import Context, GameScreen, Screen

# A game's own addresses beyond #/GAME, /rules, /new, /learn and /deal/N (Deck of Spies'
# daily deal): given the context and the address's parts after the game's id, a screen
# or None.
Route = Callable[["Context", list[str]], "Screen | None"]
# What imports one of the game's modules and gives what the app wants of it. (They are
# typed where they are used, `position`, `guide` and `together.join`: those modules find
# the record through the catalogue, so naming their types here would be a circle.)
Lazy = Callable[[], Any]


@dataclass(frozen=True)
class GameUI:
    """Everything the app needs of one game, in its own words."""

    id: str  # the engine's id of the game (`spygames.GAMES`)
    pitch: str  # the home page's words for it, under its name
    emblem: str  # a symbol for its tile
    table: Callable[[], type[GameScreen]]  # its table screen (a `GameScreen`)
    route: Route | None = None  # its own addresses, if any
    # its `PositionView` subclass (spyweb.tables.position): replays, demos, embeds, reviews
    position: Lazy | None = None
    guest: Lazy | None = None  # what makes its seat on a friend's page (together.join.Guest)
    pointer: Lazy | None = None  # its guided first game's `Pointer` (spyweb.tables.pointer)
    daily_deal: bool = False  # its tile offers the deal of the day (`route`: /daily)
    # The Bot Lab's forecast of a long match (web/lab/match.mjs): the built-in bots'
    # thinking in CPython's seconds a game, per level, at 2, 3 and 4 players; none for a
    # game whose bots think in no time worth saying.
    bots_think_s: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
