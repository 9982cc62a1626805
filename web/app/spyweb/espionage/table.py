"""The Espionage table: seats around the felt, your hand, the bid panel, the showdown.

It renders `state.view(seat)` for the one seat being shown and sends actions to the
engine; the engine decides every rule. With two or more people at the table a
"pass the device" screen stands between their turns and only the holder's hand is
ever put in the HTML.

The table holds the game and what the people have chosen and seen; its parts are drawn
by their own modules: the header and tools (`header.py`), the felt with its seats and
standing bid (`felt.py`), the bid panel (`bidding.py`), the showdown (`showdown.py`),
the end (`end.py`) and the log (`log.py`). Seating, the bots and the hand-over between
people are shared with SpyNet (`spyweb.table_seats`).
"""

from __future__ import annotations

from typing import Any

import spygames
from spygames.espionage.cards import ATTRIBUTES

from ..deals import deal_form
from ..markup import esc
from ..table_seats import SeatedTable
from ..tabletools import handoff_html
from . import cards
from .bidding import bid_panel_html
from .bidpanel import BidPanel
from .end import end_html
from .felt import felt_html
from .header import bar_html, rules_panel, share_html
from .hint import Hints
from .log import Narrator, table_log_html
from .rules import rules_html
from .seats import Seat, last_seats, parse, remember_last, seat_options, seats_for, setup_html
from .showdown import Steps, reveal_html
from .undo import Undo

PACES = {"slow": 1600, "normal": 900, "fast": 350}
PACE_PREF = "espionage-pace"
ODDS_PREF = "espionage-odds"
KEYS_ATTR = {str(i + 1): a for i, a in enumerate(ATTRIBUTES)}
KEYS_COUNT = {"+": "+", "=": "+", "ArrowUp": "+", "-": "-", "ArrowDown": "-"}


class EspionageTable(SeatedTable):
    game_id = "espionage"
    title = "Espionage — spygames"
    paces = PACES
    pace_pref = PACE_PREF

    def _furnish(self) -> None:
        self.acked_round = 0  # the showdown (by round) the people have looked at
        self.steps = Steps()  # how far the latest showdown has been shown
        self.sel: dict[str, Any] = {"count": 0, "attribute": None, "next": None}
        self.setup_seats = last_seats(self.ctx.saves)
        self.narrator = Narrator(self.name)
        self.hints = Hints(self)
        self.undo = Undo(self)

    # -- opening and saving ---------------------------------------------------------------
    def _open(self, state: spygames.State, seats: list[Seat] | None = None) -> None:
        self._sit(state, seats or seats_for(state, self.ctx.saves))
        self.acked_round = 0
        self.steps = Steps()
        self.sel = {"count": 0, "attribute": None, "next": None}
        self.log = self.narrator.replay(state.record())

    def _start(self, seats: list[Seat], seed: int | None) -> None:
        state = self._deal(seats, seat_options(seats), seed)
        remember_last(self.ctx.saves, seats)
        self.setup_seats = seats
        self._open(state, seats)
        self._play()

    def _again(self) -> None:
        self._start(self.seats, None)

    def _start_from(self, values: dict[str, str]) -> None:
        seats, problem = parse(values)
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
            "progress": f"Round {view['round']}",
            "players": self.players_text(),
        }
        result = self.state.result
        if result is not None:
            winner = result["winners"][0]
            summary["result"] = f"{self.name(winner)} won"
            summary["outcome"] = {
                "won": winner in people if len(people) == 1 else None,
                "score": None,
                "table": self.table_text(),
            }
        return summary

    # -- who is who -----------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < len(self.seats) else f"Player {seat + 1}"

    def public(self) -> dict[str, Any]:
        """A view for what everyone sees (its hand is never used)."""
        assert self.state is not None
        return self.state.view(self.viewer if self.viewer is not None else 0)

    @property
    def revealed(self) -> dict[str, Any] | None:
        if self.state is None:
            return None
        shown: dict[str, Any] | None = self.state.view(0)["revealed"]  # public: in every view
        return shown

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

    def panel(self) -> BidPanel:
        assert self.state is not None
        panel = BidPanel(
            self.state.legal_actions(),
            count=self.sel["count"],
            attribute=self.sel["attribute"],
            next=self.sel["next"],
        )
        self._keep(panel)
        return panel

    def _keep(self, panel: BidPanel) -> None:
        self.sel = {"count": panel.count, "attribute": panel.attribute, "next": panel.next}

    @property
    def odds_on(self) -> bool:
        return self.ctx.saves.pref(ODDS_PREF, "0") == "1"

    # -- acting -----------------------------------------------------------------------------
    def _apply(self, action: dict[str, Any]) -> bool:
        assert self.state is not None
        actor = self.state.to_play[0]
        try:
            self.state.apply(action)
        except spygames.IllegalAction as exc:
            self.ctx.refuse(f"That move is not allowed: {exc.reason}.")
            return False
        self.log.extend(self.narrator.entries(actor, action, self.state))
        self.sel = {"count": 0, "attribute": None, "next": None}
        if action["type"] != "bid":
            self.steps.start(reduced_motion=self.ctx.reduced_motion)
        if not self.seats[actor].is_human:
            self.ctx.effect("announce", self.narrator.said(actor, action))
        self._save()
        return True

    def pending_delay(self) -> int | None:
        if self.hints.thinking:
            return 0
        if self.stepping:
            return self.pace.ms
        if self.reveal_pending:
            return None
        return super().pending_delay()

    def tick(self) -> None:
        if self.hints.thinking:
            self.hints.step()
        elif self.stepping:
            self.steps.advance()
        else:
            self._bot_turn()

    def _bot_move(self, seat: int) -> None:
        assert self.state is not None
        advice = self.bots[seat].advise(self.state.view(seat), self.state.legal_actions())
        self._apply(advice.action)

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
            self.undo.run()
            return
        if act == "hint":
            self.hints.ask()
            return
        if not self.my_turn:
            return
        self._bid_act(act, arg)

    def _bid_act(self, act: str, arg: str) -> None:
        """A click in the bid panel, on the person's own turn."""
        panel = self.panel()
        if act == "count":
            panel.step(1 if arg == "+" else -1)
        elif act == "attr":
            panel.choose(arg)
        elif act == "next" and arg.isdigit():
            panel.name_next(int(arg))
        elif act == "bid":
            bid = panel.action
            if bid is None:
                self.ctx.refuse("Choose a role, faction or city to bid on first.")
                return
            self._apply(bid)
            self._after_own_move()
            return
        elif act in ("call", "spot"):
            self._apply({"type": act})
            self._after_own_move()
            return
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
        if self.state is None:
            return False
        if key in ("n", "N") and self.holding_showdown:
            self.handle("continue", "")
            return True
        if key in ("u", "U") and self.undo.offered:
            self.handle("undo", "")
            return True
        if not self.my_turn:
            return False
        if key in KEYS_COUNT:
            if not self.panel().counts:
                return False  # no bid is left to make: let the arrows scroll
            self.handle("count", KEYS_COUNT[key])
        elif key in KEYS_ATTR:
            self.handle("attr", KEYS_ATTR[key])
        elif key in ("b", "B"):
            self.handle("bid", "")
        elif key in ("h", "H"):
            self.handle("hint", "")
        elif key in ("c", "C", "s", "S"):
            if not self.panel().can_call:
                return False
            self.handle("call" if key in ("c", "C") else "spot", "")
        else:
            return False
        return True

    @classmethod
    def rules_html(cls) -> str:
        return rules_html()

    # -- rendering --------------------------------------------------------------------------
    def render(self) -> str:
        if self.state is None:
            return f'<div class="esp">{setup_html(self.setup_seats, self.seed)}</div>'
        view = self.public()
        # One grid: on a wide screen your move sits beside the felt, above the log; on a
        # phone it follows the felt, and the table's tools come after it.
        parts = [
            cards.sprite(),
            '<div class="esp-layout">',
            bar_html(self, view),
            felt_html(self, view),
            '<div class="esp-controls">',
            self._actions(view),
            self.hints.row(),
            "</div>",
            '<div class="esp-side">',
            share_html(self),
            table_log_html(self),
            deal_form(self.state.seed if self.state else None, label="Deal"),
            "</div>",
            "</div>",
            rules_panel(self),
        ]
        return f'<div class="esp esp-n{len(self.seats)}" id="esp-table">{"".join(parts)}</div>'

    def _actions(self, view: dict[str, Any]) -> str:
        """The action area under the felt: the showdown's way on, the end, the hand-over,
        your bid panel, or who is thinking."""
        assert self.state is not None
        if self.holding_showdown:
            return reveal_html(self)
        if view["over"]:
            return end_html(self, view)
        cur = self.current
        assert cur is not None
        if self.handoff_needed:
            return handoff_html("esp", self.name(cur))
        if self.my_turn:
            return bid_panel_html(self, view)
        return (
            '<section class="esp-act esp-wait" aria-live="polite">'
            f'<p><span class="esp-dots" aria-hidden="true"></span>{esc(self.name(cur))} '
            "is thinking…</p></section>"
        )
