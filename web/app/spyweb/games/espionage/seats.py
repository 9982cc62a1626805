"""Espionage's seats: its default names, the seats screen, and older records' tables.

The seats travel in the game's record, as the engine's `options["seats"]`, so a save or
a share link opened anywhere shows the same table (the shared pieces are in
`spyweb.tables.seats`). Records from before that have `{}` options: their seats were kept on
the device as a preference keyed by the game's seed (`remember`), which `recall` still
reads; a record whose seats are known nowhere gets the default table: you in seat 1,
bots after.
"""

from __future__ import annotations

import json
from dataclasses import asdict

import spygames
from spygames.i18n import _
from spygames.seats import MAX_NAME

from ...browser.store import Saves
from ...tables import seats as shared
from ...tables.seats import KIND_LABELS, KINDS, Seat, seat_options, seats_from

DEFAULT_NAMES = ("You", "Agent Vesper", "Agent Kestrel", "Agent Halden")
PREF_BY_SEED = "espionage-seats"
PREF_LAST = "espionage-last-seats"
KEEP = 12

__all__ = [
    "DEFAULT_NAMES",
    "KINDS",
    "KIND_LABELS",
    "MAX_NAME",
    "Seat",
    "default_seats",
    "last_seats",
    "parse",
    "recall",
    "remember",
    "remember_last",
    "seat_options",
    "seats_for",
    "seats_from",
    "setup_html",
]


def default_seats(players: int = 2) -> list[Seat]:
    return shared.default_seats(DEFAULT_NAMES, players)


def seats_for(state: spygames.State, saves: Saves) -> list[Seat]:
    """The seats the game's record carries (the engine has checked them); for an older
    record (options `{}`), the seats this device kept for its seed, else the default."""
    carried = seats_from(state.options.get("seats"), state.players)
    return carried or recall(saves, state.seed, state.players)


def remember_last(saves: Saves, seats: list[Seat]) -> None:
    shared.remember_last(saves, PREF_LAST, seats)


def remember(saves: Saves, seed: int, seats: list[Seat]) -> None:
    """How games without seats in their options kept them (by seed): kept so tests can
    set up such an older game; new games carry their seats in the record instead."""
    data = shared.load_pref(saves, PREF_BY_SEED)
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
    data = shared.load_pref(saves, PREF_BY_SEED)
    if isinstance(data, dict):
        found = seats_from(data.get(str(seed)), players)
        if found:
            return found
    return default_seats(players)


def last_seats(saves: Saves) -> list[Seat]:
    return shared.last_seats(saves, PREF_LAST, DEFAULT_NAMES)


def parse(values: dict[str, str], yours: bool = False) -> tuple[list[Seat], str | None]:
    """Seats from the setup form; an error sentence when they cannot make a table. With
    `yours` a seat may be the person's own bot."""
    return shared.parse(values, DEFAULT_NAMES, friends=True, yours=yours)


def setup_html(seats: list[Seat], seed: int | None, yours: bool = False) -> str:
    """The seats form: 2–4 rows (rows past the chosen number hide themselves by CSS);
    with `yours`, "Your bot" is one of the kinds."""
    return (
        '<section class="setup" aria-labelledby="esp-setup-title">'
        '<h1 id="esp-setup-title"><span class="esp-emblem" aria-hidden="true">◉</span> '
        + _("Espionage — seat the table")
        + '</h1><p class="setup-lede">'
        + _(
            "Two to four spy trackers bluff about the spies hidden in everyone’s hands. Make "
            "each seat a person (pass the device), a friend on another device, or a bot."
        )
        + "</p>"
        + shared.deal_line(seed)
        + '<form class="setup-form" data-act="start" id="esp-setup-form">'
        + shared.players_field("esp", len(seats))
        + shared.seat_rows(seats, "esp", DEFAULT_NAMES, friends=True, yours=yours)
        + '<p class="setup-note">'
        + _(
            "With two or more people, the screen hides every hand between turns so you can "
            "pass the device around."
        )
        + '</p><div class="setup-actions">'
        '<button type="submit" class="btn btn-primary" id="esp-start">'
        + _("Start the game")
        + '</button><a class="btn btn-quiet" href="#/espionage/rules">'
        + _("Rules")
        + '</a><a class="btn btn-quiet" href="#/">'
        + _("Home")
        + "</a></div></form></section>"
    )
