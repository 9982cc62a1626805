"""The host's side of a table played across devices: the referee between the engine and
the friends' devices.

The host's device holds the game (its `State`, its record, its saves); a friend's device
holds one seat and never more than that seat's scene. The referee gets every message a
friend's device sends (`receive`), checks it (`wire.decode`), and answers:

- an action is played only if it is that seat's turn, at the move the friend saw, and
  the engine accepts it; otherwise the friend gets `refused` with the reason (the
  engine's own words for an illegal move), and the game is unchanged;
- after every change at the table, whoever made it (a friend, a person at the host's
  device, a bot), each connected friend gets the scene of their own seat, and only when
  it differs from the last one they got.

What it sends waits in `outbox` as (seat, text) for the page to put on each seat's
connection; what it refused is noted in `noted`, for the host to see. Nothing a friend
sends can raise out of `receive`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from . import wire

MAX_NOTED = 50  # the refusals kept for the host to read


class Host(Protocol):
    """What the referee needs of the host's table."""

    def move_count(self) -> int:
        """How many actions the game has seen (the move a scene is drawn at)."""
        ...

    def to_play(self) -> list[int]:
        """The seats whose action the engine waits for now."""
        ...

    def play_for(self, seat: int, action: dict[str, Any]) -> str | None:
        """Play `action` for `seat`: None once played (logged and saved as any move),
        else the engine's reason for refusing it."""
        ...

    def scene_for(self, seat: int) -> dict[str, Any]:
        """Everything `seat` may see now, as JSON data (never another seat's cards)."""
        ...


@dataclass
class Friend:
    seat: int
    name: str
    connected: bool = False
    said_hello: bool = False
    last_scene: str = ""  # the last scene message sent, to send only what changed


@dataclass
class Referee:
    host: Host
    table: str  # the table's id, as the invitations give it
    game: str
    friends: dict[int, Friend] = field(default_factory=dict)
    outbox: list[tuple[int, str]] = field(default_factory=list)
    noted: list[str] = field(default_factory=list)

    def invite(self, seat: int, name: str) -> None:
        """`seat` is held by a friend on another device, called `name`."""
        self.friends[seat] = Friend(seat, name)

    def connected(self, seat: int) -> None:
        """The connection to `seat`'s device has opened (or opened again)."""
        friend = self.friends.get(seat)
        if friend is None:
            return
        friend.connected, friend.said_hello, friend.last_scene = True, False, ""

    def dropped(self, seat: int) -> None:
        """The connection to `seat`'s device has closed."""
        friend = self.friends.get(seat)
        if friend is not None:
            friend.connected = False

    def receive(self, seat: int, text: Any) -> None:
        """A message from `seat`'s device."""
        friend = self.friends.get(seat)
        if friend is None or not friend.connected:
            return
        try:
            message = wire.decode(text, wire.FROM_GUEST)
        except wire.BadMessage as exc:
            self._refuse(friend, f"That message was not understood: {exc}.")
            return
        kind = message["kind"]
        if kind == "hello":
            self._hello(friend, message)
        elif not friend.said_hello:
            self._refuse(friend, "The device has not said which invitation it holds.")
        elif kind == "act":
            self._act(friend, message)
        elif kind == "ping":
            self._send(seat, {"kind": "pong", "t": message["t"]})
        elif kind == "bye":
            self.dropped(seat)

    def changed(self) -> None:
        """The table has changed: each connected friend gets their seat's new scene."""
        for friend in self.friends.values():
            if friend.connected and friend.said_hello:
                self._scene(friend)

    def close(self, seat: int, reason: str) -> None:
        """The friend's seat is no longer theirs (given to a bot, the table ended)."""
        friend = self.friends.pop(seat, None)
        if friend is not None and friend.connected:
            self._send(seat, {"kind": "closed", "reason": reason})

    # -- answering ----------------------------------------------------------------------
    def _hello(self, friend: Friend, message: wire.Message) -> None:
        if message["table"] != self.table or message["seat"] != friend.seat:
            self._refuse(friend, "That invitation is for another table or seat.")
            return
        friend.said_hello = True
        self._send(
            friend.seat,
            {"kind": "welcome", "seat": friend.seat, "name": friend.name, "game": self.game,
             "table": self.table},
        )  # fmt: skip
        friend.last_scene = ""
        self._scene(friend)

    def _act(self, friend: Friend, message: wire.Message) -> None:
        now = self.host.move_count()
        if message["n"] != now:
            self._refuse(friend, "The table has moved on since that move was chosen.", now)
            friend.last_scene = ""
            self._scene(friend)
            return
        if friend.seat not in self.host.to_play():
            self._refuse(friend, "It is not your turn.", now)
            return
        try:
            reason = self.host.play_for(friend.seat, message["action"])
        except Exception as exc:  # an action the engine's checks did not expect
            reason = f"the move could not be played ({type(exc).__name__})"
        if reason is not None:
            self._refuse(friend, f"That move is not allowed: {reason}.", now)
            return
        self.changed()

    def _refuse(self, friend: Friend, reason: str, n: int | None = None) -> None:
        self.noted.append(f"{friend.name}: {reason}")
        del self.noted[:-MAX_NOTED]
        n = self.host.move_count() if n is None else n
        self._send(friend.seat, {"kind": "refused", "n": n, "reason": reason})

    def _scene(self, friend: Friend) -> None:
        text = wire.encode({"kind": "scene", "n": self.host.move_count(),
                            "scene": self.host.scene_for(friend.seat)})  # fmt: skip
        if text != friend.last_scene:
            friend.last_scene = text
            self.outbox.append((friend.seat, text))

    def _send(self, seat: int, message: wire.Message) -> None:
        self.outbox.append((seat, wire.encode(message)))

    def take(self) -> list[tuple[int, str]]:
        """What to send now, to which seat, in order; the outbox is emptied."""
        out, self.outbox = self.outbox, []
        return out
