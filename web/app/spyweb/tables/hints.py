"""The table's Hint, held the same way at every table: asked for, worked out
between paints (`spyweb.tables.thinking`) by the Hint's bot on the Hint's moves
(`spygames.hints`: the very question a review asks), kept for the position it was
given for, and left behind once the table moves on (`clear`, on any move or undo).

Each game words and draws the advice its own way (its `hint.py`; Deck of Spies' `actions.py`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import spygames
from spygames.hints import hint_bot, hint_moves

from .thinking import Thinking


class Hints:
    """One table's Hint for the seat to play: the advice once found (`advice`, for the
    position `at`, worked out from that seat's `view`), or the work under way."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.advice: spygames.Advice | None = None
        self.at: Hashable = None  # the position the advice was given for
        self.view: Any = None  # the seat's view the advice was worked out from
        self.work: Thinking | None = None

    @property
    def thinking(self) -> bool:
        """The Hint is being worked out (the table ticks at once until it is done)."""
        return self.work is not None

    def current(self, at: Hashable) -> spygames.Advice | None:
        """The advice for the position `at`, if it was given for that one."""
        return self.advice if self.at == at else None

    def clear(self) -> None:
        self.advice, self.work = None, None

    def forget(self) -> None:
        """The advice goes (a move was made); work under way is dropped at its next
        step, the position having moved on."""
        self.advice = None

    def working_on(self, at: Hashable) -> bool:
        return self.work is not None and self.work.at == at

    def ask(
        self, state: spygames.State, at: Hashable, seed: int, slice_s: float | None = None
    ) -> None:
        """Start working out the Hint for the seat to play in `state` at the position
        `at` (its bot seeded with `seed`: the table's `hint_seed`), in slices of `slice_s`
        seconds (Thinking's SLICE_S unless given)."""
        view = state.view(state.to_play[0])
        self.view = view
        bot = hint_bot(self.game_id, seed)
        self.work = Thinking(bot, view, hint_moves(state), at=at, slice_s=slice_s)

    def drop(self) -> None:
        """Stop the work under way (the turn is no longer the person's)."""
        self.work = None

    def step(self, at: Hashable) -> spygames.Advice | None:
        """One slice of the work (the table's tick); the advice once it is found. The
        work is dropped when the position has moved on."""
        work = self.work
        if work is None:
            return None
        found = work.step(at)
        if found is None:
            if work.dropped:
                self.work = None
            return None
        self.work = None
        self.advice, self.at = found, work.at
        return found
