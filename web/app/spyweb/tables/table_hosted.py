"""A table's friends on other devices: what a seated table does for play together (see
`spyweb.together`): it hosts the friends' seats, keeps them beside the save, starts new
deals with them seated, gives a friend's seat to a bot and back, and answers the referee
(the `Host` protocol: `play_for`, `scene_for`, `undo_for`...).

`SeatedTable` (spyweb.tables.table_seats) is the table; this is the part of it that faces the
friends, apart so each stays readable.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import spygames
from spygames.i18n import _, both, ngettext

from ..together.hosting import Hosting, each_and
from ..together.hostings import Seating
from .deals import bad_deal, parse_deal
from .screen import GameScreen
from .seats import Seat
from .tabletools import LogEntry, by_bot


class HostedTable(GameScreen):
    """The friends' side of a seated table; the table sets these in its `__init__`."""

    game: spygames.Game
    state: spygames.State | None
    seats: list[Seat]
    bots: dict[int, spygames.Bot]
    bots_ready: bool
    hosting: Hosting | None
    log: list[LogEntry]
    bot_lines: tuple[list[LogEntry], int, int] | None  # a bot's move: log, length, seat

    # -- friends on other devices --------------------------------------------------------
    def _host(self, state: spygames.State) -> None:
        """The friends' seats of this game: from the seats form (a new game), else from
        what was kept beside its save; their `Hosting` is the context's, kept across
        screens (the page's connections outlive the screen object)."""
        kept = Hosting.kept(self.ctx, self.slot)
        if kept is not None:
            away, bots = set(kept.away), kept.bots
            self.seats = [
                Seat(s.name, "bot", bots[i]) if i in bots and s.is_human
                else replace(s, away=i in away and s.is_human)
                for i, s in enumerate(self.seats)
            ]  # fmt: skip
        if not any(s.away for s in self.seats) and (kept is None or not kept.bots):
            self.hosting = None
            return
        seating = Seating(
            self.game_id,
            [s.name for s in self.seats],
            next(s.name for s in self.seats if s.here),
            [i for i, s in enumerate(self.seats) if s.away],
        )
        self.hosting = Hosting.for_table(self.ctx, self.slot, self, seating, kept)

    def _begin(self) -> None:
        super()._begin()
        self._keep_hosting()

    def _save(self) -> None:
        self._mark_bot_lines()
        super()._save()
        self._keep_hosting()

    def _mark_bot_lines(self) -> None:
        """A bot playing a friend's seat has moved: the log's lines it wrote that begin
        with the friend's name say it was the bot ("Ben (a bot for now): …")."""
        mark, self.bot_lines = self.bot_lines, None
        if mark is None or mark[0] is not self.log or self.hosting is None:
            return
        _, start, seat = mark
        if not self.hosting.by_bot(seat):
            return
        by_bot(self.log, start, self.seats[seat].name)

    def _log_seat(self, words: str) -> None:
        """A line in the log about who plays a seat (everyone at the table reads it)."""
        self.log.append(LogEntry("seat", words))

    def _keep_hosting(self) -> None:
        """This table is hosted: it holds the tab's connections to friends (the page keys
        them by seat, so a tab hosts one table at a time and the last one leaves), its
        friends' seats stay with the save, and each friend is told the new position.
        `App.peer` hands every connection's report to the table held here, whichever page
        the host is looking at."""
        if self.hosting is not None and self.slot is not None:
            self.ctx.hostings.hold(self.slot, self.hosting)
            self.hosting.keep(self.slot)
            self.hosting.changed()

    def _ask_again(
        self, act: str, arg: str, deal: int | None = None, values: dict[str, str] | None = None
    ) -> bool:
        """Play again, New deal or deal #`deal` from the Deal # box, once the host said yes
        when it matters: a game in progress (kept under Saved games) or friends at the
        table (they stay seated)."""
        here = self._friends_here()
        yes = _("Play deal") if deal is not None else _("New game")
        if not here:
            question = (
                _("Play deal #{number}?", number=deal)
                if deal is not None
                else _("Start a new deal at this table?")
            )
            return self.ask_before_leaving(act, arg, question, yes, values)
        who = each_and(here)
        # translators: {who} is one or more friends' names ("Ann and Ben")
        detail: str = ngettext(
            "A new deal at this table, with the same seats: {who} stays at the table and is "
            "told you started it.",
            "A new deal at this table, with the same seats: {who} stay at the table and are "
            "told you started it.",
            len(here),
            who=who,
        )
        if self.in_progress:
            detail += " " + _("The game you are playing is kept under Saved games.")
        return self.ctx.ask(
            act,
            arg,
            # translators: {who} is one or more friends' names ("Ann and Ben")
            _("Play deal #{number} with {who}?", number=deal, who=who)
            if deal is not None
            else _("Start a new game with {who}?", who=who),
            detail,
            yes,
            values=values,
        )

    def _friends_here(self) -> list[str]:
        """The names of the friends connected to this table now."""
        return [self.seats[s].name for s in self.hosting.at_table()] if self.hosting else []

    def _again_together(self, deal: int | None = None) -> None:
        """A new deal at this table (deal #`deal`, else a fresh one); the friends connected
        stay seated in it and are told."""
        if self.hosting is not None:
            host = next((s.name for s in self.seats if s.here), None)
            if host is None:
                words = (
                    _("The host started deal #{number} at this table.", number=deal)
                    if deal is not None
                    else _("The host started a new game at this table.")
                )
            else:
                words = (
                    _("{host} started deal #{number} at this table.", host=host, number=deal)
                    if deal is not None
                    else _("{host} started a new game at this table.", host=host)
                )
            self.hosting.new_game(words)
        self._again(deal)

    def play_deal(self, values: dict[str, str]) -> None:
        """The Deal # box at a table played with friends: that deal at this very table,
        the friends seated in it as Play again keeps them (issue 47); else the deal's
        seats form."""
        if self.hosting is None or self.state is None:
            super().play_deal(values)
            return
        text = values.get("deal", "")
        number = parse_deal(text)
        if number is None:
            self.ctx.refuse(bad_deal(text))
        elif self._ask_again("deal", "", number, values):
            self._again_together(number)

    def _new_table(self, act: str, arg: str) -> None:
        """New table: the seats form, after saying yes when a game is in progress or a
        friend is at this table; each friend connected is told and leaves it."""
        here = self._friends_here()
        if not here:
            if self.ask_before_leaving(act, arg, _("Set up a new table?"), _("New table")):
                self.ctx.navigate(f"#/{self.game_id}/new")
            return
        # translators: {who} is one or more friends' names ("Ann and Ben")
        detail: str = ngettext(
            "{who} leaves this table: they are told you set up a new one, and play at it once "
            "you invite them.",
            "{who} leave this table: they are told you set up a new one, and play at it once "
            "you invite them.",
            len(here),
            who=each_and(here),
        )
        if self.in_progress:
            detail += " " + _("The game you are playing is kept under Saved games.")
        if self.ctx.ask(act, arg, _("Set up a new table?"), detail, _("New table")):
            assert self.hosting is not None
            self.hosting.close(
                _(
                    "{host} set up a new table. This game is kept on {host}’s device: ask "
                    "{host} for an invitation to the new table, or to this one to play on.",
                    host=self.hosting.host_name,
                )
            )
            self.ctx.navigate(f"#/{self.game_id}/new")

    def _friends_act(self, act: str, arg: str) -> bool:
        """A button of the Friends panel (a bot for a friend's seat and back, Stop for
        now, the invitations): True when `act` was one."""
        hosting = self.hosting
        if hosting is None:
            return False
        if act == "friend-bot" and arg.isdigit():
            self._bot_for(int(arg))
        elif act == "friend-back" and arg.isdigit():
            self._give_back(int(arg))
        elif act == "friend-stop":
            told = hosting.close()
            # translators: {who} is one or more friends' names ("Ann, Ben and Cy")
            said = (
                ngettext(
                    "Your game is kept on this device. {who} was told you stopped for now. "
                    "Continue it from here or the home page, and invite your friends again.",
                    "Your game is kept on this device. {who} were told you stopped for now. "
                    "Continue it from here or the home page, and invite your friends again.",
                    len(told),
                    who=both(told),
                )
                if told
                else _(
                    "Your game is kept on this device. Continue it from here or the home page, "
                    "and invite your friends again."
                )
            )
            self.ctx.notify(said)
            self.ctx.navigate("#/")
        else:
            if act == "friend-invite":  # inviting hosts this table (the tab's connections)
                self._keep_hosting()
            return hosting.handle(act, arg)
        return True

    def _bot_for(self, seat: int) -> None:
        """A bot plays the friend's seat from now on (kept beside the save), once the host
        has said yes; the seat stays the friend's to come back to (`_give_back`)."""
        assert self.hosting is not None
        hosting = self.hosting
        if not hosting.is_friends(seat) or hosting.by_bot(seat) or self.state is None:
            return
        name = self.seats[seat].name
        if not self.ctx.ask(
            "friend-bot",
            str(seat),
            _("Let a bot play for {name}?", name=name),
            _(
                "A bot plays {name}’s seat from now on, at normal level. {name} can still come "
                "back: invite them again, and once they are at the table, give them the seat "
                "back (the bot’s moves stay in the game).",
                name=name,
            ),
            _("Let a bot play"),
        ):
            return
        self.hosting.to_bot(seat)
        self.seats[seat] = Seat(name, "bot", "normal")
        self.bots[seat] = self.game.bot("normal", seed=self.bot_seed(seat))
        self.bots_ready = False
        self._log_seat(_("A bot plays for {name} from now on.", name=name))
        self._keep_hosting()
        self.ctx.notify(_("A bot plays for {name} now.", name=name))

    def _give_back(self, seat: int) -> None:
        """The friend, back at the table, plays their seat again instead of the bot."""
        assert self.hosting is not None
        hosting = self.hosting
        if not hosting.is_friends(seat) or not hosting.by_bot(seat) or self.state is None:
            return
        name = self.seats[seat].name
        self.hosting.give_back(seat)
        self.seats[seat] = Seat(name, "human", away=True)
        self.bots.pop(seat, None)
        self._log_seat(_("{name} has the seat back from the bot.", name=name))
        self._keep_hosting()
        self.ctx.notify(_("{name} plays their seat again.", name=name))

    def move_count(self) -> int:
        return len(self.state.actions) if self.state is not None else 0

    def to_play(self) -> list[int]:
        return list(self.state.to_play) if self.state is not None else []

    def play_for(self, seat: int, action: dict[str, Any]) -> str | None:
        """A friend's action for their seat (the referee has checked it is their turn):
        None once played, logged and saved like any move; else the engine's reason."""
        raise NotImplementedError

    def scene_for(self, seat: int) -> dict[str, Any]:
        """What a friend's seat may see now, as JSON data."""
        raise NotImplementedError

    def friend_undo_point(self, seat: int) -> spygames.UndoPoint:
        """Where a friend's Undo goes: the engine's Undo rule for their seat, as long as
        it takes back no other person's move (a bot's, as at a table alone, it may)."""
        state = self.state
        if state is None:
            return spygames.UndoPoint(None, _("there is nothing to undo"))
        point = state.undo_point(seat)
        if point.upto is None:
            return point
        others = [i for i in self.humans if i != seat]
        record = state.record()
        back = spygames.replay(record, upto=point.upto)
        for action in record["actions"][point.upto :]:
            actor = back.to_play[0]
            if actor in others:
                return spygames.UndoPoint(
                    None, _("{name} has played since", name=self.seats[actor].name)
                )
            back.apply(action)
        return point

    def undo_for(self, seat: int) -> str | None:
        """A friend's Undo (the referee has checked the move they saw): None once their
        last decision is taken back, logged and saved; else why not, in words."""
        point = self.friend_undo_point(seat)
        if point.upto is None:
            return str(point.reason)
        self._take_back(seat, point.upto)
        return None

    def _take_back(self, person: int, upto: int) -> None:
        """The game back to just before action `upto`, `person`'s Undo: the log says so,
        and the table saves."""
        raise NotImplementedError

    def peer(self, kind: str, key: str, payload: str) -> None:
        if self.hosting is not None:
            self.hosting.peer(kind, key, payload)

    @property
    def humans(self) -> list[int]:
        """Every person's seat, at this device or another."""
        return [i for i, s in enumerate(self.seats) if s.is_human]
