"""The SpyNet table: every tableau, the piles, your hand and what your turn allows.

It renders `state.view(seat)` for the one seat being shown and sends actions to the
engine; the engine decides every rule (controls come from `legal_actions()`, refusals
are explained with `why_illegal`). With two or more people at the table a "pass the
device" screen stands between their decisions, and only the holder's hand, pile
memories and team missions are ever put in the HTML.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import spygames

from ..deals import new_seed
from ..screen import Context, GameScreen
from ..seats import Seat
from ..tabletools import LogEntry, Pace
from . import gallery
from .deploy import Selection
from .log import Narrator, Who
from .model import CARD, DeployChoices, EffectChoices, kind, public
from .rules import rules_html
from .setup import last_seats, last_situation, options_for, parse, remember, seats_for
from .view import render_table

PACES = {"slow": 1500, "normal": 800, "fast": 150}
PACE_PREF = "spynet-pace"
BOT_SLICE_S = 0.03  # longest stretch of a bot's thinking between two paints
KEYS = {"r": "recruit", "d": "deploy", "t": "take", "p": "pass_on", "e": "end", "x": "clear"}


class SpyNetTable(GameScreen):
    game_id = "spynet"
    title = "SpyNet — spygames"

    def __init__(
        self,
        ctx: Context,
        state: spygames.State | None = None,
        seed: int | None = None,
        *,
        new: bool = False,
    ) -> None:
        super().__init__(ctx, state, seed, new=new)
        self.game = spygames.get_game("spynet")
        self.seed = seed
        self.state: spygames.State | None = None
        self.seats: list[Seat] = []
        self.who = Who([], 2)
        self.bots: dict[int, spygames.Bot] = {}
        self.bots_ready = False
        self.thinking: Iterator[spygames.Advice | None] | None = None
        self.log: list[LogEntry] = []
        self.holder: int | None = None  # pass-and-play: the person holding the device
        self.hand_before: dict[int, set[str]] = {}  # to mark the cards new since
        self.sel = Selection()
        self.show_rules = False
        self.show_share = False
        self.setup_seats = last_seats(ctx.saves)
        self.setup_situation = last_situation(ctx.saves)
        if state is not None:
            self._open(state)
            self._begin()
            self.ctx.navigate("#/spynet")  # a reload resumes it, not opens the link again
        elif seed is None and not new:
            saved = self._resume()
            if saved is not None:
                self._open(saved)

    # -- opening and saving ---------------------------------------------------------------
    def _open(self, state: spygames.State) -> None:
        self.state = state
        self.seats = seats_for(state.options, state.players)
        self.who = Who(self.seats, state.players)
        self.bots = {
            i: self.game.bot(s.level, seed=spygames.bot_seed(state.seed, i))
            for i, s in enumerate(self.seats)
            if not s.is_human
        }
        self.bots_ready = False
        self.thinking = None
        self.holder = None
        self.hand_before = {}
        self.sel = Selection()
        self.log = self._replay_log(state.record())

    def _start(self, seats: list[Seat], situation: str, seed: int | None) -> None:
        state = self.game.new(
            seed=new_seed() if seed is None else seed,
            players=len(seats),
            options=options_for(seats, situation),
        )
        remember(self.ctx.saves, seats, situation)
        self.setup_seats, self.setup_situation = seats, situation
        self._open(state)
        self._begin()
        self.ctx.navigate("#/spynet")

    def summary(self) -> dict[str, Any]:
        assert self.state is not None
        view = self.state.view(0)
        progress = (
            "Opening draft"
            if view["phase"] == "draft"
            else f"Turn {view['turn_number']} · deck {view['deck']}"
        )
        summary: dict[str, Any] = {
            "over": self.state.is_over,
            "progress": progress,
            "players": ", ".join(
                s.name if s.is_human else f"{s.name} ({s.level})" for s in self.seats
            ),
        }
        result = self.state.result
        if result is not None:
            scores = result["scores"]
            winners = {self.who.team_of[s] for s in result["winners"]}
            summary["result"] = (
                " and ".join(self.who.team_name(t) for t in sorted(winners))
                + f" won, {'–'.join(str(p) for p in scores)}"
            )
            people = self.humans
            levels = "/".join(sorted({s.level for s in self.seats if not s.is_human}))
            table = (
                f"{len(self.seats)} players · "
                + (f"bots {levels}" if levels else "no bots")
                + (" · pass-and-play" if len(people) > 1 else "")
            )
            mine = self.who.team_of[people[0]] if len(people) == 1 else None
            summary["outcome"] = {
                "won": (people[0] in result["winners"]) if mine is not None else None,
                "score": scores[mine] if mine is not None else None,
                "table": table,
            }
        return summary

    # -- who is who -----------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def pass_and_play(self) -> bool:
        return len(self.humans) >= 2

    @property
    def current(self) -> int | None:
        if self.state is None or self.state.is_over:
            return None
        return self.state.to_play[0]

    @property
    def handoff_needed(self) -> bool:
        cur = self.current
        return (
            self.pass_and_play
            and cur is not None
            and self.seats[cur].is_human
            and self.holder != cur
        )

    @property
    def viewer(self) -> int | None:
        """The seat whose hand may be shown now (None: every hand stays hidden)."""
        if not self.humans:
            return None
        if not self.pass_and_play:
            return self.humans[0]
        return None if self.handoff_needed else self.holder

    @property
    def my_turn(self) -> bool:
        cur = self.current
        return cur is not None and cur == self.viewer and self.seats[cur].is_human

    def bottom(self) -> int:
        """Whose tableau is drawn wide at the bottom."""
        if self.viewer is not None:
            return self.viewer
        cur = self.current
        if cur is not None and self.seats[cur].is_human:
            return cur
        return self.humans[0] if self.humans else 0

    def shown_view(self) -> dict[str, Any]:
        """The viewer's view, or with nobody holding the device one with nothing private."""
        assert self.state is not None
        if self.state.is_over:
            return self.state.view(self.viewer if self.viewer is not None else self.bottom())
        if self.viewer is None:
            first = self.bottom()
            seats = [first, *(s for s in range(self.state.players) if s != first)]
            return public([self.state.view(s) for s in seats])
        return self.state.view(self.viewer)

    @property
    def pace(self) -> Pace:
        return Pace(self.ctx.saves, PACE_PREF, PACES)

    # -- the log ----------------------------------------------------------------------------
    def _replay_log(self, record: dict[str, Any]) -> list[LogEntry]:
        narrator = Narrator(self.who)
        state = spygames.replay(record, upto=0)
        log = narrator.opening(state)
        for action in record["actions"]:
            actor = state.to_play[0]
            before = state.view(actor)
            state.apply(action)
            log.extend(narrator.entries(before, actor, action, state))
        return log

    # -- acting -----------------------------------------------------------------------------
    def _apply(self, action: dict[str, Any]) -> bool:
        """Send an action to the engine; its refusal is told in its own words."""
        assert self.state is not None
        actor = self.state.to_play[0]
        before = self.state.view(actor)
        try:
            self.state.apply(action)
        except spygames.IllegalAction as exc:
            self.ctx.refuse(f"That move is not allowed: {exc.reason}.")
            return False
        if self.seats[actor].is_human:
            self.hand_before[actor] = set(before["hand"])
        self.log.extend(Narrator(self.who).entries(before, actor, action, self.state))
        self.sel.clear()
        self._save()
        return True

    def pending_delay(self) -> int | None:
        if self.thinking is not None:
            return 0
        cur = self.current
        if cur is None or self.seats[cur].is_human:
            return None
        return self.pace.ms if self.bots_ready else 0

    def tick(self) -> None:
        if self.state is None:
            return
        if self.thinking is not None:
            self._think()
            return
        if self.pending_delay() is None:
            return
        if not self.bots_ready:
            self.bots_ready = all(bot.prepare(BOT_SLICE_S) for bot in self.bots.values())
            return
        seat = self.state.to_play[0]
        self.thinking = self.bots[seat].think(
            self.state.view(seat), self.state.legal_actions(), BOT_SLICE_S
        )
        self._think()

    def _think(self) -> None:
        """One slice of the bot's decision; its move once it has one."""
        assert self.state is not None and self.thinking is not None
        try:
            step = next(self.thinking)
        except StopIteration:  # a bot that never yielded its advice: ask it outright
            seat = self.state.to_play[0]
            step = self.bots[seat].advise(self.state.view(seat), self.state.legal_actions())
        if step is None:
            return
        self.thinking = None
        self._apply(step.action)

    def handle(self, act: str, arg: str) -> None:
        if act == "rules":
            self.show_rules = not self.show_rules
            return
        if gallery.handle(self.ctx.saves, act, arg):
            return
        if act == "pace":
            self.pace.set(arg)
            return
        if act == "share":
            self.show_share = not self.show_share
            return
        if act == "newtable":
            if self.ask_before_leaving(act, arg, "Set up a new table?", "New table"):
                self.ctx.navigate("#/spynet/new")
            return
        if self.state is None:
            return
        if act == "again":
            if self.ask_before_leaving(act, arg, "Start a new deal at this table?", "New deal"):
                self._start(self.seats, self._situation_option(), None)
            return
        if act == "show-hand":
            if self.handoff_needed:
                self.holder = self.current
            return
        if act == "clear":
            self.sel.clear()
            return
        if not self.my_turn:
            return
        self._turn_act(act, arg)

    def _situation_option(self) -> str:
        assert self.state is not None
        value = self.state.options.get("situation")
        return value if isinstance(value, str) else ""

    def _turn_act(self, act: str, arg: str) -> None:
        """A click that belongs to the person's own turn."""
        simple = {
            "recruit": "recruit",
            "deploy": "deploy",
            "take": "take",
            "pass_on": "pass_on",
            "end": "end_turn",
            "draw": "draw",
            "skip": "skip_effect",
        }
        card, _, branch = arg.partition("@")
        if act in simple:
            self._apply({"type": simple[act]})
        elif act == "pick":
            self._pick(arg)
        elif act == "fund":
            self._fund(arg)
        elif act == "agent":
            self._apply(
                {
                    "type": "agent",
                    "card": card or self.sel.card or "",
                    "branch": branch,
                    "funding": list(self.sel.funding),
                }
            )
        elif act == "mission":
            self._apply({"type": "mission", "card": card, "branch": branch})
        elif act in ("keep", "pass", "discard_card", "eliminate"):
            self._apply({"type": act, "card": arg})
        elif act == "discard" and arg.lstrip("-").isdigit():
            self._apply({"type": "discard", "seat": int(arg)})
        elif act == "flip":
            self._apply({"type": "flip", "card": card, "branch": branch})
        elif act == "target":
            self._target(arg)

    def _pick(self, card: str) -> None:
        assert self.state is not None
        sel = self.sel
        choices = DeployChoices.from_legal(self.state.legal_actions())
        if (
            card in CARD
            and kind(card) == "funding"
            and sel.card is not None
            and card in choices.funding_cards(sel.card)
        ):
            self._fund(card)
            return
        if sel.card == card:
            sel.clear()
        else:
            sel.card, sel.funding = card, []

    def _fund(self, card: str) -> None:
        assert self.state is not None
        sel = self.sel
        if sel.card is None or card not in CARD or kind(card) != "funding":
            return
        choices = DeployChoices.from_legal(self.state.legal_actions())
        if choices.can_toggle(sel.card, sel.funding, card):
            sel.funding = sorted(set(sel.funding) ^ {card})
            return
        branches = list(choices.agents.get(sel.card, {})) or ["ops"]
        trial = sorted(set(sel.funding) ^ {card})
        reason = self.state.why_illegal(
            {"type": "agent", "card": sel.card, "branch": branches[0], "funding": trial}
        )
        self.ctx.refuse(f"That funding cannot go on it: {reason or 'not now'}.")

    def _target(self, card: str) -> None:
        """An agent picked on the table for the pending effect."""
        assert self.state is not None
        choices = EffectChoices.from_legal(self.state.legal_actions())
        if card in choices.eliminate:
            self._apply({"type": "eliminate", "card": card})
        elif card in choices.flips:
            branches = choices.flips[card]
            if len(branches) == 1:
                self._apply({"type": "flip", "card": card, "branch": branches[0]})
            else:
                self.sel.flip = card

    def drop(self, dragged: str, act: str, arg: str) -> None:
        """A hand card dropped on a column of your tableau (`place`) or on the pass slot:
        the same move as picking it and choosing there; the engine judges it."""
        if not self.my_turn or self.state is None or dragged not in CARD:
            return
        if self.sel.card != dragged:
            self.sel.card, self.sel.funding = dragged, []
        if act == "pass":
            self._apply({"type": "pass", "card": dragged})
        elif act == "place" and kind(dragged) == "agent":
            self._turn_act("agent", f"{dragged}@{arg}")
        elif act == "place":
            self._apply({"type": "mission", "card": dragged, "branch": arg})

    def submit(self, act: str, values: dict[str, str]) -> None:
        if act == "deal":
            self.play_deal(values)
            return
        if act != "start":
            return
        seats, situation, problem = parse(values)
        self.setup_seats, self.setup_situation = seats, situation
        if problem:
            self.ctx.refuse(problem)
            return
        self._start(seats, situation, self.seed)

    def key(self, key: str) -> bool:
        """Shortcuts: R recruit, D deploy, T take, P pass on, E end turn, X clear."""
        name = KEYS.get(key.lower())
        if name is None or self.state is None or not self.my_turn:
            return False
        legal = {a["type"] for a in self.state.legal_actions()}
        wanted = {"end": "end_turn"}.get(name, name)
        if name != "clear" and wanted not in legal:
            return False
        self.handle(name, "")
        return True

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
        return render_table(self)
