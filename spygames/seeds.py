"""Bot seeds, drawn from a stream of their own: never the game's seed.

A bot seeded with the game's seed (or `seed × k + seat`, which is the game's seed for
deal 0, seat 0) starts its `random.Random` in the very state the game's shuffle started
in, so its "guesses" of the hidden orders could replay the real deal. Every harness that
seats a bot at a game (CLI, simulate, strength, the web tables, the Hint, bench, tests)
asks `bot_seed` instead: SHA-256 of the game's seed, the seat and a label, which is the
same on every Python version and on Pyodide (unlike `hash()`), and never the game's seed.

>>> bot_seed(7, 1) == bot_seed(7, 1) != bot_seed(7, 2)
True
>>> bot_seed(0, 0) != 0
True
"""

from __future__ import annotations

import hashlib

DEFAULT_LABEL = "bot"
"""The label of a bot seated at a game; other uses (the Hint, a bench) name their own."""


def bot_seed(game_seed: int, seat: int, label: str = DEFAULT_LABEL) -> int:
    """The seed of the bot in `seat` of the game dealt from `game_seed`: a 64-bit number
    from its own stream (`label` keeps different uses apart)."""
    text = f"spygames bot seed\x00{label}\x00{int(game_seed)}\x00{int(seat)}"
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    return seed if seed != game_seed else seed ^ 1
