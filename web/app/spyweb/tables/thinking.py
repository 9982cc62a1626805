"""A bot's decision worked out a slice at a time between paints: the one driver behind
every Hint and every bot's move at the tables.

The page has one thread: a search that ran to its end in one go would freeze it. So a
table starts a `Thinking` for the position in front of it, and its `tick` calls `step`
once per timer: each step does up to about `slice_s` seconds of the bot's work
(`Bot.prepare`, then `Bot.think`) and gives the `Advice` once there is one. A thinking
started for a position is dropped as soon as the table has moved on from it (a move, an
undo, a new game), so a late answer never lands on another position.

>>> class Quick(spygames.RandomBot): ...
>>> thinking = Thinking(Quick(seed=1), {}, [{"type": "pass"}], at=("game", 0))
>>> thinking.step(("game", 0)).action
{'type': 'pass'}
>>> Thinking(Quick(seed=1), {}, [{"type": "pass"}], at=("game", 0)).step(("game", 1)) is None
True
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

import spygames

SLICE_S = 0.03  # the longest stretch of work between two paints: a bot's, a Hint's, a search's
WAIT_MS = 40  # how often to look again for a bot that waits on the page (spyweb.tables.yours)


class Thinking:
    """One bot deciding one position: `step` until it gives the advice.

    `at` names the position (any value the table compares, such as the state and how
    many moves it has seen); `step(at)` with another one drops the work and gives None
    from then on (`dropped`)."""

    def __init__(
        self,
        bot: spygames.Bot,
        view: dict[str, Any],
        legal: list[dict[str, Any]],
        *,
        at: Hashable,
        slice_s: float | None = None,
    ) -> None:
        self.bot, self.view, self.legal = bot, view, legal
        self.at = at
        self.slice_s = SLICE_S if slice_s is None else slice_s  # SLICE_S as it is now
        self.ready = False  # Bot.prepare has finished
        self.steps: Iterator[spygames.Advice | None] | None = None
        self.dropped = False

    def step(self, at: Hashable) -> spygames.Advice | None:
        """Up to about `slice_s` seconds of work; the advice once it is known. None while
        the work goes on, and for good once the position `at` is not the one it began
        for."""
        if self.dropped or at != self.at:
            self.dropped = True
            return None
        if not self.ready:
            self.ready = self.bot.prepare(self.slice_s)
            if not self.ready:
                return None
        if self.steps is None:
            self.steps = self.bot.think(self.view, self.legal, self.slice_s)
        try:
            return next(self.steps)
        except StopIteration:  # a bot that never yielded its advice: ask it outright
            return self.bot.advise(self.view, self.legal)

    @property
    def delay_ms(self) -> int:
        """How soon the table should step again: at once, unless the bot waits for the
        page's answer (your bot's, `waiting`)."""
        return WAIT_MS if getattr(self.bot, "waiting", False) else 0
