"""A friend's reply, as the host's table takes it: pasted into the seat's box, read by
the camera, or opened as a link in another tab of the host's browser (`between_tabs`).
A reply that can connect starts the connection (`peer-accept`); any other is refused,
with why in words (`Refused`): unreadable, for another table or seat, older or newer
than the one being connected, or come when the invitation is no longer open.

`Invite` is where one friend's invitation stands on the host's device; `Replies` is the
part of `Hosting` (spyweb.together.hosting) that takes the replies, apart so each stays
readable.
"""

from __future__ import annotations

from dataclasses import dataclass

from spygames.i18n import _

from ..tables.screen import Context
from .invite import BadCode, Reply, read_reply
from .panel import CAMERA
from .referee import Referee
from .refused import Refusal, Refused


@dataclass
class Invite:
    seat: int
    stage: str = "new"  # new, making, invited, connecting, here, dropped
    link: str = ""
    qr: str = ""  # the link as a QR code (SVG), for a phone's camera
    problem: str = ""  # what went wrong last, in words
    unsteady: bool = False  # here, but the connection wavers (the browser tries to mend it)
    bot: bool = False  # a bot plays the seat (the host let one, while the friend was away)
    reply: Reply | None = None  # the reply being connected (the newest the host was given)
    met: bool = False  # the friend has been at the table (in this game, on this device)
    invited: bool = False  # the seat has had an invitation (in this game, on this device)
    answer_tab: str = ""  # the tab that passed the reply on (told once the friend is here)


class Replies:
    """The part of a `Hosting` that takes its friends' replies; `Hosting` sets these."""

    ctx: Context
    referee: Referee
    table: str
    names: list[str]
    invites: dict[int, Invite]

    def scanned(self, kind: str, key: str, payload: str) -> None:
        """The camera (web/scanner.mjs) read a code for the seat `key` (taken as if it
        was pasted), or could not: said in words, and nothing else changes."""
        invite = self.invites.get(int(key)) if key.isdigit() else None
        if invite is None:
            return
        name = self.names[invite.seat]
        if kind == "read":
            refused = self.take_reply(payload, invite.seat)
            if refused is not None:
                # translators: {why} is why the reply was not taken, in a sentence or two
                self.ctx.refuse(
                    _(
                        "The code you scanned cannot connect {name}. {why}",
                        name=name,
                        why=refused.words,
                    )
                )
        elif kind == "failed":
            known = CAMERA.get(payload)
            self.ctx.refuse(
                _(known, name=name)
                if known is not None
                # translators: {why} is the browser's name for the error, as code
                else _(
                    "The camera could not be used ({why}): paste {name}’s reply instead.",
                    name=name,
                    why=payload[:80],
                )
            )

    def take_reply(self, code: str, seat: int | None = None, *, tab: str = "") -> Refused | None:
        """Connect the friend whose reply `code` is (pasted into `seat`'s box, or opened
        as a link in another tab): None once under way, else why not (`Refused`)."""
        try:
            reply = read_reply(code)
        except BadCode as exc:
            return Refused(Refusal.UNREADABLE, str(exc))
        invite = self.invites.get(reply.seat if seat is None else seat)
        if invite is None or reply.table != self.table or reply.seat != invite.seat:
            return Refused(
                Refusal.OTHER_TABLE,
                _(
                    "This reply is for another invitation: paste the reply to the invitation "
                    "you sent {name}.",
                    name=self.names[seat],
                )
                if seat is not None
                else _("This reply is for another invitation: paste the reply to the invitation."),
            )
        name, taken = self.names[invite.seat], invite.reply
        if invite.stage == "connecting" and taken is not None and reply != taken:
            return self._another_reply(invite, reply, taken)
        if invite.stage == "connecting":
            return Refused(
                Refusal.CONNECTING, _("{name} is connecting with this reply already.", name=name)
            )
        if invite.stage == "here":
            return Refused(
                Refusal.HERE,
                _("{name} is at the table already: that reply is not needed.", name=name),
            )
        if invite.stage != "invited":
            return Refused(
                Refusal.CLOSED,
                _("That invitation is no longer open: invite {name} again first.", name=name),
            )
        invite.stage, invite.reply, invite.answer_tab = "connecting", reply, tab
        self.ctx.effect("peer-accept", str(invite.seat), reply.description)
        if self.ctx.can_scan:  # the reply came another way while the camera looks for it
            self.ctx.effect("scan-stop", str(invite.seat))
        return None

    def _another_reply(self, invite: Invite, reply: Reply, taken: Reply) -> Refused:
        """A second reply to the invitation being connected: the friend opened it twice.
        An invitation connects one reply only: an older one is refused; a newer one
        means the older page may be gone, so that attempt stops and the host invites
        again (both said in words)."""
        name = self.names[invite.seat]
        if reply.made <= taken.made:
            return Refused(
                Refusal.OLDER,
                _(
                    "This reply is older than the one {name} is connecting with (they opened "
                    "your invitation more than once): it was not used.",
                    name=name,
                ),
            )
        self.ctx.effect("peer-close", str(invite.seat))
        self.referee.dropped(invite.seat)
        invite.stage, invite.reply, invite.link, invite.qr = "new", None, "", ""
        invite.problem = _(
            "{name} sent a newer reply (they opened your invitation again), and an invitation "
            "connects one reply only: invite {name} again and send the new link.",
            name=name,
        )
        return Refused(Refusal.NEWER, invite.problem)
