"""An Espionage seat on a friend's device, drawn from the scenes the host sends.

The host's scene says what the seat may know and which actions it has; this device adds
only its own choices — the bid being put together, whether the last showdown has been
looked at, Show odds, the rules panel — and draws the result with the table's own
components (`view.render`). A click becomes an action only when it completes one (Bid,
Call, Spot); the rest change the choices on this device. There is no game here: the
host's engine decides every rule and answers each action.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...together.joined import Joined
from .model import BidPanel
from .scene import Scene, Selection
from .view import render


class EspionageGuest:
    def __init__(self) -> None:
        self.sel = Selection()
        self.dismissed = 0  # the showdown (by round) this friend has looked at (`Dismissing`)
        self.odds = False
        self.rules_open = False

    def scene(self, data: dict[str, Any]) -> Scene:
        """The host's scene with this device's choices on it."""
        scene = Scene.from_json(data)
        shown = scene.revealed
        pending = shown is not None and not scene.over and shown["round"] != self.dismissed
        mine = scene.my_turn and not pending
        selection = Selection()
        if mine:
            panel = self._panel(scene)
            selection = Selection(panel.count, panel.attribute, panel.next)
        return replace(
            scene,
            reveal_pending=pending,
            my_turn=mine,
            selection=selection,
            odds=self.odds,
            rules_open=self.rules_open,
        )

    def render(self, data: dict[str, Any], joined: Joined) -> str:
        return render(self.scene(data))

    def _panel(self, scene: Scene) -> BidPanel:
        sel = self.sel
        return BidPanel(list(scene.legal), count=sel.count, attribute=sel.attribute, next=sel.next)

    def handle(self, data: dict[str, Any], act: str, arg: str) -> dict[str, Any] | None:
        """A click on this seat's table: the action it completes, or None."""
        scene = self.scene(data)
        if act == "odds":
            self.odds = not self.odds
        elif act == "rules":
            self.rules_open = not self.rules_open
        elif act == "continue" and scene.revealed is not None:
            self.dismissed = int(scene.revealed["round"])
        elif scene.my_turn:
            return self._bid_act(scene, act, arg)
        return None

    def _bid_act(self, scene: Scene, act: str, arg: str) -> dict[str, Any] | None:
        panel = self._panel(scene)
        action = panel.click(act, arg)
        self.sel = (
            Selection()
            if action is not None
            else Selection(panel.count, panel.attribute, panel.next)
        )
        return action
