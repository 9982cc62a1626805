"""Deck of Spies in a guided first game (`spyweb.screens.guide`): which control plays a step
next, and what a stray click would do.

A payment is played in clicks: the cards, then Counter or Recruit (or Retire). The
control pointed at is the next card the step needs that is not picked yet (or one
picked that it does not need, to unpick), then the action's button. Picking a card the
step does not use, or pressing another action, is a stray click: the guide says what
it would do and why not now.
"""

from __future__ import annotations

from typing import Any

from spygames.deck_of_spies.text import describe_action, symbol
from spygames.i18n import _

from ...tables.pointer import Pointer
from ...tables.screen import GameScreen
from .table import DeckOfSpiesTable

ACTIONS = ("counter", "recruit", "retire", "end_turn", "assassinate")


def _table(table: GameScreen) -> DeckOfSpiesTable:
    assert isinstance(table, DeckOfSpiesTable)
    return table


def _control(action: dict[str, Any]) -> str:
    if action["type"] == "assassinate":
        return f"act-assassinate-{action['ace']}"
    return "act-" + str(action["type"]).replace("_", "-")


class DeckOfSpiesPointer(Pointer):
    def target(self, table: GameScreen, step: Any) -> str:
        dos = _table(table)
        action = step.action
        needed = set(action.get("cards", []))
        picked = set(dos.selected)
        for card in dos.state.view(0)["hand"]:
            if (card in needed) != (card in picked):
                return f"card-{card}"
        return _control(action)

    def named(self, table: GameScreen, step: Any) -> str | None:
        """A payment or an assassination names the spy it deals with."""
        if step is not None and step.action["type"] in ("counter", "recruit", "assassinate"):
            return "dos-spy"
        return None

    def stray(self, table: GameScreen, act: str, arg: str, step: Any) -> str | None:
        dos = _table(table)
        action = step.action
        if act == "pick" and arg not in dos.selected and arg not in action.get("cards", []):
            # translators: what a stray click would do, after "Not now: that would"
            return _("pick the {card} for the payment", card=symbol(arg))
        tried: dict[str, Any] = {"type": act}
        if act == "assassinate":
            tried["ace"] = arg
        elif act in ("counter", "recruit", "retire"):
            tried["cards"] = list(dos.selected)
        if act in ACTIONS and (
            act != action["type"] or tried.get("ace", "") != action.get("ace", "")
        ):
            return describe_action(tried)
        return None  # a step towards it (the cards it needs), or a click that plays nothing

    def words(self, table: GameScreen, action: dict[str, Any]) -> str:
        return describe_action(action)
