"""The Deck of Spies table as one value: everything its page shows, and nothing else.

A `Scene` is built once per render from what the player may know — the engine's
`view(0)`, each button with the engine's reason when it is off, Undo's reason, the
move log — and the table's own choices: the cards picked, the open panel, the Hint.
The components in `view.py` draw the page from it alone, so a scene that went through
JSON (`to_json`, `from_json`) draws the same page.

The deal number fixes the order of every card still hidden, so it and everything made
from it (the share link, the replay of the deal, the daily deal's day and result) sit
in fields of their own, which a scene for another device can leave out.

>>> import json
>>> scene = Scene(view={"hand": ["2C"]}, selected=("2C",), deal=7)
>>> Scene.from_json(json.loads(json.dumps(scene.to_json()))) == scene
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spygames.deck_of_spies.views import DeckOfSpiesResult, DeckOfSpiesView


@dataclass(frozen=True)
class Control:
    """An action button (Counter, Recruit, Retire, End turn, or an Ace to assassinate
    with): off with the engine's `reason`, or on (`reason` None). `arg` is the Ace."""

    kind: str
    label: str
    reason: str | None = None
    arg: str = ""


@dataclass(frozen=True)
class Hint:
    """The Hint's advice for this position: the action and the bot's reason."""

    action: dict[str, Any]
    reason: str


@dataclass(frozen=True)
class LogLine:
    """One move in the log: its turn, its kind and what it did, in the engine's words."""

    turn: int
    kind: str
    texts: tuple[str, ...]
    n: int = 0  # its place in the game's whole log (0: the first): the page says new ones


@dataclass(frozen=True)
class Verdict:
    """Could the lost deal have been won? `kind`: "pending", "won", "lost" or "unknown";
    for "won", the winning line's length and its replay's address (`route`: the host's
    alone, as it shows every card of the deal)."""

    kind: str
    moves: int = 0
    route: str | None = None


@dataclass(frozen=True)
class DailyResult:
    """The kept result of the day's daily deal, for the end panel's Share result."""

    day: str
    number: int
    won: bool
    score: int
    base_url: str


@dataclass(frozen=True)
class Scene:
    """What the Deck of Spies table shows: the view of seat 0 and the table's choices."""

    view: DeckOfSpiesView  # the engine's view(0)
    actions: int = 0  # how many actions have been played
    result: DeckOfSpiesResult | None = None  # the engine's result, once the game is over
    phase: str = ""  # "deal", "after" or "over"
    selected: tuple[str, ...] = ()  # the cards picked, in hand order
    total: int = 0  # what the picked cards are worth
    prompt: str = ""  # what to do now, in words
    controls: tuple[Control, ...] = ()  # Counter and Recruit, or Retire and End turn
    aces: tuple[Control, ...] = ()  # the Aces to assassinate with, when one must
    undo_off: str | None = None  # why Undo is off (None: it is on)
    hint: Hint | None = None
    thinking: bool = False  # the Hint is being worked out
    panel: str | None = None  # the open panel: "rules", "discard", "draw" or "share"
    four_colour: bool = False
    fresh: tuple[str, ...] = ()  # the cards just drawn (animated once)
    spy_fresh: bool = False  # the spy has just been turned up
    pile_fresh: bool = False  # a card has just gone to the discard pile
    log: tuple[LogLine, ...] = ()  # the latest moves, oldest first
    verdict: Verdict | None = None  # the lost deal's search for a winning line
    can_share: bool = False  # the browser has a share sheet
    # The host's alone: each of these tells the order of the cards still hidden.
    deal: int | None = None  # the deal number ("Deal #N", the seed)
    daily_day: str | None = None  # the day whose daily deal this is
    daily_result: DailyResult | None = None
    share_link: str | None = None  # the link to this deal (while Share is open)
    replay_route: str | None = None  # the replay of this game (once it is over)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = dataclasses.asdict(self)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Scene:
        values = {
            f.name: _READ.get(f.name, _same)(data[f.name])
            for f in dataclasses.fields(cls)
            if f.name in data
        }
        return cls(**values)


def _same(value: Any) -> Any:
    return value


def _optional(kind: type[Any]) -> Callable[[Any], Any]:
    return lambda value: None if value is None else kind(**value)


def _controls(values: list[dict[str, Any]]) -> tuple[Control, ...]:
    return tuple(Control(**value) for value in values)


def _log(values: list[dict[str, Any]]) -> tuple[LogLine, ...]:
    return tuple(LogLine(v["turn"], v["kind"], tuple(v["texts"]), v["n"]) for v in values)


_READ: dict[str, Callable[[Any], Any]] = {
    "selected": tuple,
    "fresh": tuple,
    "controls": _controls,
    "aces": _controls,
    "hint": _optional(Hint),
    "log": _log,
    "verdict": _optional(Verdict),
    "daily_result": _optional(DailyResult),
}
