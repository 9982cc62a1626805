"""The lost deal's end screen asks: could it have been won? — and shows how.

The solver searches the deal from its start (every hidden order is known once the game
is over) in short slices between paints, so the page never freezes. Its answer:
"This deal was winnable — see how" (the winning line opens in the replay view),
"No line wins this deal", or "Too close to call" when the page's budget runs out.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

import spygames
from spygames.deck_of_spies.solver import Solution, solving

from ...browser.links import replay_route
from ...tables.thinking import SLICE_S
from .scene import Verdict

PAGE_NODES: Final = 6_000  # the page's budget: a few seconds at most, even on a phone
SLICE_NODES: Final = 20  # at most this many nodes between two paints, and at most SLICE_S
# seconds (`spyweb.tables.thinking`): where it pauses never changes the answer


class WinnableCheck:
    """The search for a winning line of a finished deal, stepped by the table's ticks."""

    def __init__(self, record: dict[str, Any], *, nodes: int = PAGE_NODES) -> None:
        self.record = {**record, "actions": []}
        start = spygames.replay(self.record)
        self.steps: Iterator[Solution | None] | None = solving(
            start, nodes=nodes, slice_nodes=SLICE_NODES, slice_s=SLICE_S
        )
        self.solution: Solution | None = None

    @property
    def running(self) -> bool:
        return self.steps is not None

    def step(self) -> None:
        """One slice of the search."""
        if self.steps is None:
            return
        found = next(self.steps, None)
        if found is not None:
            self.solution = found
            self.steps = None

    def winning_record(self) -> dict[str, Any] | None:
        if self.solution is None or self.solution.verdict != "won":
            return None
        return {**self.record, "actions": self.solution.line}

    def verdict(self) -> Verdict:
        """The answer so far, for the end panel (see end.verdict)."""
        solution = self.solution
        if solution is None:
            return Verdict("pending")
        winning = self.winning_record()
        if winning is not None:
            return Verdict("won", len(solution.line), replay_route(winning))
        return Verdict("lost" if solution.verdict == "lost" else "unknown")
