"""Who sits at a table, for every game that seats people: names, people or bots, the
setup form that picks them, and the table the form offers next time.

The seats travel in the game's record as the engine's `options["seats"]` (checked by
`spygames.seats`), so a save or a share link opened anywhere shows the same table. Each
game gives its own default names, form ids (`prefix`) and preference names.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from spygames.i18n import N_, _, ngettext, pgettext
from spygames.seats import MAX_NAME

from ..browser.markup import esc
from ..browser.store import Saves

KINDS = ("human", "easy", "normal", "hard")
KIND_LABELS = {  # the setup's choices for a seat (translated where drawn)
    "human": N_("Person"),
    "easy": N_("Bot — easy"),
    "normal": N_("Bot — normal"),
    "hard": N_("Bot — hard"),
    "friend": N_("A friend, on another device"),
    "yours": N_("Your bot, from the Bot Lab"),
}
FRIEND = "friend"  # the setup's choice for a seat played on another device
YOU = N_("You")
"""The first seat's default name: the person at the device (`is_you`)."""
YOURS = "yours"  # the setup's choice (and the seat's level) for the person's own bot


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # "human" or "bot"
    level: str = "normal"  # the bot's level (ignored for people)
    away: bool = False  # a person playing on another device (playing together)

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def here(self) -> bool:
        """A person at this device."""
        return self.is_human and not self.away

    @property
    def choice(self) -> str:
        """The setup screen's value: "human", "friend" or the bot level."""
        return (FRIEND if self.away else "human") if self.is_human else self.level

    @property
    def tag(self) -> str:
        """ "Person", "Friend · another device", "Bot · hard" or "Your bot"."""
        if self.is_human:
            return _("Friend · another device") if self.away else _("Person")
        if self.level == YOURS:
            return _("Your bot")
        # translators: a bot's seat, with its level ("easy", "normal", "hard")
        return _("Bot · {level}", level=level_name(self.level))


def level_name(name: str) -> str:
    """A bot's level in words ("hard"); a level unknown here as it is."""
    if name == "easy":
        return pgettext("bot level", "easy")
    if name == "normal":
        return pgettext("bot level", "normal")
    if name == "hard":
        return pgettext("bot level", "hard")
    if name == YOURS:
        return pgettext("bot level", "yours")
    return name


def is_you(name: str) -> bool:
    """Whether a seat's name is "You" (the first seat's default name: the person at the
    device), in English or in the language in use: the words then speak to them."""
    return name == YOU or name == _(YOU)


def default_seats(names: Sequence[str], players: int = 2) -> list[Seat]:
    """You in seat 1 ("You" in the language in use), normal bots after."""
    return [
        Seat(_(names[0]), "human") if i == 0 else Seat(names[i], "bot", "normal")
        for i in range(players)
    ]


def _seat(raw: Any) -> Seat | None:
    if not isinstance(raw, dict):
        return None
    name, kind, level = raw.get("name"), raw.get("kind"), raw.get("level", "normal")
    if not isinstance(name, str) or not name.strip() or kind not in ("human", "bot"):
        return None
    if level not in (*KINDS[1:], YOURS):
        level = "normal"
    return Seat(name.strip()[:MAX_NAME], kind, level, raw.get("away") is True and kind == "human")


def seats_from(raw: Any, players: int | None = None) -> list[Seat] | None:
    """Seats from stored JSON data, or None when it is not a valid table."""
    if not isinstance(raw, list) or not 2 <= len(raw) <= 4:
        return None
    seats = [_seat(r) for r in raw]
    if any(s is None for s in seats) or (players is not None and len(seats) != players):
        return None
    return [s for s in seats if s is not None]


def seat_options(seats: list[Seat]) -> dict[str, Any]:
    """The engine's `options["seats"]` for a game at this table (where each person plays
    is this device's business, not the game's: `away` stays out of the record)."""
    return {"seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in seats]}


def load_pref(saves: Saves, name: str) -> Any:
    try:
        return json.loads(saves.pref(name, "null"))
    except ValueError:
        return None


def remember_last(saves: Saves, pref: str, seats: list[Seat]) -> None:
    """The table the setup screen offers next time."""
    saves.set_pref(pref, json.dumps([asdict(s) for s in seats], separators=(",", ":")))


def last_seats(saves: Saves, pref: str, names: Sequence[str]) -> list[Seat]:
    return seats_from(load_pref(saves, pref)) or default_seats(names, 2)


def parse(
    values: dict[str, str], names: Sequence[str], *, friends: bool = False, yours: bool = False
) -> tuple[list[Seat], str | None]:
    """Seats from the setup form; an error sentence when they cannot make a table. With
    `yours` a seat may be the person's own bot (the Bot Lab's, in this tab)."""
    try:
        players = int(values.get("players", "2"))
    except ValueError:
        players = 0
    if not 2 <= players <= 4:
        return default_seats(names, 2), _("Choose 2, 3 or 4 players.")
    seats: list[Seat] = []
    taken: set[str] = set()
    for i in range(players):
        name = " ".join(values.get(f"seat{i}-name", "").split())[:MAX_NAME]
        if not name:
            name = names[i] if i else _("Player {number}", number=i + 1)
        base, n = name, 2
        while name.casefold() in taken:
            name = f"{base[: MAX_NAME - 3]} {n}"
            n += 1
        taken.add(name.casefold())
        choice = values.get(f"seat{i}-kind", "human" if i == 0 else "normal")
        if (
            choice not in (*KINDS, FRIEND, YOURS)
            or (choice == FRIEND and not friends)
            or (choice == YOURS and not yours)
        ):
            choice = "normal"
        if choice in ("human", FRIEND):
            seats.append(Seat(name, "human", away=choice == FRIEND))
        else:
            seats.append(Seat(name, "bot", choice))
    if not any(s.is_human for s in seats):
        return seats, _("Make at least one seat a person — the bots need someone to play against.")
    if not any(s.here for s in seats):
        return seats, _("Make at least one seat a person at this device: it hosts the table.")
    return seats, None


def players_field(prefix: str, players: int) -> str:
    """The "How many at the table" select (its id is `{prefix}-players`)."""
    counts = "".join(
        f'<option value="{n}"{" selected" if n == players else ""}>'
        + ngettext("{n} player", "{n} players", n)
        + "</option>"
        for n in (2, 3, 4)
    )
    return (
        '<label class="field count-field"><span>' + _("How many at the table") + "</span>"
        f'<select id="{prefix}-players" name="players">{counts}</select></label>'
    )


def seat_rows(
    seats: list[Seat],
    prefix: str,
    names: Sequence[str],
    extra: Callable[[int], str] | None = None,
    *,
    friends: bool = False,
    yours: bool = False,
) -> str:
    """The seat rows, always four (rows past the chosen number hide themselves by CSS);
    `extra(i)` adds to row i (a team badge, say); with `friends` a seat may be played by
    a friend on another device, with `yours` by the person's own bot."""
    rows = []
    kinds = (*KINDS, *((FRIEND,) if friends else ()), *((YOURS,) if yours else ()))
    for i in range(4):
        seat = seats[i] if i < len(seats) else Seat(names[i], "bot", "normal")
        chosen = seat.choice if seat.choice in kinds else "normal"  # your bot gone, say
        options = "".join(
            f'<option value="{k}"{" selected" if chosen == k else ""}>'
            + _(KIND_LABELS[k])
            + "</option>"
            for k in kinds
        )
        name_label = _("Seat {number} name", number=i + 1)
        played_by = _("Played by")
        rows.append(
            f'<li class="setup-seat" data-seat="{i}">'
            f'<span class="seat-avatar" aria-hidden="true">{i + 1}</span>'
            f'<label class="field"><span>{name_label}</span>'
            f'<input id="{prefix}-seat{i}-name" name="seat{i}-name" value="{esc(seat.name)}" '
            f'maxlength="{MAX_NAME}" autocomplete="off"></label>'
            f'<label class="field"><span>{played_by}</span>'
            f'<select id="{prefix}-seat{i}-kind" name="seat{i}-kind">{options}</select></label>'
            f"{extra(i) if extra else ''}</li>"
        )
    return f'<ol class="setup-seats">{"".join(rows)}</ol>'


def deal_line(seed: int | None) -> str:
    if seed is None:
        return ""
    words = _("Deal #{number} — the same seed deals the same cards.", number=esc(seed))
    return f'<p class="setup-deal">{words}</p>'
