"""SpyNet's seats screen (its setup form): 2–4 seats (people here, friends on other
devices, or bots; teams at 4) and the situation.

The seats and the situation go into the engine's options, so the record — the save, the
share link — carries the whole table.
"""

from __future__ import annotations

from typing import Any

from spygames.i18n import _

from ...browser.markup import esc
from ...browser.store import Saves
from ...tables import seats as shared
from ...tables.seats import Seat
from .model import SITUATIONS
from .who import TEAM_NAMES

DEFAULT_NAMES = ("You", "Agent Lynx", "Agent Moth", "Agent Heron")
PREF_LAST = "spynet-last-seats"
PREF_SITUATION = "spynet-situation"
SITUATION_CHOICES = ("", "random", *(s["id"] for s in SITUATIONS))


def last_seats(saves: Saves) -> list[Seat]:
    return shared.last_seats(saves, PREF_LAST, DEFAULT_NAMES)


def last_situation(saves: Saves) -> str:
    chosen = saves.pref(PREF_SITUATION, "")
    return chosen if chosen in SITUATION_CHOICES else ""


def remember(saves: Saves, seats: list[Seat], situation: str) -> None:
    shared.remember_last(saves, PREF_LAST, seats)
    saves.set_pref(PREF_SITUATION, situation)


def seats_for(options: dict[str, Any], players: int) -> list[Seat]:
    """The seats the record carries; a record without them (made elsewhere, say by the
    command line) gets "Player 1".."Player N", all people."""
    carried = shared.seats_from(options.get("seats"), players)
    return carried or [Seat(_("Player {number}", number=i + 1), "human") for i in range(players)]


def parse(values: dict[str, str], yours: bool = False) -> tuple[list[Seat], str, str | None]:
    """Seats and situation from the form; an error sentence when they cannot make a table.
    With `yours` a seat may be the person's own bot."""
    seats, problem = shared.parse(values, DEFAULT_NAMES, friends=True, yours=yours)
    situation = values.get("situation", "")
    if situation not in SITUATION_CHOICES:
        situation = ""
    return seats, situation, problem


def options_for(seats: list[Seat], situation: str) -> dict[str, Any]:
    options = shared.seat_options(seats)
    if situation:
        options["situation"] = situation
    return options


def _team_badge(i: int) -> str:
    team = i % 2
    name = _(TEAM_NAMES[team])
    return f'<span class="sn-team sn-team-{team} sn-setup-team">{name}</span>'


def setup_html(seats: list[Seat], situation: str, seed: int | None, yours: bool = False) -> str:
    chosen = situation if situation in SITUATION_CHOICES else ""
    standard, random = (
        _("None — the standard rules (best for a first game)"),
        _("Random — drawn with the deal"),
    )
    options = [
        f'<option value=""{" selected" if chosen == "" else ""}>{standard}</option>',
        f'<option value="random"{" selected" if chosen == "random" else ""}>{random}</option>',
    ]
    items = []
    for s in SITUATIONS:
        # translators: a situation's name and what it changes
        option = _("{name} — {text}", name=esc(s["name"]), text=esc(s["text"]))
        options.append(
            f'<option value="{esc(s["id"])}"{" selected" if chosen == s["id"] else ""}>'
            f"{option}</option>"
        )
        # translators: a situation's name and what it changes
        item = _("<strong>{name}</strong> — {text}", name=esc(s["name"]), text=esc(s["text"]))
        items.append(f"<li>{item}</li>")
    situations = "".join(items)
    title = _("SpyNet — seat the table")
    lede = _(
        "Two to four spymasters draft agents, fund branches and run missions. Make each seat "
        "a person (pass the device), a friend on another device, or a bot."
    )
    teams = _(
        "With four players, seats 1 and 3 (White team) play against seats 2 and 4 (Black "
        "team); teammates sit across from each other. With two or three, everyone plays alone."
    )
    situation_label = _("Situation — one rule changed for the whole game")
    situations_title = _("What the situations do")
    hidden = _(
        "With two or more people, the screen hides every hand between turns so you can pass "
        "the device around."
    )
    start, rules, home = _("Start the game"), _("Rules"), _("Home")
    return (
        '<section class="setup sn-setup" aria-labelledby="sn-setup-title">'
        '<h1 id="sn-setup-title"><span class="sn-emblem" aria-hidden="true">✦</span> '
        f"{title}</h1>"
        f'<p class="setup-lede">{lede}</p>'
        f"{shared.deal_line(seed)}"
        '<form class="setup-form" data-act="start" id="sn-setup-form">'
        f"{shared.players_field('sn', len(seats))}"
        f"{shared.seat_rows(seats, 'sn', DEFAULT_NAMES, _team_badge, friends=True, yours=yours)}"
        f'<p class="setup-note sn-teams-note">{teams}</p>'
        f'<label class="field sn-situation-field"><span>{situation_label}</span>'
        f'<select id="sn-situation" name="situation">{"".join(options)}</select></label>'
        f'<details class="sn-situations"><summary>{situations_title}</summary>'
        f"<ul>{situations}</ul></details>"
        f'<p class="setup-note">{hidden}</p>'
        '<div class="setup-actions">'
        f'<button type="submit" class="btn btn-primary" id="sn-start">{start}</button>'
        f'<a class="btn btn-quiet" href="#/spynet/rules">{rules}</a>'
        f'<a class="btn btn-quiet" href="#/">{home}</a></div>'
        "</form></section>"
    )
