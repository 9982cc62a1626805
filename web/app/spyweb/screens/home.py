"""The home screen: what this is, the games as tiles, Continue for a game in progress,
and the tables this device joined on a friend's device (with Forget)."""

from __future__ import annotations

from spygames.guides import has_guide
from spygames.i18n import _, pgettext

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
        status = (
            '<p class="tile-status">' + _("Not built yet — coming in a later release.") + "</p>"
        )
        actions = (
            '<button type="button" class="btn" disabled>' + _("Not available yet") + "</button>"
        )
    else:
        status = ""
        play = f'<a class="btn btn-primary" href="#/{esc(game.id)}/new">' + _("New game") + "</a>"
        cont = (
            f'<a class="btn" href="#/{esc(game.id)}" data-testid="continue-{esc(game.id)}">'
            + _("Continue")
            + "</a>"
            if saved
            else ""
        )
        rules = f'<a class="btn btn-quiet" href="#/{esc(game.id)}/rules">' + _("Rules") + "</a>"
        if (record := ui(game.id)) is not None and record.daily_deal:
            daily = _("Daily deal")
            rules = f'<a class="btn" id="btn-daily" href="#/{game.id}/daily">{daily}</a>' + rules
        if learn and has_guide(game.id):  # beside the pitch: the buttons stay one row
            new_to_it, learn_it = _("New to it?"), _("Learn by playing")
            status = (
                f'<p class="tile-learn">{new_to_it} <a id="learn-{esc(game.id)}" '
                f'href="#/{esc(game.id)}/learn">{learn_it}</a></p>'
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
        '<section class="tiles" aria-label="'
        # the three games, as a list ("Games" alone is a number of games: the Bot Lab's)
        + esc(pgettext("the list of games", "Games"))
        + '">'
        + "".join(
            tile(g, built=is_built(g.id), saved=g.id in saved, learn=g.id not in finished)
            for g in games()
        )
        + "</section>"
    )


def home_html(saved: set[str], joined: str = "", finished: set[str] | None = None) -> str:
    """The home page; `finished`: the games the player has finished a game of."""
    return f'<div class="home">{intro()}{tiles(saved, finished or set())}{joined}</div>'


def intro() -> str:
    """What this is, above the tiles."""
    pitch = _(
        "Three spy card games for your browser — play alone against bots, pass one device "
        "around, or play together from your own devices (only the moves go between them). "
        "No install, works offline."
    )
    return f'<section class="intro"><h1>spygames</h1><p class="pitch">{pitch}</p></section>'


def joined_row(table: JoinedTable, now: float, *, joined: bool = False, number: int = 0) -> str:
    """ "Ana's Espionage table — you were Ben, last connected 5 min ago", how to rejoin,
    and Forget. `joined`: say when it was joined too, and `number`: which of the host's
    tables of this game it is ("table 2") — for a row that would read as another does."""
    name = game_name(table.game)
    host = esc(table.host)
    # translators: {host} is the name of the friend who hosts the table
    how = (
        _("That game had ended. {host} can invite you to a new table.", host=host)
        if table.over
        # translators: {host} is the name of the friend who hosts the table
        else _(
            "A bot was playing for you when you left. To play your seat again, ask {host} "
            "for a new invitation, then to give you the seat back.",
            host=host,
        )
        if table.bot
        # translators: {host} is the name of the friend who hosts the table
        else _(
            "To take your seat back, ask {host} for a new invitation: the game is kept "
            "on {host}’s device, not on this one.",
            host=host,
        )
    )
    joined_ago, seen_ago = ago(table.joined, now), ago(table.seen, now)
    # translators: {host} hosts the table; {game} is a game's name; {number} counts the tables
    which = (
        _("{host}’s {game} table {number}", host=host, game=esc(name), number=number)
        if number
        # translators: {host} hosts the table; {game} is a game's name
        else _("{host}’s {game} table", host=host, game=esc(name))
    )
    # translators: {name} is your seat's name; {joined} and {seen} say when ("5 min ago")
    seat = (
        _(
            "— you were {name}, joined {joined}, last connected {seen}",
            name=esc(table.name),
            joined=esc(joined_ago),
            seen=esc(seen_ago),
        )
        if joined
        # translators: {name} is your seat's name; {seen} says when ("5 min ago")
        else _("— you were {name}, last connected {seen}", name=esc(table.name), seen=esc(seen_ago))
    )
    return (
        f'<li class="joined-row" data-table="{esc(table.table)}">'
        f'<div class="joined-what"><strong>{which}</strong> <span>{seat}</span>'
        f'<span class="joined-how">{how}</span></div>'
        + button(
            _("Forget"),
            "forget-table",
            table.table,
            id=f"forget-{table.table}",
            class_="btn btn-small btn-quiet",
            aria_label=forget_label(table.host, name, number, joined_ago if joined else ""),
        )
        + "</li>"
    )


def forget_label(host: str, game: str, number: int, joined: str) -> str:
    """The Forget button's name: whose table of which game it forgets (`number`: which
    of them, if not 0; `joined`: when it was joined, if said)."""
    if number and joined:
        # translators: {host} hosts the table; {number} counts the tables; {joined} "5 min ago"
        return _(
            "Forget {host}’s {game} table {number}, joined {joined}",
            host=host,
            game=game,
            number=number,
            joined=joined,
        )
    if number:
        # translators: {host} hosts the table; {game} is a game's name; {number} counts them
        return _("Forget {host}’s {game} table {number}", host=host, game=game, number=number)
    if joined:
        # translators: {host} hosts the table; {joined} says when ("5 min ago")
        return _(
            "Forget {host}’s {game} table, joined {joined}", host=host, game=game, joined=joined
        )
    # translators: {host} hosts the table; {game} is a game's name
    return _("Forget {host}’s {game} table", host=host, game=game)


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
        numbers.update({i: n for n, (*_rest, i) in enumerate(mine, start=1)})
    return [
        joined_row(t, now, joined=alike[i], number=numbers.get(i, 0)) for i, t in enumerate(tables)
    ]


def joined_section(tables: list[JoinedTable], now: float) -> str:
    """The tables this device joined on another device, if any."""
    if not tables:
        return ""
    return (
        '<section class="joined" id="joined" aria-labelledby="joined-title">'
        '<h2 id="joined-title">' + _("Tables you joined") + "</h2>"
        '<ul class="joined-list">' + "".join(joined_rows(tables, now)) + "</ul>"
        "</section>"
    )


class HomeScreen(Screen):
    @property
    def title(self) -> str:  # type: ignore[override]
        return _("spygames — spy card games in your browser")

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
