"""A table seated from the seats screen: people and bots around it, a bot for each bot
seat at the bots' pace, and pass-and-play's hand-over between two people's turns.

Espionage and SpyNet seat their tables the same way; each game adds its own rules on
top (a showdown to look at, a team to play with) by overriding the pieces here. Only
the holder's seat is ever the viewer, so only the holder's hand is put in the HTML.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

import spygames

from . import deals, yours
from .deals import new_seed
from .screen import Context, GameScreen
from .seats import Seat
from .share import share_panel
from .tabletools import LogEntry, Pace, by_bot
from .together.hosting import Hosting

BOT_SLICE_S = 0.03  # longest stretch of a bot's preparation or thinking between two paints


class SeatedTable(GameScreen):
    """A game's table for 2–4 seats, each a person or a bot. A game gives its bots'
    `paces` and the preference that keeps the chosen one, its own parts (`_furnish`),
    how a game opens (`_open`), starts again (`_again`) and starts from the seats form
    (`_start_from`), and what its bot to play does (`_bot_move`)."""

    paces: ClassVar[dict[str, int]] = {}
    pace_pref: ClassVar[str] = ""

    def __init__(
        self,
        ctx: Context,
        state: spygames.State | None = None,
        seed: int | None = None,
        *,
        new: bool = False,
    ) -> None:
        super().__init__(ctx, state, seed, new=new)
        self.game = spygames.get_game(self.game_id)
        self.seed = seed
        self.state: spygames.State | None = None
        self.seats: list[Seat] = []
        self.bots: dict[int, spygames.Bot] = {}
        self.bots_ready = False
        self.holder: int | None = None  # pass-and-play: the person holding the device
        self.hosting: Hosting | None = None  # the friends on other devices, if any
        self.log: list[LogEntry] = []
        self.bot_lines: tuple[list[LogEntry], int, int] | None = None  # log, length, seat
        self.show_rules = False
        self.show_share = False
        self._furnish()
        self._arrive(state, seed, new)

    def _furnish(self) -> None:
        """The game's own parts of the table, set up before any game is opened."""

    # -- opening ----------------------------------------------------------------------------
    def _arrive(self, state: spygames.State | None, seed: int | None, new: bool) -> None:
        """Open what the table was opened with: a shared game (played in a slot of its
        own), else the game's current slot unless a deal or a new table was asked for."""
        if state is not None:
            self._open(state)
            self._play()
        elif seed is None and not new:
            saved = self._resume(instead="Seat the table below to start a new game.")
            if saved is not None:
                self._open(saved)

    def _open(self, state: spygames.State) -> None:
        """Put this game on the table (the game seats it with `_sit`)."""
        raise NotImplementedError

    def _sit(self, state: spygames.State, seats: list[Seat]) -> None:
        """Seat the table for this game: a bot for each bot seat, nobody holding the device."""
        self.state = state
        self.seats = seats
        if not state.actions and not self.key_kept:  # a new game: a key of its own
            self.bots_key = deals.new_bots_key()
        self.key_kept = False  # the next game seated here is a new one
        self._host(state)
        self.bots = {
            i: yours.bot_for(self.ctx, self.game_id, s.level, self.bot_seed(i), s.name)
            for i, s in enumerate(seats)
            if not s.is_human
        }
        self.bots_ready = False
        self.holder = None

    def _deal(self, seats: list[Seat], options: dict[str, Any], seed: int | None) -> spygames.State:
        """A new game for these seats, dealt from `seed` (a fresh one when None)."""
        return self.game.new(
            seed=new_seed() if seed is None else seed, players=len(seats), options=options
        )

    def _play(self) -> None:
        """The table plays the game just opened: in a slot of its own, and a reload
        resumes it rather than opening the link again."""
        self._begin()
        self.ctx.navigate(f"#/{self.game_id}")

    def _again(self) -> None:
        """A new deal at this very table."""
        raise NotImplementedError

    def _start_from(self, values: dict[str, str]) -> None:
        """The seats form was sent: start the game it seats, or say what is wrong."""
        raise NotImplementedError

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
        hosting = self.ctx.hostings.get(self.slot) if self.slot is not None else None
        if hosting is None or kept is None or hosting.table != kept.table:
            names = [s.name for s in self.seats]
            host_name = next(s.name for s in self.seats if s.here)
            hosting = Hosting(self.ctx, self, self.game_id, names, host_name)
            if kept is not None:
                hosting.table = hosting.referee.table = kept.table
            for i, s in enumerate(self.seats):
                if s.away:
                    hosting.away(i)
                    if kept is not None:  # reopened: the friend's connection is gone
                        hosting.invites[i].stage, hosting.invites[i].met = "dropped", True
                elif kept is not None and i in kept.bots:
                    hosting.bot_plays(i, kept.bots[i])
                if kept is not None:
                    hosting.referee.remember(i, kept.played.get(i, []))
        hosting.host = hosting.referee.host = self
        self.hosting = hosting
        if self.slot is not None and not any(
            h.live for slot, h in self.ctx.hostings.items() if slot != self.slot
        ):  # reopened (after a reload, say): this table holds the tab's connections now
            self.ctx.hostings.clear()
            self.ctx.hostings[self.slot] = hosting

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
        if seat not in self.hosting.bots:
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
            for slot, other in list(self.ctx.hostings.items()):
                if slot != self.slot:
                    if other is not self.hosting:  # not this table's, carried to a new game
                        other.close()
                    del self.ctx.hostings[slot]
            self.ctx.hostings[self.slot] = self.hosting
            self.hosting.keep(self.slot)
            self.hosting.changed()

    def _ask_again(self, act: str, arg: str) -> bool:
        """Play again / New deal, once the host said yes when it matters: a game in
        progress (kept under Saved games) or friends at the table (they stay seated)."""
        here = [self.seats[s].name for s in self.hosting.at_table()] if self.hosting else []
        if not here:
            return self.ask_before_leaving(act, arg, "Start a new deal at this table?", "New deal")
        who = " and ".join(here)
        kept = " The game you are playing is kept under Saved games." if self.in_progress else ""
        return self.ctx.ask(
            act,
            arg,
            f"Start a new game with {who}?",
            f"A new deal at this table, with the same seats: {who} "
            f"{'stays' if len(here) == 1 else 'stay'} at the table and "
            f"{'is' if len(here) == 1 else 'are'} told you started it.{kept}",
            "New game",
        )

    def _again_together(self) -> None:
        """A new deal at this table; the friends connected stay seated in it and are told."""
        if self.hosting is not None:
            host = next((s.name for s in self.seats if s.here), "The host")
            self.hosting.referee.new_game(f"{host} started a new game at this table.")
        self._again()

    def _bot_for(self, seat: int) -> None:
        """A bot plays the friend's seat from now on (kept beside the save), once the host
        has said yes; the seat stays the friend's to come back to (`_give_back`)."""
        assert self.hosting is not None
        invite = self.hosting.invites.get(seat)
        if invite is None or invite.bot or self.state is None:
            return
        name = self.seats[seat].name
        if not self.ctx.ask(
            "friend-bot",
            str(seat),
            f"Let a bot play for {name}?",
            f"A bot plays {name}’s seat from now on, at normal level. {name} can still come "
            f"back: invite them again, and once they are at the table, give them the seat "
            "back (the bot’s moves stay in the game).",
            "Let a bot play",
        ):
            return
        self.hosting.to_bot(seat)
        self.seats[seat] = Seat(name, "bot", "normal")
        self.bots[seat] = self.game.bot("normal", seed=self.bot_seed(seat))
        self.bots_ready = False
        self._log_seat(f"A bot plays for {name} from now on.")
        self._keep_hosting()
        self.ctx.notify(f"A bot plays for {name} now.")

    def _give_back(self, seat: int) -> None:
        """The friend, back at the table, plays their seat again instead of the bot."""
        assert self.hosting is not None
        invite = self.hosting.invites.get(seat)
        if invite is None or not invite.bot or self.state is None:
            return
        name = self.seats[seat].name
        self.hosting.give_back(seat)
        self.seats[seat] = Seat(name, "human", away=True)
        self.bots.pop(seat, None)
        self._log_seat(f"{name} has the seat back from the bot.")
        self._keep_hosting()
        self.ctx.notify(f"{name} plays their seat again.")

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
            return spygames.UndoPoint(None, "there is nothing to undo")
        point = state.undo_point(seat)
        if point.upto is None:
            return point
        others = [i for i in self.humans if i != seat]
        record = state.record()
        back = spygames.replay(record, upto=point.upto)
        for action in record["actions"][point.upto :]:
            actor = back.to_play[0]
            if actor in others:
                return spygames.UndoPoint(None, f"{self.seats[actor].name} has played since")
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

    # -- who is who -------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """Every person's seat, at this device or another."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def here(self) -> list[int]:
        """The seats of the people at this device."""
        return [i for i, s in enumerate(self.seats) if s.here]

    @property
    def pass_and_play(self) -> bool:
        return len(self.here) >= 2

    @property
    def current(self) -> int | None:
        if self.state is None or self.state.is_over:
            return None
        return self.state.to_play[0]

    @property
    def handoff_needed(self) -> bool:
        """Pass-and-play: the person to play is not the one holding the device."""
        cur = self.current
        return (
            self.pass_and_play and cur is not None and self.seats[cur].here and self.holder != cur
        )

    @property
    def viewer(self) -> int | None:
        """The seat whose hand may be shown now (None: every hand stays hidden)."""
        if not self.here:
            return None
        if not self.pass_and_play:
            return self.here[0]
        return None if self.handoff_needed else self.holder

    @property
    def turn_signal(self) -> bool:
        """A person here is to play at this table played together (not once the host
        stopped for now: the table is not being played)."""
        return self.hosting is not None and not self.hosting.stopped and self.my_turn

    @property
    def my_turn(self) -> bool:
        cur = self.current
        return cur is not None and cur == self.viewer and self.seats[cur].here

    def too_late(self) -> None:
        """A person's move that came when it could no longer be played (a friend's move
        or take-back came first, a bot moved, the game ended): told in words, never lost
        without one. Nothing is said while pass-and-play hides the hands (no move of the
        person's could be on the screen then)."""
        cur = self.current
        if self.state is not None and self.state.is_over:
            self.ctx.refuse("That was not played: the game is over.")
        elif cur is not None and self.viewer is not None and cur != self.viewer:
            self.ctx.refuse(f"That was not played: it is {self.seats[cur].name}’s turn now.")

    def bottom(self) -> int:
        """The seat drawn at the bottom, nearest the person looking."""
        if self.viewer is not None:
            return self.viewer
        cur = self.current
        if cur is not None and self.seats[cur].here:
            return cur
        return self.here[0] if self.here else 0

    def players_text(self) -> str:
        """ "You, Agent Lynx (hard)" for the Saved games list."""
        return ", ".join(s.name if s.is_human else f"{s.name} ({s.level})" for s in self.seats)

    def table_text(self) -> str:
        """ "3 players · bots easy/hard · pass-and-play" for the stats."""
        levels = "/".join(sorted({s.level for s in self.seats if not s.is_human}))
        return (
            f"{len(self.seats)} players · "
            + (f"bots {levels}" if levels else "no bots")
            + (" · pass-and-play" if len(self.humans) > 1 else "")
        )

    # -- the bots ---------------------------------------------------------------------------
    @property
    def yours_here(self) -> bool:
        """This tab holds the person's own bot for this game: "Your bot" is a seat kind."""
        return self.game_id in self.ctx.yours

    @property
    def pace(self) -> Pace:
        return Pace(self.ctx.saves, self.pace_pref, self.paces)

    def pending_delay(self) -> int | None:
        """A bot to play: at the bots' pace once they are ready, at once until then."""
        cur = self.current
        if cur is None or self.seats[cur].is_human:
            return None
        return self.pace.ms if self.bots_ready else 0

    def _bot_turn(self) -> None:
        """The bots' part of a tick: their one-off tables are built in short slices so
        the page never freezes, then the bot to play makes its move."""
        if self.state is None or self.pending_delay() is None:
            return
        if not self.bots_ready:
            self.bots_ready = all(bot.prepare(BOT_SLICE_S) for bot in self.bots.values())
            return
        seat = self.state.to_play[0]
        self.bot_lines = (self.log, len(self.log), seat)  # marked once played (`_save`)
        self._bot_move(seat)

    def _bot_move(self, seat: int) -> None:
        """The bot in `seat` plays (or starts thinking)."""
        raise NotImplementedError

    # -- the table's own buttons --------------------------------------------------------------
    def _table_act(self, act: str, arg: str) -> bool:
        """Rules, the bots' pace, Share, New table, a new deal and pass-and-play's "show
        my hand": True when `act` was one of them."""
        if act in ("rules", "share"):
            if act == "rules":
                self.show_rules = not self.show_rules
            else:
                self.show_share = not self.show_share
        elif act == "pace":
            self.pace.set(arg)
        elif act == "newtable":
            if self.ask_before_leaving(act, arg, "Set up a new table?", "New table"):
                self.ctx.navigate(f"#/{self.game_id}/new")
        elif act == "again" and self.state is not None:
            if self._ask_again(act, arg):
                self._again_together()
        elif act == "show-hand":
            if self.handoff_needed:
                self.holder = self.current
        elif act == "friend-bot" and self.hosting is not None and arg.isdigit():
            self._bot_for(int(arg))
        elif act == "friend-back" and self.hosting is not None and arg.isdigit():
            self._give_back(int(arg))
        elif act == "friend-stop" and self.hosting is not None:
            told = self.hosting.close()
            who = " and ".join([", ".join(told[:-1]), told[-1]] if told[1:] else told)
            were = "were" if told[1:] else "was"
            said = f" {who} {were} told you stopped for now." if told else ""
            self.ctx.notify(
                f"Your game is kept on this device.{said} Continue it from here or the home "
                "page, and invite your friends again."
            )
            self.ctx.navigate("#/")
        elif self.hosting is None:
            return False
        else:
            if act == "friend-invite":  # inviting hosts this table (the tab's connections)
                self._keep_hosting()
            return self.hosting.handle(act, arg)
        return True

    def share_html(self, note: str) -> str:
        """The Share panel while it is open: this deal from its start; `note` says what
        the link carries."""
        if not self.show_share or self.state is None:
            return ""
        return share_panel(
            self.ctx,
            self.share_record(),
            title=f"Share deal #{self.state.seed}",
            note=note,
            close=("share", ""),
        )

    def submit(self, act: str, values: dict[str, str]) -> None:
        if act.startswith("friend-") and self.hosting is not None:
            self.hosting.submit(act, values)
        elif act == "deal":
            self.play_deal(values)
        elif act == "start":
            self._start_from(values)
