"""The host's side of a table played across devices: the referee between the engine and
the friends' devices.

The host's device holds the game (its `State`, its record, its saves); a friend's device
holds one seat and never more than that seat's scene. The referee gets every message a
friend's device sends (`receive`), checks it (`wire.decode`), and answers:

- an action is played only if it is that seat's turn, at the move the friend saw, and
  the engine accepts it, and the friend gets `played` with the move it became;
  otherwise the friend gets `refused` with the reason (the engine's own words for an
  illegal move), and the game is unchanged. Each answer names the action's id and is
  kept (`Friend.answers`), so an action sent again — the friend's page resends one it
  had no answer to when the connection came back — gets the same answer and is never
  played twice; the played ones are kept beside the save too (`played`), for a reload;
- after every change at the table, whoever made it (a friend, a person at the host's
  device, a bot), each connected friend gets the scene of their own seat, and only when
  it differs from the last one they got.

What it sends waits in `outbox` as (seat, text) for the page to put on each seat's
connection; what it refused is noted in `noted`, for the host to see. Nothing a friend
sends can raise out of `receive`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from spygames.i18n import _

from . import wire

MAX_NOTED = 50  # the refusals kept for the host to read
MAX_ANSWERS = 32  # the answers kept for each friend, by their actions' ids


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

    def undo_for(self, seat: int) -> str | None:
        """Take back `seat`'s last decision as far as the engine's Undo rule allows it
        (and no other person's move with it): None once done (logged and saved), else
        the reason it cannot be, in words."""
        ...


@dataclass
class Friend:
    seat: int
    name: str
    connected: bool = False
    said_hello: bool = False
    last_scene: str = ""  # the last scene message sent, to send only what changed
    bot: bool = False  # a bot plays the seat (the friend may watch: `Referee.stand_in`)
    answers: dict[int, wire.Message] = field(default_factory=dict)  # action id: answer
    acted: dict[int, str] = field(default_factory=dict)  # action id: the action (JSON)


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

    def stand_in(self, seat: int, bot: bool) -> None:
        """A bot plays `seat` from now on (`bot`), or no longer: the friend is told, and
        while a bot plays their seat they see it without a move to make."""
        friend = self.friends.get(seat)
        if friend is None or friend.bot == bot:
            return
        friend.bot = bot
        if friend.connected and friend.said_hello:
            self._send(seat, {"kind": "seat", "bot": bot})
            friend.last_scene = ""
            self._scene(friend)

    def new_game(self, words: str) -> None:
        """The host starts a new game at this table: each connected friend is told
        (`words`), and the new game's scenes follow; the old game's answers are done."""
        for friend in self.friends.values():
            friend.answers.clear()
            friend.acted.clear()
            friend.last_scene = ""
            if friend.connected and friend.said_hello:
                self._send(friend.seat, {"kind": "newgame", "words": words})

    def receive(self, seat: int, text: Any) -> None:
        """A message from `seat`'s device."""
        friend = self.friends.get(seat)
        if friend is None or not friend.connected:
            return
        try:
            message = wire.decode(text, wire.FROM_GUEST)
        except wire.BadMessage as exc:
            # translators: {why} is what is wrong with the message ("the message is not JSON")
            self._refuse(friend, _("That message was not understood: {why}.", why=exc.args[0]))
            return
        kind = message["kind"]
        if kind == "hello":
            self._hello(friend, message)
        elif not friend.said_hello:
            self._refuse(friend, _("The device has not said which invitation it holds."))
        elif kind in ("act", "undo"):
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

    def close(self, seat: int, reason: str, *, waits: bool = False) -> None:
        """The friend is told `reason` and their connection ends: the seat is no longer
        theirs (given to a bot), or, with `waits`, waits for them to come back (the host
        stops for now), their played actions' answers kept."""
        friend = self.friends.get(seat) if waits else self.friends.pop(seat, None)
        if friend is not None and friend.connected:
            self._send(seat, {"kind": "closed", "reason": reason})
        if friend is not None:
            friend.connected = friend.said_hello = False

    # -- answering ----------------------------------------------------------------------
    def _hello(self, friend: Friend, message: wire.Message) -> None:
        if message["table"] != self.table or message["seat"] != friend.seat:
            self._refuse(friend, _("That invitation is for another table or seat."))
            return
        friend.said_hello = True
        self._send(
            friend.seat,
            {"kind": "welcome", "seat": friend.seat, "name": friend.name, "game": self.game,
             "table": self.table},
        )  # fmt: skip
        if friend.bot:
            self._send(friend.seat, {"kind": "seat", "bot": True})
        friend.last_scene = ""
        self._scene(friend)

    def played(self) -> dict[int, list[list[int]]]:
        """The friends' actions played, as [id, move] by seat: kept beside the save."""
        return {
            seat: [[i, a["n"]] for i, a in f.answers.items() if a["kind"] == "played"]
            for seat, f in self.friends.items()
        }

    def remember(self, seat: int, played: list[list[int]]) -> None:
        """Actions of `seat`'s friend played before a reload, as `played` gave them."""
        friend = self.friends.get(seat)
        if friend is not None:
            for action_id, n in played[-MAX_ANSWERS:]:
                friend.answers[action_id] = {"kind": "played", "id": action_id, "n": n}

    def _act(self, friend: Friend, message: wire.Message) -> None:
        action_id = message["id"]
        undo = message["kind"] == "undo"
        action = json.dumps({"undo": True} if undo else message["action"], sort_keys=True)
        answered = friend.answers.get(action_id)
        if answered is not None:  # sent again: answered as the first time, not replayed
            if friend.acted.get(action_id, action) != action:
                used = _("That move's number was used for another move.")
                self._refuse(friend, used, action_id, keep=False)
            else:
                self._send(friend.seat, answered)
                friend.last_scene = ""
                self._scene(friend)
            return
        friend.acted[action_id] = action
        now = self.host.move_count()
        if friend.bot:
            self._refuse(
                friend, _("A bot plays your seat now: the host can give it back."), action_id
            )
            return
        if message["n"] != now:
            self._refuse(friend, _("The table has moved on since that move was chosen."), action_id)
            friend.last_scene = ""
            self._scene(friend)
            return
        if undo:
            reason = self.host.undo_for(friend.seat)
            if reason is not None:
                # translators: {reason} is the engine's reason ("there is nothing to undo")
                self._refuse(friend, _("Nothing to undo: {reason}.", reason=reason), action_id)
                return
            now = self.host.move_count()
            self._answer(friend, action_id, {"kind": "undone", "id": action_id, "n": now})
            for other in self.friends.values():  # the game went back: so do their scenes
                if other is not friend and other.connected and other.said_hello:
                    self._send(other.seat, {"kind": "undone", "id": 0, "n": now})
                other.last_scene = ""  # sent again: the one the host's save sent came first
            self.changed()
            return
        if friend.seat not in self.host.to_play():
            self._refuse(friend, _("It is not your turn."), action_id)
            return
        # Kept before it is played: the host saves the move (with the answers it has, for
        # a reload) as it plays it; a refusal replaces it.
        friend.answers[action_id] = {"kind": "played", "id": action_id, "n": now}
        try:
            reason = self.host.play_for(friend.seat, message["action"])
        except Exception as exc:  # an action the engine's checks did not expect
            # translators: {error} is the name of a Python exception, as code
            reason = _("the move could not be played ({error})", error=type(exc).__name__)
        if reason is not None:
            # translators: {reason} is the engine's reason ("it is not your turn")
            self._refuse(friend, _("That move is not allowed: {reason}.", reason=reason), action_id)
            return
        self._answer(friend, action_id, {"kind": "played", "id": action_id, "n": now})
        self.changed()

    def _refuse(
        self, friend: Friend, reason: str, action_id: int = 0, *, keep: bool = True
    ) -> None:
        self.noted.append(f"{friend.name}: {reason}")
        del self.noted[:-MAX_NOTED]
        message = {"kind": "refused", "id": action_id, "n": self.host.move_count(),
                   "reason": reason}  # fmt: skip
        if action_id and keep:
            self._answer(friend, action_id, message)
        else:
            self._send(friend.seat, message)

    def _answer(self, friend: Friend, action_id: int, message: wire.Message) -> None:
        """Send the answer to action `action_id`, and keep it for a resent copy."""
        friend.answers[action_id] = message
        for kept in (friend.answers, friend.acted):
            for old in list(kept)[:-MAX_ANSWERS]:
                del kept[old]
        self._send(friend.seat, message)

    def _scene(self, friend: Friend) -> None:
        scene = self.host.scene_for(friend.seat)
        if friend.bot:
            scene = wire.held_scene(scene)
        text = wire.encode({"kind": "scene", "n": self.host.move_count(), "scene": scene})
        if text != friend.last_scene:
            friend.last_scene = text
            self.outbox.append((friend.seat, text))

    def _send(self, seat: int, message: wire.Message) -> None:
        self.outbox.append((seat, wire.encode(message)))

    def take(self) -> list[tuple[int, str]]:
        """What to send now, to which seat, in order; the outbox is emptied."""
        out, self.outbox = self.outbox, []
        return out
