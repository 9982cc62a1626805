"""Deck of Spies positions for demos and replays, drawn with the table's own HTML."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import spygames

from ..catalogue import open_screen
from ..markup import esc
from ..position import PositionView, private_context, register_view
from ..screen import Context, GameScreen
from .cards import show_card
from .table import GAME_ID, DeckOfSpiesTable, _sentence


class DeckOfSpiesPosition(PositionView):
    game_id = GAME_ID

    def __init__(self, record: dict[str, Any], names: Sequence[str] = ()) -> None:
        super().__init__(record, names)
        self.table = DeckOfSpiesTable(private_context(), state=spygames.replay(record, upto=0))

    def render(
        self,
        state: spygames.State,
        seat: int,
        *,
        move: dict[str, Any] | None = None,
        refused: str | None = None,
        fresh: bool = True,
    ) -> str:
        view = state.view(0)
        table = self.table
        table.panel = None
        table.spy_fresh = table.pile_fresh = False
        tried: list[str] = []
        if refused is not None and move is not None:
            tried = list(move.get("cards", [])) or ([move["ace"]] if "ace" in move else [])
        lines = [] if move is None or refused is not None or not fresh else self._events(view)
        return (
            f'<div class="pos pos-dos dos" data-game="{GAME_ID}" data-turn="{view["turn"]}" '
            f'data-actions="{len(state.actions)}">'
            + table._tally(view)
            + table._board(view)
            + self._hand(view, tried)
            + self._end(state.result)
            + (
                '<ul class="pos-events" aria-label="What the move did">'
                + "".join(f"<li>{esc(line)}</li>" for line in lines)
                + "</ul>"
                if lines
                else ""
            )
            + "</div>"
        )

    @staticmethod
    def _events(view: dict[str, Any]) -> list[str]:
        return [
            _sentence(str(event["text"]))
            for event in view["events"]
            if event.get("text") and event.get("kind") != "game_over"
        ]

    @staticmethod
    def _hand(view: dict[str, Any], tried: list[str]) -> str:
        cards = "".join(
            show_card(card, extra="selected" if card in tried else "") for card in view["hand"]
        )
        return (
            '<section class="dos-handzone pos-handzone" aria-label="Your hand">'
            f'<div class="dos-hand pos-hand">{cards or "<p class=dos-empty>No cards.</p>"}</div>'
            f'<p class="dos-total">Hand total <b>{view["hand_total"]}</b></p></section>'
        )

    @staticmethod
    def _end(result: dict[str, Any] | None) -> str:
        if result is None:
            return ""
        won = bool(result.get("won"))
        return (
            f'<p class="pos-end {"won" if won else "lost"}" data-testid="pos-end">'
            f"<b>{'Won' if won else 'Lost'}</b> · {int(result.get('score', 0))} of 12 face "
            f"cards. {esc(result.get('reason', ''))}</p>"
        )

    def move_lines(self) -> list[list[str]]:
        state = spygames.replay(self.record, upto=0)
        lines: list[list[str]] = []
        for action in self.record["actions"]:
            turn = state.view(0)["turn"]
            state.apply(action)
            texts = [_sentence(str(e["text"])) for e in state.view(0)["events"] if e.get("text")]
            lines.append([f"Turn {turn}: {texts[0]}" if texts else f"Turn {turn}", *texts[1:]])
        return lines

    def live(self, ctx: Context, state: spygames.State) -> GameScreen:
        return open_screen(ctx, GAME_ID, state=state)


register_view(GAME_ID, DeckOfSpiesPosition)
