"""What the Espionage table draws, as one frozen value: the scene.

The table builds a scene once per render from exactly what the seat at the device may
know — that seat's view (`state.view(seat)`), or between pass-and-play turns the public
view with no hand in it — with the legal actions on that seat's own turn, the engine's
reason when Undo is refused, the public log, who sits where, and what the people have
chosen on this device (the bid being put together, open panels, the bots' pace, the
Hint's advice). Every component draws from it alone, so a scene that went through JSON
draws the same page: what a seat on another device would need.

The deal number, the share link and the replay's address come from the record, which
tells the deck's order: they are kept in their own fields (`deal`, `share_link`,
`replay_route`) so a scene for another device can leave them out.

>>> import json
>>> scene = Scene(view={"over": False, "to_play": [1]}, seats=(Seat("Ann", "human"),))
>>> Scene.from_json(json.loads(json.dumps(scene.to_json()))) == scene
True
>>> scene.current, scene.name(0), scene.name(3)
(1, 'Ann', 'Player 4')
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from spygames.espionage.views import EspionageView, Showdown
from spygames.i18n import _

from ...tables.seats import Seat
from ...together.panel import Friends

PACES = {"slow": 1600, "normal": 900, "fast": 350}
STEPS = ("hands", "matches", "mercenaries", "traitors", "count", "outcome")

__all__ = ["PACES", "STEPS", "Hint", "Scene", "Seat", "Selection"]


@dataclass(frozen=True)
class Selection:
    """The bid being put together in the bid panel (checked against the legal bids when
    it is drawn: `model.BidPanel`)."""

    count: int = 0
    attribute: str | None = None
    next: int | None = None


@dataclass(frozen=True)
class Hint:
    """The Hint's advice for the position on the table: the hard bot's move, its reason
    and the figures behind it (`spygames.Advice`)."""

    action: dict[str, Any]
    reason: str
    facts: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Scene:
    view: EspionageView  # the viewer's view; between turns the public view (no hand)
    seats: tuple[Seat, ...]
    viewer: int | None = None  # whose hand is on show: the seat at the device
    bottom: int = 0  # the seat drawn nearest the person looking
    pass_and_play: bool = False
    handoff: bool = False  # pass-and-play: the hand-over screen stands before the hand
    my_turn: bool = False  # the seat at the device is to act (not while a showdown waits)
    reveal_pending: bool = False  # a showdown is on the table, not yet moved on from
    steps: int = len(STEPS)  # how many of the showdown's steps are on show
    legal: tuple[dict[str, Any], ...] = ()  # the seat's legal actions, on its own turn
    selection: Selection = Selection()
    undo: bool = False  # Undo is offered (one person at the table)
    refusals: dict[str, str] = field(default_factory=dict)  # control -> engine's reason
    hint: Hint | None = None
    hint_thinking: bool = False  # the Hint is being worked out
    # the public log: (kind, text, the words for a screen reader if not the text's), oldest
    # first
    log: tuple[tuple[str, str, str], ...] = ()
    odds: bool = False  # Show odds is on
    pace: str = "normal"
    rules_open: bool = False
    share_open: bool = False
    can_share: bool = False  # the browser has the Web Share API
    # Playing together: the host's Friends panel; a friend's device draws a guest's
    # table (no tools that belong to the host: pace, Share, New table, deals, Undo, Hint).
    friends: Friends | None = None
    guest: bool = False
    held: str = ""  # a friend's own turn while its moves wait: why ("Sending your move…")
    # From the record (host only): they tell the deck's order.
    deal: int | None = None
    share_link: str | None = None  # while the Share panel is open
    replay_route: str | None = None  # at the end: the replay's address

    # -- read from the view -------------------------------------------------------------
    @property
    def over(self) -> bool:
        return bool(self.view["over"])

    @property
    def current(self) -> int | None:
        """The seat to play (None once the game is over)."""
        if self.over or not self.view["to_play"]:
            return None
        return int(self.view["to_play"][0])

    @property
    def revealed(self) -> Showdown | None:
        """The latest showdown (the same in every seat's view)."""
        return self.view.get("revealed")

    @property
    def shown(self) -> Showdown | None:
        """The showdown the felt shows: while it waits, and at the end."""
        return self.revealed if (self.reveal_pending or self.over) else None

    @property
    def stepping(self) -> bool:
        """A showdown is still being shown, step by step."""
        return self.steps < len(STEPS) and self.revealed is not None

    @property
    def holding_showdown(self) -> bool:
        """The table still shows the last showdown's round, not the one dealt since."""
        return self.reveal_pending or self.stepping

    def has(self, step: str) -> bool:
        """Whether the showdown's `step` is on show."""
        return STEPS.index(step) < self.steps

    # -- the seats ------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.seats):
            return self.seats[seat].name
        return _("Player {number}", number=seat + 1)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["seats"] = [asdict(s) for s in self.seats]
        data["legal"] = list(self.legal)
        data["selection"] = asdict(self.selection)
        data["hint"] = asdict(self.hint) if self.hint is not None else None
        data["log"] = [list(line) for line in self.log]
        data["friends"] = self.friends.to_json() if self.friends is not None else None
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Scene:
        values = dict(data)
        values["seats"] = tuple(Seat(**s) for s in data["seats"])
        values["legal"] = tuple(data["legal"])
        values["selection"] = Selection(**data["selection"])
        values["hint"] = Hint(**data["hint"]) if data["hint"] is not None else None
        values["log"] = tuple((kind, text, said) for kind, text, said in data["log"])
        friends = data.get("friends")
        values["friends"] = Friends.from_json(friends) if friends is not None else None
        return cls(**values)
