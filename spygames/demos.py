"""Rules demos: short scripted games the engine itself plays out, step by step.

A demo is data: a game, a seed and a `setup` (the overrides every game already takes),
and steps. Each step has a caption in our own words and, usually, an action. A step
marked `refused` shows an action being turned down: the reason shown is the engine's
own, and the game does not change. `check` holds the claims a caption makes that can be
checked against the engine ("the count is 4" is `{"revealed.count": 4}`), in English
whatever language the demo is shown in (a reason is compared as it reads in English).

`Demo.run()` plays every step through the engine and checks every claim, so a demo
can never show a move the engine rejects or say what the engine disagrees with: it
raises DemoError instead. The tests run every demo; the app runs them again before it
shows one.

Each game lists its demos as `DEMOS` in its package's `demos` module
(`spygames/espionage/demos.py`); adding a demo, or a game's demos, is a data change.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import DemoError, IllegalAction, UnknownDemo
from .i18n import Msg, _, fill
from .protocol import GAME_OVER, Action, Result, State, View
from .registry import GAMES, game_of_demo, get_game


@dataclass(frozen=True)
class Step:
    """One step: a caption and, usually, the action it shows."""

    caption: str
    action: Action | None = None
    refused: bool = False  # the action is tried and refused; nothing changes
    check: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Frame:
    """A step as played by the engine: what the demo's seat sees after it."""

    index: int
    step: Step
    actions: int  # how many actions of the record have been played
    view: View
    result: Result | None
    reason: str | None = None  # the engine's reason, for a refused step


@dataclass(frozen=True)
class Demo:
    """A scripted rules demo. `seat` is whose view the demo shows; `names` how the
    captions call each seat (the table shows the same names)."""

    id: str
    game: str
    title: str
    summary: str
    steps: tuple[Step, ...]
    seed: int = 1
    players: int | None = None
    setup: Mapping[str, Any] | None = None
    seat: int = 0
    names: tuple[str, ...] = ()

    def start(self) -> State:
        game = get_game(self.game)
        return game.new(
            seed=self.seed,
            players=self.players,
            setup=dict(self.setup) if self.setup is not None else None,
        )

    def record(self, upto: int | None = None) -> dict[str, Any]:
        """The record of the actions played by steps[:upto + 1] (all steps by default)."""
        state = self.start()
        steps = self.steps if upto is None else self.steps[: upto + 1]
        played = [step.action for step in steps if step.action is not None and not step.refused]
        return {**state.record(), "actions": [dict(action) for action in played]}

    def run(self) -> list[Frame]:
        """Every step played through the engine, every claim checked; DemoError if not."""
        if not self.steps:
            raise DemoError(f"demo {self.id!r} has no steps")
        state = self.start()
        frames: list[Frame] = []
        for index, step in enumerate(self.steps):
            where = f"demo {self.id!r}, step {index}"
            reason: str | None = None
            if step.action is not None:
                if step.refused:
                    reason = _(GAME_OVER) if state.is_over else state.why_illegal(step.action)
                    if reason is None:
                        raise DemoError(f"{where}: {step.action} is legal, not refused")
                else:
                    try:
                        state.apply(step.action)
                    except IllegalAction as exc:
                        raise DemoError(f"{where}: the engine refuses it: {exc.reason}") from exc
            elif step.refused:
                raise DemoError(f"{where}: a refused step needs an action")
            view = state.view(self.seat)
            frame = Frame(index, step, len(state.actions), view, state.result, reason)
            for key, expected in step.check.items():
                found = in_english(lookup(frame, key))
                if found != expected:
                    raise DemoError(f"{where}: {key} is {found!r}, the caption says {expected!r}")
            frames.append(frame)
        return frames


_MISSING = object()


def lookup(frame: Frame, key: str) -> Any:
    """The value a check names: a dotted path into the view ("revealed.count",
    "players.1.sources"), or into "result." or "reason" (a refused step's reason).
    A path ending in ".len" is the length of what it names."""
    parts = key.split(".")
    value: Any
    if parts[0] == "result":
        value, parts = frame.result, parts[1:]
    elif parts[0] == "reason":
        value, parts = frame.reason, parts[1:]
    else:
        value = frame.view
    for part in parts:
        if part == "len" and isinstance(value, list | str | dict):
            value = len(value)
        elif isinstance(value, dict):
            value = value.get(part, _MISSING)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            value = _MISSING
        if value is _MISSING:
            return f"<nothing at {key}>"
    return value


def in_english(value: Any) -> Any:
    """`value` with each message in it (`spygames.i18n.Msg`) as it reads in English, the
    language a demo's claims are written in, whatever language the demo is shown in.

    >>> from spygames.i18n import ngettext
    >>> in_english({"reason": ngettext("{n} spy", "{n} spies", 2)})
    {'reason': '2 spies'}
    """
    if isinstance(value, Msg):
        singular, plural, n = value.key[1:]
        args = {name: in_english(arg) for name, arg in value.args.items()}
        if plural is not None:
            args = {"n": n, **args}
        return fill(singular if plural is None or n == 1 else plural, args)
    if isinstance(value, dict):
        return {key: in_english(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(in_english(item) for item in value)
    return value


# -- the list of demos, found with each game ---------------------------------------------
def _demos_module(game_id: str) -> str | None:
    """`<the game's package>.demos`: the demos live beside the game's rules."""
    module = sys.modules.get(type(get_game(game_id)).__module__)
    package = getattr(module, "__package__", None)
    return f"{package}.demos" if package else None


def all_demos(game_id: str | None = None) -> list[Demo]:
    """Every demo (of one game, if named), in the order its game lists them."""
    found: list[Demo] = []
    for gid in GAMES if game_id is None else [game_id]:
        name = _demos_module(gid)
        if name is None:
            continue
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue  # this game has no demos yet
            raise
        found.extend(getattr(module, "DEMOS", ()))
    return found


def get_demo(demo_id: str) -> Demo:
    """The demo called `demo_id`; UnknownDemo says which ids there are. A shipped game's
    demos are looked for first in the game its id names (`Game.demo_prefix`), so finding
    one loads that game's rules only."""
    named = game_of_demo(demo_id)
    for demo in all_demos(named) if named else all_demos():
        if demo.id == demo_id:
            return demo
    known = ", ".join(d.id for d in all_demos()) or "none"
    raise UnknownDemo(f"no demo called {demo_id!r} (demos: {known})")
