"""SpyNet in a guided first game (`spyweb.screens.guide`): which control plays a step next, and
what a stray click would do.

A move is played in the clicks the Hint marks for it (`hint.marks`): a card picked in
the hand, its funding, then the place on the tableau; Recruit, Take, End turn and an
effect's button are one click. The control pointed at is the first of those clicks not
yet made (a funding card picked that the step does not attach is unpicked first). A
click that would play another move, or pick a card the step does not use, is a stray
click.
"""

from __future__ import annotations

from typing import Any, cast

from ...tables.pointer import Pointer
from ...tables.screen import GameScreen
from .hint import marks, what
from .log import Who
from .model import CARD
from .table import SpyNetTable

MOVES = {
    "recruit": "recruit",
    "deploy": "deploy",
    "take": "take this pile",
    "pass_on": "pass this pile on",
    "end": "end your turn",
    "keep": "keep that card",
    "agent": "play that agent there",
    "mission": "play that mission there",
    "pass": "pass that card to your teammate",
    "draw": "draw",
    "skip": "skip the effect",
    "discard": "make that player discard",
    "eliminate": "eliminate that agent",
    "flip": "flip that agent",
    "target": "aim the effect at that agent",
}


def _table(table: GameScreen) -> SpyNetTable:
    assert isinstance(table, SpyNetTable)
    return table


def _name(card: str) -> str:
    return str(CARD[card]["name"]) if card in CARD else card


class SpyNetPointer(Pointer):
    def target(self, table: GameScreen, step: Any) -> tuple[str, str]:
        sn = _table(table)
        action, sel = step.action, sn.sel
        clicks = marks(action)
        card = str(action.get("card", ""))
        if clicks[0] == ("pick", card) and sel.card != card:
            return clicks[0]
        wanted = set(action.get("funding", []))
        for extra in sorted(set(sel.funding) - wanted):
            return ("fund", extra)
        for click in clicks[1:] if clicks[0][0] == "pick" else clicks:
            if click[0] == "fund" and click[1] in sel.funding:
                continue
            return click
        return clicks[-1]

    def stray(self, table: GameScreen, act: str, arg: str, step: Any) -> str | None:
        sn = _table(table)
        action = step.action
        wanted = marks(action)
        if (act, arg) in wanted or act not in (*MOVES, "pick", "fund"):
            return None  # a step towards it, or a click that plays nothing
        if act in ("pick", "fund"):
            used = {str(action.get("card", "")), *action.get("funding", [])}
            if arg in used or arg in sn.sel.funding or arg == sn.sel.card:
                return None
            return f"pick {_name(arg)}"
        card = arg.partition("@")[0]
        if card in CARD and act in ("keep", "agent", "mission", "pass"):
            return (
                MOVES[act]
                .replace("that card", _name(card))
                .replace("that agent", _name(card))
                .replace("that mission", _name(card))
            )
        return MOVES[act]

    def words(self, table: GameScreen, action: dict[str, Any]) -> str:
        sn = _table(table)
        assert sn.state is not None
        view = cast(Any, sn.state.view(sn.state.to_play[0]))
        text = what(action, view, Who(sn.seats, sn.state.players))
        return text[:1].lower() + text[1:]
