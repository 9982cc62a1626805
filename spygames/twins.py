"""Twin deals: one position dealt twice by `setup`, the cards its seat to play cannot see
dealt apart, so that the two games look the same to that seat and hide different cards.

The conformance checks (`spygames.conformance`) deal them to show a view does not depend
on hidden cards; the proof that bots see no hidden cards (`tests/engine/test_bots_blind.py`)
asks a bot about each twin. Each game says how it deals its twins (`setups` in its
`invariants` module).
"""

from __future__ import annotations

import random
from typing import Any

Setups = tuple[dict[str, Any], dict[str, Any]]
"""Two setups dealing one position, the hidden cards apart."""


def shuffled_apart(cards: list[str], rng: random.Random) -> list[str]:
    """`cards` in another order (the same when there is no other).

    >>> shuffled_apart(["AS", "2H"], random.Random(1))
    ['2H', 'AS']
    >>> shuffled_apart(["AS"], random.Random(1))
    ['AS']
    """
    other = cards[:]
    rng.shuffle(other)
    if other == cards and len(cards) > 1:
        other = cards[1:] + cards[:1]
    return other
