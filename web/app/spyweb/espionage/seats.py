"""Who sits at the table: names, people or bots, and the setup screen that picks them.

The seats travel in the game's record, as the engine's `options["seats"]`, so a save or
a share link opened anywhere shows the same table. Records from before that have `{}`
options: their seats were kept on the device as a preference keyed by the game's seed
(`remember`), which `recall` still reads; a record whose seats are known nowhere gets
the default table: you in seat 1, bots after.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

import spygames

from ..markup import esc
from ..store import Saves

KINDS = ("human", "easy", "normal", "hard")
KIND_LABELS = {
    "human": "Person",
    "easy": "Bot — easy",
    "normal": "Bot — normal",
    "hard": "Bot — hard",
}
DEFAULT_NAMES = ("You", "Agent Vesper", "Agent Kestrel", "Agent Halden")
MAX_NAME = 20
PREF_BY_SEED = "espionage-seats"
PREF_LAST = "espionage-last-seats"
KEEP = 12


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # "human" or "bot"
    level: str = "normal"  # the bot's level (ignored for people)

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def choice(self) -> str:
        """The setup screen's value: "human" or the bot level."""
        return "human" if self.is_human else self.level


def default_seats(players: int = 2) -> list[Seat]:
    return [
        Seat(DEFAULT_NAMES[0], "human") if i == 0 else Seat(DEFAULT_NAMES[i], "bot", "normal")
        for i in range(players)
    ]


def _seat(raw: Any) -> Seat | None:
    if not isinstance(raw, dict):
        return None
    name, kind, level = raw.get("name"), raw.get("kind"), raw.get("level", "normal")
    if not isinstance(name, str) or not name.strip() or kind not in ("human", "bot"):
        return None
    if level not in KINDS[1:]:
        level = "normal"
    return Seat(name.strip()[:MAX_NAME], kind, level)


def seats_from(raw: Any, players: int | None = None) -> list[Seat] | None:
    """Seats from stored JSON data, or None when it is not a valid table."""
    if not isinstance(raw, list) or not 2 <= len(raw) <= 4:
        return None
    seats = [_seat(r) for r in raw]
    if any(s is None for s in seats) or (players is not None and len(seats) != players):
        return None
    return [s for s in seats if s is not None]


def seat_options(seats: list[Seat]) -> dict[str, Any]:
    """The engine's options for a game at this table."""
    return {"seats": [asdict(s) for s in seats]}


def seats_for(state: spygames.State, saves: Saves) -> list[Seat]:
    """The seats the game's record carries (the engine has checked them); for an older
    record (options `{}`), the seats this device kept for its seed, else the default."""
    carried = seats_from(state.options.get("seats"), state.players)
    return carried or recall(saves, state.seed, state.players)


def _load(saves: Saves, name: str) -> Any:
    try:
        return json.loads(saves.pref(name, "null"))
    except ValueError:
        return None


def remember_last(saves: Saves, seats: list[Seat]) -> None:
    """The table the setup screen offers next time."""
    saves.set_pref(PREF_LAST, json.dumps([asdict(s) for s in seats], separators=(",", ":")))


def remember(saves: Saves, seed: int, seats: list[Seat]) -> None:
    """How games without seats in their options kept them (by seed): kept so tests can
    set up such an older game; new games carry their seats in the record instead."""
    data = _load(saves, PREF_BY_SEED)
    table = data if isinstance(data, dict) else {}
    table.pop(str(seed), None)
    table[str(seed)] = [asdict(s) for s in seats]
    while len(table) > KEEP:
        table.pop(next(iter(table)))
    saves.set_pref(PREF_BY_SEED, json.dumps(table, separators=(",", ":")))
    remember_last(saves, seats)


def recall(saves: Saves, seed: int, players: int) -> list[Seat]:
    """For an older record without seats: the seats kept on this device for the game
    dealt from `seed`, or the default table."""
    data = _load(saves, PREF_BY_SEED)
    if isinstance(data, dict):
        found = seats_from(data.get(str(seed)), players)
        if found:
            return found
    return default_seats(players)


def last_seats(saves: Saves) -> list[Seat]:
    return seats_from(_load(saves, PREF_LAST)) or default_seats(2)


def parse(values: dict[str, str]) -> tuple[list[Seat], str | None]:
    """Seats from the setup form; an error sentence when they cannot make a table."""
    try:
        players = int(values.get("players", "2"))
    except ValueError:
        players = 0
    if not 2 <= players <= 4:
        return default_seats(2), "Choose 2, 3 or 4 players."
    seats: list[Seat] = []
    taken: set[str] = set()
    for i in range(players):
        name = " ".join(values.get(f"seat{i}-name", "").split())[:MAX_NAME]
        if not name:
            name = DEFAULT_NAMES[i] if i else f"Player {i + 1}"
        base, n = name, 2
        while name.casefold() in taken:
            name = f"{base[: MAX_NAME - 3]} {n}"
            n += 1
        taken.add(name.casefold())
        choice = values.get(f"seat{i}-kind", "human" if i == 0 else "normal")
        if choice not in KINDS:
            choice = "normal"
        seats.append(Seat(name, "human") if choice == "human" else Seat(name, "bot", choice))
    if not any(s.is_human for s in seats):
        return seats, "Make at least one seat a person — the bots need someone to play against."
    return seats, None


def setup_html(seats: list[Seat], seed: int | None) -> str:
    """The seats form: 2–4 rows (rows past the chosen number hide themselves by CSS)."""
    players = len(seats)
    rows = []
    for i in range(4):
        seat = seats[i] if i < len(seats) else Seat(DEFAULT_NAMES[i], "bot", "normal")
        options = "".join(
            f'<option value="{k}"{" selected" if seat.choice == k else ""}>'
            f"{KIND_LABELS[k]}</option>"
            for k in KINDS
        )
        rows.append(
            f'<li class="esp-setup-seat" data-seat="{i}">'
            f'<span class="esp-avatar esp-seat-{i}" aria-hidden="true">{i + 1}</span>'
            f'<label class="esp-field"><span>Seat {i + 1} name</span>'
            f'<input id="esp-seat{i}-name" name="seat{i}-name" value="{esc(seat.name)}" '
            f'maxlength="{MAX_NAME}" autocomplete="off"></label>'
            f'<label class="esp-field"><span>Played by</span>'
            f'<select id="esp-seat{i}-kind" name="seat{i}-kind">{options}</select></label>'
            "</li>"
        )
    counts = "".join(
        f'<option value="{n}"{" selected" if n == players else ""}>{n} players</option>'
        for n in (2, 3, 4)
    )
    deal = (
        f'<p class="esp-setup-deal">Deal #{esc(seed)} — the same seed deals the same cards.</p>'
        if seed is not None
        else ""
    )
    return (
        '<section class="esp-setup" aria-labelledby="esp-setup-title">'
        '<h1 id="esp-setup-title"><span class="esp-emblem" aria-hidden="true">◉</span> '
        "Espionage — seat the table</h1>"
        '<p class="esp-lede">Two to four spy trackers bluff about the spies hidden in everyone’s '
        "hands. Make each seat a person (pass the device) or a bot.</p>"
        f"{deal}"
        '<form class="esp-setup-form" data-act="start" id="esp-setup-form">'
        '<label class="esp-field esp-count-field"><span>How many at the table</span>'
        f'<select id="esp-players" name="players">{counts}</select></label>'
        f'<ol class="esp-setup-seats">{"".join(rows)}</ol>'
        '<p class="esp-setup-note">With two or more people, the screen hides every hand '
        "between turns so you can pass the device around.</p>"
        '<div class="esp-setup-actions">'
        '<button type="submit" class="btn btn-primary" id="esp-start">Start the game</button>'
        '<a class="btn btn-quiet" href="#/espionage/rules">Rules</a>'
        '<a class="btn btn-quiet" href="#/">Home</a></div>'
        "</form></section>"
    )
