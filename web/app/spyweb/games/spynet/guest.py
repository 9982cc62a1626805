"""A SpyNet seat on a friend's device, drawn from the scenes the host sends.

The host's scene says what the seat may know — its own view (a partner's face-down
missions stay face down), its legal actions on its turn, the engine's reasons for
whatever it might pick, the public log. This device adds only its own choices: the card
picked and the funding put on it, the agent an effect will flip, the card whose whole
face is open, the rules panel and its filter. It draws the result with the table's own
components (`view.render`) and reads clicks and drops with the table's own rules
(`clicks.py`): a click becomes an action only when it completes one, which goes to the
host; the rest change the choices here. There is no game on this device: the host's
engine decides every rule and answers each action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import Any

from ...together.joined import Joined
from .clicks import KEY_NAMES, Click, Turn, drop_click, key_act, turn_click
from .deploy import Selection, for_pick, refused_controls
from .gallery import ALL
from .model import BRANCH_IDS, CARD, KINDS, DeployChoices
from .scene import Picked, Scene
from .view import render


class SpyNetGuest:
    def __init__(self) -> None:
        self.sel = Selection()
        self.reading: str | None = None
        self.rules_open = False
        self.gallery = (ALL, ALL)
        self.end_arriving = False
        self.seen: dict[str, Any] | None = None  # the host's last scene
        self.refusal: str | None = None  # what this device answered the last click with

    def _arrived(self, data: dict[str, Any]) -> None:
        """A new scene from the host: the position has moved, so the pick starts over."""
        if data != self.seen:
            was_over = self.seen is not None and self.seen["view"]["over"]
            self.end_arriving = bool(data["view"]["over"]) and not was_over
            self.seen = data
            self.sel.clear()

    def scene(self, data: dict[str, Any]) -> Scene:
        """The host's scene with this device's choices on it."""
        self._arrived(data)
        scene = Scene.from_json(data)
        sel, mine = self.sel, scene.my_turn
        return replace(
            scene,
            refusals=for_pick(scene.refusals, sel) if mine else {},
            picked=Picked(sel.card, tuple(sel.funding), sel.flip) if mine else Picked(),
            reading=self.reading,
            show_rules=self.rules_open,
            gallery=self.gallery,
            end_arriving=self.end_arriving,
        )

    def render(self, data: dict[str, Any], joined: Joined) -> str:
        return render(self.scene(data))

    def take_refusal(self) -> str | None:
        """Why this device turned down the last click (the engine's words, from the
        scene), once."""
        out, self.refusal = self.refusal, None
        return out

    def handle(self, data: dict[str, Any], act: str, arg: str) -> dict[str, Any] | None:
        """A click on this seat's table: the action it completes, or None."""
        scene = self.scene(data)
        self.end_arriving = False
        if act in ("read", "unread"):
            self.reading = arg if act == "read" and arg in CARD else None
        elif act == "rules":
            self.rules_open = not self.rules_open
        elif act == "gallery-kind" and arg in (ALL, *KINDS):
            self.gallery = (arg, self.gallery[1])
        elif act == "gallery-branch" and arg in (ALL, *BRANCH_IDS):
            self.gallery = (self.gallery[0], arg)
        elif act == "clear":
            self.sel.clear()
        elif scene.my_turn:
            return self._answer(turn_click(self._turn(data), self.sel, act, arg))
        return None

    def key(self, data: dict[str, Any], key: str) -> str | None:
        """A key pressed on this seat's table: the click it stands for (the table's own
        shortcuts, `clicks.KEYS`), or None."""
        return self._key_act(key, lambda: self.scene(data))

    def keys(self, data: dict[str, Any]) -> list[str]:
        """The keys `key` would answer with a click now, found without changing anything
        (the host's scene as it came: its turn and legal actions are this device's too)."""
        scene = cache(lambda: Scene.from_json(data))
        return [key for key in KEY_NAMES if self._key_act(key, scene) is not None]

    def _key_act(self, key: str, scene: Callable[[], Scene]) -> str | None:
        if key == "Escape" and self.reading is not None:
            return "unread"
        drawn = scene()
        return key_act(key, list(drawn.legal)) if drawn.my_turn else None

    def drop(self, data: dict[str, Any], dragged: str, act: str, arg: str) -> dict[str, Any] | None:
        """A hand card dropped on the table: the action it makes, or None."""
        scene = self.scene(data)
        if not scene.my_turn:
            return None
        return self._answer(drop_click(self._turn(data), self.sel, dragged, act, arg))

    def _answer(self, click: Click) -> dict[str, Any] | None:
        if isinstance(click, str):
            self.refusal = click
            return None
        return click

    def _turn(self, data: dict[str, Any]) -> Turn:
        """The turn as the clicks read it, from the scene: the engine's reasons come
        from those the host sent for every pick (`deploy.every_refusal`)."""
        scene = Scene.from_json(data)
        legal = list(scene.legal)
        view = scene.view
        assert view is not None

        def why(action: dict[str, Any]) -> str | None:
            choices = DeployChoices.from_legal(legal)
            reasons = for_pick(scene.refusals, self.sel)
            for key, refused in refused_controls(view, choices, self.sel).items():
                if refused == action:
                    return reasons.get(key)
            return None

        return Turn(legal, why, lambda: scene.refusals.get("deploy"))
