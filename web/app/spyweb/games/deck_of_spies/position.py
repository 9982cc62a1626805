"""Deck of Spies positions for demos and replays, drawn with the table's own parts.

A position is a `Scene` of the replayed state (scene.py) — the race for the face cards
and the table drawn by the table's components — with the hand as cards to look at (the
cards of a refused move marked) and what the move just played did, in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import spygames
from spygames.deck_of_spies.views import DeckOfSpiesResult, DeckOfSpiesView
from spygames.i18n import _

from ...browser.markup import attrs, esc
from ...catalogue import open_screen
from ...tables.position import PositionView
from ...tables.screen import Context, GameScreen
from . import model as vm
from .board import board, tally
from .cards import show_card
from .log import sentence
from .scene import Scene
from .table import GAME_ID


@dataclass(frozen=True)
class Position:
    """A position to show: its scene (the cards of a refused move as `selected`) and
    what the move just played did, in words.

    >>> import json
    >>> shown = Position(Scene(view={"turn": 1}), ("Drew 3♠.",))
    >>> Position.from_json(json.loads(json.dumps(shown.to_json()))) == shown
    True
    """

    scene: Scene
    lines: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"scene": self.scene.to_json(), "lines": list(self.lines)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Position:
        return cls(Scene.from_json(data["scene"]), tuple(data["lines"]))


def position_scene(
    state: spygames.State,
    *,
    move: dict[str, Any] | None = None,
    refused: str | None = None,
    fresh: bool = True,
) -> Position:
    """`state` as the player sees it, after `move` (or with `move` refused)."""
    view = state.view(0)
    tried: list[str] = []
    if refused is not None and move is not None:
        tried = list(move.get("cards", [])) or ([move["ace"]] if "ace" in move else [])
    lines = [] if move is None or refused is not None or not fresh else _events(view)
    scene = Scene(
        view=cast(DeckOfSpiesView, view),
        actions=len(state.actions),
        result=cast(DeckOfSpiesResult | None, state.result),
        selected=tuple(tried),
    )
    return Position(scene, tuple(lines))


def draw(shown: Position, hinted: tuple[str, ...] = ()) -> str:
    """The position; `hinted`: the cards of the hard bot's move there, marked (a review)."""
    scene = shown.scene
    view = scene.view
    return (
        f'<div class="pos pos-dos dos" data-game="{GAME_ID}" data-turn="{view["turn"]}" '
        f'data-actions="{scene.actions}">'
        + tally(view)
        + board(scene)
        + _hand(scene, hinted)
        + _end(scene.result)
        + (
            '<ul class="pos-events"'
            + attrs(aria_label=_("What the move did"))
            + ">"
            + "".join(f"<li>{esc(line)}</li>" for line in shown.lines)
            + "</ul>"
            if shown.lines
            else ""
        )
        + "</div>"
    )


def _events(view: dict[str, Any]) -> list[str]:
    return [
        sentence(str(event["text"]))
        for event in view["events"]
        if event.get("text") and event.get("kind") != "game_over"
    ]


def _hand(scene: Scene, hinted: tuple[str, ...] = ()) -> str:
    view = scene.view
    cards = "".join(
        show_card(card, extra="hinted", hinted=True)
        if card in hinted
        else show_card(card, extra="selected" if card in scene.selected else "")
        for card in view["hand"]
    )
    if not cards:
        cards = "<p class=dos-empty>" + _("No cards.") + "</p>"
    return (
        '<section class="dos-handzone pos-handzone"'
        + attrs(aria_label=_("Your hand"))
        + f'><div class="dos-hand pos-hand">{cards}</div><p class="dos-total">'
        + _("Hand total <b>{total}</b>", total=view["hand_total"])
        + "</p></section>"
    )


def _end(result: DeckOfSpiesResult | None) -> str:
    if result is None:
        return ""
    won = bool(result.get("won"))
    score, reason = int(result.get("score", 0)), esc(result.get("reason", ""))
    if won:
        # translators: {score} is the face cards owned, {reason} the rules' words on the end
        said = _("<b>Won</b> · {score} of 12 face cards. {reason}", score=score, reason=reason)
    else:
        # translators: {score} is the face cards owned, {reason} the rules' words on the end
        said = _("<b>Lost</b> · {score} of 12 face cards. {reason}", score=score, reason=reason)
    return f'<p class="pos-end {"won" if won else "lost"}" data-testid="pos-end">{said}</p>'


class DeckOfSpiesPosition(PositionView):
    game_id = GAME_ID

    def render(
        self,
        state: spygames.State,
        seat: int,
        *,
        move: dict[str, Any] | None = None,
        refused: str | None = None,
        fresh: bool = True,
    ) -> str:
        return draw(position_scene(state, move=move, refused=refused, fresh=fresh))

    def render_advised(
        self,
        state: spygames.State,
        seat: int,
        advised: dict[str, Any],
        *,
        move: dict[str, Any] | None = None,
    ) -> str:
        cards = list(advised.get("cards", [])) + ([advised["ace"]] if "ace" in advised else [])
        return draw(position_scene(state, move=move), tuple(cards))

    def move_lines(self) -> list[list[str]]:
        lines: list[list[str]] = []
        for step in spygames.steps(self.record):
            turn, events = step.before["turn"], step.state.view(0)["events"]
            texts = [sentence(str(e["text"])) for e in events if e.get("text")]
            first = (
                _("Turn {turn}: {text}", turn=turn, text=texts[0])
                if texts
                else _("Turn {turn}", turn=turn)
            )
            lines.append([first, *texts[1:]])
        return lines

    def move_words(self, state: spygames.State, seat: int, action: dict[str, Any]) -> str:
        return vm.describe(action)

    def advice_words(self, state: spygames.State, seat: int, advice: spygames.Advice) -> str:
        return sentence(advice.reason)

    def live(self, ctx: Context, state: spygames.State) -> GameScreen:
        return open_screen(ctx, GAME_ID, state=state)
