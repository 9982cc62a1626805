"""Could this deal have been won, and how? A search with every hidden order known.

After a game nothing is hidden any more: the seed fixes the order of the spy deck, of
the draw deck and of every later reshuffle. `solve` searches the moves of that one
deal for a line that wins, playing them on the engine's own `Table` (the moves of
`policy.legal_moves`, carried out by `policy.play`) — there is no second copy of the
rules here, so the solver and the game cannot disagree.

The search:

- depth-first, moves in a fixed policy's order (`ORDER`: best payment first);
- limited discrepancy: pass k allows lines that stray from the policy's order by at
  most k steps in all (taking the third-best move costs 2), so the first passes try
  the policy's line and its near neighbours before anything exotic;
- a transposition table on a canonical key of the position (hand, draw deck in order,
  discard pile in order, spies left, where the turn stands, and the sizes of the
  shuffles so far — which fix the generator's state), remembering the largest
  discrepancy allowance each position has already failed with;
- pruning that never loses a win: a position whose owned face cards plus the face
  cards still in the spy deck fall short of 7 cannot be won; two moves that lead to the
  same position are searched once;
- a budget of nodes (moves played; the same answer on every machine) and, optionally,
  of seconds.

Three honest answers: `won` with a line of actions that `replay` accepts, `lost` only
when a pass finished without cutting any line short (the search was complete), and
`unknown` when the budget ran out first.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from ..protocol import Action, State
from ..registry import get_game
from .deck import IS_FACE, NAMES, ordered
from .policy import Move, Weights, choose, legal_moves, play, ranked_payments
from .rules import FACES_TO_WIN, GAME_ID, DeckOfSpiesState
from .table import DEAL, OVER, Table

Verdict = Literal["won", "lost", "unknown"]
# The order the search tries moves in: the expert weights the hard bot played with until
# 2026-12-01. Frozen, not `policy.EXPERT`: the daily deal is the first candidate shown
# winnable within a node budget, so the order must not move when the bot is re-tuned, or
# players on two versions of the page could be dealt different daily deals.
ORDER: Final = Weights(
    recruit_min_value=7,
    ace_kept=0.0,
    ace_per_face=0.0,
    ace_late=4.0,
    retire_kept=8.0,
    retire_max_value=10,
    min_deck=4,
)
COMPLETE: Final = 1 << 30  # "failed with any allowance": proven lost from here
# What a search below a position found, in order of hope.
FAILED: Final = 0  # every line searched, none wins
CUT: Final = 1  # none won, but some lines were left out for want of allowance
WON: Final = 2
DEFAULT_NODES: Final = 50_000
SLICE_NODES: Final = 500


class CountingRandom(random.Random):
    """The state's generator, copied, that also keeps the sizes of the shuffles it has
    done: equal histories from the same start mean equal generator states, so the sizes
    stand in for the generator in a position's key."""

    def __init__(self, source: random.Random, history: tuple[int, ...] = ()) -> None:
        super().__init__()
        self.setstate(source.getstate())
        self.history = history

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        super().shuffle(x)
        self.history = (*self.history, len(x))

    def copy(self) -> CountingRandom:
        return CountingRandom(self, self.history)


@dataclass
class Solution:
    """The answer: `verdict`, the winning `line` (actions from the position solved), the
    nodes searched and the seconds spent."""

    verdict: Verdict
    line: list[Action] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


class OutOfBudget(Exception):
    """The node or time budget ran out (raised inside the search, caught by `Search`)."""


def to_action(move: Move) -> Action:
    kind, cards = move
    if kind == "assassinate":
        return {"type": "assassinate", "ace": NAMES[cards[0]]}
    if kind == "end_turn":
        return {"type": "end_turn"}
    return {"type": kind, "cards": [NAMES[card] for card in ordered(cards)]}


def won(table: Table) -> bool:
    return table.phase == OVER and not table.lost and table.faces_owned() >= FACES_TO_WIN


def hopeless(table: Table) -> bool:
    """No line can win from here: the faces owned and the faces still to come (the only
    way to gain one is to recruit it) fall short of 7, or the game is already over."""
    if table.phase == OVER:
        return not won(table)
    to_come = sum(IS_FACE[card] for card in table.spies)
    return table.faces_owned() + to_come < FACES_TO_WIN


def key(table: Table) -> tuple[Any, ...]:
    """The position, canonically: everything that decides what can still happen."""
    rng = table.rng
    assert isinstance(rng, CountingRandom)
    return (
        table.phase,
        table.retired,
        len(table.spies),
        tuple(table.hand),
        tuple(table.draw),
        tuple(table.discard),
        rng.history,
    )


def ordered_moves(table: Table) -> list[Move]:
    """Every legal move, in a policy's order (`ORDER`): best payment first, its own retire
    choice (or ending the turn) first, its own Ace first."""
    if table.phase == DEAL and not table.must_assassinate():
        return [move for _, move in ranked_payments(table, ORDER)]
    moves = legal_moves(table)
    if len(moves) > 1:
        preferred = choose(table, ORDER)
        moves.sort(key=lambda move: move != preferred)
    return moves


def child(table: Table, move: Move) -> Table:
    """The table after `move`, leaving `table` as it was."""
    rng = table.rng
    assert isinstance(rng, CountingRandom)
    # Only ending a turn (a refill may reshuffle) and assassinating (an Ace taken from
    # the draw deck shuffles it) use the generator; other moves may share it.
    shuffles = move[0] in ("end_turn", "assassinate")
    after = table.copy(rng.copy() if shuffles else rng)
    play(after, move)
    return after


class Search:
    """One search from a table; `steps` runs it in slices of `slice_nodes` nodes."""

    def __init__(self, table: Table, *, nodes: int, seconds: float | None) -> None:
        self.root = table
        self.budget = nodes
        self.seconds = seconds
        self.nodes = 0
        self.failed: dict[tuple[Any, ...], int] = {}
        self.line: list[Move] = []
        self.spent = 0.0

    def steps(
        self, slice_nodes: int = SLICE_NODES, slice_s: float | None = None
    ) -> Iterator[Solution | None]:
        """The search, yielding None after every `slice_nodes` nodes (or sooner, once a
        slice has taken `slice_s` seconds), then the Solution. Where it pauses never
        changes the answer: the budget is counted in nodes (and `seconds`, if given).
        Seconds count only while searching, not the pauses between slices."""
        self.slice_nodes = slice_nodes
        self.slice_s = math.inf if slice_s is None else slice_s
        self.next_pause = self.nodes + slice_nodes
        started = time.perf_counter()
        self.started = started
        verdict: Verdict = "unknown"
        if won(self.root):
            verdict = "won"
        elif not hopeless(self.root):
            allowance = 0
            try:
                while True:
                    found = yield from self._dfs(self.root, allowance)
                    if found == WON:
                        verdict = "won"
                        break
                    if found == FAILED:
                        verdict = "lost"
                        break
                    allowance += 1
            except OutOfBudget:
                verdict = "unknown"
        else:
            verdict = "lost"
        self.spent += time.perf_counter() - self.started
        line = [to_action(move) for move in self.line] if verdict == "won" else []
        yield Solution(verdict, line, self.nodes, self.spent)

    def _tick(self) -> Generator[None, None, None]:
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        now = time.perf_counter()
        if self.seconds is not None and self.spent + now - self.started > self.seconds:
            raise OutOfBudget
        if self.nodes >= self.next_pause or now - self.started >= self.slice_s:
            self.next_pause = self.nodes + self.slice_nodes
            self.spent += now - self.started
            yield None
            self.started = time.perf_counter()

    def _dfs(self, table: Table, allowance: int) -> Generator[None, None, int]:
        """WON when a winning line from `table` was found (it is then in `self.line`,
        from the root); else FAILED when every line from here was searched, or CUT when
        some were left out for want of allowance."""
        if won(table):
            return WON
        if hopeless(table):
            return FAILED
        position = key(table)
        failed_with = self.failed.get(position, -1)
        if failed_with >= allowance:
            return FAILED if failed_with == COMPLETE else CUT
        seen: set[tuple[Any, ...]] = set()
        outcome = FAILED
        for cost, move in enumerate(ordered_moves(table)):
            if cost > allowance:
                outcome = CUT
                break
            yield from self._tick()
            after = child(table, move)
            after_key = key(after) if after.phase != OVER else None
            if after_key is not None:
                if after_key in seen:
                    continue
                seen.add(after_key)
            self.line.append(move)
            found = yield from self._dfs(after, allowance - cost)
            if found == WON:
                return WON
            self.line.pop()
            outcome = max(outcome, found)
        self.failed[position] = COMPLETE if outcome == FAILED else allowance
        return outcome


def search_table(state: State) -> Table:
    """A copy of the state's table, generator included, for the search to play on."""
    if not isinstance(state, DeckOfSpiesState):
        raise ValueError(f"the solver plays Deck of Spies, not {state.game_id!r}")
    table = state.table.copy(CountingRandom(state.table.rng))
    return table


def solving(
    state: State,
    *,
    nodes: int = DEFAULT_NODES,
    seconds: float | None = None,
    slice_nodes: int = SLICE_NODES,
    slice_s: float | None = None,
) -> Iterator[Solution | None]:
    """`solve` in slices for a page that must stay responsive: None after each
    `slice_nodes` nodes (or `slice_s` seconds, whichever comes first), then the Solution.
    The state is left as it was."""
    search = Search(search_table(state), nodes=nodes, seconds=seconds)
    return search.steps(slice_nodes, slice_s)


def solve(state: State, *, nodes: int = DEFAULT_NODES, seconds: float | None = None) -> Solution:
    """Search the position of `state` (every hidden order known) for a winning line."""
    for step in solving(state, nodes=nodes, seconds=seconds, slice_nodes=1 << 62):
        if step is not None:
            return step
    raise AssertionError("the search ended without an answer")


def solve_deal(
    seed: int,
    setup: dict[str, Any] | None = None,
    *,
    nodes: int = DEFAULT_NODES,
    seconds: float | None = None,
) -> Solution:
    """Solve deal `seed` (with an optional scripted `setup`) from its first move."""
    return solve(get_game(GAME_ID).new(seed=seed, setup=setup), nodes=nodes, seconds=seconds)


def replays_to_win(seed: int, setup: dict[str, Any] | None, line: Sequence[Action]) -> bool:
    """True when the actions, played from the start of the deal, win it."""
    state = get_game(GAME_ID).new(seed=seed, setup=setup)
    for action in line:
        state.apply(action)
    result = state.result
    return result is not None and bool(result["won"])
