"""The Hint: what the hard bot would do in the person's seat, and why, in plain words.

The bot decides from `state.view(seat)` and the legal actions only, like any bot. Its
one-off tables are built with `Bot.prepare` and its decision taken with `Bot.think`, a
slice at a time between paints (the table's `tick`), so the page never freezes; once
the tables exist (a hard bot at the table has built them) the answer comes at once.
The hint belongs to one position: any move, or an undo, leaves it behind.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import spygames
from spygames.espionage.bots import HardBot
from spygames.espionage.cards import bid_words

from ..markup import attrs, esc

if TYPE_CHECKING:
    from .table import EspionageTable

Position = tuple[spygames.State, int] | None
HINT_SLICE_S = 0.03  # longest stretch of the hint's work between two paints


def chance(p: float) -> str:
    """ "a 23% chance", "an 8% chance", "less than a 1% chance"."""
    if p <= 0:
        return "no chance"
    if p < 0.005:
        return "less than a 1% chance"
    if 0.995 <= p < 1:
        return "more than a 99% chance"
    n = round(p * 100)
    article = "an" if n in (8, 11, 18) or 80 <= n <= 89 else "a"
    return f"{article} {n}% chance"


def _there(count: int, attribute: str, *, exactly: bool = False, cannot: bool = False) -> str:
    """ "there are at least 4 Hackers", "there is exactly 1 spy in London",
    "there cannot be at least 9 Faces"."""
    verb = "cannot be" if cannot else "is" if count == 1 else "are"
    return f"there {verb} {'exactly' if exactly else 'at least'} {bid_words(count, attribute)}"


def what(action: dict[str, Any], name: Callable[[int], str]) -> str:
    """The move, as the hint names it."""
    if action["type"] == "bid":
        words = bid_words(action["count"], action["attribute"])
        return f"Bid at least {words} and pass to {name(action['next'])}"
    if action["type"] == "call":
        return "Call — the bid is too high"
    return "Spot — the bid is exactly right"


def why(advice: spygames.Advice, bid: dict[str, Any] | None, name: Callable[[int], str]) -> str:
    """The bot's reason as a sentence, from the figures it gives (`Advice.facts`);
    `bid` is the standing bid (None when the round's first bid is to be made)."""
    action, facts = advice.action, advice.facts
    kind = action["type"]
    basis = "Counting your own cards" + (" and reading the others’ bids" if bid else "")
    if kind == "bid" and "hold" in facts:
        return (
            f"{basis}, there is {chance(facts['hold'])} that "
            f"{_there(action['count'], action['attribute'])}, "
            f"and {chance(facts['called'])} that {name(action['next'])} calls it."
        )
    if kind in ("call", "spot") and bid is not None and "hold" in facts:
        count, attribute = bid["count"], bid["attribute"]
        if kind == "spot":
            return (
                f"{basis}, there is {chance(facts['exact'])} that "
                f"{_there(count, attribute, exactly=True)}: your best bet, as a right spot "
                "also scores you a point."
            )
        hold = facts["hold"]
        if hold <= 0:
            return f"{basis}, {_there(count, attribute, cannot=True)}: the bid is too high."
        if hold < 0.5:
            only = "only " if hold >= 0.005 else ""
            return (
                f"{basis}, there is {only}{chance(hold)} that "
                f"{_there(count, attribute)}, so the bid is probably too high."
            )
        return (
            f"There is {chance(facts['hold'])} that {_there(count, attribute)}, so a call "
            "may well lose — but every raise left to you is riskier still."
        )
    reason = advice.reason.strip()
    reason = reason[:1].upper() + reason[1:]
    return reason if reason.endswith((".", "!", "?")) else reason + "."


class HintSearch:
    """The hard bot's advice for one position, worked out a slice at a time."""

    def __init__(self, view: dict[str, Any], legal: list[dict[str, Any]], game_seed: int) -> None:
        self.bot = spygames.get_game("espionage").bot(
            "hard", seed=spygames.bot_seed(game_seed, int(view["seat"]), "hint")
        )
        if isinstance(self.bot, HardBot):
            self.bot.bluff = 0.0  # advice is the best move, never a bluff
        self.view, self.legal = view, legal
        self.ready = False
        self.steps: Iterator[spygames.Advice | None] | None = None

    def step(self, slice_s: float = HINT_SLICE_S) -> spygames.Advice | None:
        """Up to about `slice_s` seconds of work; the advice once it is known."""
        if not self.ready:
            self.ready = self.bot.prepare(slice_s)
            if not self.ready:
                return None
        if self.steps is None:
            self.steps = self.bot.think(self.view, self.legal, slice_s)
        try:
            return next(self.steps)
        except StopIteration:  # a bot that never yielded its advice: ask it outright
            return self.bot.advise(self.view, self.legal)


class Hints:
    """The table's hint: asked for, worked out between paints, shown, then left behind."""

    def __init__(self, table: EspionageTable) -> None:
        self.table = table
        self.advice: spygames.Advice | None = None
        self.at: Position = None  # the position the advice was given for
        self.search: HintSearch | None = None
        self.search_at: Position = None

    def _position(self) -> Position:
        """The position on the table: the state (a new game is another one; states
        compare by identity) and how many moves it has seen."""
        state = self.table.state
        return (state, len(state.actions)) if state is not None else None

    @property
    def thinking(self) -> bool:
        return self.search is not None

    def current(self) -> spygames.Advice | None:
        """The advice for the position on the table, on the person's own turn."""
        if self.advice is None or self.at != self._position() or not self.table.my_turn:
            return None
        return self.advice

    def clear(self) -> None:
        self.advice = None
        self.search = None

    def ask(self) -> None:
        table, state = self.table, self.table.state
        if state is None or not table.my_turn:
            table.ctx.refuse("A hint is for your own turn.")
            return
        if self.current() is not None:
            self._select()  # asked again: set the hinted bid up again
            return
        if self.search is not None and self.search_at == self._position():
            return  # already working on this very position
        seat = state.to_play[0]
        self.search = HintSearch(state.view(seat), state.legal_actions(), state.seed)
        self.search_at = self._position()
        self.step()

    def step(self) -> None:
        """One slice of the work (the table's tick); the advice shows when it is done."""
        if self.search is None:
            return
        if self.search_at != self._position() or not self.table.my_turn:
            self.search = None  # the position moved on
            return
        found = self.search.step()
        if found is None:
            return
        self.search = None
        self.advice, self.at = found, self.search_at
        self._select()

    def _select(self) -> None:
        """Set the hinted bid up in the bid panel, so one click on Bid plays it."""
        advice = self.current()
        if advice is not None and advice.action["type"] == "bid":
            self.table.sel = {k: advice.action[k] for k in ("count", "attribute", "next")}

    def hinted(self, kind: str) -> bool:
        """Whether the hint points at this button ("bid", "call" or "spot")."""
        advice = self.current()
        return advice is not None and advice.action["type"] == kind

    def box(self) -> str:
        advice = self.current()
        if advice is None:
            return ""
        table = self.table
        bid = table.public()["bid"]
        action = advice.action
        data = attrs(
            id="esp-hint-box",
            class_="esp-hint",
            role="status",
            data_hint_type=action["type"],
            data_hint=json.dumps(action, separators=(",", ":")),
        )
        return (
            f"<section{data}>"
            f'<p><span class="esp-hint-tag">Hint</span> '
            f"<b>{esc(what(action, table.name))}</b></p>"
            f'<p class="esp-hint-why">{esc(why(advice, bid, table.name))}</p></section>'
        )

    def row(self) -> str:
        """The Hint and Undo buttons (Undo only with one person at the table) and the
        hint itself, above the bid panel."""
        table = self.table
        if table.state is None or table.state.is_over:
            return ""
        hint = self.button() if table.my_turn or not table.pass_and_play else ""
        tools = hint + table.undo.html()
        if not tools:
            return ""
        return f'<div class="esp-helpers" role="group" aria-label="Help">{tools}</div>{self.box()}'

    def button(self) -> str:
        table = self.table
        return (
            "<button"
            + attrs(
                type="button",
                class_="btn btn-quiet",
                data_act="hint",
                id="esp-hint",
                aria_keyshortcuts="H",
                disabled=not table.my_turn,
                title=None if table.my_turn else "On your turn",
            )
            + (
                f">{'Thinking…' if self.thinking else 'Hint'} "
                '<span class="kbd" aria-hidden="true">H</span></button>'
            )
        )
