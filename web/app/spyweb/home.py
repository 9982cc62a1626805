"""The home screen: what this is, the games as tiles, Continue for a game in progress."""

from __future__ import annotations

from .catalogue import CATALOGUE, GameInfo, is_built
from .markup import esc
from .screen import Screen


def tile(game: GameInfo, *, built: bool, saved: bool, booting: bool = False) -> str:
    if not built:
        status = '<p class="tile-status">Not built yet — coming in a later release.</p>'
        actions = '<button type="button" class="btn" disabled>Not available yet</button>'
    elif booting:
        status = '<p class="tile-status">Getting ready…</p>'
        actions = '<button type="button" class="btn btn-primary" disabled>Play</button>'
    else:
        status = ""
        play = f'<a class="btn btn-primary" href="#/{esc(game.id)}/new">New game</a>'
        cont = (
            f'<a class="btn" href="#/{esc(game.id)}" data-testid="continue-{esc(game.id)}">'
            "Continue</a>"
            if saved
            else ""
        )
        rules = f'<a class="btn btn-quiet" href="#/{esc(game.id)}/rules">Rules</a>'
        if game.id == "deck-of-spies":  # the one solo game has a deal of the day
            rules = f'<a class="btn" id="btn-daily" href="#/{game.id}/daily">Daily deal</a>' + rules
        actions = cont + play + rules
    return (
        f'<article class="tile{"" if built else " tile-off"}" data-game="{esc(game.id)}">'
        f'<div class="tile-emblem" aria-hidden="true">{esc(game.emblem)}</div>'
        f"<h2>{esc(game.name)}</h2>"
        f'<p class="tile-players">{esc(game.players)}</p>'
        f'<p class="tile-pitch">{esc(game.pitch)}</p>'
        f'{status}<div class="tile-actions">{actions}</div></article>'
    )


def tiles(saved: set[str], *, booting: bool = False) -> str:
    return (
        '<section class="tiles" aria-label="Games">'
        + "".join(
            tile(g, built=is_built(g.id), saved=g.id in saved, booting=booting) for g in CATALOGUE
        )
        + "</section>"
    )


INTRO = (
    '<section class="intro"><h1>spygames</h1>'
    '<p class="pitch">Three spy card games for your browser — play alone against bots, '
    "pass one device around the table, or send a friend the same deal. No install, "
    "works offline.</p></section>"
)


class HomeScreen(Screen):
    title = "spygames — spy card games in your browser"

    def render(self) -> str:
        saved = {g.id for g in CATALOGUE if is_built(g.id) and self.ctx.saves.has(g.id)}
        return f'<div class="home">{INTRO}{tiles(saved)}</div>'


def preboot_html() -> str:
    """What index.html shows before Python runs (the build writes it in)."""
    return f'<div class="home">{INTRO}{tiles(set(), booting=True)}</div>'
