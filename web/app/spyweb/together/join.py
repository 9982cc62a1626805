"""The screen a friend's device opens from an invitation link: `#/join/<invitation>`.

Step by step, in plain words: whose table it is and which seat is offered; "Join" makes
this device's reply (its WebRTC description, web/peers.mjs), shown as a code to send back
with Copy and Share; once the host has taken the reply the connection opens, this
device says which invitation it holds (`Joined.hello`) and the host's scenes arrive.
The seat is then drawn from those scenes alone by the game's own components (its
record's `GameUI.guest`, for each game that can be played together); this device keeps
no game of its own, only the table's public words once connected (`remembered.py`), so
that the home page can list it and the next invitation to it can say "You were Ben at
Ana's table".
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

import spygames
from spygames.i18n import _

from ..browser.markup import esc
from ..catalogue import game_name
from ..tables.screen import Context, Screen, vibrate_html
from .invite import BadCode, Invitation, Reply, read_invitation, reply_code
from .join_bar import Bar, bar_html, elsewhere_words
from .join_steps import REPLY_PATIENCE_S, Step, step_html
from .joined import UNDO, Joined
from .qr import qr_code
from .remembered import JoinedTable, dismissed, joined_table, keep_dismissed, remember
from .waiting import Waiting, elsewhere, keep, waiting
from .wire import BOT_PLAYS, HOST, held_scene

HELLO_AGAIN_MS = 2_000  # until the host welcomes this device
SEEN_EVERY_S = 20  # how often at most the time the table was last heard is kept


class Guest(Protocol):
    """A game's seat drawn from the host's scenes (its record's `GameUI.guest`)."""

    def render(self, scene: dict[str, Any], joined: Joined) -> str: ...

    def handle(self, scene: dict[str, Any], act: str, arg: str) -> dict[str, Any] | None:
        """A click on the drawn seat: the action to send, or None (a local choice)."""
        ...


@runtime_checkable
class Dropping(Protocol):
    """A guest whose table takes drops too (a card dragged onto a place on the table)."""

    def drop(
        self, scene: dict[str, Any], dragged: str, act: str, arg: str
    ) -> dict[str, Any] | None:
        """The action the drop makes, or None."""
        ...


@runtime_checkable
class Keying(Protocol):
    """A guest whose table has keyboard shortcuts."""

    def key(self, scene: dict[str, Any], key: str) -> str | None:
        """The click (its `data-act`, with no argument) the key stands for, or None."""
        ...

    def keys(self, scene: dict[str, Any]) -> list[str]:
        """The keys `key` would answer with a click now, found without changing anything."""
        ...


@runtime_checkable
class Refusing(Protocol):
    """A guest that may turn a click down itself, with the engine's reason the host's
    scene gave it (told once, like the host's refusals)."""

    def take_refusal(self) -> str | None: ...


class JoinScreen(Screen):
    turn_vibrates = "always"  # a phone in a pocket: felt whenever the turn comes

    @property
    def title(self) -> str:  # type: ignore[override]
        """The tab's title: whose table, once at it ("Your turn — " before it: `App.title`)."""
        if self.invitation is None or self.stage not in ("connected", "dropped"):
            return _("Join a table — spygames")
        return _("{host}’s table — spygames", host=self.invitation.host_name)

    @property
    def turn_signal(self) -> bool:
        scene = self.joined.scene if self.joined is not None else None
        return scene is not None and scene.get("my_turn") is True and self.held() is None

    def __init__(self, ctx: Context, code: str) -> None:
        super().__init__(ctx)
        self.invitation: Invitation | None = None
        self.problem: str | None = None
        try:
            self.invitation = read_invitation(code)
        except BadCode as exc:
            self.problem = str(exc)
        if self.invitation is not None and self.invitation.game not in spygames.GAMES:
            self.problem = _(
                "This invitation is for a game this version of spygames does not have."
            )
            self.invitation = None
        self.stage = "ready"  # ready, answering, reply, replaced, connected, dropped, failed
        self.made = 0  # when this page made its reply (ms since 1970)
        self.heard: float | None = None  # when the connection last carried a message
        self.kept = 0.0  # when the table was last kept as connected (`remember`)
        self.reply: str | None = None
        self.reply_qr = ""
        self.failure = ""
        self.unsteady = False  # the connection wavers: the browser tries to get it back
        self.joined = Joined(self.invitation) if self.invitation is not None else None
        # A move this device sent to the table before this invitation (from any tab), and
        # those on their way to other tables (`waiting.py`).
        table = self.invitation.table if self.invitation is not None else ""
        if self.joined is not None:
            self.joined.sent = waiting(ctx.saves, table)
        self.kept_sent = self.joined.sent if self.joined is not None else None
        self.elsewhere: list[Waiting] = elsewhere(ctx.saves, table) if table else []
        self.guest: Guest | None = None
        # What this device remembered of the table before this invitation (if anything).
        self.known: JoinedTable | None = (
            joined_table(ctx.saves, self.invitation.table) if self.invitation else None
        )

    # -- events --------------------------------------------------------------------------
    def handle(self, act: str, arg: str) -> None:
        invitation = self.invitation
        if invitation is None:
            return
        if act == "join" and (
            self.stage in ("ready", "replaced", "dropped", "failed") or self.waited_long()
        ):
            self.stage = "answering"
            self.ctx.effect("peer-answer", HOST, invitation.description, json.dumps(invitation.ice))
        elif act == "copy-reply" and self.reply:
            self.ctx.effect("copy", self.reply, "reply-code")
        elif act == "share-reply" and self.reply:
            self.ctx.effect("share-text", self.reply)
        elif self.stage in ("connected", "dropped") and self.joined is not None:
            scene, guest = self.joined.scene, self._guest()
            if scene is not None and act == "undo" and scene.get("undo"):
                self.send(UNDO)  # through the host, by the engine's Undo rule for the seat
            elif scene is not None and guest is not None:
                self._sent(guest.handle(scene, act, arg))
                keep_dismissed(self.ctx.saves, invitation.table, guest)  # e.g. a showdown

    def drop(self, dragged: str, act: str, arg: str) -> None:
        guest = self._guest()
        scene = self.joined.scene if self.joined is not None else None
        if self.stage in ("connected", "dropped") and isinstance(guest, Dropping) and scene:
            self._sent(guest.drop(scene, dragged, act, arg))

    def key(self, key: str) -> bool:
        if key in ("u", "U") and self._undo_offered():
            self.handle("undo", "")
            return True
        keying = self._keying()
        if keying is None:
            return False
        guest, scene = keying
        act = guest.key(scene, key)
        if act is not None:
            self.handle(act, "")
        return act is not None

    def keys(self) -> list[str]:
        keying = self._keying()
        undo = ["u", "U"] if self._undo_offered() else []
        return (keying[0].keys(keying[1]) if keying is not None else []) + undo

    def _undo_offered(self) -> bool:
        """The host's scene offers this seat an Undo (the button is drawn: U presses it)."""
        scene = self.joined.scene if self.joined is not None else None
        return self.stage == "connected" and scene is not None and bool(scene.get("undo"))

    def _keying(self) -> tuple[Keying, dict[str, Any]] | None:
        """The seat's table and the host's scene, when keys go to them: connected, with a
        scene, for a game whose seat has shortcuts."""
        guest = self._guest()
        scene = self.joined.scene if self.joined is not None else None
        if self.stage not in ("connected", "dropped") or not isinstance(guest, Keying) or not scene:
            return None
        return guest, scene

    def _sent(self, action: dict[str, Any] | None) -> None:
        """Send the action a click or a drop made; or tell why the guest turned it down,
        or why it cannot be sent now."""
        if action is not None:
            self.send(action)
        elif isinstance(self.guest, Refusing):
            refusal = self.guest.take_refusal()
            if refusal is not None:
                self.ctx.refuse(refusal)

    def send(self, action: dict[str, Any]) -> None:
        """Send this seat's action to the host (who answers with the new scene, or why
        it was refused)."""
        if self.joined is None:
            return
        refused = self.held() or self.joined.act(action)
        if refused is not None:
            self.ctx.refuse(refused)
        self._flush()

    def peer(self, kind: str, key: str, payload: str) -> None:
        if key != HOST or self.invitation is None or self.joined is None:
            return
        if kind == "described":
            self.made = int(self.ctx.saves.clock() * 1000)
            invitation = self.invitation
            code = reply_code(Reply(payload, invitation.table, invitation.seat, self.made))
            # This browser's other tabs holding a reply to the same invitation: theirs no
            # longer works (the host connects one reply, and this one is the newest).
            self.ctx.tab_posts.append({"kind": "replied", "table": invitation.table,
                                       "seat": invitation.seat, "made": self.made})  # fmt: skip
            self.reply = f"{self.ctx.base_url}#/answer/{code}"  # a link, or a code to paste
            self.reply_qr = qr_code(self.reply, _("QR code of your reply"))
            self.stage = "reply"
        elif kind == "open":
            self.stage, self.unsteady = "connected", False  # a new connection: no waver
            self.joined.hello()
        elif kind == "message":
            self.heard = self.ctx.saves.clock()
            welcomed, over, bot = self.joined.welcomed, self._over(), self.joined.bot
            n = self.joined.n
            self.joined.receive(payload)
            if self.joined.n > n:  # the table has moved (or arrived): the toasts pass
                self.ctx.toasts_pass()
            now_over = self._over()
            if self.joined.welcomed and (  # kept as it comes: a page may close at once
                not welcomed or now_over != over or bot != self.joined.bot
                or self.heard - self.kept >= SEEN_EVERY_S
            ):  # fmt: skip
                remember(self.ctx.saves, self.invitation, over=now_over, bot=self.joined.bot)
                self.kept = self.heard
            if self.joined.news is not None:  # a new game: this seat's table starts afresh
                self.ctx.notify(self.joined.news)
                self.joined.news, self.guest = None, None
                keep_dismissed(self.ctx.saves, self.invitation.table, None, 0)
            if self.joined.refusal is not None:
                self.ctx.refuse(self.joined.refusal)
                self.joined.refusal = None
        elif kind in ("unsteady", "steady"):
            self.unsteady = kind == "unsteady"
        elif kind in ("closed", "failed"):
            self.unsteady = False
            if self.stage == "connected" and self.joined.welcomed:  # last connected: when heard
                remember(self.ctx.saves, self.invitation, over=self._over(), bot=self.joined.bot,
                         seen=self.heard)  # fmt: skip
            if self.stage in ("connected", "dropped") or kind == "closed":  # lost, not unmade
                self.stage = "dropped"
            else:
                self.stage, self.failure = "failed", payload
        self._flush()

    def replaced(self, message: dict[str, Any]) -> bool:
        """Another tab of this browser made a reply to this same invitation after this
        one did (the link was opened twice): this page's reply no longer works, and says
        so; its half-made connection is closed. True when the page must be redrawn."""
        invitation, made = self.invitation, message.get("made")
        if (
            invitation is None
            or self.stage != "reply"
            or message.get("table") != invitation.table
            or message.get("seat") != invitation.seat
            or not isinstance(made, int)
            or made <= self.made
        ):
            return False
        self.stage, self.reply, self.reply_qr = "replaced", None, ""
        self.ctx.effect("peer-close", HOST)
        return True

    def pending_delay(self) -> int | None:
        """Connected but not yet welcomed: say hello again in HELLO_AGAIN_MS (a hello the
        host's page took before it knew the connection was open is lost; a second one is
        answered as the first, with the welcome and the seat's scene). A reply sent and
        no connection yet: look again once REPLY_PATIENCE_S have passed since it was made
        (the host may have refused it: an old invitation, or another reply taken)."""
        joined = self.joined
        if self.stage == "connected" and joined is not None and not joined.welcomed:
            return HELLO_AGAIN_MS
        if self.stage == "reply" and not self.waited_long():
            left = self.made / 1000 + REPLY_PATIENCE_S - self.ctx.saves.clock()
            return max(1_000, int(left * 1000))
        return None

    def waited_long(self) -> bool:
        """The reply was made REPLY_PATIENCE_S ago or more, and no connection came."""
        since = self.ctx.saves.clock() - self.made / 1000
        return self.stage == "reply" and since >= REPLY_PATIENCE_S

    def tick(self) -> None:
        if self.stage == "connected" and self.joined is not None:
            self.joined.hello()
            self._flush()

    def _over(self) -> bool:
        """The host's last scene says the game has ended (the one thing kept of it)."""
        scene = self.joined.scene if self.joined is not None else None
        view = scene.get("view") if scene is not None else None
        return isinstance(view, dict) and view.get("over") is True

    def _flush(self) -> None:
        if self.joined is not None:
            for text in self.joined.take():
                self.ctx.effect("peer-send", HOST, text)
            if self.joined.sent != self.kept_sent:  # kept until answered, tab or no tab
                keep(self.ctx.saves, self.joined.invitation, self.joined.sent)
                self.kept_sent = self.joined.sent

    def held(self) -> str | None:
        """Why this seat's moves cannot be sent now (its controls are off), or None."""
        joined, host = self.joined, self.invitation.host_name if self.invitation else ""
        if joined is None or joined.closed is not None:
            return joined.closed if joined is not None else None
        if self.stage != "connected":
            return _(
                "You are not connected to {host}’s table, so that move was not sent. Ask "
                "{host} for a new invitation to take your seat again.",
                host=host,
            )
        if self.unsteady:
            return _(
                "The connection to {host}’s table is wavering, so that move was not sent: "
                "play it again when the table says connected.",
                host=host,
            )
        if not joined.welcomed or joined.scene is None:
            return _("The table has not arrived yet.")
        if joined.bot:
            return _(
                "A bot is playing for you at {host}’s table, so that move was not sent: "
                "{host} can give you the seat back.",
                host=host,
            )
        if joined.sent is not None:
            return _("Your last move has not been answered yet: wait for it.")
        return None

    def _why(self) -> str:
        """What this seat's own turn waits for while its moves are held, in words."""
        joined = self.joined
        if joined is None or joined.closed is not None or self.stage != "connected":
            host = self.invitation.host_name if self.invitation is not None else ""
            if joined is not None and joined.scene and joined.scene.get("my_turn") is not True:
                return _("Not connected to {host}’s table.", host=host)  # no one is thinking here
            if joined is None or joined.closed is not None:
                return _("Your move cannot be sent now.")
        if joined.sent is not None and self.stage == "connected" and not self.unsteady:
            return _("Sending your move…")
        if joined.bot:
            return _("A bot is playing for you…")
        return _("Your turn: your move can be sent once you are connected again.")

    def _undo_off(self) -> str:
        """Why this seat's Undo is off while its moves are held, in words."""
        joined = self.joined
        if joined is None or joined.closed is not None or self.stage != "connected":
            return _("you are not connected to the table")
        if self.unsteady:
            return _("the connection is wavering")
        if joined.bot:
            return _(BOT_PLAYS)
        return _("your move is being sent")

    # -- drawing -------------------------------------------------------------------------
    def render(self) -> str:
        invitation = self.invitation
        if invitation is None:
            return (
                '<section class="join" aria-labelledby="join-title">'
                '<h1 id="join-title">' + _("This invitation cannot be used") + "</h1>"
                f'<p class="join-problem" role="alert">{esc(self.problem or "")}</p>'
                "<p>"
                + _("Ask your friend to invite you again, and open the new link as it is.")
                + "</p>"
                '<p><a class="btn" href="#/">' + _("Home") + "</a></p></section>"
            )
        joined = self.joined
        if self.stage in ("connected", "dropped") and joined is not None and joined.scene:
            guest = self._guest()
            if guest is not None:
                off = joined.closed is not None or self.stage != "connected"
                scene = (
                    joined.scene
                    if self.held() is None
                    else held_scene(joined.scene, self._why(), self._undo_off(), everyone=off)
                )
                bar = Bar(
                    invitation, joined, self.stage, self.unsteady, self._over(), self.elsewhere
                )
                return bar_html(bar) + vibrate_html(self.ctx) + guest.render(scene, joined)
        game = game_name(invitation.game)
        invites = _(
            "{host} invites you to play {game}", host=esc(invitation.host_name), game=esc(game)
        )
        seat = _("Your seat: <b>{name}</b>.", name=esc(invitation.seat_name))
        head = (
            '<section class="join" aria-labelledby="join-title">'
            f'<h1 id="join-title">{invites}</h1>'
            f'<p class="join-seat">{seat}</p>'
        )
        step = Step(self.stage, invitation, self.reply, self.reply_qr, self.ctx.can_share,
                    self.failure, self.waited_long())  # fmt: skip
        waits = elsewhere_words(self.elsewhere, "")
        waits = f'<p class="join-known" id="join-waiting">{waits}</p>' if waits else ""
        return head + self._known(invitation) + waits + step_html(step) + "</section>"

    def _known(self, invitation: Invitation) -> str:
        """Whether this device has been at this table before (see `remembered.py`)."""
        known, host = self.known, esc(invitation.host_name)
        if known is None:
            return ""
        if known.seat == invitation.seat and known.bot:  # the host gives it back, or not
            words = _(
                "You were {name} at {host}’s table, and a bot was playing your seat: join to "
                "watch the game, and {host} can give you the seat back.",
                name=esc(known.name),
                host=host,
            )
        elif known.seat == invitation.seat:
            words = _(
                "You were {name} at {host}’s table: join to take your seat back where the "
                "game stands.",
                name=esc(known.name),
                host=host,
            )
        else:
            # translators: {name} and {seat} are the names of two seats at the table
            words = _(
                "You were at {host}’s table before, as {name}. This invitation is for another "
                "seat: {seat}.",
                host=host,
                name=esc(known.name),
                seat=esc(invitation.seat_name),
            )
        return f'<p class="join-known" id="join-known">{words}</p>'

    def _guest(self) -> Guest | None:
        if self.guest is None and self.invitation is not None:
            from ..catalogue import ui

            record = ui(self.invitation.game)
            found = record.guest if record is not None else None
            make: Callable[[], Guest] | None = found() if found is not None else None
            self.guest = make() if make is not None else None
            dismissed(self.ctx.saves, self.invitation.table, self.guest)
        return self.guest
