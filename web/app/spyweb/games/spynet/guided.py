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

from spygames.i18n import pgettext

from ...tables.pointer import Pointer
from ...tables.screen import GameScreen
from .hint import marks, what
from .model import CARD
from .table import SpyNetTable
from .who import Who

MOVES = (
    "recruit",
    "deploy",
    "take",
    "pass_on",
    "end",
    "keep",
    "agent",
    "mission",
    "pass",
    "draw",
    "skip",
    "discard",
    "eliminate",
    "flip",
    "target",
)
"""The clicks that play a move (or aim an effect): a stray one is said (`would`)."""


def would(act: str, card: str | None = None) -> str:
    """What a click would do, to end the guide's "Not now: that would …": "recruit",
    "play Censor there"; `card` names the card it plays, when known."""
    if card is not None:
        if act == "keep":
            return pgettext("that would …", "keep {card}", card=card)
        if act in ("agent", "mission"):
            return pgettext("that would …", "play {card} there", card=card)
        if act == "pass":
            return pgettext("that would …", "pass {card} to your teammate", card=card)
    if act == "recruit":
        return pgettext("that would …", "recruit")
    if act == "deploy":
        return pgettext("that would …", "deploy")
    if act == "take":
        return pgettext("that would …", "take this pile")
    if act == "pass_on":
        return pgettext("that would …", "pass this pile on")
    if act == "end":
        return pgettext("that would …", "end your turn")
    if act == "keep":
        return pgettext("that would …", "keep that card")
    if act == "agent":
        return pgettext("that would …", "play that agent there")
    if act == "mission":
        return pgettext("that would …", "play that mission there")
    if act == "pass":
        return pgettext("that would …", "pass that card to your teammate")
    if act == "draw":
        return pgettext("that would …", "draw")
    if act == "skip":
        return pgettext("that would …", "skip the effect")
    if act == "discard":
        return pgettext("that would …", "make that player discard")
    if act == "eliminate":
        return pgettext("that would …", "eliminate that agent")
    if act == "flip":
        return pgettext("that would …", "flip that agent")
    return pgettext("that would …", "aim the effect at that agent")


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
            return pgettext("that would …", "pick {card}", card=_name(arg))
        card = arg.partition("@")[0]
        return would(act, _name(card) if card in CARD else None)

    def words(self, table: GameScreen, action: dict[str, Any]) -> str:
        sn = _table(table)
        assert sn.state is not None
        view = cast(Any, sn.state.view(sn.state.to_play[0]))
        text = what(action, view, Who(sn.seats, sn.state.players))
        return text[:1].lower() + text[1:]
