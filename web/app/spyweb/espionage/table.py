"""The Espionage table: seats around the felt, your hand, the bid panel, the showdown.

It renders `state.view(seat)` for the one seat being shown and sends actions to the
engine; the engine decides every rule. With two or more people at the table a
"pass the device" screen stands between their turns and only the holder's hand is
ever put in the HTML.
"""

from __future__ import annotations

from typing import Any

import spygames
from spygames.espionage.cards import ATTRIBUTE_NAMES, ATTRIBUTES, bid_words
from spygames.espionage.odds import chance_at_least, chance_exactly

from ..deals import deal_form, new_seed
from ..markup import attrs, esc
from ..screen import Context, GameScreen
from ..share import replay_buttons, share_panel
from ..tabletools import LogEntry, Pace, handoff_html, log_html
from . import cards
from .bidpanel import GROUPS, BidPanel
from .hint import Hints
from .rules import rules_html
from .seats import Seat, last_seats, parse, remember_last, seat_options, seats_for, setup_html
from .showdown import Steps, before_outcome, reveal_html, showdown_html
from .undo import Undo

PACES = {"slow": 1600, "normal": 900, "fast": 350}
PACE_PREF = "espionage-pace"
BOT_SLICE_S = 0.03  # longest stretch of bot preparation between two paints
ODDS_PREF = "espionage-odds"
CROWN = ' <span class="esp-crown">★ winner</span>'
KEYS_ATTR = {str(i + 1): a for i, a in enumerate(ATTRIBUTES)}
KEYS_COUNT = {"+": "+", "=": "+", "ArrowUp": "+", "-": "-", "ArrowDown": "-"}


def percent(p: float) -> str:
    if p >= 0.995:
        return "over 99%" if p < 1 else "100%"
    if p < 0.005:
        return "under 1%" if p > 0 else "0%"
    return f"{round(p * 100)}%"


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


class EspionageTable(GameScreen):
    game_id = "espionage"
    title = "Espionage — spygames"

    def __init__(
        self,
        ctx: Context,
        state: spygames.State | None = None,
        seed: int | None = None,
        *,
        new: bool = False,
    ) -> None:
        super().__init__(ctx, state, seed, new=new)
        self.game = spygames.get_game("espionage")
        self.seed = seed
        self.state: spygames.State | None = None
        self.seats: list[Seat] = []
        self.bots: dict[int, spygames.Bot] = {}
        self.bots_ready = False
        self.log: list[LogEntry] = []
        self.holder: int | None = None  # pass-and-play: the person holding the device
        self.acked_round = 0  # the showdown (by round) the people have looked at
        self.steps = Steps()  # how far the latest showdown has been shown
        self.sel: dict[str, Any] = {"count": 0, "attribute": None, "next": None}
        self.show_rules = False
        self.show_share = False
        self.setup_seats = last_seats(ctx.saves)
        self.hints = Hints(self)
        self.undo = Undo(self)
        if state is not None:
            self._open(state)
            self._begin()
            self.ctx.navigate("#/espionage")  # a reload resumes it, not opens the link again
        elif seed is None and not new:
            saved = self._resume()
            if saved is not None:
                self._open(saved)

    # -- opening and saving ---------------------------------------------------------------
    def _open(self, state: spygames.State, seats: list[Seat] | None = None) -> None:
        self.state = state
        self.seats = seats or seats_for(state, self.ctx.saves)
        self.bots = {
            i: self.game.bot(s.level, seed=spygames.bot_seed(state.seed, i))
            for i, s in enumerate(self.seats)
            if not s.is_human
        }
        self.bots_ready = False
        self.holder = None
        self.acked_round = 0
        self.steps = Steps()
        self.sel = {"count": 0, "attribute": None, "next": None}
        self.log = self._replay_log(state.record())

    def _start(self, seats: list[Seat], seed: int | None) -> None:
        state = self.game.new(
            seed=new_seed() if seed is None else seed,
            players=len(seats),
            options=seat_options(seats),
        )
        remember_last(self.ctx.saves, seats)
        self.setup_seats = seats
        self._open(state, seats)
        self._begin()
        self.ctx.navigate("#/espionage")

    def summary(self) -> dict[str, Any]:
        assert self.state is not None
        view = self.state.view(0)
        people = self.humans
        summary: dict[str, Any] = {
            "over": self.state.is_over,
            "progress": f"Round {view['round']}",
            "players": ", ".join(
                s.name if s.is_human else f"{s.name} ({s.level})" for s in self.seats
            ),
        }
        result = self.state.result
        if result is not None:
            winner = result["winners"][0]
            summary["result"] = f"{self.name(winner)} won"
            levels = "/".join(sorted({s.level for s in self.seats if not s.is_human}))
            table = (
                f"{len(self.seats)} players · "
                + (f"bots {levels}" if levels else "no bots")
                + (" · pass-and-play" if len(people) > 1 else "")
            )
            summary["outcome"] = {
                "won": winner in people if len(people) == 1 else None,
                "score": None,
                "table": table,
            }
        return summary

    # -- who is who -----------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < len(self.seats) else f"Player {seat + 1}"

    def does(self, seat: int, verb: str, base: str) -> str:
        """ "Agent Vesper opens" but "You open"."""
        name = self.name(seat)
        return f"{name} {base if name == 'You' else verb}"

    def whose(self, seat: int) -> str:
        name = self.name(seat)
        return "your" if name == "You" else f"{name}’s"

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
    def viewer(self) -> int | None:
        """The seat whose hand may be shown now (None: every hand stays hidden)."""
        if not self.humans:
            return None
        if not self.pass_and_play:
            return self.humans[0]
        return None if self.handoff_needed else self.holder

    def public(self) -> dict[str, Any]:
        """A view for what everyone sees (its hand is never used)."""
        assert self.state is not None
        return self.state.view(self.viewer if self.viewer is not None else 0)

    @property
    def revealed(self) -> dict[str, Any] | None:
        if self.state is None:
            return None
        return self.state.view(0)["revealed"]  # public: the same in every seat's view

    @property
    def reveal_pending(self) -> bool:
        """A showdown is on the table and the people have not yet moved on."""
        shown = self.revealed
        if shown is None or self.state is None or self.state.is_over:
            return False
        return shown["round"] != self.acked_round

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
        cur = self.current
        return (
            self.pass_and_play
            and cur is not None
            and not self.reveal_pending
            and self.seats[cur].is_human
            and self.holder != cur
        )

    @property
    def my_turn(self) -> bool:
        cur = self.current
        return (
            cur is not None
            and cur == self.viewer
            and self.seats[cur].is_human
            and not self.reveal_pending
            and not self.handoff_needed
        )

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

    # -- preferences ------------------------------------------------------------------------
    @property
    def pace(self) -> str:
        return Pace(self.ctx.saves, PACE_PREF, PACES).name

    @property
    def odds_on(self) -> bool:
        return self.ctx.saves.pref(ODDS_PREF, "0") == "1"

    # -- the log ----------------------------------------------------------------------------
    def _entries(
        self, before: int, action: dict[str, Any], after: spygames.State
    ) -> list[LogEntry]:
        view = after.view(0)
        out: list[LogEntry] = []
        if action["type"] == "bid":
            out.append(
                LogEntry(
                    "bid",
                    f"{self.name(before)}: at least "
                    f"{bid_words(action['count'], action['attribute'])}"
                    f" → {self.name(action['next'])}",
                )
            )
            return out
        shown = view["last_round"]
        bid = shown["bid"]
        verb = "calls" if shown["kind"] == "call" else "spots"
        out.append(
            LogEntry(
                shown["kind"],
                f"{self.does(before, verb, verb[:-1])} {self.whose(bid['by'])} "
                f"“at least {bid_words(bid['count'], bid['attribute'])}”",
            )
        )
        out.append(LogEntry("outcome", self.outcome_text(shown)))
        if view["over"]:
            out.append(LogEntry("end", self.result_text(view["result"])))
        else:
            out.append(
                LogEntry(
                    "round", f"Round {view['round']} — {self.does(view['opener'], 'opens', 'open')}"
                )
            )
        return out

    def _replay_log(self, record: dict[str, Any]) -> list[LogEntry]:
        state = spygames.replay(record, upto=0)
        log = [
            LogEntry("round", f"Round 1 — {self.does(state.view(0)['opener'], 'opens', 'open')}")
        ]
        for action in record["actions"]:
            before = state.to_play[0]
            state.apply(action)
            log.extend(self._entries(before, action, state))
        return log

    def count_text(self, shown: dict[str, Any]) -> str:
        return (
            f"{plural(shown['matches'], 'match', 'matches')} + "
            f"{plural(shown['mercenaries'], 'Mercenary', 'Mercenaries')} − "
            f"{plural(shown['traitors'], 'Traitor')} = {shown['count']}"
        )

    def outcome_text(self, shown: dict[str, Any]) -> str:
        bid = shown["bid"]
        if shown["kind"] == "call":
            verdict = "the bid holds" if shown["count"] >= bid["count"] else "the bid fails"
        else:
            verdict = "the spot is right" if shown["count"] == bid["count"] else "the spot is wrong"
        text = (
            f"Count: {self.count_text(shown)} — {verdict}. "
            f"{self.does(shown['loser'], 'loses', 'lose')} a Source"
        )
        if shown["point_to"] is not None:
            text += f"; {self.does(shown['point_to'], 'scores', 'score')} a point"
        if shown["eliminated"]:
            text += f"; {self.does(shown['loser'], 'is', 'are')} out"
        return text + "."

    def _verdict(self, shown: dict[str, Any]) -> str:
        verdict = self.outcome_text(shown).split(" — ", 1)[1]
        return verdict[0].upper() + verdict[1:]

    def result_text(self, result: dict[str, Any]) -> str:
        winner = result["winners"][0]
        if result["points"][winner] >= 3:
            return f"{self.does(winner, 'wins', 'win')} with {result['points'][winner]} points."
        return f"{self.does(winner, 'wins', 'win')} as the last tracker with active Sources."

    # -- acting -----------------------------------------------------------------------------
    def _apply(self, action: dict[str, Any]) -> bool:
        assert self.state is not None
        actor = self.state.to_play[0]
        try:
            self.state.apply(action)
        except spygames.IllegalAction as exc:
            self.ctx.refuse(f"That move is not allowed: {exc.reason}.")
            return False
        self.log.extend(self._entries(actor, action, self.state))
        self.sel = {"count": 0, "attribute": None, "next": None}
        if action["type"] != "bid":
            self.steps.start(reduced_motion=self.ctx.reduced_motion)
        if not self.seats[actor].is_human:
            self.ctx.effect("announce", self.said(actor, action))
        self._save()
        return True

    def said(self, seat: int, action: dict[str, Any]) -> str:
        """A move in words, for a screen reader: "Rook bids at least 2 Faces, to Ann."."""
        if action["type"] == "bid":
            return (
                f"{self.does(seat, 'bids', 'bid')} at least "
                f"{bid_words(action['count'], action['attribute'])}, "
                f"to {self.name(action['next'])}."
            )
        verb = "calls" if action["type"] == "call" else "spots"
        return f"{self.does(seat, verb, verb[:-1])}!"

    def pending_delay(self) -> int | None:
        if self.hints.thinking:
            return 0
        if self.stepping:
            return PACES[self.pace]
        cur = self.current
        if cur is None or self.reveal_pending or self.seats[cur].is_human:
            return None
        return PACES[self.pace] if self.bots_ready else 0

    def tick(self) -> None:
        if self.hints.thinking:
            self.hints.step()
            return
        if self.stepping:
            self.steps.advance()
            return
        if self.pending_delay() is None or self.state is None:
            return
        if not self.bots_ready:
            # One-off bot tables are built in short slices so the page never freezes.
            self.bots_ready = all(bot.prepare(BOT_SLICE_S) for bot in self.bots.values())
            return
        seat = self.state.to_play[0]
        advice = self.bots[seat].advise(self.state.view(seat), self.state.legal_actions())
        self._apply(advice.action)

    def handle(self, act: str, arg: str) -> None:
        if act == "rules":
            self.show_rules = not self.show_rules
            return
        if act == "pace":
            Pace(self.ctx.saves, PACE_PREF, PACES).set(arg)
            return
        if act == "odds":
            self.ctx.saves.set_pref(ODDS_PREF, "0" if self.odds_on else "1")
            return
        if act == "share":
            self.show_share = not self.show_share
            return
        if act == "newtable":
            if self.ask_before_leaving(act, arg, "Set up a new table?", "New table"):
                self.ctx.navigate("#/espionage/new")
            return
        if self.state is None:
            return
        if act == "again":
            if self.ask_before_leaving(act, arg, "Start a new deal at this table?", "New deal"):
                self._start(self.seats, None)
            return
        if act == "continue":
            self.steps.finish()
            if self.reveal_pending:
                self.acked_round = self.revealed["round"]  # type: ignore[index]
                self.holder = None
            return
        if act == "show-hand":
            if self.handoff_needed:
                self.holder = self.current
            return
        if act == "undo":
            self.undo.run()
            return
        if act == "hint":
            self.hints.ask()
            return
        if not self.my_turn:
            return
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

    def submit(self, act: str, values: dict[str, str]) -> None:
        if act == "deal":
            self.play_deal(values)
            return
        if act != "start":
            return
        seats, problem = parse(values)
        self.setup_seats = seats
        if problem:
            self.ctx.refuse(problem)
            return
        self._start(seats, self.seed)

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
            self._bar(view),
            self._felt(view),
            '<div class="esp-controls">',
            self._actions(view),
            self.hints.row(),
            "</div>",
            '<div class="esp-side">',
            self._share_html(),
            self._log_html(),
            deal_form(self.state.seed if self.state else None, label="Deal"),
            "</div>",
            "</div>",
        ]
        if self.show_rules:
            parts.append(
                '<aside class="esp-rules-panel rules" id="esp-rules-panel" aria-label="Rules">'
                f"{rules_html()}"
                '<button type="button" class="btn" data-act="rules" id="esp-rules-close">'
                "Close the rules</button></aside>"
            )
        return f'<div class="esp esp-n{len(self.seats)}" id="esp-table">{"".join(parts)}</div>'

    def _bar(self, view: dict[str, Any]) -> str:
        assert self.state is not None
        odds = self.odds_on
        round_, dealt = view["round"], view["dealt"]
        shown = self.revealed
        if self.holding_showdown and shown is not None:  # not the next round yet
            round_, dealt = shown["round"], sum(len(h) for h in shown["hands"])
        return (
            '<div class="esp-top"><header class="esp-bar">'
            '<h1 class="esp-title"><span class="esp-emblem" aria-hidden="true">◉</span> '
            "Espionage</h1>"
            f'<p class="esp-meta">Round {round_} · <span class="esp-meta-dealt">'
            f"{dealt} cards dealt · </span>"
            f"Deal #{self.state.seed}</p></header>"
            '<div class="esp-tools">'
            f"{Pace(self.ctx.saves, PACE_PREF, PACES).buttons('esp')}"
            f'<button type="button" class="btn btn-quiet esp-toggle" data-act="odds" id="esp-odds" '
            f'aria-pressed="{"true" if odds else "false"}">'
            f"{'☑' if odds else '☐'} Show odds</button>"
            '<button type="button" class="btn btn-quiet" data-act="rules" id="esp-rules" '
            f'aria-expanded="{"true" if self.show_rules else "false"}">Rules</button>'
            '<button type="button" class="btn btn-quiet" data-act="share" id="esp-share" '
            f'aria-expanded="{"true" if self.show_share else "false"}">Share</button>'
            '<button type="button" class="btn btn-quiet" data-act="newtable" id="esp-newtable">'
            "New table</button></div></div>"
        )

    # the felt: seats around the table
    def _bottom(self) -> int:
        if self.viewer is not None:
            return self.viewer
        cur = self.current
        if cur is not None and self.seats[cur].is_human:
            return cur
        return self.humans[0] if self.humans else 0

    def _felt(self, view: dict[str, Any]) -> str:
        n = len(self.seats)
        bottom = self._bottom()
        others = [(bottom + k) % n for k in range(1, n)]
        opp = "".join(self._seat(view, s) for s in others)
        return (
            '<section class="esp-felt" aria-label="The table">'
            f'<ol class="esp-opponents esp-opp{len(others)}">{opp}</ol>'
            f'<div class="esp-center">{self._center(view)}</div>'
            f'<ol class="esp-mine">{self._seat(view, bottom, mine=True)}</ol>'
            "</section>"
        )

    def _bubbles(self, view: dict[str, Any]) -> dict[int, tuple[str, bool]]:
        """What each seat last said this round: (html, is it the latest)."""
        said: dict[int, tuple[str, bool]] = {}
        shown = self.revealed if (self.reveal_pending or view["over"]) else None
        if shown is not None:
            bid = shown["bid"]
            said[bid["by"]] = (self._bid_words(bid["count"], bid["attribute"]), False)
            said[shown["by"]] = ("Call!" if shown["kind"] == "call" else "Spot!", True)
            return said
        history = view["history"]
        for i, b in enumerate(history):
            said[b["by"]] = (self._bid_words(b["count"], b["attribute"]), i == len(history) - 1)
        return said

    def _bid_words(self, count: int, attribute: str) -> str:
        return f'<span class="esp-bid-n">{count}</span> {cards.label(attribute)}'

    def _seat(self, view: dict[str, Any], seat: int, *, mine: bool = False) -> str:
        p = view["players"][seat]
        info = self.seats[seat]
        shown = self.revealed if (self.reveal_pending or view["over"]) else None
        outcome = shown is not None and self.steps.has("outcome")
        if shown is not None and not outcome:  # the seats as they stood before the count
            p = before_outcome(shown, view["players"])[seat]
        cls = ["esp-seat", f"esp-seat-{seat}"]
        if mine:
            cls.append("esp-seat-mine")
        if seat == self.current and not self.reveal_pending:
            cls.append("esp-turn")
        if not p["active"]:
            cls.append("esp-out")
        lost = outcome and shown is not None and shown["loser"] == seat
        scored = outcome and shown is not None and shown["point_to"] == seat
        if lost:
            cls.append("esp-lost")
        if scored:
            cls.append("esp-scored")
        tag = "Person" if info.is_human else f"Bot · {info.level}"
        if seat == self.viewer:
            tag = "You" if not self.pass_and_play else "You · holding the device"
        status = ""
        if not p["active"]:
            status = '<span class="esp-status">Out</span>'
        elif seat == self.current and not self.reveal_pending:
            status = '<span class="esp-status esp-status-turn">To play</span>'
        tokens = "".join(
            f'<li class="esp-token esp-active" title="Active Source">{cards.icon("source")}</li>'
            for _ in range(p["sources"])
        ) + "".join(
            f'<li class="esp-token esp-under{" esp-token-new" if lost and k == 0 else ""}" '
            f'title="Underground Source">{cards.icon("source")}</li>'
            for k in range(p["underground"])
        )
        bubble = ""
        said = self._bubbles(view).get(seat)
        if said:
            bubble = (
                f'<p class="esp-bubble{" esp-bubble-new" if said[1] else ""}" '
                f'id="esp-bubble-{seat}">{said[0]}</p>'
            )
        if shown is not None:
            lit = shown["attribute"] if self.steps.has("matches") else None
            hand = cards.hand(
                shown["hands"][seat], lit=lit, size="" if mine else "sm",
                label_=f"{self.name(seat)} showed",
            )  # fmt: skip
        elif mine and seat == self.viewer:
            hand = cards.hand(view["hand"] if view["seat"] == seat else [], label_="Your hand")
        else:
            hand = cards.backs(p["hand_size"], "" if mine else "sm", f"{self.name(seat)}’s cards")
        # a phone shows an opponent's cards as a count in their compact seat
        held = (
            f'<span class="esp-held" aria-hidden="true">{plural(p["hand_size"], "card")}</span>'
            if shown is None and not mine
            else ""
        )
        points = p["points"]
        stars = "★" * points + "☆" * max(0, view["points_to_win"] - points)
        gain = '<span class="esp-gain">+1 point</span>' if scored else ""
        loss = '<span class="esp-loss">−1 Source</span>' if lost else ""
        initials = "".join(w[0] for w in info.name.split()[:2]).upper() or "?"
        emblem = "" if info.is_human else '<span class="esp-bot-mark" aria-hidden="true">⚙</span>'
        return (
            f'<li class="{" ".join(cls)}" id="esp-seat-{seat}" data-seat="{seat}">'
            '<div class="esp-seat-head">'
            f'<span class="esp-avatar esp-av-{seat}" aria-hidden="true">'
            f"{esc(initials)}{emblem}</span>"
            f'<span class="esp-who"><strong class="esp-name">{esc(info.name)}</strong>'
            f'<span class="esp-tag">{esc(tag)}</span></span>{status}</div>'
            f"{bubble}"
            '<div class="esp-stats">'
            f'<ul class="esp-tokens" aria-label="{p["sources"]} active, '
            f'{p["underground"]} underground Sources">{tokens}</ul>'
            f'<span class="esp-points"><span class="sr-only">{plural(points, "point")}</span>'
            f'<span aria-hidden="true">{stars}</span></span>{held}{gain}{loss}</div>'
            f"{hand}</li>"
        )

    def _center(self, view: dict[str, Any]) -> str:
        shown = self.revealed if (self.reveal_pending or view["over"]) else None
        if shown is not None:
            return showdown_html(self, shown)
        bid = view["bid"]
        if bid is None:
            opener = view["opener"]
            return (
                '<div class="esp-plaque esp-plaque-empty"><p>No bid yet this round.</p>'
                f"<p>{esc(self.does(opener, 'opens', 'open'))}.</p></div>"
            )
        odds = ""
        if self.odds_on and self.viewer is not None and not self.handoff_needed:
            me = self.state.view(self.viewer)  # type: ignore[union-attr]
            if me["hand"]:
                hold = chance_at_least(me["hand"], bid["attribute"], bid["count"], me["dealt"])
                exact = chance_exactly(me["hand"], bid["attribute"], bid["count"], me["dealt"])
                odds = (
                    f'<p class="esp-odds" id="esp-odds-line">From your hand: it holds '
                    f"<strong>{percent(hold)}</strong> · exactly right "
                    f"<strong>{percent(exact)}</strong></p>"
                )
        return (
            '<div class="esp-plaque" aria-live="polite"><p class="esp-plaque-label">Standing bid'
            '</p><p class="esp-plaque-bid">at least '
            f"{self._bid_words(bid['count'], bid['attribute'])}"
            f'</p><p class="esp-plaque-by">by {esc(self.name(bid["by"]))} · '
            f"{esc(self.name(view['to_play'][0]) if view['to_play'] else '')} to answer</p>"
            f"{odds}</div>"
        )

    # the action area under the felt
    def _actions(self, view: dict[str, Any]) -> str:
        assert self.state is not None
        if self.holding_showdown:
            return reveal_html(self)
        if view["over"]:
            return self._end(view)
        cur = self.current
        assert cur is not None
        if self.handoff_needed:
            return handoff_html("esp", self.name(cur))
        if self.my_turn:
            return self._bid_panel(view)
        return (
            '<section class="esp-act esp-wait" aria-live="polite">'
            f'<p><span class="esp-dots" aria-hidden="true"></span>{esc(self.name(cur))} '
            "is thinking…</p></section>"
        )

    def _bid_panel(self, view: dict[str, Any]) -> str:
        panel = self.panel()
        bid = view["bid"]
        standing = ""
        if bid is not None:
            standing = (
                '<div class="esp-answer"><p>Answer '
                f"{esc(self.whose(bid['by']))} bid, or raise it:</p>"
                f'<button type="button" class="btn btn-danger{self._hinted("call")}" '
                f'data-act="call" id="esp-call"'
                f"{'' if panel.can_call else ' disabled'}>Call — too high "
                '<span class="kbd">C</span></button>'
                f'<button type="button" class="btn{self._hinted("spot")}" data-act="spot" '
                f'id="esp-spot"'
                f"{'' if panel.can_spot else ' disabled'}>Spot — exactly right "
                '<span class="kbd">S</span></button></div>'
            )
        if not panel.counts:
            return f'<section class="esp-act esp-panel" aria-label="Your move">{standing}</section>'
        ok = panel.attributes()
        groups = []
        for title, members in GROUPS:
            buttons = "".join(
                f'<button type="button" class="esp-pick esp-a-{a}'
                f'{" on" if panel.attribute == a else ""}" data-act="attr" data-arg="{a}" '
                f'id="esp-attr-{a}" aria-pressed="{"true" if panel.attribute == a else "false"}"'
                f"{'' if ok[a] else ' disabled'}>{cards.icon(a)}<span>{ATTRIBUTE_NAMES[a]}</span>"
                f'<span class="kbd">{ATTRIBUTES.index(a) + 1}</span></button>'
                for a in members
            )
            groups.append(
                f'<fieldset class="esp-group"><legend>{title}</legend>'
                f'<div class="esp-picks">{buttons}</div></fieldset>'
            )
        nexts = "".join(
            f'<button type="button" class="esp-pick esp-next{" on" if panel.next == s else ""}" '
            f'data-act="next" data-arg="{s}" id="esp-next-{s}" '
            f'aria-pressed="{"true" if panel.next == s else "false"}">'
            f'<span class="esp-avatar esp-av-{s} esp-avatar-xs" aria-hidden="true"></span>'
            f"{esc(self.name(s))}</button>"
            for s in panel.nexts
        )
        action = panel.action
        if action is not None:
            label = (
                f"Bid {bid_words(action['count'], action['attribute'])} → "
                f"{self.name(action['next'])}"
            )
        else:
            label = "Bid — choose what to bid on"
        bid_attrs = attrs(
            type="button",
            class_=f"btn btn-primary esp-bidbtn{self._hinted('bid')}",
            data_act="bid",
            id="esp-bid",
            disabled=action is None,
        )
        odds = ""
        if self.odds_on and panel.attribute is None:  # the odds are on: say where they show
            odds = (
                '<p class="esp-odds" id="esp-odds-pick">Pick a role, faction or city to see '
                "the odds of your bid.</p>"
            )
        elif self.odds_on and panel.attribute is not None:
            me = self.state.view(self.viewer)  # type: ignore[union-attr, arg-type]
            hold = chance_at_least(me["hand"], panel.attribute, panel.count, me["dealt"])
            odds = (
                f'<p class="esp-odds">This bid would hold {percent(hold)} of the time, '
                "judging by your hand.</p>"
            )
        return (
            '<section class="esp-act esp-panel" aria-label="Your move">'
            f"{standing}"
            '<div class="esp-step"><span class="esp-step-label" id="esp-count-label">At least'
            "</span>"
            f'<button type="button" class="esp-stepbtn" data-act="count" data-arg="-" '
            f'id="esp-count-dec" aria-label="Fewer"'
            f"{'' if panel.can_lower else ' disabled'}>−</button>"
            f'<output class="esp-count" id="esp-count" aria-labelledby="esp-count-label">'
            f"{panel.count}</output>"
            f'<button type="button" class="esp-stepbtn" data-act="count" data-arg="+" '
            f'id="esp-count-inc" aria-label="More"'
            f"{'' if panel.can_raise else ' disabled'}>+</button>"
            f'<span class="esp-step-of">of {view["dealt"]} cards</span>'
            '<span class="esp-step-keys" id="esp-count-keys"><span class="kbd">−</span> '
            '<span class="kbd">+</span> or <span class="kbd">↓</span> <span class="kbd">↑</span>'
            "</span></div>"
            f'<div class="esp-groups">{"".join(groups)}</div>'
            '<fieldset class="esp-group esp-group-next"><legend>Who goes next</legend>'
            f'<div class="esp-picks">{nexts}</div></fieldset>'
            f"{odds}"
            f"<button{bid_attrs}>"
            f'{esc(label)} <span class="kbd">B</span></button>'
            "</section>"
        )

    def _hinted(self, kind: str) -> str:
        return " esp-hinted" if self.hints.hinted(kind) else ""

    def _end(self, view: dict[str, Any]) -> str:
        result = view["result"]
        winner = result["winners"][0]
        rows = "".join(
            f'<tr class="{"esp-winner" if s == winner else ""}"><th scope="row">'
            f"{esc(self.name(s))}{CROWN if s == winner else ''}</th>"
            f"<td>{result['points'][s]}</td><td>{result['sources'][s]}</td></tr>"
            for s in range(len(self.seats))
        )
        you_won = winner in self.humans and not self.pass_and_play
        head = "You win!" if you_won else f"{self.name(winner)} wins!"
        return (
            '<section class="esp-act esp-end" aria-labelledby="esp-end-title">'
            f'<h2 id="esp-end-title">{esc(head)}</h2>'
            f'<p class="esp-end-reason">{esc(self.result_text(result))}</p>'
            '<table class="esp-scores"><thead><tr><th scope="col">Tracker</th>'
            '<th scope="col">Points</th><th scope="col">Active Sources</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>"
            '<div class="esp-end-actions">'
            '<button type="button" class="btn btn-primary" data-act="again" id="esp-again">'
            "Play again</button>"
            '<button type="button" class="btn" data-act="newtable" id="esp-newtable-end">'
            "New table</button>"
            + replay_buttons(self.state.record(), self.humans[0] if self.humans else 0)  # type: ignore[union-attr]
            + "</div></section>"
        )

    def _share_html(self) -> str:
        if not self.show_share or self.state is None:
            return ""
        return share_panel(
            self.ctx,
            self.share_record(),
            title=f"Share deal #{self.state.seed}",
            note="The link seats the same table (names, people and bots) and deals the same "
            "cards from the start.",
            close=("share", ""),
        )

    def _log_html(self) -> str:
        """The log keeps pace with the showdown: its outcome once the count is shown,
        the next round (or the game's end) once the people move on."""
        log = self.log
        if self.holding_showdown and log and log[-1].kind in ("round", "end"):
            log = log[:-1]
        if self.stepping and not self.steps.has("outcome") and log and log[-1].kind == "outcome":
            log = log[:-1]
        return log_html(log, "esp")
