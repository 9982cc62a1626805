"""The Espionage table: seats around the felt, your hand, the bid panel, the showdown.

It renders `state.view(seat)` for the one seat being shown and sends actions to the
engine; the engine decides every rule. With two or more people at the table a
"pass the device" screen stands between their turns and only the holder's hand is
ever put in the HTML.

The table holds the game and what the people have chosen and seen. It turns clicks and
keys into actions, applies them, saves, and for each render builds the scene
(`scene.py`): what the seat at the device may know and what was chosen on this device,
drawn by `view.render` and nothing else. Seating, the bots and the hand-over between
people are shared with SpyNet (`spyweb.tables.table_seats`); a bot's move and the Hint are
worked out a slice at a time (`spyweb.tables.thinking`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, cast

import spygames
from spygames.espionage.cards import ATTRIBUTES
from spygames.espionage.views import EspionageView
from spygames.i18n import N_, _

from ...browser import links
from ...tables.hints import Hints
from ...tables.seats import is_you
from ...tables.share import link_for
from ...tables.table_seats import SeatedTable
from ...tables.thinking import Thinking
from .hint import scene_hint
from .log import Narrator
from .model import BidPanel
from .rules import rules_html
from .scene import PACES, Scene, Selection
from .seats import Seat, last_seats, parse, remember_last, seat_options, seats_for, setup_html
from .showdown import Steps
from .undo import take_back, undo_point
from .view import render

PACE_PREF = "espionage-pace"
ODDS_PREF = "espionage-odds"
KEYS_ATTR = {str(i + 1): a for i, a in enumerate(ATTRIBUTES)}
KEYS_COUNT = {"+": "+", "=": "+", "ArrowUp": "+", "-": "-", "ArrowDown": "-"}
# Every key the table may take (`EspionageTable._key_click` says when).
KEY_NAMES: tuple[str, ...] = (*KEYS_COUNT, *KEYS_ATTR, *"bBcCsShHnNuU")


class EspionageTable(SeatedTable):
    game_id = "espionage"
    title = N_("Espionage — spygames")
    paces = PACES
    pace_pref = PACE_PREF

    def _furnish(self) -> None:
        super()._furnish()
        self.acked_round = 0  # the showdown (by round) the people have looked at
        self.steps = Steps()  # how far the latest showdown has been shown
        self.sel: dict[str, Any] = {"count": 0, "attribute": None, "next": None}
        self.setup_seats = last_seats(self.ctx.saves)
        self.narrator = Narrator(self.name)
        self.hints = Hints(self.game_id)
        self.thinking: Thinking | None = None  # a bot's move being worked out
        self._revealed: tuple[Hashable, dict[str, Any] | None] = (None, None)

    # -- opening and saving ---------------------------------------------------------------
    def _open(self, state: spygames.State, seats: list[Seat] | None = None) -> None:
        super()._open(state, seats)
        self.acked_round = 0
        self.steps = Steps()
        self.sel = {"count": 0, "attribute": None, "next": None}
        self.log = self.narrator.replay(state.record())
        self.hints.clear()
        self.thinking = None

    def _seats_in(self, state: spygames.State) -> list[Seat]:
        return seats_for(state, self.ctx.saves)

    def open_with(self, state: spygames.State, seats: list[Seat]) -> None:
        """Put `state` on the table with these seats (a demo's "Try it yourself")."""
        self._open(state, seats)

    def _start(self, seats: list[Seat], seed: int | None) -> None:
        state = self._deal(seed, players=len(seats), options=seat_options(seats))
        remember_last(self.ctx.saves, seats)
        self.setup_seats = seats
        self._open(state, seats)
        self._play()

    def _again(self, seed: int | None = None) -> None:
        self._start(self.seats, seed)

    def _start_from(self, values: dict[str, str]) -> None:
        seats, problem = parse(values, self.yours_here)
        self.setup_seats = seats
        if problem:
            self.ctx.refuse(problem)
            return
        self._start(seats, self.seed)

    def summary(self) -> dict[str, Any]:
        assert self.state is not None
        view = self.state.view(0)
        people = self.humans
        summary: dict[str, Any] = {
            "over": self.state.is_over,
            "progress": _("Round {round}", round=view["round"]),
            "players": self.players_text(),
        }
        result = self.state.result
        if result is not None:
            winner = result["winners"][0]
            name = self.name(winner)
            # translators: the Saved games list: the person at this device won
            summary["result"] = _("You won") if is_you(name) else _("{name} won", name=name)
            summary["outcome"] = {
                "won": winner in people if len(people) == 1 else None,
                "score": None,
                "table": self.table_text(),
            }
        return summary

    # -- who is who -----------------------------------------------------------------------
    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.seats):
            return self.seats[seat].name
        return _("Player {number}", number=seat + 1)

    def _position(self) -> Hashable:
        """The position on the table: the state (a new game is another one; states
        compare by identity) and how many moves it has seen."""
        state = self.state
        return (state, len(state.actions)) if state is not None else None

    @property
    def revealed(self) -> dict[str, Any] | None:
        """The latest showdown (public: in every view), read once per position."""
        if self.state is None:
            return None
        at = self._position()
        if self._revealed[0] != at:
            self._revealed = (at, self.state.view(0)["revealed"])
        return self._revealed[1]

    @property
    def reveal_pending(self) -> bool:
        """A showdown is on the table and the people have not yet moved on."""
        shown = self.revealed
        if shown is None or self.state is None or self.state.is_over:
            return False
        return bool(shown["round"] != self.acked_round)

    @property
    def stepping(self) -> bool:
        """A showdown is still being shown, step by step."""
        return self.steps.running and self.revealed is not None

    @property
    def holding_showdown(self) -> bool:
        """The table still shows the last showdown's round, not the one dealt since."""
        return self.reveal_pending or self.stepping

    @property
    def handoff_needed(self) -> bool:
        """No hand-over while a showdown waits: everyone is looking at every hand."""
        return super().handoff_needed and not self.reveal_pending

    @property
    def my_turn(self) -> bool:
        return super().my_turn and not self.reveal_pending

    @property
    def turn_signal(self) -> bool:
        """Also while a showdown waits for the host's Next round (the bots wait for it),
        unless a friend on another device is the one to play next."""
        cur = self.current
        waits = self.reveal_pending and cur is not None and not self.seats[cur].away
        hosting = self.hosting
        return super().turn_signal or (hosting is not None and not hosting.stopped and waits)

    def panel(self) -> BidPanel:
        """The bid panel, its selection kept as far as the legal bids allow it."""
        panel = self._bid_panel()
        self._keep(panel)
        return panel

    def _bid_panel(self) -> BidPanel:
        """The bid panel, changing nothing on the table."""
        assert self.state is not None
        return BidPanel(
            self.state.legal_actions(),
            count=self.sel["count"],
            attribute=self.sel["attribute"],
            next=self.sel["next"],
        )

    def _keep(self, panel: BidPanel) -> None:
        self.sel = {"count": panel.count, "attribute": panel.attribute, "next": panel.next}

    @property
    def odds_on(self) -> bool:
        return self.ctx.saves.pref(ODDS_PREF, "0") == "1"

    @property
    def undo_offered(self) -> bool:
        """Undo is for a table with exactly one person (see `undo.py`)."""
        return self.state is not None and len(self.humans) == 1

    def hint(self) -> spygames.Advice | None:
        """The Hint's advice for the position on the table, on the person's own turn."""
        return self.hints.current(self._position()) if self.my_turn else None

    # -- acting -----------------------------------------------------------------------------
    def play(self, action: dict[str, Any]) -> bool:
        """The person's move (`GameScreen.play`), then pass-and-play's hand-over."""
        played = self._apply(action)
        self._after_own_move()
        return played

    def _try(self, action: dict[str, Any]) -> str | None:
        """Play `action` for the seat to play: None once played, logged and saved; else
        the engine's reason for refusing it."""
        assert self.state is not None
        actor = self.state.to_play[0]
        try:
            self.state.apply(action)
        except spygames.IllegalAction as exc:
            return exc.reason
        self.log.extend(self.narrator.entries(actor, action, self.state))
        self.sel = {"count": 0, "attribute": None, "next": None}
        if action["type"] != "bid":
            self.steps.start(reduced_motion=self.ctx.reduced_motion)
        self._save()
        return None

    def play_for(self, seat: int, action: dict[str, Any]) -> str | None:
        return self._try(action)

    def pending_delay(self) -> int | None:
        if self.thinking is not None:
            return self.thinking.delay_ms
        if self.hints.thinking:
            return 0
        if self.stepping:
            return self.pace.ms
        if self.reveal_pending:
            return None
        return super().pending_delay()

    def tick(self) -> None:
        if self.thinking is not None:
            self._think()
        elif self.hints.thinking:
            self._hint_step()
        elif self.stepping:
            self.steps.advance()
        else:
            self._bot_turn()

    def _bot_move(self, seat: int) -> None:
        assert self.state is not None
        self.thinking = Thinking(
            self.bots[seat], self.state.view(seat), self.state.legal_actions(), at=self._position()
        )
        self._think()

    def _think(self) -> None:
        """One slice of the bot's decision; its move once it has one."""
        thinking = self.thinking
        assert thinking is not None
        advice = thinking.step(self._position())
        if advice is None:
            if thinking.dropped:  # the position moved on (an undo, a new game)
                self.thinking = None
            return
        self.thinking = None
        self._apply(advice.action)

    # -- the Hint and Undo ------------------------------------------------------------------
    def _ask_hint(self) -> None:
        if self.state is None or not self.my_turn:
            self.ctx.refuse(_("A hint is for your own turn."))
            return
        if self.hint() is not None:
            self._select_hint()  # asked again: set the hinted bid up again
            return
        at = self._position()
        if self.hints.working_on(at):
            return  # already working on this very position
        self.hints.ask(self.state, at, self.hint_seed(self.state.to_play[0]))
        self._hint_step()

    def _hint_step(self) -> None:
        """One slice of the hint's work (the table's tick); it shows when it is done."""
        if not self.my_turn:
            self.hints.drop()  # the turn is no longer the person's
        elif self.hints.step(self._position()) is not None:
            self._select_hint()

    def _select_hint(self) -> None:
        """Set the hinted bid up in the bid panel, so one click on Bid plays it."""
        advice = self.hint()
        if advice is not None and advice.action["type"] == "bid":
            self.sel = {k: advice.action[k] for k in ("count", "attribute", "next")}

    def _undo(self) -> None:
        """Back to just before the person's last decision, as far as the engine allows."""
        state = self.state
        if state is None or not self.undo_offered:
            return
        point = undo_point(state, self.humans)
        if point.upto is None:
            # translators: {reason} is the rules' reason ("there is nothing to undo")
            self.ctx.refuse(_("Nothing to undo: {reason}.", reason=point.reason))
            return
        self._take_back(self.humans[0], point.upto)

    def _take_back(self, person: int, upto: int) -> None:
        assert self.state is not None
        self.state, self.log = take_back(self.state, self.log, upto, self.name, person)
        self.sel = {"count": 0, "attribute": None, "next": None}
        self.hints.clear()
        self.thinking = None
        self._save()

    def handle(self, act: str, arg: str) -> None:
        if act == "odds":
            self.ctx.saves.set_pref(ODDS_PREF, "0" if self.odds_on else "1")
            return
        if self._table_act(act, arg) or self.state is None:
            return
        if act == "continue":
            self.steps.finish()
            if self.reveal_pending:
                self.acked_round = self.revealed["round"]  # type: ignore[index]
                self.holder = None
            return
        if act == "undo":
            self._undo()
            return
        if act == "hint":
            self._ask_hint()
            return
        if not self.my_turn:
            if act in ("bid", "call", "spot"):
                self.too_late()
            return
        self._bid_act(act, arg)

    def _bid_act(self, act: str, arg: str) -> None:
        """A click in the bid panel, on the person's own turn."""
        panel = self.panel()
        action = panel.click(act, arg)
        if act == "bid" and action is None:
            self.ctx.refuse(_("Choose a role, faction or city to bid on first."))
        elif action is not None:
            self.play(action)
        else:
            self._keep(panel)

    def _after_own_move(self) -> None:
        """Pass-and-play: when the next player is another person, hide this hand now."""
        cur = self.current
        if self.pass_and_play and cur is not None and self.seats[cur].is_human:
            self.holder = None if cur != self.holder else self.holder

    def key(self, key: str) -> bool:
        """Shortcuts: − / + or ↓ / ↑ count, 1–9 attributes, B bid, C call, S spot,
        N next round, H hint, U undo. (The page sends no keys typed into a field.)

        Enter and Space are left to the browser, so they press the focused button.
        """
        click = self._key_click(key, self.panel)
        if click is None:
            return False
        self.handle(*click)
        return True

    def keys(self) -> list[str]:
        panel = cache(self._bid_panel)  # once for all the keys, and only when asked
        return [key for key in KEY_NAMES if self._key_click(key, panel) is not None]

    def _key_click(self, key: str, panel: Callable[[], BidPanel]) -> tuple[str, str] | None:
        """The click (act, arg) `key` stands for now, or None; `panel` gives the bid panel."""
        if self.state is None:
            return None
        if key in ("n", "N") and self.holding_showdown:
            return "continue", ""
        if key in ("u", "U") and self.undo_offered:
            return "undo", ""
        if not self.my_turn:
            return None
        if key in KEYS_COUNT:
            if not panel().counts:
                return None  # no bid is left to make: let the arrows scroll
            return "count", KEYS_COUNT[key]
        if key in KEYS_ATTR:
            return "attr", KEYS_ATTR[key]
        if key in ("b", "B"):
            return "bid", ""
        if key in ("h", "H"):
            return "hint", ""
        if key in ("c", "C", "s", "S"):
            if not panel().can_call:
                return None
            return ("call" if key in ("c", "C") else "spot"), ""
        return None

    @classmethod
    def rules_html(cls) -> str:
        return rules_html()

    # -- rendering --------------------------------------------------------------------------
    def render(self) -> str:
        if self.state is None:
            form = setup_html(self.setup_seats, self.seed, self.yours_here)
            return f'<div class="esp">{form}</div>'
        return render(self.scene())

    def scene(self) -> Scene:
        """What the table shows now, for the seat at the device: its own view (between
        pass-and-play turns the public view, with no hand in it), its legal actions on
        its own turn, and what was chosen on this device."""
        state = self.state
        assert state is not None
        viewer, my_turn, at = self.viewer, self.my_turn, self._position()
        view = state.view(viewer if viewer is not None else 0)
        if viewer is None:
            view["hand"] = []  # between turns: nobody's hand is on show
        refusals: dict[str, str] = {}
        if self.undo_offered:
            point = undo_point(state, self.humans)
            if point.upto is None:
                refusals["undo"] = point.reason or ""
        seat = self.humans[0] if self.humans else 0
        return Scene(
            view=cast(EspionageView, view),
            seats=tuple(self.seats),
            viewer=viewer,
            bottom=self.bottom(),
            pass_and_play=self.pass_and_play,
            handoff=self.handoff_needed,
            my_turn=my_turn,
            reveal_pending=self.reveal_pending,
            steps=self.steps.shown,
            legal=tuple(state.legal_actions()) if my_turn else (),
            selection=Selection(**self.sel),
            undo=self.undo_offered,
            refusals=refusals,
            hint=scene_hint(self.hints.current(at) if my_turn else None),
            hint_thinking=self.hints.thinking,
            log=tuple((entry.kind, entry.text, entry.said) for entry in self.log),
            odds=self.odds_on,
            pace=self.pace.name,
            rules_open=self.show_rules,
            share_open=self.show_share,
            can_share=self.ctx.can_share,
            friends=self.hosting.panel() if self.hosting is not None else None,
            deal=state.seed,
            share_link=link_for(self.ctx, self.share_record()) if self.show_share else None,
            replay_route=links.replay_route(state.record(), seat) if state.is_over else None,
        )

    def scene_for(self, seat: int) -> dict[str, Any]:
        """What a friend's seat on another device may see now: its own view, its legal
        actions on its turn, the public log. Nothing from the record (the deal number,
        links): they would tell the deck's order, until the game is over (its replay);
        nothing chosen on this device."""
        state = self.state
        assert state is not None
        mine = not state.is_over and state.to_play[0] == seat
        return Scene(
            view=cast(EspionageView, state.view(seat)),
            seats=tuple(self.seats),
            viewer=seat,
            bottom=seat,
            my_turn=mine,
            legal=tuple(state.legal_actions()) if mine else (),
            log=tuple((entry.kind, entry.text, entry.said) for entry in self.log),
            pace=self.pace.name,
            guest=True,
            undo=True,  # the friend's own Undo, through the host (`undo_for`)
            refusals=(
                {"undo": undo.reason or ""}
                if (undo := self.friend_undo_point(seat)).upto is None
                else {}
            ),
            # Once the game is over nothing is secret: the friend may replay it.
            replay_route=links.replay_route(state.record(), seat) if state.is_over else None,
        ).to_json()
