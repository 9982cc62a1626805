"""A table seated from the seats screen: people and bots around it, a bot for each bot
seat at the bots' pace, and pass-and-play's hand-over between two people's turns.

Espionage and SpyNet seat their tables the same way; each game adds its own rules on
top (a showdown to look at, a team to play with) by overriding the pieces here. Only
the holder's seat is ever the viewer, so only the holder's hand is put in the HTML.
"""

from __future__ import annotations

from typing import ClassVar

import spygames
from spygames.i18n import N_, _, listed

from ..together.hosting import Hosting
from . import deals, yours
from .seats import YOU, Seat, is_you, level_name
from .share import share_panel
from .table_hosted import HostedTable
from .tabletools import LogEntry, Pace
from .thinking import SLICE_S


class SeatedTable(HostedTable):
    """A game's table for 2–4 seats, each a person or a bot. A game gives its bots'
    `paces` and the preference that keeps the chosen one, its own parts (`_furnish`),
    how its seats are read from a game (`_seats_in`), what else opening a game resets
    (extending `_open`), how it starts again (`_again`) and
    starts from the seats form (`_start_from`), and what its bot to play does
    (`_bot_move`); the life of a table is `GameScreen`'s."""

    paces: ClassVar[dict[str, int]] = {}
    pace_pref: ClassVar[str] = ""

    instead_of_damaged = N_("Seat the table below to start a new game.")

    def _furnish(self) -> None:
        """The seated table's parts; a game adds its own (calling this first)."""
        self.game = spygames.get_game(self.game_id)
        self.seed: int | None = None  # the deal asked for (`#/<game>/deal/N`), to be seated
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

    # -- opening ----------------------------------------------------------------------------
    def _first_deal(self, seed: int | None) -> spygames.State | None:
        """A seated table deals from its seats screen: deal #`seed` waits for it."""
        self.seed = seed
        return None

    def _open(self, state: spygames.State, seats: list[Seat] | None = None) -> None:
        """Put this game on the table and seat it: `seats` as the seats form gave them
        (with the friends on other devices, which the record leaves out), else the
        game's (`_seats_in`); a bot for each bot seat, nobody holding the device. A game
        extends this with its own parts."""
        seats = seats or self._seats_in(state)
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

    def _seats_in(self, state: spygames.State) -> list[Seat]:
        """The seats of a game opened without the seats form (its record's)."""
        raise NotImplementedError

    def _start_from(self, values: dict[str, str]) -> None:
        """The seats form was sent: start the game it seats, or say what is wrong."""
        raise NotImplementedError

    # -- who is who -------------------------------------------------------------------------
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
            self.ctx.refuse(_("That was not played: the game is over."))
        elif cur is not None and self.viewer is not None and cur != self.viewer:
            self.ctx.refuse(
                _("That was not played: it is {name}’s turn now.", name=self.seats[cur].name)
            )

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
        return listed(
            [
                # translators: a bot's seat in the Saved games list: "Agent Lynx (hard)"
                (_(YOU) if is_you(s.name) else s.name)
                if s.is_human
                else _("{name} ({level})", name=s.name, level=level_name(s.level))
                for s in self.seats
            ]
        )

    def table_text(self) -> str:
        """ "3 players · bots easy/hard · pass-and-play" for the stats. Not translated: it
        is the key the stats keep a table's results by (a language of its own would split
        them)."""
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
            self.bots_ready = all(bot.prepare(SLICE_S) for bot in self.bots.values())
            return
        seat = self.state.to_play[0]
        self.bot_lines = (self.log, len(self.log), seat)  # marked once played (`_save`)
        self._bot_move(seat)

    def _bot_move(self, seat: int) -> None:
        """The bot in `seat` plays (or starts thinking)."""
        raise NotImplementedError

    # -- the table's own buttons --------------------------------------------------------------
    def _table_act(self, act: str, arg: str) -> bool:
        """Rules, the bots' pace, Share, New table, a new deal, pass-and-play's "show my
        hand" and the Friends panel's buttons: True when `act` was one of them."""
        if act in ("rules", "share"):
            if act == "rules":
                self.show_rules = not self.show_rules
            else:
                self.show_share = not self.show_share
        elif act == "pace":
            self.pace.set(arg)
        elif act == "newtable":
            self._new_table(act, arg)
        elif act == "again" and self.state is not None:
            if self._ask_again(act, arg):
                self._again_together()
        elif act == "show-hand":
            if self.handoff_needed:
                self.holder = self.current
        else:
            return self._friends_act(act, arg)
        return True

    def share_html(self, note: str) -> str:
        """The Share panel while it is open: this deal from its start; `note` says what
        the link carries."""
        if not self.show_share or self.state is None:
            return ""
        return share_panel(
            self.ctx,
            self.share_record(),
            title=_("Share deal #{number}", number=self.state.seed),
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
