"""The SpyNet table: every tableau, the piles, your hand and what your turn allows.

It turns clicks into actions for the engine, applies them and saves; to draw, it builds
a scene (`scene.py`) from `state.view(seat)` of the one seat being shown and hands it to
`view.render`. The engine decides every rule (controls come from `legal_actions()`,
refusals are explained with `why_illegal`, Undo goes where `undo_point` says); the bots
and the Hint think a slice a tick (`spyweb.tables.thinking`). With two or more
people at the table a "pass the device" screen stands between their decisions, and only
the holder's hand, pile memories and own face-down missions are ever put in the HTML (a
teammate's missions stay face down, as the engine's view has them). A seat may be a
friend on another device: the table plays their actions through the same path
(`play_for`) and sends them their seat's own scene (`scene_for`), which `guest.py` draws.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, cast

import spygames
from spygames.i18n import N_, _
from spygames.spynet.rules import SpyNetState
from spygames.spynet.views import SpyNetResult, SpyNetView

from ...browser.links import replay_route
from ...tables.hints import Hints
from ...tables.screen import Context
from ...tables.seats import Seat
from ...tables.share import link_for
from ...tables.table_seats import SeatedTable
from ...tables.tabletools import LogEntry
from ...tables.thinking import SLICE_S, Thinking
from . import gallery
from .clicks import KEY_NAMES, KEYS, Click, Turn, drop_click, key_act, turn_click
from .deploy import Selection, every_refusal, refusals
from .end import result_summary
from .hint import shown
from .log import Narrator
from .model import CARD, public, shows
from .rules import rules_html
from .scene import PACES, Picked, Scene, UndoAt
from .seats import last_seats, last_situation, options_for, parse, remember, seats_for
from .since import Move, replay_log, since
from .undo import undone
from .view import render
from .who import Who

PACE_PREF = "spynet-pace"


class SpyNetTable(SeatedTable):
    game_id = "spynet"
    title = N_("SpyNet — spygames")
    paces = PACES
    pace_pref = PACE_PREF

    def _furnish(self) -> None:
        super()._furnish()
        self.who = Who([], 2)
        self.thinking: Thinking | None = None  # the bot to play, deciding
        self.hand_before: dict[int, set[str]] = {}  # to mark the cards new since
        self.sel = Selection()
        self.moves: list[Move] = []  # one per action, for "since your turn"
        self.hints = Hints(self.game_id)
        self.end_arriving = False  # the game has just ended: its headline takes the focus
        self.reading: str | None = None  # the card whose whole face is open (reading.py)
        self.setup_seats = last_seats(self.ctx.saves)
        self.setup_situation = last_situation(self.ctx.saves)

    # -- opening and saving ---------------------------------------------------------------
    def _open(self, state: spygames.State, seats: list[Seat] | None = None) -> None:
        """Seat the game (`SeatedTable._open`), then SpyNet's parts for it."""
        super()._open(state, seats)
        self.who = Who(self.seats, state.players)
        self.thinking = None
        self.hints.clear()
        self.hand_before = {}
        self.sel = Selection()
        self.end_arriving = state.is_over
        self.reading = None
        self.log, self.moves = replay_log(state.record(), self.who)

    def _seats_in(self, state: spygames.State) -> list[Seat]:
        return seats_for(state.options, state.players)

    def _start(self, seats: list[Seat], situation: str, seed: int | None) -> None:
        state = self._deal(seed, players=len(seats), options=options_for(seats, situation))
        remember(self.ctx.saves, seats, situation)
        self.setup_seats, self.setup_situation = seats, situation
        self._open(state, seats)
        self._play()

    def _again(self, seed: int | None = None) -> None:
        self._start(self.seats, self._situation_option(), seed)

    def _start_from(self, values: dict[str, str]) -> None:
        seats, situation, problem = parse(values, self.yours_here)
        self.setup_seats, self.setup_situation = seats, situation
        if problem:
            self.ctx.refuse(problem)
            return
        self._start(seats, situation, self.seed)

    def summary(self) -> dict[str, Any]:
        assert self.state is not None
        view = self.state.view(0)
        progress = (
            _("Opening draft")
            if view["phase"] == "draft"
            else _("Turn {n} · deck {deck}", n=view["turn_number"], deck=view["deck"])
        )
        summary: dict[str, Any] = {
            "over": self.state.is_over,
            "progress": progress,
            "players": self.players_text(),
        }
        result = self.state.result
        if result is not None:
            summary |= result_summary(
                cast(SpyNetResult, result), self.who, self.humans, self.table_text()
            )
        return summary

    # -- who is who -----------------------------------------------------------------------
    def seat_view(self, seat: int) -> SpyNetView:
        """What `seat` may know: the engine's view, as the TypedDict that says its keys."""
        assert self.state is not None
        return cast(SpyNetView, self.state.view(seat))

    def shown_view(self) -> SpyNetView:
        """The viewer's view, or with nobody holding the device one with nothing private."""
        assert self.state is not None
        if self.state.is_over:
            return self.seat_view(self.viewer if self.viewer is not None else self.bottom())
        if self.viewer is None:
            first = self.bottom()
            seats = [first, *(s for s in range(self.state.players) if s != first)]
            return public([self.seat_view(s) for s in seats])
        return self.seat_view(self.viewer)

    # -- acting -----------------------------------------------------------------------------
    def play(self, action: dict[str, Any]) -> bool:
        """The person's move as a whole (`GameScreen.play`): what they had picked goes."""
        self.sel.clear()
        return self._apply(action)

    def _try(self, action: dict[str, Any]) -> str | None:
        """Play `action` for the seat to play: None once played, logged and saved; else
        the engine's reason for refusing it."""
        assert self.state is not None
        actor = self.state.to_play[0]
        before = self.seat_view(actor)
        try:
            self.state.apply(action)
        except spygames.IllegalAction as exc:
            return exc.reason
        if self.seats[actor].is_human:
            self.hand_before[actor] = set(before["hand"])
        lines = Narrator(self.who).entries(before, actor, action, self.state)
        self.log.extend(lines)
        self.moves.append(Move.of(before["turn"], action, lines))
        self.sel.clear()
        self.hints.clear()
        self._close_private_reading()
        self.end_arriving = self.state.is_over
        self._save()
        return None

    def play_for(self, seat: int, action: dict[str, Any]) -> str | None:
        return self._try(action)

    def _close_private_reading(self) -> None:
        """A card's face left open stays over the hand-over to the next person only if
        everyone may see that card (it may be one the last person just took in hand)."""
        reading = self.reading
        if self.handoff_needed and reading is not None and not shows(self.shown_view(), reading):
            self.reading = None

    def pending_delay(self) -> int | None:
        if self.thinking is not None:
            return self.thinking.delay_ms
        if self.hints.thinking:
            return 0
        return super().pending_delay()

    def tick(self) -> None:
        if self.state is None:
            return
        if self.thinking is not None:
            self._think()
            return
        if self.hints.thinking:
            self.hints.step(self._at())
            return
        self._bot_turn()

    def _at(self) -> Hashable:
        """The position on the table, for a thinking begun on it (`spyweb.tables.thinking`)."""
        assert self.state is not None
        return (self.state, len(self.state.actions))

    def _bot_move(self, seat: int) -> None:
        assert self.state is not None
        self.thinking = Thinking(
            self.bots[seat],
            self.state.view(seat),
            self.state.legal_actions(),
            at=self._at(),
            slice_s=SLICE_S,
        )
        self._think()

    def _think(self) -> None:
        """One slice of the bot's decision; its move once it has one."""
        assert self.state is not None and self.thinking is not None
        step = self.thinking.step(self._at())
        if self.thinking.dropped:  # the position moved on under it
            self.thinking = None
            return
        if step is None:
            return
        self.thinking = None
        self._apply(step.action)

    # -- undo -------------------------------------------------------------------------------
    @property
    def undo_offered(self) -> bool:
        """Undo is for a table with exactly one person (see `undo.py`)."""
        return self.state is not None and len(self.humans) == 1

    def undo_point(self) -> spygames.UndoPoint:
        """Where the person's Undo goes: the engine's word for their seat."""
        if self.state is None or not self.undo_offered:
            return spygames.UndoPoint(None, _("there is nothing to undo"))
        return self.state.undo_point(self.humans[0])

    def _undo(self) -> None:
        state = self.state
        if state is None or not self.undo_offered:
            return
        point = self.undo_point()
        if point.upto is None:
            # translators: {reason} is the rules' reason (lower case, no full stop)
            self.ctx.refuse(_("Nothing to undo: {reason}.", reason=point.reason))
            return
        self._take_back(self.humans[0], point.upto)

    def _friend_undo_at(self, seat: int) -> UndoAt:
        point = self.friend_undo_point(seat)
        return UndoAt(point.upto, point.reason)

    def _take_back(self, person: int, upto: int) -> None:
        state = self.state
        assert state is not None
        record = state.record()
        back = spygames.replay(record, upto=upto)
        # the log loses the lines of the step taken back (the words they were logged in)
        lines: list[LogEntry] = []
        if len(record["actions"]) == upto + 1:
            lines = Narrator(self.who).entries(
                cast(SpyNetView, back.view(person)), person, record["actions"][-1], state
            )
        drop = len(lines)
        while drop and self.log:
            if self.log.pop().kind not in ("undone", "seat"):  # not a move's line
                drop -= 1
        self.log.append(undone(self.who.name(person), lines))
        self.state = back
        del self.moves[upto:]
        self.thinking = None
        self.hints.clear()
        self.hand_before.pop(person, None)
        self.sel.clear()
        self._save()

    def handle(self, act: str, arg: str) -> None:
        self.end_arriving = False
        if act in ("read", "unread"):
            self.reading = arg if act == "read" and arg in CARD else None
            return
        if gallery.handle(self.ctx.saves, act, arg) or self._table_act(act, arg):
            return
        if self.state is None:
            return
        if act == "clear":
            self.sel.clear()
            return
        if act == "undo":
            self._undo()
            return
        if act == "hint":
            self._hint()
            return
        if not self.my_turn:
            if act not in ("pick", "fund", "target"):  # a choice being made, not a move
                self.too_late()
            return
        self._turn_act(act, arg)

    def _hint(self) -> None:
        state = self.state
        if not isinstance(state, SpyNetState) or state.is_over or not self.my_turn:
            self.ctx.refuse(_("A hint is for your own turn."))
            return
        at = self._at()
        if self.hints.advice is None and not self.hints.working_on(at):
            self.hints.ask(state, at, self.hint_seed(state.to_play[0]))
            self.hints.step(at)

    def _situation_option(self) -> str:
        assert self.state is not None
        value = self.state.options.get("situation")
        return value if isinstance(value, str) else ""

    def _turn(self) -> Turn:
        """The turn to play, as the clicks read it (`clicks.py`): from the engine."""
        assert isinstance(self.state, SpyNetState)
        return Turn(
            self.state.legal_actions(), self.state.why_illegal, self.state.nothing_to_deploy
        )

    def _turn_act(self, act: str, arg: str) -> None:
        """A click that belongs to the person's own turn."""
        self._answer(turn_click(self._turn(), self.sel, act, arg))

    def _answer(self, click: Click) -> None:
        if isinstance(click, str):
            self.ctx.refuse(click)
        elif click is not None:
            self._apply(click)

    def drop(self, dragged: str, act: str, arg: str) -> None:
        """A hand card dropped on a column of your tableau or on the pass slot
        (`clicks.drop_click`)."""
        if not self.my_turn or self.state is None:
            self.too_late()
            return
        self._answer(drop_click(self._turn(), self.sel, dragged, act, arg))

    def key(self, key: str) -> bool:
        """Shortcuts: R recruit, D deploy, T take, P pass on, E end turn, X clear, U undo
        (which says why when there is nothing to undo), H hint."""
        act = self._key_act(key, self._legal)
        if act == "unread":
            self.reading = None
        elif act is not None:
            self.handle(act, "")
        return act is not None

    def keys(self) -> list[str]:
        legal = cache(self._legal)  # once for all the keys, and only on the person's turn
        return [key for key in KEY_NAMES if self._key_act(key, legal) is not None]

    def _key_act(self, key: str, legal: Callable[[], list[dict[str, Any]]]) -> str | None:
        """The click `key` stands for now (Escape: "unread", closing a card's face), or
        None; `legal` gives the turn's legal actions."""
        if key == "Escape" and self.reading is not None:
            return "unread"
        name = KEYS.get(key.lower())
        if name == "undo" and self.undo_offered:
            return name
        if name == "hint" and self.state is not None and self.my_turn:
            return name
        if self.state is None or not self.my_turn:
            return None
        return key_act(key, legal())

    def _legal(self) -> list[dict[str, Any]]:
        assert self.state is not None
        return self.state.legal_actions()

    @classmethod
    def rules_html(cls) -> str:
        return rules_html()

    @classmethod
    def rules_page(cls, ctx: Context) -> str:
        return rules_html(ctx.saves)

    @classmethod
    def rules_handle(cls, ctx: Context, act: str, arg: str) -> None:
        gallery.handle(ctx.saves, act, arg)

    # -- rendering --------------------------------------------------------------------------
    def render(self) -> str:
        return render(self.scene())

    def scene(self) -> Scene:
        """What the table shows now, from what the seat at the device may know."""
        state = self.state
        pace = self.pace.name
        gallery_filter = gallery.read_filter(self.ctx.saves)
        if not isinstance(state, SpyNetState):
            return Scene(
                setup_seats=tuple(self.setup_seats),
                setup_situation=self.setup_situation,
                setup_yours=self.yours_here,
                deal=self.seed,
                pace=pace,
                gallery=gallery_filter,
            )
        view = self.shown_view()
        viewer, my_turn = self.viewer, self.my_turn
        legal = state.legal_actions() if my_turn else []
        before = self.hand_before.get(viewer) if viewer is not None else None
        last = state.actions[-1] if state.actions else None
        just = last is not None and last["type"] in ("agent", "flip")
        humans = self.humans
        point = self.undo_point() if my_turn and self.undo_offered else None
        return Scene(
            seats=tuple(self.seats),
            players=state.players,
            view=view,
            viewer=viewer,
            bottom=self.bottom(),
            current=self.current,
            my_turn=my_turn,
            handoff=self.handoff_needed,
            legal=tuple(legal),
            refusals=refusals(state, view, legal, self.sel) if my_turn else {},
            picked=Picked(self.sel.card, tuple(self.sel.funding), self.sel.flip),
            fresh_hand=(tuple(sorted(set(view["hand"]) - before)) if before is not None else None),
            just_played=str(last["card"]) if just and last is not None else None,
            since=(
                tuple(since(self.moves, viewer, view["turn"]))
                if viewer is not None and not view["over"]
                else None
            ),
            log=tuple((e.kind, e.text) for e in self.log),
            undo=UndoAt(point.upto, point.reason) if point is not None else None,
            hint=shown(self.hints, self.who) if my_turn else None,
            reading=self.reading,
            show_rules=self.show_rules,
            gallery=gallery_filter,
            show_share=self.show_share,
            can_share=self.ctx.can_share,
            pace=pace,
            end_arriving=self.end_arriving,
            friends=self.hosting.panel() if self.hosting is not None else None,
            deal=state.seed,
            share_link=link_for(self.ctx, self.share_record()) if self.show_share else None,
            replay_route=(
                replay_route(state.record(), humans[0] if humans else 0) if state.is_over else None
            ),
        )

    def scene_for(self, seat: int) -> dict[str, Any]:
        """What a friend's seat on another device may see now: its own view (a partner's
        face-down missions stay face down), its legal actions on its turn with the
        engine's reasons for whatever it may pick (`every_refusal`), what it got since
        its last move, the public log. Nothing from the record (the deal number, links:
        they would tell the deck's order) until the game is over, and nothing chosen on
        this device."""
        state = self.state
        assert isinstance(state, SpyNetState)
        view = self.seat_view(seat)
        current = None if state.is_over else state.to_play[0]
        mine = current == seat
        legal = state.legal_actions() if mine else []
        before = self.hand_before.get(seat)
        last = state.actions[-1] if state.actions else None
        return Scene(
            seats=tuple(self.seats),
            players=state.players,
            view=view,
            viewer=seat,
            bottom=seat,
            current=current,
            my_turn=mine,
            legal=tuple(legal),
            refusals=every_refusal(state, view, legal) if mine else {},
            fresh_hand=tuple(sorted(set(view["hand"]) - before)) if before is not None else None,
            just_played=(
                str(last["card"])
                if last is not None and last["type"] in ("agent", "flip")
                else None
            ),
            since=None if state.is_over else tuple(since(self.moves, seat, view["turn"])),
            log=tuple((e.kind, e.text) for e in self.log),
            guest=True,
            # the friend's own Undo, through the host (`undo_for`): always shown (as on
            # every friend's page), off with the engine's reason when not their turn
            undo=self._friend_undo_at(seat),
            # Once the game is over nothing is secret: the friend may replay it.
            replay_route=replay_route(state.record(), seat) if state.is_over else None,
        ).to_json()
