"""Espionage positions for demos and replays: the felt as one seat sees it.

Drawn by the table's own code, told whose eyes to use: that seat's hand is shown, the
others stay face down until a call or spot shows every hand.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import spygames

from ..catalogue import open_screen
from ..markup import esc
from ..position import PositionView, private_context, register_view
from ..screen import Context, GameScreen
from . import cards
from .felt import felt_html
from .seats import PREF_BY_SEED, Seat, seats_from
from .table import EspionageTable

GAME_ID = "espionage"


class _Watched(EspionageTable):
    """The table seen through one seat's eyes, with nobody to act."""

    watching = 0

    @property
    def pass_and_play(self) -> bool:
        return False

    @property
    def viewer(self) -> int | None:
        return self.watching


class EspionagePosition(PositionView):
    game_id = GAME_ID

    def __init__(self, record: dict[str, Any], names: Sequence[str] = ()) -> None:
        known = seats_from((record.get("options") or {}).get("seats"), record.get("players"))
        super().__init__(record, names or [s.name for s in known or []])
        self.kinds = known
        self.table = _Watched(private_context(), state=spygames.replay(record, upto=0))
        self.table.seats = self.seats()

    @classmethod
    def names_here(cls, ctx: Context, record: dict[str, Any]) -> list[str]:
        """The names this browser seated the game with (kept by seed), if it did."""
        try:
            kept = json.loads(ctx.saves.pref(PREF_BY_SEED, "null"))
        except ValueError:
            return []
        seats = (
            seats_from(kept.get(str(record["seed"])), record["players"])
            if isinstance(kept, dict)
            else None
        )
        return [s.name for s in seats or []]

    def seats(self) -> list[Seat]:
        """The seats as recorded (people and bot levels), else everyone a person."""
        kinds = self.kinds or [Seat(name, "human") for name in self.names]
        return [Seat(name, kinds[i].kind, kinds[i].level) for i, name in enumerate(self.names)]

    def render(
        self,
        state: spygames.State,
        seat: int,
        *,
        move: dict[str, Any] | None = None,
        refused: str | None = None,
        fresh: bool = True,
    ) -> str:
        table = self.table
        table.state = state
        table.watching = seat
        revealed = state.view(0)["revealed"]
        showdown = fresh and move is not None and refused is None and move["type"] != "bid"
        # A showdown stays on the table only at the move that caused it.
        table.acked_round = 0 if showdown or revealed is None else revealed["round"]
        view = table.public()
        result = state.result
        end = (
            f'<p class="pos-end" data-testid="pos-end"><b>Game over.</b> '
            f"{esc(table.narrator.result_text(result))}</p>"
            if result is not None
            else ""
        )
        return (
            f'<div class="pos pos-esp esp esp-n{len(self.names)}" data-game="{GAME_ID}" '
            f'data-round="{view["round"]}" data-actions="{len(state.actions)}">'
            f"{cards.sprite()}{felt_html(table, view)}{end}</div>"
        )

    def move_lines(self) -> list[list[str]]:
        table = self.table
        state = spygames.replay(self.record, upto=0)
        lines: list[list[str]] = []
        for action in self.record["actions"]:
            actor = state.to_play[0]
            state.apply(action)
            lines.append([entry.text for entry in table.narrator.entries(actor, action, state)])
        return lines

    def live(self, ctx: Context, state: spygames.State) -> GameScreen:
        """Try it yourself: you in the demo's seat 0, bots in the others."""
        screen = open_screen(ctx, GAME_ID, state=state)
        assert isinstance(screen, EspionageTable)
        seats = [
            Seat(name, "human") if i == 0 else Seat(name, "bot", "normal")
            for i, name in enumerate(self.names)
        ]
        screen._open(state, seats)
        return screen


register_view(GAME_ID, EspionagePosition)
