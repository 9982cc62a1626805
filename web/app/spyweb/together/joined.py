"""A friend's side of a table played across devices: one seat, drawn from what the host
sends.

The friend's device holds no game: no `State`, no record, no deal number. It holds the
invitation it was opened with, the last scene the host sent for its seat (`scene`, at
move `n`), and what the host last said (a refusal, the table closed). It checks every
message from the host as the host checks its own (`wire.decode`); a message it cannot
use is noted and changes nothing. Its actions go out in `outbox`, stamped with the move
their scene was drawn at, so the host can tell a late click from a current one.

Every action is accounted for: it goes with an id drawn at random, and stays `sent`
(one at a time: the seat's controls are off meanwhile) until the host answers it
`played` or `refused`. One sent when the connection dropped is sent again, with the same
id, once the host welcomes this device back: the host answers a copy as it answered
the first (`Referee`), so it is played once, or the player is told it was not.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from spygames.i18n import _

from . import wire
from .invite import Invitation

MAX_NOTED = 50


@dataclass(frozen=True)
class Sent:
    """An action sent to the host and not answered yet."""

    id: int
    n: int  # the move it was chosen at
    action: dict[str, Any]


UNDO: dict[str, Any] = {"type": "undo"}  # what `Sent` holds for an Undo (no engine action)


def new_id() -> int:
    """An action's id: random, so that ids from an earlier page never meet again."""
    return secrets.randbits(52) + 1


@dataclass
class Joined:
    invitation: Invitation
    scene: dict[str, Any] | None = None
    n: int = -1  # the move the scene was drawn at
    welcomed: bool = False
    refusal: str | None = None  # the host's answer to this seat's last action
    closed: str | None = None  # the host's reason, once the seat is no longer ours
    bot: bool = False  # a bot plays this seat now (the host let one while we were away)
    sent: Sent | None = None  # this seat's action on its way, until the host answers
    played: int | None = None  # the move this seat's last action became, once played
    news: str | None = None  # what the host said of the table (a new game), to show once
    outbox: list[str] = field(default_factory=list)
    noted: list[str] = field(default_factory=list)

    @property
    def seat(self) -> int:
        return self.invitation.seat

    def hello(self) -> None:
        """The connection is open (again): say which invitation this device holds."""
        self.welcomed = False
        self._send({"kind": "hello", "table": self.invitation.table, "seat": self.seat})

    def act(self, action: dict[str, Any]) -> str | None:
        """Send `action` for this seat; the reason it cannot be sent, or None."""
        if self.closed is not None:
            return self.closed
        if self.scene is None or not self.welcomed:
            return _("The table has not arrived yet.")
        if self.sent is not None:
            return _("Your last move has not been answered yet: wait for it.")
        self.refusal, self.played = None, None
        self.sent = Sent(new_id(), self.n, action)
        self._send_act()
        return None

    def undo(self) -> str | None:
        """Ask the host to take back this seat's last decision (answered like an action:
        `undone`, or refused with the engine's reason); why it cannot be sent, or None."""
        return self.act(UNDO)

    def _send_act(self) -> None:
        sent = self.sent
        if sent is not None and sent.action is UNDO:
            self._send({"kind": "undo", "id": sent.id, "n": sent.n})
        elif sent is not None:
            self._send({"kind": "act", "id": sent.id, "n": sent.n, "action": sent.action})

    def bye(self) -> None:
        self._send({"kind": "bye"})

    def receive(self, text: Any) -> bool:
        """A message from the host; True when what the seat shows has changed."""
        try:
            message = wire.decode(text, wire.FROM_HOST)
        except wire.BadMessage as exc:
            self._note(f"A message from the host was not understood: {exc}.")
            return False
        kind = message["kind"]
        if kind == "welcome":
            if message["table"] != self.invitation.table or message["seat"] != self.seat:
                self._note("The host welcomed another table or seat.")
                return False
            self.welcomed = True
            self._send_act()  # a move the connection dropped before it was answered
            return True
        if kind == "scene":
            if message["n"] < self.n:
                return False  # an older scene, overtaken
            self.scene, self.n = message["scene"], message["n"]
            return True
        if kind == "undone":  # moves taken back: the scene drawn at move n comes next
            self.n = min(self.n, message["n"])
        if kind in ("played", "undone"):
            if self.sent is not None and message["id"] == self.sent.id:
                self.sent = None
                self.played = message["n"] if kind == "played" else None
            return True
        if kind == "refused":
            if message["id"] == 0 or (self.sent is not None and message["id"] == self.sent.id):
                self.refusal = message["reason"]
                if message["id"]:
                    self.sent = None
            return True
        if kind == "newgame":
            self.n, self.news, self.played = -1, message["words"], None
            if self.sent is not None:  # it was for the game that has ended
                self.sent = None
                # translators: {words} is what the host's table said ("Ana started a new game…")
                self.refusal = _("Your last move was not played: {words}", words=message["words"])
            return True
        if kind == "seat":
            self.bot = message["bot"]
            return True
        if kind == "closed":
            self.closed = message["reason"]
            return True
        if kind == "ping":
            self._send({"kind": "pong", "t": message["t"]})
        return False

    def take(self) -> list[str]:
        out, self.outbox = self.outbox, []
        return out

    def _send(self, message: wire.Message) -> None:
        self.outbox.append(wire.encode(message))

    def _note(self, words: str) -> None:
        self.noted.append(words)
        del self.noted[:-MAX_NOTED]
