"""The host's side of playing together, at the table: inviting each friend's seat,
taking their reply, and the referee that keeps them in the game.

A seat set up as "A friend on another device" is a person's seat in the game (the engine
knows no devices) that this device never shows or plays: it waits for the friend. For
each such seat `Hosting` makes an invitation (`peer-offer`, then a link holding this
device's description), takes the friend's reply (pasted, or opened as a link:
`replies.Replies`), and once the connection is open hands it to the `Referee`. The
Friends panel says where each friend is, in words, with what can be done: invite,
copy or share the link, paste the reply, invite again after a drop, or give the seat
to a bot.

Which seats are away, and the table's id, are kept beside the game's save (`PREF`), so
a reload finds the friends' seats still waiting for them.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from spygames.i18n import _, listed, ngettext

from ..tables.screen import VIBRATE_PREF, Context
from .invite import STUN, Invitation, invitation_code, is_stun, stun_list
from .kept import PREF, Kept, friends_seats, read_kept
from .panel import FriendRow, Friends
from .qr import qr_code
from .referee import Host, Referee
from .replies import Invite, Replies
from .wire import TABLE_ID

if TYPE_CHECKING:
    from .hostings import Seating

STUN_PREF = "together-stun"  # the player's STUN servers, apart by spaces (else STUN)


@dataclass
class Hosting(Replies):
    ctx: Context
    host: Host
    game: str
    names: list[str]
    host_name: str
    table: str = field(default_factory=lambda: secrets.token_urlsafe(12)[:TABLE_ID])
    invites: dict[int, Invite] = field(default_factory=dict)
    internet: bool = False  # the invitations use a STUN server (the player's choice)
    bots: dict[int, str] = field(default_factory=dict)  # friends' seats given to a bot
    stun_open: bool = False  # the form that changes the STUN servers is unfolded
    stun_saved: int = 0  # times the list was saved or reset (a fresh field each time)
    stopped: bool = False  # the host stopped for now: no friend plays until invited again
    slot: str | None = None  # the save it is kept beside (`keep`)

    def __post_init__(self) -> None:
        self.referee = Referee(self.host, self.table, self.game)

    @classmethod
    def for_table(
        cls, ctx: Context, slot: str | None, host: Host, seating: Seating, kept: Kept | None
    ) -> Hosting:
        """The hosting of the table `host` in `slot`: the one this tab keeps when it is
        that table's (the same table id as `kept`), else a new one (`opened`)."""
        hosting = ctx.hostings.get(slot)
        if not isinstance(hosting, Hosting) or kept is None or hosting.table != kept.table:
            hosting = cls.opened(ctx, host, seating, kept)
        hosting.serves(host)
        ctx.hostings.reopened(slot, hosting)
        return hosting

    @classmethod
    def opened(cls, ctx: Context, host: Host, seating: Seating, kept: Kept | None) -> Hosting:
        """The hosting of a table seated as `seating` says; `kept`, what was kept beside
        its save when the table is reopened: its id, the seats a bot plays, the friends'
        moves played (their connections are gone: `reopened`)."""
        hosting = cls(ctx, host, seating.game, seating.names, seating.host_name)
        if kept is not None:
            hosting.table = hosting.referee.table = kept.table
        for seat in range(len(seating.names)):
            if seat in seating.away:
                hosting.away(seat)
                if kept is not None:
                    hosting.reopened(seat, kept)
            elif kept is not None and seat in kept.bots:
                hosting.bot_plays(seat, kept.bots[seat], kept)
            if kept is not None:
                hosting.referee.remember(seat, kept.played.get(seat, []))
        return hosting

    def serves(self, host: Host) -> None:
        """`host` is the table now (a new screen object for the same game)."""
        self.host = self.referee.host = host

    # -- seats ---------------------------------------------------------------------------
    def away(self, seat: int) -> None:
        """`seat` is held by a friend on another device."""
        self.invites[seat] = Invite(seat)
        self.referee.invite(seat, self.names[seat])

    @property
    def live(self) -> bool:
        """Some friend's connection is open or being made (an invitation out, too)."""
        return any(i.stage not in ("new", "dropped") for i in self.invites.values())

    def is_friends(self, seat: int) -> bool:
        """`seat` is a friend's on another device (a bot may play it for now)."""
        return seat in self.invites

    def by_bot(self, seat: int) -> bool:
        """A bot plays the friend's seat `seat` for now (`to_bot`)."""
        return seat in self.bots

    def here(self, seat: int) -> bool:
        invite = self.invites.get(seat)
        return invite is not None and invite.stage == "here"

    def at_table(self) -> list[int]:
        """The seats whose friend is connected now."""
        return [s for s, i in sorted(self.invites.items()) if i.stage == "here"]

    def waiting_for(self) -> list[str]:
        """The names of the friends not at the table now."""
        return [self.names[s] for s, i in sorted(self.invites.items()) if i.stage != "here"]

    def keep(self, slot: str | None) -> None:
        """Keep beside the save in `slot` what a reload needs of the table (`Kept`); an
        invitation made or a friend arriving keeps it again (`slot`, remembered)."""
        self.slot = slot
        if slot is not None:
            away = sorted(s for s in self.invites if s not in self.bots)
            data = {"table": self.table, "away": away, "bots": self.bots,
                    "played": self.referee.played(),
                    "invited": sorted(s for s, i in self.invites.items() if i.invited),
                    "met": sorted(s for s, i in self.invites.items() if i.met)}  # fmt: skip
            self.ctx.saves.set_pref(PREF + slot, json.dumps(data, separators=(",", ":")))

    @staticmethod
    def kept(ctx: Context, slot: str | None) -> Kept | None:
        """What was kept beside the save in `slot`, if anything."""
        return read_kept(ctx.saves.pref(PREF + slot, "null")) if slot is not None else None

    @staticmethod
    def friends_seats(ctx: Context, record: dict[str, Any]) -> frozenset[int]:
        """The seats friends play on other devices in a game played together from here and
        not over yet, whose record `record` is (or begins): `kept.friends_seats`."""
        return friends_seats(ctx.saves, record)

    def to_bot(self, seat: int, level: str = "normal") -> None:
        """A bot plays the friend's seat from now on. The seat stays theirs to come back
        to: invited again, they watch the table, and the host may give it back."""
        invite = self.invites.get(seat)
        if invite is None:
            return
        invite.bot, self.bots[seat] = True, level
        self.referee.stand_in(seat, True)
        self.flush()

    def give_back(self, seat: int) -> None:
        """The friend plays their seat again (the bot's moves stay in the game)."""
        invite = self.invites.get(seat)
        if invite is None or not invite.bot:
            return
        invite.bot = False
        self.bots.pop(seat, None)
        self.referee.stand_in(seat, False)
        self.flush()

    def reopened(self, seat: int, kept: Kept) -> None:
        """The host's page reopened the table (the connections are gone): a friend who had
        come is disconnected; one invited who never came is told the invitation ended;
        one never invited is not invited yet (issue 47: not "Invite Cy again")."""
        invite = self.invites[seat]
        invite.invited, invite.met = kept.had(seat)
        if invite.met:
            invite.stage = "dropped"
        elif invite.invited:
            invite.problem = _(
                "Your invitation to {name} ended when this page was closed or reloaded.",
                name=self.names[seat],
            )

    def bot_plays(self, seat: int, level: str, kept: Kept) -> None:
        """Reopened: a bot played the friend's seat when the game was saved."""
        self.away(seat)
        self.invites[seat].bot, self.bots[seat] = True, level
        self.reopened(seat, kept)
        self.referee.stand_in(seat, True)

    # -- the page's events ---------------------------------------------------------------
    def handle(self, act: str, arg: str) -> bool:
        """A click on the Friends panel; True when it was one."""
        if act == "friend-internet":
            self.internet = not self.internet
            return True
        if act == "friend-stun-open":
            self.stun_open = not self.stun_open
            return True
        if act == "friend-stun-reset":
            self._set_stun(STUN)
            return True
        invite = self.invites.get(int(arg)) if arg.isdigit() else None
        if invite is None or not act.startswith("friend-"):
            return False
        if act == "friend-invite":
            self._offer(invite)
        elif act == "friend-copy" and invite.link:
            seat = invite.seat  # the toast names the friend: `App.effect_done`
            self.ctx.effect("copy", invite.link, f"invite-link-{seat}", f"copy-invite-{seat}")
        elif act == "friend-share" and invite.link:
            self.ctx.effect("share", invite.link)
        elif act == "friend-scan" and invite.stage == "invited":
            self.ctx.effect(
                "scan-start",
                str(invite.seat),
                _("Scan {name}’s reply", name=self.names[invite.seat]),
            )
        return True

    def submit(self, act: str, values: dict[str, str]) -> bool:
        """A form of the Friends panel was sent (a seat's reply box, the STUN servers);
        True when it was one."""
        if act == "friend-stun":
            try:
                chosen = stun_list(values.get("stun", ""))
            except ValueError as exc:
                # translators: {why} is what is wrong with the servers, in a sentence or two
                self.ctx.refuse(_("The STUN servers were not changed. {why}", why=exc.args[0]))
            else:
                self._set_stun(chosen or STUN)
            return True
        if act != "friend-reply":
            return False
        seat = values.get("seat", "")
        if seat.isdigit() and int(seat) in self.invites:
            refused = self.take_reply(values.get("reply", ""), int(seat))
            if refused is not None:
                self.ctx.refuse(refused.words)
        return True

    def peer(self, kind: str, key: str, payload: str) -> None:
        invite = self.invites.get(int(key)) if key.isdigit() else None
        if invite is None:
            return
        if kind == "described":
            invitation = Invitation(
                payload, self.table, invite.seat, self.game, self.host_name,
                self.names[invite.seat], self.stun() if self.internet else (),
                self.ctx.can_scan,
            )  # fmt: skip
            invite.link = f"{self.ctx.base_url}#/join/{invitation_code(invitation)}"
            invite.qr = qr_code(
                invite.link, _("QR code of the invitation for {name}", name=invitation.seat_name)
            )
            invite.stage, invite.problem = "invited", ""
        elif kind == "open":
            invite.stage, invite.met = "here", True
            self.keep(self.slot)
            if invite.answer_tab:  # the tab the reply was opened in says so too
                words = _("{name} is at the table.", name=self.names[invite.seat])
                self.ctx.tab_posts.append({"kind": "reply-here", "to": invite.answer_tab,
                                           "words": words})  # fmt: skip
                invite.answer_tab = ""
            self.referee.connected(invite.seat)
        elif kind == "message":
            self.referee.receive(invite.seat, payload)
        elif kind in ("unsteady", "steady"):
            invite.unsteady = kind == "unsteady" and invite.stage == "here"
        elif kind in ("closed", "failed"):
            invite.unsteady, invite.reply = False, None
            was_here, name = invite.stage == "here", self.names[invite.seat]
            invite.stage = "dropped" if invite.met else "new"
            invite.problem = (
                _("{name}’s device was disconnected.", name=name)
                if was_here
                # translators: {why} is what the browser said of the failed connection
                else _(
                    "{name}’s device could not be reached ({why}). An invitation opened on "
                    "two pages often cannot connect: invite {name} again, and ask them to open "
                    "the new link once. Otherwise your devices may be on networks that cannot "
                    "meet.",
                    name=name,
                    why=payload,
                )
            )
            self.referee.dropped(invite.seat)
            if was_here:
                self.ctx.notify(_("{name} has been disconnected.", name=name))
        self.flush()

    def new_game(self, words: str) -> None:
        """The host starts a new game at this table: each friend connected is told."""
        self.referee.new_game(words)

    def changed(self) -> None:
        """The game has moved: the friends' seats are told."""
        self.referee.changed()
        self.flush()

    def flush(self) -> None:
        for seat, text in self.referee.take():
            self.ctx.effect("peer-send", str(seat), text)

    def close(self, why: str = "") -> list[str]:
        """The host stops playing this table for now (or hosts another, or sets up a new
        table, or moves it to another tab: `why`): each friend is told, every connection
        closes, and the seats wait for a new invitation. The names of the friends told
        (those at the table) are returned."""
        told = [self.names[s] for s in self.at_table()]
        self.stopped = True
        why = why or _(
            "{host} has stopped playing this table for now. The game is kept on {host}’s "
            "device: ask for a new invitation to play on.",
            host=self.host_name,
        )
        for seat, invite in self.invites.items():
            self.referee.close(seat, why, waits=True)
            if invite.stage != "new":
                invite.stage, invite.link, invite.qr, invite.problem = "dropped", "", "", ""
            invite.unsteady = False
        self.flush()
        for seat in self.invites:
            self.ctx.effect("peer-close", str(seat))
        return told

    def moved_away(self) -> list[int]:
        """The host took this game over in another tab of the browser: the friends'
        connections stay in this tab, so each friend is told and they close. The seats of
        the friends who were at the table (for the other tab to say so)."""
        here = self.at_table()
        self.close(
            _(
                "{host} moved this game to another tab of their browser: ask {host} for a new "
                "invitation to play on.",
                host=self.host_name,
            )
        )
        return here

    def moved_here(self, seats: object) -> bool:
        """This tab took the game over from another, whose friends at the table (`seats`)
        were told: each waits to be invited again from here. True when some were."""
        here = [s for s in seats if type(s) is int and s in self.invites] if isinstance(
            seats, list
        ) else []  # fmt: skip
        for seat in here:
            self.invites[seat].problem = _(
                "{name} was at the table in your other tab: they were told the game moved "
                "here. Invite {name} again to play on.",
                name=self.names[seat],
            )
        if here:
            # translators: {who} is one or more friends' names ("Ann and Ben")
            self.ctx.notify(
                ngettext(
                    "{who} was told the game moved to this tab: invite them again from the "
                    "Friends panel.",
                    "{who} were told the game moved to this tab: invite them again from the "
                    "Friends panel.",
                    len(here),
                    who=each_and([self.names[s] for s in here]),
                )
            )
        return bool(here)

    def end(self) -> None:
        """The host deleted the game: each friend is told it is over for everyone, every
        connection closes, and nothing of the table is kept (issue 47: a friend's next
        move brought a deleted game back)."""
        for seat in list(self.invites):
            self.referee.close(
                seat,
                _(
                    "{host} deleted this game: it is over, for everyone at the table.",
                    host=self.host_name,
                ),
            )
        self.flush()
        for seat in self.invites:
            self.ctx.effect("peer-close", str(seat))
        self.invites.clear()

    def stun(self) -> tuple[str, ...]:
        chosen = self.ctx.saves.pref(STUN_PREF, " ".join(STUN)).split()
        return tuple(url for url in chosen if is_stun(url))[:4] or STUN

    def _set_stun(self, servers: tuple[str, ...]) -> None:
        """Keep the player's STUN servers (the next invitation uses them), and say so."""
        self.ctx.saves.set_pref(STUN_PREF, " ".join(servers))
        self.stun_open, self.stun_saved = False, self.stun_saved + 1
        # translators: {servers} are the addresses of STUN servers
        self.ctx.notify(
            _("Saved: the next invitation uses {servers}.", servers=listed(servers))
            if self.internet
            else _(
                "Saved: the next invitation uses {servers} when Connect over the internet is on.",
                servers=listed(servers),
            )
        )

    def _offer(self, invite: Invite) -> None:
        self.stopped, invite.invited = False, True
        self.keep(self.slot)
        invite.stage, invite.link, invite.qr, invite.problem = "making", "", "", ""
        invite.reply = None
        self.referee.dropped(invite.seat)
        ice = list(self.stun()) if self.internet else []
        self.ctx.effect("peer-offer", str(invite.seat), json.dumps(ice))

    # -- drawing -------------------------------------------------------------------------
    def panel(self) -> Friends | None:
        """The Friends panel's values (None when no seat is away)."""
        if not self.invites:
            return None
        rows = tuple(
            FriendRow(seat, self.names[seat], _stage(i), i.link, i.problem, i.qr, i.bot)
            for seat, i in sorted(self.invites.items())
        )
        return Friends(
            rows, self.internet, self.stun(), self.ctx.can_share, self.stun_open,
            self.stun_saved, self.ctx.can_scan,
            self.ctx.saves.pref(VIBRATE_PREF) == "1" if self.ctx.can_vibrate else None,
        )  # fmt: skip


def each_and(names: list[str]) -> str:
    """ "Ann", "Ann and Ben", "Ann and Ben and Cy": names joined by the language's "and"
    (`spygames.i18n.both` would say "Ann, Ben and Cy")."""
    out = names[0] if names else ""
    for name in names[1:]:
        out = _("{a} and {b}", a=out, b=name)
    return out


def _stage(invite: Invite) -> str:
    """The friend's stage as the panel words it (`panel.WORDS`)."""
    return "unsteady" if invite.unsteady else invite.stage
