"""What the page shows before Python runs, one frame per kind of address.

The build writes each frame into index.html as a `<template data-frame="…">`; boot.js
(plain JavaScript, running before Python) shows the one that matches the address being
opened, so a game's address shows that game's table frame, not the home tiles. Nothing
in a frame is playable: Python draws the real screen over it once it has started. The
home frame's links work, though (they only change the address): it is the home page of
a device with nothing saved, which Python's first draw then leaves as it is.
"""

from __future__ import annotations

import spygames
from spygames.i18n import _

from ..browser.markup import esc
from ..catalogue import CATALOGUE, GameInfo
from .home import preboot_html as home_frame


def _crumbs(*names: str) -> str:
    trail = "".join(f" › {esc(name)}" for name in names)
    return f'<nav class="crumbs"><a href="#/">spygames</a>{trail}</nav>'


def table_frame(game: GameInfo) -> str:
    """The game's table, empty, while Python starts: its name, its felt, what is coming."""
    return (
        f'<div class="preboot-frame" data-frame="{esc(game.id)}">{_crumbs(game.name)}'
        f'<div class="preboot-table" data-game="{esc(game.id)}">'
        f'<h1><span class="preboot-emblem" aria-hidden="true">{esc(game.emblem)}</span> '
        f"{esc(game.name)}</h1>"
        '<p class="preboot-note">' + _("Setting out the table…") + "</p></div></div>"
    )


def page_frame(key: str, heading: str, note: str, *crumbs: str) -> str:
    return (
        f'<div class="preboot-frame" data-frame="{esc(key)}">{_crumbs(*crumbs)}'
        f'<h1>{esc(heading)}</h1><p class="preboot-note">{esc(note)}</p></div>'
    )


def frames() -> dict[str, str]:
    """Every frame by its key: `home`, `<game>`, `<game>/rules`, `saves`, `stats`, `play`,
    `replay` (boot.js maps an address to one of these keys)."""
    shown: dict[str, str] = {"home": home_frame()}
    for game in CATALOGUE:
        if game.id not in spygames.GAMES:
            continue
        shown[game.id] = table_frame(game)
        shown[f"{game.id}/rules"] = page_frame(
            f"{game.id}/rules",
            # translators: a heading; {game} is a game's name
            _("{game} — rules", game=game.name),
            _("Fetching the rules…"),
            game.name,
            _("Rules"),
        )
    saved = _("Saved games")
    shown["saves"] = page_frame("saves", saved, _("Reading your saved games…"), saved)
    stats = _("Stats")
    shown["stats"] = page_frame("stats", stats, _("Counting your games…"), stats)
    shown["play"] = page_frame("play", _("A shared game"), _("Opening the game you were sent…"))
    replay = _("Replay")
    shown["replay"] = page_frame("replay", replay, _("Loading the replay…"), replay)
    return shown


def templates() -> str:
    """The frames as `<template>` elements for index.html."""
    return "\n".join(
        f'<template data-frame="{esc(key)}">{html}</template>' for key, html in frames().items()
    )
