"""A SpyNet scene: everything one drawing of the table shows, and nothing else.

The table builds one per render from what the seat at the device may know: its view
(`state.view(seat)`, or between two people's turns the public view every seat shares,
`model.public`), its legal actions when it is to act, the engine's reasons for the
refused controls the panel shows, the public log, who sits where and who holds the
device, and the person's own choices (the card picked, the open panels, the bots'
pace, the Hint). `view.render(scene)` draws it; positions and replays build one from
the replayed state and draw it with the same pieces (`position.py`).

A scene is plain data: `Scene.from_json(to_json())` gives it back, so a seat on another
device could draw it. What only the host may know — the deal number (which fixes the
deck's order), the share link, the replay's route (the whole record) — sits in the
fields named `deal`, `share_link` and `replay_route`, which a friend's seat on another
device never gets (`table.scene_for`): its scene says `guest`, and the host's tools are
left off its table.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from spygames.spynet.views import SpyNetView

from ...tables.seats import Seat
from ...together.panel import Friends
from .since import Move

PACES = {"slow": 1500, "normal": 800, "fast": 150}
"""The bots' paces: how long they wait before each move (ms)."""


@dataclass(frozen=True)
class Picked:
    """What the person has picked so far (`deploy.Selection`, frozen): a card from the
    hand, the funding to attach to it, the agent an effect will flip."""

    card: str | None = None
    funding: tuple[str, ...] = ()
    flip: str | None = None


@dataclass(frozen=True)
class UndoAt:
    """The engine's undo point for the one person at the table (`State.undo_point`)."""

    upto: int | None
    reason: str | None = None


@dataclass(frozen=True)
class HintShown:
    """The Hint at the foot of the turn's panel: still thinking, or its advice in words
    (`what` and `why`) and the move it marks on the table (`action`)."""

    thinking: bool = False
    action: dict[str, Any] | None = None
    what: str = ""
    why: str = ""


@dataclass(frozen=True)
class Scene:
    """One drawing of the SpyNet table (or, with `position`, of a demo's or a replay's
    position). `view` is None before a game is dealt: the seats screen."""

    seats: tuple[Seat, ...] = ()
    players: int = 2
    view: SpyNetView | None = None
    viewer: int | None = None  # whose hand may be shown (None: every hand hidden)
    bottom: int = 0  # the seat drawn nearest the person looking
    current: int | None = None  # the seat to play
    my_turn: bool = False
    handoff: bool = False  # pass-and-play: the device goes to `current` first
    legal: tuple[dict[str, Any], ...] = ()  # the viewer's, on its own turn only
    refusals: dict[str, str] = field(default_factory=dict)  # control -> engine's reason
    picked: Picked = Picked()
    fresh_hand: tuple[str, ...] | None = None  # cards new in the hand since its last move
    just_played: str | None = None  # the agent just played or flipped
    since: tuple[Move, ...] | None = None  # the strip's moves, for the one at the device
    log: tuple[tuple[str, str], ...] = ()  # (kind, text), the public log
    undo: UndoAt | None = None  # None: Undo is not offered
    hint: HintShown | None = None
    reading: str | None = None  # the card whose whole face is open
    show_rules: bool = False
    gallery: tuple[str, str] = ("all", "all")  # the rules panel's card filter
    show_share: bool = False
    can_share: bool = False
    pace: str = "normal"
    end_arriving: bool = False
    setup_seats: tuple[Seat, ...] = ()  # the seats screen, before a game
    setup_situation: str = ""
    setup_yours: bool = False  # "Your bot" is a kind on the seats screen (the Bot Lab's)
    position: bool = False  # a demo's or a replay's position, with nobody to act
    actions: int = 0  # how many moves the position has seen
    events: tuple[str, ...] = ()  # a position: what its last move did, in the log's words
    # Playing together: the host's Friends panel; a friend's device draws a guest's
    # table (none of the host's tools: pace, Share, New table, deals, Undo, Hint).
    friends: Friends | None = None
    guest: bool = False
    held: str = ""  # a friend's own turn while its moves wait: why ("Sending your move…")
    # host-only: a remote seat's scene leaves these out
    deal: int | None = None
    share_link: str | None = None
    replay_route: str | None = None

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def pass_and_play(self) -> bool:
        """Two or more people share this device (a friend on another device does not)."""
        return not self.guest and sum(s.here for s in self.seats) >= 2

    def to_json(self) -> dict[str, Any]:
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Scene:
        d = dict(data)
        d["seats"] = tuple(Seat(**s) for s in d["seats"])
        d["setup_seats"] = tuple(Seat(**s) for s in d["setup_seats"])
        d["legal"] = tuple(d["legal"])
        d["picked"] = Picked(**{**d["picked"], "funding": tuple(d["picked"]["funding"])})
        if d["fresh_hand"] is not None:
            d["fresh_hand"] = tuple(d["fresh_hand"])
        if d["since"] is not None:
            d["since"] = tuple(Move(m["turn"], m["kind"], tuple(m["lines"])) for m in d["since"])
        d["log"] = tuple((kind, text) for kind, text in d["log"])
        if d["undo"] is not None:
            d["undo"] = UndoAt(**d["undo"])
        if d["hint"] is not None:
            d["hint"] = HintShown(**d["hint"])
        d["gallery"] = tuple(d["gallery"])
        d["events"] = tuple(d["events"])
        if d["friends"] is not None:
            d["friends"] = Friends.from_json(d["friends"])
        return cls(**d)


def _plain(value: Any) -> Any:
    """A field as JSON: dataclasses as objects, tuples as lists."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {k: _plain(v) for k, v in asdict(value).items()}
    return value
