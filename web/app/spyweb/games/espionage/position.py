"""Espionage positions for demos and replays: the felt as one seat sees it.

A position is a scene like the table's (`scene.py`), built from the replayed state
through one seat's eyes, with nobody to act: that seat's hand is shown, the others stay
face down until a call or spot shows every hand. The felt is drawn by the table's own
component (`felt.py`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

import spygames
from spygames.espionage.views import EspionageView
from spygames.i18n import _

from ...browser.markup import esc
from ...catalogue import open_screen
from ...tables.position import PositionView
from ...tables.screen import Context, GameScreen
from . import cards
from .felt import felt_html
from .hint import what, why
from .log import Narrator
from .scene import Scene
from .seats import PREF_BY_SEED, Seat, seats_from
from .table import EspionageTable

GAME_ID = "espionage"


class EspionagePosition(PositionView):
    game_id = GAME_ID

    def __init__(self, record: dict[str, Any], names: Sequence[str] = ()) -> None:
        known = seats_from((record.get("options") or {}).get("seats"), record.get("players"))
        super().__init__(record, names or [s.name for s in known or []])
        self.kinds = known
        self.narrator = Narrator(self.name)

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return _("Player {number}", number=seat + 1)

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

    def move_words(self, state: spygames.State, seat: int, action: dict[str, Any]) -> str:
        return what(action, self.name)

    def advice_words(self, state: spygames.State, seat: int, advice: spygames.Advice) -> str:
        return why(advice, state.view(seat)["bid"], self.name)

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
        scene = self.scene(
            state,
            seat,
            showdown=fresh and move is not None and refused is None and move["type"] != "bid",
        )
        view = scene.view
        result = view["result"]
        end = (
            '<p class="pos-end" data-testid="pos-end">'
            # translators: {result} is who won and how ("Ann wins with 3 points.")
            + _("<b>Game over.</b> {result}", result=esc(self.narrator.result_text(result)))
            + "</p>"
            if result is not None
            else ""
        )
        return (
            f'<div class="pos pos-esp esp esp-n{len(self.names)}" data-game="{GAME_ID}" '
            f'data-round="{view["round"]}" data-actions="{len(state.actions)}">'
            f"{cards.sprite()}{felt_html(scene)}{end}</div>"
        )

    def scene(self, state: spygames.State, seat: int, *, showdown: bool) -> Scene:
        """`state` through `seat`'s eyes, nobody to act; `showdown`: the move just played
        was a call or a spot, so the showdown it caused is on the table (a showdown stays
        on the table only at the move that caused it)."""
        view = cast(EspionageView, state.view(seat))
        return Scene(
            view=view,
            seats=tuple(self.seats()),
            viewer=seat,
            bottom=seat,
            reveal_pending=showdown and view["revealed"] is not None and not view["over"],
        )

    def move_lines(self) -> list[list[str]]:
        return [
            [entry.text for entry in self.narrator.entries(step.actor, step.action, step.state)]
            for step in spygames.steps(self.record)
        ]

    def live(self, ctx: Context, state: spygames.State) -> GameScreen:
        """Try it yourself: you in the demo's seat 0, bots in the others."""
        screen = open_screen(ctx, GAME_ID, state=state)
        assert isinstance(screen, EspionageTable)
        seats = [
            Seat(name, "human") if i == 0 else Seat(name, "bot", "normal")
            for i, name in enumerate(self.names)
        ]
        screen.open_with(state, seats)
        return screen
