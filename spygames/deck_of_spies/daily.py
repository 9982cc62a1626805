"""The daily deal: one Deck of Spies deal a day (UTC), the same for everyone, winnable.

Each day has its own sequence of candidate deal numbers (SHA-256 of the date, so the
same on every machine and every Python); the day's deal is the first candidate the
solver shows winnable within `DAILY_NODES` nodes. The budget is in nodes, never in
seconds, so a slow phone and a fast laptop pick the same deal.

>>> daily_number(date(2026, 1, 1)), daily_number(date(2026, 11, 30))
(1, 334)
>>> parse_day("2026-11-30"), parse_day("30/11/2026")
(datetime.date(2026, 11, 30), None)
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from datetime import UTC, date, datetime
from typing import Final

from ..registry import get_game
from .rules import GAME_ID
from .solver import solving

FIRST_DAY: Final = date(2026, 1, 1)  # daily deal #1
DAILY_NODES: Final = 3_000  # per candidate: nodes, so every machine agrees
CANDIDATES: Final = 64  # candidates tried before settling for the first
MAX_SEED: Final = 999_999_999  # the highest deal number the "Deal #" box takes


def today() -> date:
    """The date in UTC: the day everyone shares."""
    return datetime.now(UTC).date()


def daily_number(day: date) -> int:
    """Daily deal #1 was dealt on 1 January 2026."""
    return (day - FIRST_DAY).days + 1


def parse_day(text: str) -> date | None:
    """A date written YYYY-MM-DD, else None."""
    try:
        return date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        return None


def candidates(day: date) -> Iterator[int]:
    """The day's candidate deal numbers, 1 to MAX_SEED, in the order they are tried."""
    for index in range(CANDIDATES):
        text = f"spygames daily deal\x00{GAME_ID}\x00{day.isoformat()}\x00{index}"
        digest = hashlib.sha256(text.encode()).digest()
        yield 1 + int.from_bytes(digest[:8], "big") % MAX_SEED


def finding(
    day: date, slice_nodes: int = 200, slice_s: float | None = None
) -> Iterator[int | None]:
    """The day's deal number, found in slices: None after every `slice_nodes` nodes (or
    `slice_s` seconds) of search, then the number. Should no candidate be shown winnable
    (never seen), the first one is the deal: the answer stays the same everywhere."""
    game = get_game(GAME_ID)
    tried = list(candidates(day))
    for seed in tried:
        steps = solving(
            game.new(seed=seed), nodes=DAILY_NODES, slice_nodes=slice_nodes, slice_s=slice_s
        )
        for step in steps:
            if step is None:
                yield None
            elif step.verdict == "won":
                yield seed
                return
    yield tried[0]


def daily_seed(day: date) -> int:
    """The deal number of `day`'s daily deal."""
    for step in finding(day, slice_nodes=1 << 62):
        if step is not None:
            return step
    raise AssertionError("no daily deal")
