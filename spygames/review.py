"""A game's review: each decision of one seat against the Hint, with what it cost.

For every decision the seat made (a position where it had more than one move), the
review asks the Hint's own bot (`spygames.hints`, seeded as the table seeded it) what it
would have played, then estimates the seat's chance of winning after the bot's move
(`before`: what the position was worth) and after the move played (`after`). Both come
from the seat's view alone — the same information the Hint gets, never the hidden
cards: a searching bot plays both moves out on the same guesses of the hidden cards
(`SearchBot.chances`), Espionage's hard bot works them out from its odds. The cost of a
move is what it gave away, `before - after` (never below 0). The three costliest are the
moments that decided the game (`Review.swings`).

The work goes a slice at a time (`Reviewer.step`), like the bots' thinking at the
tables, so a page stays responsive; the bots are handed only a view and moves.

>>> import spygames
>>> game = spygames.get_game("espionage")
>>> state = game.new(seed=3, players=2)
>>> while not state.is_over:
...     seat = state.to_play[0]
...     state.apply(game.bot("normal", seed=seat).choose(state.view(seat), state.legal_actions()))
>>> reviewer = Reviewer(state.record(), seat=0, key=9)
>>> while not reviewer.step(0.05): pass
>>> review = reviewer.review()
>>> len(review.decisions) == reviewer.total and len(review.swings()) <= 3
True
"""

from __future__ import annotations

import hashlib
import importlib
import os
import time
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from . import i18n
from .errors import InvalidRecord
from .hints import hint_bot, hint_moves, hint_seed
from .protocol import Action, Advice, State
from .record import replay
from .registry import get_game
from .seeds import bot_seed

GAMES = 48
"""Playouts of each compared move, on the same guesses (a searching game's chances)."""
REVIEW_LABEL = "review"
SWINGS = 3
MIN_COST = 0.01
"""The least a move must give away to be a swing: one point of chance."""
WORKED_BY = ("cards", "errors", "hints", "protocol", "record", "registry", "review", "search",
             "seeds")  # fmt: skip
"""The engine's own modules a review is worked out with, beside the game's package."""


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: the position before action number `move` of the record,
    the move played, the Hint's move and reason (with its figures, `facts`), and the seat's
    chance of winning after each, from what it knew then."""

    move: int
    played: Action
    advised: Action
    reason: str
    before: float
    after: float
    facts: dict[str, Any] = field(default_factory=dict)

    @property
    def agreed(self) -> bool:
        """The move played is the Hint's."""
        return self.played == self.advised

    @property
    def cost(self) -> float:
        """The chance of winning the move gave away (0 when it gave none)."""
        return 0.0 if self.agreed else max(0.0, self.before - self.after)

    def to_json(self) -> dict[str, Any]:
        """JSON data; the Hint's reason as the message it was made of (`spygames.i18n`), so
        a review kept and shown again says it in the language then in use."""
        return {
            "move": self.move,
            "played": self.played,
            "advised": self.advised,
            "reason": i18n.data(self.reason),
            "before": self.before,
            "after": self.after,
            "facts": self.facts,
        }

    @classmethod
    def from_json(cls, kept: dict[str, Any]) -> Decision:
        """The decision `to_json` gave (ValueError for an ill-formed reason)."""
        if "reason" in kept:
            kept = {**kept, "reason": i18n.revive(kept["reason"])}
        return cls(**kept)


@dataclass(frozen=True)
class Review:
    """The decisions of `seat` in the game of `record`, in order, and how it ended."""

    record: dict[str, Any]
    seat: int
    decisions: tuple[Decision, ...]
    result: dict[str, Any] | None

    def swings(self, count: int = SWINGS) -> list[Decision]:
        """The `count` decisions that cost the most (at least `MIN_COST` each), in the
        order they were played."""
        costly = sorted(
            (d for d in self.decisions if d.cost >= MIN_COST - 1e-9),
            key=lambda d: (-d.cost, d.move),
        )
        return sorted(costly[:count], key=lambda d: d.move)

    @property
    def won(self) -> bool | None:
        """Whether the seat won (None while the game goes on)."""
        if self.result is None:
            return None
        return self.seat in self.result.get("winners", [])

    @property
    def agreed(self) -> int:
        return sum(d.agreed for d in self.decisions)


def decisions_of(record: dict[str, Any], seat: int) -> list[int]:
    """The indexes of the record's actions that were `seat`'s decisions: its moves where
    the Hint had more than one to choose from. Raises InvalidRecord for a bad record."""
    state = replay(record, upto=0)
    found = []
    for index, action in enumerate(record["actions"]):
        if state.to_play and state.to_play[0] == seat and len(hint_moves(state)) > 1:
            found.append(index)
        state.apply(action)
    return found


@cache
def edition(game_id: str) -> str:
    """The edition of `game_id`'s Hint and review: a digest of the files they are worked
    out with (`WORKED_BY` and every file of the game's package, as this Python loads
    them: sources here, bytecode in the page). A review kept from another edition is worked
    out again; the same edition gives the same review (`test_review.py`)."""
    package = importlib.import_module(type(get_game(game_id)).__module__).__package__ or ""
    folder = importlib.import_module(package).__path__[0]
    files = [_origin(f"{__package__}.{module}") for module in WORKED_BY]
    files += sorted(
        path
        for path in (os.path.join(folder, name) for name in os.listdir(folder))
        if os.path.isfile(path)
    )
    digest = hashlib.sha256()
    for path in files:
        with open(path, "rb") as file:
            data = file.read()
        digest.update(f"{os.path.basename(path)}\0{len(data)}\0".encode() + data)
    return digest.hexdigest()[:16]


def _origin(module: str) -> str:
    """The file `module` was loaded from."""
    spec = importlib.import_module(module).__spec__
    assert spec is not None and spec.origin is not None
    return spec.origin


class Reviewer:
    """Reviews `seat`'s decisions in the game of `record` a slice at a time: `step` until
    it says it is done, then `review()`. `key` is the game's bots key (the table's, when
    the game was played here: the advice is then the very Hint the table gave)."""

    def __init__(
        self, record: dict[str, Any], seat: int, key: int, *, games: int | None = None
    ) -> None:
        players = record.get("players") if isinstance(record, dict) else None
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < int(players or 1):
            raise InvalidRecord(f"no seat {seat!r} in this game")
        self.final = replay(record)  # refuses a tampered record, naming the bad move
        self.record = self.final.record()
        self.game_id = str(self.record["game"])
        self.seat = seat
        self.key = key
        self.games = GAMES if games is None else games
        self.moves = decisions_of(self.record, seat)
        self.total = len(self.moves)
        self.decisions: list[Decision] = []
        self.state: State = replay(self.record, upto=0)  # the position being reviewed
        self._work: Iterator[None] = self._run()
        self.done = self.total == 0
        self.seconds = 0.0  # time spent working

    def step(self, slice_s: float) -> bool:
        """Work for about `slice_s` seconds (at least one stretch of a bot's thinking);
        True once every decision is reviewed."""
        if self.done:
            return True
        started = time.perf_counter()
        while True:
            try:
                next(self._work)
            except StopIteration:
                self.done = True
                break
            if time.perf_counter() - started >= slice_s:
                break
        self.seconds += time.perf_counter() - started
        return self.done

    def review(self) -> Review:
        """What is reviewed so far (the whole game once `done`)."""
        return Review(self.record, self.seat, tuple(self.decisions), self.final.result)

    def restore(self, decisions: Sequence[Decision]) -> bool:
        """Take the decisions of this review worked out before (kept with the game): True,
        and done, when they are this seat's decisions in this game, each move played and
        advised legal there and each chance a chance; False, nothing changed, otherwise."""
        if self.decisions or len(decisions) != self.total:
            return False
        state = replay(self.record, upto=0)
        for decision, move in zip(decisions, self.moves, strict=True):
            for action in self.record["actions"][len(state.actions) : move]:
                state.apply(action)
            chances = (decision.before, decision.after)
            if not (
                decision.move == move
                and decision.played == self.record["actions"][move]
                and decision.advised in hint_moves(state)
                and all(isinstance(c, (int, float)) and 0 <= c <= 1 for c in chances)
                and isinstance(decision.reason, str)
                and isinstance(decision.facts, dict)
            ):
                return False
        self.decisions = list(decisions)
        self.done = True
        return True

    def _run(self) -> Iterator[None]:
        slice_s = 0.01
        for move in self.moves:
            for action in self.record["actions"][len(self.state.actions) : move]:
                self.state.apply(action)
            view = self.state.view(self.seat)
            legal = hint_moves(self.state)
            played = self.record["actions"][move]
            bot = hint_bot(self.game_id, hint_seed(self.key, self.seat))
            while not bot.prepare(slice_s):
                yield None
            advice: Advice | None = None
            for found in bot.think(view, legal, slice_s):
                if found is None:
                    yield None
                else:
                    advice = found
            assert advice is not None
            chances = yield from self._chances(view, advice.action, played, slice_s)
            before, after = chances[0], chances[-1]
            self.decisions.append(
                Decision(
                    move, played, advice.action, advice.reason, before, after, dict(advice.facts)
                )
            )
            yield None

    def _chances(
        self, view: dict[str, Any], advised: Action, played: Action, slice_s: float
    ) -> Generator[None, None, list[float]]:
        """The seat's chance after the advised move and after the one played (one figure
        when they are the same move), worked out by a bot seeded for the review."""
        judge: Any = hint_bot(self.game_id, bot_seed(self.key, self.seat, REVIEW_LABEL))
        while not judge.prepare(slice_s):
            yield None
        actions = [advised] if advised == played else [advised, played]
        for found in judge.chances(view, actions, self.games, slice_s):
            if found is None:
                yield None
            else:
                return list(found)
        raise AssertionError("chances ended without an answer")
