"""What a person's bot's sandbox answers: the page's calls, each answered in JSON.

A bot a person wrote runs in a sandbox (the site's `web/sandbox/`: PyScript's worker, in
a frame of another origin that reaches none of the site), for a match in the Bot Lab or
for one decision at a time at a table ("your bot"). `web/sandbox/worker.py` only hands
the page `Calls`' methods (through `pyscript.sync`) and its beats to the page; the rules
of each call are here, typed and tested on CPython (tests/engine/test_sandbox_calls.py).

The page calls (each answer a JSON string; the last argument of each is the page's
number for the call, which the beats carry):

- `hello()` -> {"version", "installer"} once the sandbox's Python has run
- `start(source, game, against, games, players, seed, call)` -> {"ok"} or
  {"error", "line"}
- `play(budget_ms, call)` -> {"games": [...], "summary": {...}} or {"error", "line",
  "view"}: plays decisions until budget_ms have passed, then answers with the games ended
- `walk(index, budget_ms, call)` -> {"steps": [...], "game": {...} or None}, or
  {"error", "line", "view", "steps"}: game `index` of the match started, a decision at a
  time (each decision of the person's bot, `lab.Match.walk`), and the game once it is
  over ("Step through a game")
- `decide(code, view, legal, seed, call)` -> {"action"} or {"error"}  (a table's seat)

and hears (`tell`) "mine <call>" as the person's bot starts deciding and "theirs <call>"
as a built-in bot starts after it, a few times a second at most: "mine" only when the
page's watchdog was set more than BEAT_S ago or not at all (the watchdog allows
DECIDE_S + BEAT_S from it, so it always covers DECIDE_S of the decision), and "theirs"
only when it was set more than BEAT_S ago (so a built-in decision is never under it for
more than BEAT_S). The page's own clock times each call whatever this module says; a
beat can only make it stricter.

DECIDE_S and BEAT_S are defined here only: the build writes them into the page's side
(`web/sandbox/sandbox.mjs`'s LIMITS), which the Lab and the tables read.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from .i18n import N_, _
from .lab import BotError, Choose, GameResult, Match, load, raised_error
from .protocol import Action, Game, View
from .record import pack

DECIDE_S = 2.0  # the longest one decision of a person's bot may take (the page stops it)
BEAT_S = 0.5  # see above: how often at most the watchdog hears whose decision it is
MAX_VIEW = 20_000  # characters of a view shown with an illegal action
LIMITS = {"DECIDE_S": DECIDE_S, "BEAT_S": BEAT_S}  # what the page's side is given


def _unloaded(view: View, legal: list[Action], rng: random.Random) -> Action:
    raise BotError("the bot's code is not loaded")


def _first(game: Game, players: int | None) -> tuple[View, list[Action]]:
    """The first decision of a deal of `game`: a seat's view and the legal actions."""
    state = game.new(seed=1, players=players or game.min_players)
    return state.view(state.to_play[0]), state.legal_actions()


def _played(game: GameResult) -> dict[str, Any]:
    """A game's result, for the page."""
    return {"index": game.index, "deal": game.deal, "seat": game.seat, "won": game.won,
            "moves": game.moves, "reason": game.reason, "replay": pack(game.record),
            "printed": game.printed, "score": game.score}  # fmt: skip


def _error(exc: BotError) -> str:
    view = exc.view
    if view is not None and len(json.dumps(view)) > MAX_VIEW:
        view = {"note": _("the view is too long to show")}
    return json.dumps({"error": exc.message, "line": exc.line, "view": view})


class Calls:
    """One sandbox's answers: at most one match (the Lab) and one bot's code (a table)."""

    def __init__(
        self, tell: Callable[[str], None], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.tell = tell  # a beat to the page: "mine <call>" or "theirs <call>"
        self.clock = clock
        self.match: Match | None = None
        self.steps: Iterator[GameResult | None] | None = None
        # (index, decisions not yet answered, the game) while a game is stepped through
        self.walking: tuple[int, list[dict[str, Any]], Iterator[GameResult | None]] | None = None
        self.call_id = 0
        self.armed_at: float | None = None  # when "mine" was last said in this call
        self.loaded: dict[str, Choose] = {}  # a table's seat: its code, loaded once per text

    # -- the watchdog's beats ------------------------------------------------------------
    def _turn(self, mine: bool) -> None:
        if not mine and self.armed_at is None:
            return  # nothing set, nothing to say (most of the built-in bots' decisions)
        now = self.clock()
        if mine and (self.armed_at is None or now - self.armed_at > BEAT_S):
            self.tell(f"mine {self.call_id}")
            self.armed_at = now
        elif not mine and self.armed_at is not None and now - self.armed_at > BEAT_S:
            self.tell(f"theirs {self.call_id}")
            self.armed_at = None

    def _call(self, call: Any) -> None:
        """A new call from the page: its number, and no watchdog set (the page clears it
        as each call returns)."""
        self.call_id, self.armed_at = int(call), None

    # -- the Lab: a match ----------------------------------------------------------------
    def start(
        self, source: Any, game: Any, against: Any, games: Any, players: Any, seed: Any, call: Any
    ) -> str:
        self.match = self.steps = self.walking = None
        self._call(call)
        try:
            self._turn(False)
            made = Match(_unloaded, str(game), str(against), int(games),
                         int(players) or None, int(seed), decide_s=DECIDE_S,
                         capture=True, on_turn=self._turn)  # fmt: skip
            # The game's rules and bots imported, and a first decision made, before the
            # person's code runs: a first call is no slower than the others (the page's
            # limit on a call allows one built-in decision, not a game's imports).
            made.game.bot(made.against, seed=0).choose(*_first(made.game, made.players))
            self._turn(True)  # the code's top level runs now: the person's time
            made.choose = load(str(source))
        except BotError as exc:
            return _error(exc)
        self.match = made
        self.steps = made.steps()
        return json.dumps({"ok": True})

    def play(self, budget_ms: Any, call: Any) -> str:
        self._call(call)
        if self.match is None or self.steps is None:
            return json.dumps({"error": "no match started", "line": None, "view": None})
        played = []
        until = self.clock() + float(budget_ms) / 1000
        try:
            for step in self.steps:
                if step is not None:
                    played.append(_played(step))
                if self.clock() >= until:
                    break
        except BotError as exc:
            return _error(exc)
        return json.dumps({"games": played, "summary": self.match.summary()})

    def walk(self, index: Any, budget_ms: Any, call: Any) -> str:
        self._call(call)
        at = int(index)
        if self.match is None or not 0 <= at < self.match.games:
            return json.dumps(
                {"error": "no such game in the match started", "line": None, "view": None}
            )
        if self.walking is None or self.walking[0] != at:
            decisions: list[dict[str, Any]] = []
            self.walking = (at, decisions, self.match.walk(at, decisions))
        _, decisions, game = self.walking
        until = self.clock() + float(budget_ms) / 1000
        ended = None
        try:
            for step in game:
                if step is not None:
                    ended = _played(step)
                    break
                if self.clock() >= until:
                    break
        except BotError as exc:  # with the decisions made before it, to step through
            said = json.loads(_error(exc))
            said["steps"] = list(decisions)
            return json.dumps(said)
        made = list(decisions)
        decisions.clear()
        return json.dumps({"steps": made, "game": ended})

    # -- a table: one decision -----------------------------------------------------------
    def decide(self, code: Any, view: Any, legal: Any, seed: Any, call: Any) -> str:
        """One decision of the seat's bot: its code loaded once per text, given the view,
        the legal actions and random.Random(seed)."""
        self._call(call)
        self._turn(True)  # the page's clock for this decision starts here, not as it asked
        text = str(code)
        started = self.clock()
        try:
            choose = self.loaded.get(text)
            if choose is None:
                choose = load(text, "your bot")
                self.loaded = {text: choose}
            action = choose(json.loads(str(view)), json.loads(str(legal)), random.Random(int(seed)))
            json.dumps(action)
        except BotError as exc:
            return json.dumps({"error": exc.message})
        except (Exception, SystemExit, KeyboardInterrupt) as exc:
            return json.dumps({"error": raised_error(exc, "your bot", N_("in choose")).message})
        if self.clock() - started > DECIDE_S:
            seconds = f"{DECIDE_S:g}"
            # translators: {seconds} is a number (2): the longest a person's bot may think
            took = _("It took more than {seconds} seconds on one decision.", seconds=seconds)
            return json.dumps({"error": took})
        return json.dumps({"action": action})
