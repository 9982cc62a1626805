"""Who sits at a table, as a game's `options["seats"]`: shared by the games that seat people.

A table travels with its record (a save, a share link), so any device shows the same
names, people and bots. One seat per player:
`{"name": str, "kind": "human" | "bot", "level": "easy" | "normal" | "hard" | "yours"}`.
A name is 1–20 characters once trimmed (it is kept trimmed); `level` is required for a
bot and optional for a person (kept as "normal"); at least one seat must be a person.
"yours" is a person's own bot, written in the Bot Lab (a device without that bot plays
the seat with the normal bot). The rules never look at the seats: they describe the
table for whoever shows the game.

>>> read_seats([{"name": " Ann ", "kind": "human"}, {"name": "Bo", "kind": "bot",
...             "level": "hard"}], 2)[0]
{'name': 'Ann', 'kind': 'human', 'level': 'normal'}
"""

from __future__ import annotations

from typing import Any, Final

from .errors import InvalidSetup

SEAT_KEYS: Final = ("name", "kind", "level")
SEAT_KINDS: Final = ("human", "bot")
BOT_LEVELS: Final = ("easy", "normal", "hard")
"""The built-in bots' levels."""
SEAT_LEVELS: Final = (*BOT_LEVELS, "yours")
"""A bot seat's levels: the built-in bots', and "yours" (a person's own bot)."""
MAX_NAME: Final = 20
"""A seat's name is at most this long, once trimmed."""


def read_seats(raw: Any, players: int) -> list[dict[str, str]]:
    """The seats of `options["seats"]`, checked and tidied (names trimmed, a level for
    every seat); InvalidSetup with a reason a player can read otherwise."""
    if not isinstance(raw, list):
        raise InvalidSetup(f"options seats must be a list of {players} seats, one per player")
    if len(raw) != players:
        raise InvalidSetup(
            f"options seats must list {players} seats, one per player, not {len(raw)}"
        )
    seats = [read_seat(entry, at) for at, entry in enumerate(raw)]
    if not any(seat["kind"] == "human" for seat in seats):
        raise InvalidSetup(
            "options seats need at least one person (a seat of kind human): "
            "bots cannot play on their own"
        )
    return seats


def read_seat(raw: Any, at: int) -> dict[str, str]:
    """One seat (`at` counts from 0), checked and tidied."""
    where = f"options seat {at + 1}"
    if not isinstance(raw, dict):
        raise InvalidSetup(f"{where} must be an object with a name and a kind")
    extra = set(raw) - set(SEAT_KEYS)
    if extra:
        raise InvalidSetup(
            f"{where} has unknown keys {', '.join(sorted(extra))} "
            f"(a seat takes {', '.join(SEAT_KEYS)})"
        )
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise InvalidSetup(f"{where} needs a name (some text)")
    name = name.strip()
    if len(name) > MAX_NAME:
        raise InvalidSetup(
            f"{where}: the name {name[:MAX_NAME]!r}… is longer than {MAX_NAME} characters"
        )
    kind = raw.get("kind")
    if kind not in SEAT_KINDS:
        raise InvalidSetup(f"{where}: kind must be human or bot, not {kind!r}")
    if kind == "bot" and "level" not in raw:
        raise InvalidSetup(f"{where}: a bot needs a level ({', '.join(SEAT_LEVELS)})")
    level = raw.get("level", "normal")
    if level not in SEAT_LEVELS:
        raise InvalidSetup(f"{where}: level must be one of {', '.join(SEAT_LEVELS)}, not {level!r}")
    return {"name": name, "kind": kind, "level": level}
