"""The home screen: what this is, the games as tiles, Continue for a game in progress,
and the tables this device joined on a friend's device (with Forget)."""

from __future__ import annotations

from spygames.guides import has_guide

from ..browser import stats
from ..browser.markup import button, esc
from ..catalogue import GameInfo, game_name, games, is_built, ui
from ..tables.screen import Screen
from ..together.remembered import JoinedTable, forget, joined_tables
from .saved import ago


def tile(game: GameInfo, *, built: bool, saved: bool, learn: bool = False) -> str:
    """A game's tile; `learn`: offer its guided first game (to a player who has not
    finished a game of it yet)."""
    if not built:
        status = '<p class="tile-status">Not built yet — coming in a later release.</p>'
        actions = '<button type="button" class="btn" disabled>Not available yet</button>'
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
        if (record := ui(game.id)) is not None and record.daily_deal:
            rules = f'<a class="btn" id="btn-daily" href="#/{game.id}/daily">Daily deal</a>' + rules
        if learn and has_guide(game.id):  # beside the pitch: the buttons stay one row
            status = (
                f'<p class="tile-learn">New to it? <a id="learn-{esc(game.id)}" '
                f'href="#/{esc(game.id)}/learn">Learn by playing</a></p>'
            )
        actions = cont + play + rules
    return (
        f'<article class="tile{"" if built else " tile-off"}" data-game="{esc(game.id)}">'
        f'<div class="tile-emblem" aria-hidden="true">{esc(game.emblem)}</div>'
        f"<h2>{esc(game.name)}</h2>"
        f'<p class="tile-players">{esc(game.players)}</p>'
        f'<p class="tile-pitch">{esc(game.pitch)}</p>'
        f'{status}<div class="tile-actions">{actions}</div></article>'
    )


def tiles(saved: set[str], finished: set[str]) -> str:
    return (
        '<section class="tiles" aria-label="Games">'
        + "".join(
            tile(g, built=is_built(g.id), saved=g.id in saved, learn=g.id not in finished)
            for g in games()
        )
        + "</section>"
    )


def home_html(saved: set[str], joined: str = "", finished: set[str] | None = None) -> str:
    """The home page; `finished`: the games the player has finished a game of."""
    return f'<div class="home">{INTRO}{tiles(saved, finished or set())}{joined}</div>'


INTRO = (
    '<section class="intro"><h1>spygames</h1>'
    '<p class="pitch">Three spy card games for your browser — play alone against bots, '
    "pass one device around, or play together from your own devices (only the moves go "
    "between them). No install, works offline.</p></section>"
)


def joined_row(table: JoinedTable, now: float, *, joined: bool = False, number: int = 0) -> str:
    """ "Ana's Espionage table — you were Ben, last connected 5 min ago", how to rejoin,
    and Forget. `joined`: say when it was joined too, and `number`: which of the host's
    tables of this game it is ("table 2") — for a row that would read as another does."""
    name = game_name(table.game)
    host = esc(table.host)
    how = (
        f"That game had ended. {host} can invite you to a new table."
        if table.over
        else f"A bot was playing for you when you left. To play your seat again, ask {host} "
        f"for a new invitation, then to give you the seat back."
        if table.bot
        else f"To take your seat back, ask {host} for a new invitation: the game is kept "
        f"on {host}’s device, not on this one."
    )
    which = f"{name} table {number}" if number else f"{name} table"
    when = f"joined {ago(table.joined, now)}, " if joined else ""
    return (
        f'<li class="joined-row" data-table="{esc(table.table)}">'
        f'<div class="joined-what"><strong>{host}’s {esc(which)}</strong> '
        f"<span>— you were {esc(table.name)}, {esc(when)}last connected "
        f"{esc(ago(table.seen, now))}</span>"
        f'<span class="joined-how">{how}</span></div>'
        + button(
            "Forget",
            "forget-table",
            table.table,
            id=f"forget-{table.table}",
            class_="btn btn-small btn-quiet",
            aria_label=f"Forget {table.host}’s {which}"
            + (f", joined {ago(table.joined, now)}" if joined else ""),
        )
        + "</li>"
    )


def joined_rows(tables: list[JoinedTable], now: float) -> list[str]:
    """Each table's row. Tables of one host, game and seat's name would read alike: their
    rows say when each was joined, and if that is not enough, number them in the order
    they were joined."""
    kind = [(t.host, t.game, t.name) for t in tables]
    alike = [kind.count(k) > 1 for k in kind]
    said = [(k, ago(t.joined, now), ago(t.seen, now), t.over, t.bot)
            for k, t in zip(kind, tables, strict=True)]  # fmt: skip
    numbered = {k for k, s in zip(kind, said, strict=True) if said.count(s) > 1}
    numbers: dict[int, int] = {}
    for k in numbered:
        mine = sorted((t.joined, t.seen, t.table, i) for i, t in enumerate(tables) if kind[i] == k)
        numbers.update({i: n for n, (*_, i) in enumerate(mine, start=1)})
    return [
        joined_row(t, now, joined=alike[i], number=numbers.get(i, 0)) for i, t in enumerate(tables)
    ]


def joined_section(tables: list[JoinedTable], now: float) -> str:
    """The tables this device joined on another device, if any."""
    if not tables:
        return ""
    return (
        '<section class="joined" id="joined" aria-labelledby="joined-title">'
        '<h2 id="joined-title">Tables you joined</h2>'
        '<ul class="joined-list">' + "".join(joined_rows(tables, now)) + "</ul>"
        "</section>"
    )


class HomeScreen(Screen):
    title = "spygames — spy card games in your browser"

    def handle(self, act: str, arg: str) -> None:
        if act == "forget-table":
            forget(self.ctx.saves, arg)

    def render(self) -> str:
        saves = self.ctx.saves
        listed = games()
        saved = {g.id for g in listed if is_built(g.id) and saves.has(g.id)}
        finished = {g.id for g in listed if stats.load(saves, g.id).played}
        joined = joined_section(joined_tables(saves), saves.clock())
        return home_html(saved, joined, finished)


def preboot_html() -> str:
    """What index.html shows before Python runs (the build writes it in): the home page of
    a device with nothing saved, as Python draws it, so Python's first draw of it can
    leave the page untouched (web/page.mjs) and its links work while Python starts (a click
    changes the address; boot.js shows that address's frame; Python opens it)."""
    return home_html(set())
