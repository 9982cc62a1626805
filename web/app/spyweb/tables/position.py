"""A game's position drawn outside its live table: in a rules demo, an embed, a replay.

Each game with a table has a `PositionView` in `spyweb/games/<game package>/position.py`,
which its record gives (`GameUI.position`, importing it on first use: the app does not
need it to start): it draws one seat's view of a state with the table's own HTML, says in words
what a move did, and opens a live table. Demos and replays are generic over games;
only this drawing is per game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import spygames
from spygames.i18n import _

from ..browser.store import MemoryStorage, Saves
from ..catalogue import ui
from .screen import Context, GameScreen


def private_context() -> Context:
    """A context whose saves live in memory: drawing a position never stores anything."""
    return Context(Saves(MemoryStorage()))


class PositionView:
    """Draws positions of one game's record. `names` are the seats' names (may be empty)."""

    game_id = ""

    def __init__(self, record: dict[str, Any], names: Sequence[str] = ()) -> None:
        self.record = record
        self.players = int(record.get("players") or 1)
        self.names = [
            names[i] if i < len(names) and names[i] else _("Player {number}", number=i + 1)
            for i in range(self.players)
        ]

    def render(
        self,
        state: spygames.State,
        seat: int,
        *,
        move: dict[str, Any] | None = None,
        refused: str | None = None,
        fresh: bool = True,
    ) -> str:
        """`state` as `seat` sees it. `move` is the action just played (or, with
        `refused`, the action just refused for that reason); `fresh` says the move has
        only now been played (a showdown it caused is on the table)."""
        raise NotImplementedError

    @classmethod
    def names_here(cls, ctx: Context, record: dict[str, Any]) -> list[str]:
        """The seats' names this browser knows for `record` (a game played here)."""
        return []

    def render_advised(
        self,
        state: spygames.State,
        seat: int,
        advised: dict[str, Any],
        *,
        move: dict[str, Any] | None = None,
    ) -> str:
        """`state` as `render` draws it, with `advised` (a move `seat` may make there, the
        hard bot's in a review) marked on it where it can be: the cards it plays. By
        default, unmarked."""
        return self.render(state, seat, move=move)

    def move_lines(self) -> list[list[str]]:
        """For each action of the record, what it did in words (the replay's log)."""
        raise NotImplementedError

    def move_words(self, state: spygames.State, seat: int, action: dict[str, Any]) -> str:
        """`action`, a move `seat` may make in `state`, named as the table's Hint names a
        move ("Recruit 9♠ with 5♥ 4♣")."""
        raise NotImplementedError

    def advice_words(self, state: spygames.State, seat: int, advice: spygames.Advice) -> str:
        """The Hint's reason for `advice` (the Hint's bot's, for `seat` in `state`), worded
        as the table's Hint words it."""
        raise NotImplementedError

    def live(self, ctx: Context, state: spygames.State) -> GameScreen:
        """The game's own table playing `state` ("Try it yourself"), the seats named."""
        raise NotImplementedError

    def live_record(self, state: spygames.State) -> dict[str, Any]:
        """The record "Try it yourself" plays on from `state` (the Rules page opens it as a
        game): for a game with seats, the reader's seat and the others' as `live` seats
        them. By default the record as it stands."""
        return state.record()


def _view_class(game_id: str) -> type[PositionView] | None:
    record = ui(game_id)
    if record is None or record.position is None:
        return None
    return cast("type[PositionView]", record.position())


def view_for(record: dict[str, Any], names: Sequence[str] = ()) -> PositionView | None:
    """The drawing of `record`'s game, or None when that game has no table yet."""
    view = _view_class(str(record.get("game")))
    return view(record, names) if view is not None else None


def known_names(ctx: Context, record: dict[str, Any]) -> list[str]:
    view = _view_class(str(record.get("game")))
    return view.names_here(ctx, record) if view is not None else []
