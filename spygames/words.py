"""English counts for the command line's developer reports (the Bot Lab's `lab` command):
what a player reads goes through `spygames.i18n` (`ngettext`), in the player's language.

>>> count(1, "spy", "spies"), count(2, "spy", "spies"), count(0, "game")
('1 spy', '2 spies', '0 games')
"""

from __future__ import annotations


def count(n: int, singular: str, many: str | None = None) -> str:
    """ "1 spy", "2 spies", "0 games"."""
    return f"{n} {singular if n == 1 else many if many is not None else singular + 's'}"
