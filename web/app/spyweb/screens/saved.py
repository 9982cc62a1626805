"""Saved games and Stats: the screens where a player finds, moves and counts their games.

Saved games lists every game in progress, the recent finished ones and any damaged save,
with Continue / View, Export, Delete (asked first); Export all; Import a file.
Stats shows each game's record (see spyweb/browser/stats.py) with a chart of the last results
(stats_chart.py).
"""

from __future__ import annotations

from spygames.guides import get_guide
from spygames.i18n import _, both, ngettext, pgettext

from ..browser import stats, transfer
from ..browser.links import replay_route
from ..browser.markup import button, esc
from ..browser.store import Slot, moves_text
from ..catalogue import game_name, games, info, is_built
from ..tables.screen import Context, Screen
from ..together.hosting import Hosting
from ..together.kept import PREF
from .stats_chart import chart, top_score


def which_is_newer(imported: Slot, here: Slot, now: float, *, named: bool = False) -> str:
    """Which copy of a game is newer, by when each was last saved (by its moves when a
    copy has no date or both have the same): "The file's copy is newer (12 moves, saved
    3 h ago; here: 9 moves, saved yesterday)." `named` puts the game's name first."""

    def said(slot: Slot) -> str:
        if slot.updated <= 0:
            return moves_text(slot.moves)
        # translators: {when} says when the copy was saved ("3 h ago", "yesterday")
        return ngettext(
            "{n} move, saved {when}",
            "{n} moves, saved {when}",
            slot.moves,
            when=ago(slot.updated, now),
        )

    dated = imported.updated > 0 and here.updated > 0 and imported.updated != here.updated
    mine, theirs = (imported.updated, here.updated) if dated else (imported.moves, here.moves)
    file, kept = said(imported), said(here)
    # translators: {file} and {here} describe each copy ("12 moves, saved 3 h ago")
    verdict = (
        _("The file's copy is newer (file: {file}; here: {here}).", file=file, here=kept)
        if mine > theirs
        # translators: {file} and {here} describe each copy ("12 moves, saved 3 h ago")
        else _("The copy here is newer (file: {file}; here: {here}).", file=file, here=kept)
        if theirs > mine
        # translators: {file} and {here} describe each copy ("12 moves, saved 3 h ago")
        else _(
            "Neither copy is newer by date or moves (file: {file}; here: {here}).",
            file=file,
            here=kept,
        )
    )
    if not named:
        return verdict
    # translators: {game} is a game's name; {verdict} says which copy of it is newer
    return _("{game}: {verdict}", game=game_name(here.game), verdict=verdict)


def ago(then: float, now: float) -> str:
    """ "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", "12 weeks ago"."""
    seconds = max(0.0, now - then)
    if then <= 0:
        return _("some time ago")
    if seconds < 60:
        return _("just now")
    if seconds < 3600:
        return ngettext("{n} min ago", "{n} min ago", int(seconds // 60))
    if seconds < 86400:
        return ngettext("{n} h ago", "{n} h ago", int(seconds // 3600))
    days = int(seconds // 86400)
    if days == 1:
        return _("yesterday")
    if days < 30:
        return ngettext("{n} day ago", "{n} days ago", days)
    return ngettext("{n} week ago", "{n} weeks ago", days // 7)


def _button(label: str, act: str, arg: str, *, id_: str, primary: bool = False) -> str:
    return button(
        label, act, arg, id=id_, class_="btn btn-small" + (" btn-primary" if primary else "")
    )


class SavedGamesScreen(Screen):
    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Saved games — spygames")

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.pending: transfer.Incoming | None = None  # an import waiting for a yes

    # -- events ----------------------------------------------------------------------------
    def handle(self, act: str, arg: str) -> None:
        saves = self.ctx.saves
        slot = saves.slot(arg) if arg else None
        if act == "replay" and slot is not None and slot.record is not None:
            self.ctx.navigate(replay_route(slot.record))
        elif act == "continue" and slot is not None:
            if saves.make_current(slot.id):
                self.ctx.navigate(f"#/{slot.game}")
        elif act == "delete" and slot is not None:
            friends = self._friends(slot)
            also = bool(friends) and not slot.over  # friends play it on other devices
            names = both(friends)
            if self.ctx.ask(
                act,
                arg,
                _("Delete this game in progress?")
                if slot.in_progress
                else _("Delete this saved game?"),
                # translators: {names} are the friends' names ("Ben and Cy")
                ngettext(
                    "It is removed from this browser for good. Export it first to keep a copy. "
                    "{names} plays it from another device: it ends for them too.",
                    "It is removed from this browser for good. Export it first to keep a copy. "
                    "{names} play it from another device: it ends for them too.",
                    len(friends),
                    names=names,
                )
                if also
                else _("It is removed from this browser for good. Export it first to keep a copy."),
                _("Delete"),
            ):
                hosting = self.ctx.hostings.pop(slot.id, None)
                here = hosting.at_table() if hosting is not None else []
                if hosting is not None:
                    hosting.end()  # the friends at the table are told; the table stops
                saves.delete(slot.id)
                saves.remove_pref(PREF + slot.id)
                self.ctx.notify(
                    # translators: {names} are the friends' names ("Ben and Cy")
                    ngettext(
                        "Deleted. {names} was told.",
                        "Deleted. {names} were told.",
                        len(friends),
                        names=names,
                    )
                    if also and here
                    else _("Deleted.")
                )
        elif act == "discard" and slot is not None and slot.problem is not None:
            if self.ctx.ask(
                act,
                arg,
                _("Discard this save?"),
                _(
                    "It can't be continued here, and it is removed from this browser for good. "
                    "Download it first to keep the file."
                ),
                _("Discard"),
            ):
                saves.delete(slot.id)
                self.ctx.notify(_("Discarded."))
        elif act == "export" and slot is not None:
            self._download([slot], slot.game)
        elif act == "export-all":
            slots = [s for s in saves.slots() if s.record is not None]
            if not slots:
                self.ctx.notify(_("There is nothing to export yet."))
            else:
                self._download(slots, "saves")
        elif act == "download-raw" and slot is not None:
            self.ctx.effect(
                "download", transfer.file_name(f"{slot.game}-damaged", saves.clock()), slot.raw
            )
        elif act == "import-replace" and self.pending is not None:
            self._import_replace(self.pending)

    def _import_replace(self, pending: transfer.Incoming) -> None:
        saves = self.ctx.saves
        now = saves.clock()
        newer = " ".join(
            which_is_newer(slot, here, now, named=len(pending.replacing) > 1)
            for slot in pending.replacing
            if (here := saves.slot(slot.id)) is not None
        )
        if self.ctx.ask(
            "import-replace",
            "",
            _("Replace your saved game with the imported one?"),
            # translators: {newer} says which copy of each game is newer, a sentence each
            _(
                "The file holds a different position of a game saved here. {newer} The one "
                "here will be replaced. Export it first to keep a copy.",
                newer=newer,
            ),
            _("Replace"),
        ):
            self._store(pending, replace=True)

    def _download(self, slots: list[Slot], what: str) -> None:
        now = self.ctx.saves.clock()
        self.ctx.effect("download", transfer.file_name(what, now), transfer.export_text(slots, now))

    def submit(self, act: str, values: dict[str, str]) -> None:
        if act != "import":
            return
        if values.get("too_big"):
            self.ctx.notify(_("That file is too big to be a spygames save; nothing was imported."))
            return
        try:
            incoming = transfer.read(values.get("text", ""), self.ctx.saves)
        except transfer.BadFile as exc:
            self.ctx.notify(
                # translators: {problem} is a sentence saying what is wrong with the file
                _(
                    "{problem} Nothing was imported; your games are untouched.",
                    problem=exc.message,
                )
            )
            return
        if incoming.replacing:
            self.pending = incoming
            self.handle("import-replace", "")  # asks first; stored on yes
            return
        self._store(incoming, replace=False)

    def _store(self, incoming: transfer.Incoming, *, replace: bool) -> None:
        self.pending = None
        count = transfer.store(incoming, self.ctx.saves, replace=replace)
        if count:
            self.ctx.notify(ngettext("Imported {n} game.", "Imported {n} games.", count))
        elif incoming.same:
            self.ctx.notify(_("These games are already here; nothing changed."))

    # -- drawing ---------------------------------------------------------------------------
    def render(self) -> str:
        slots = self.ctx.saves.slots()
        playing = [s for s in slots if s.problem is None and not s.over]
        finished = [s for s in slots if s.problem is None and s.over]
        damaged = [s for s in slots if s.problem is not None]
        sections = [
            self._section(_("In progress"), "saves-playing", playing, _("No game in progress.")),
            self._section(_("Finished"), "saves-finished", finished, _("No finished games yet.")),
        ]
        if damaged:
            sections.append(
                self._section(
                    _("Saves that can't be continued"),
                    "saves-damaged",
                    damaged,
                    "",
                    _(
                        "These are kept until you say: download one to keep it as a file, "
                        "or discard it."
                    ),
                )
            )
        saved = _("Saved games")
        lede = _(
            "Every game is saved in this browser after each move. Export a game to move it "
            "to another browser or device, and import it there."
        )
        return (
            '<div class="saves-page">'
            f'<nav class="crumbs"><a href="#/">spygames</a> › {saved}</nav>'
            f"<h1>{saved}</h1>"
            f'<p class="saves-lede">{lede}</p>'
            '<div class="saves-tools">'
            + _button(_("Export all"), "export-all", "", id_="btn-export-all")
            + '<label class="btn btn-small file-btn">'
            + _("Import a file…")
            + '<input type="file" id="import-file" class="file-input" '
            'accept=".json,application/json" data-act="import"></label>'
            '<a class="btn btn-small btn-quiet" href="#/stats">'
            + _("Stats")
            + "</a></div>"
            + "".join(sections)
            + "</div>"
        )

    def _friends(self, slot: Slot) -> list[str]:
        """The names of the friends who play `slot`'s game on other devices (none when
        it is played here only)."""
        kept = Hosting.kept(self.ctx, slot.id)
        if kept is None or slot.record is None:
            return []
        seats = sorted(set(kept.away) | set(kept.bots))
        names = [s.get("name", "") for s in (slot.record.get("options") or {}).get("seats", [])]
        named = []
        for i in seats:
            name = names[i] if i < len(names) else ""
            # translators: a seat's name when it has none; {number} counts the seats from 1
            named.append(name or _("Player {number}", number=i + 1))
        return named

    def _section(self, title: str, id_: str, slots: list[Slot], empty: str, lede: str = "") -> str:
        rows = "".join(self._row(s) for s in slots)
        body = (
            f'<ul class="saves-list">{rows}</ul>' if rows else f'<p class="saves-empty">{empty}</p>'
        )
        return (
            f'<section class="saves-section" id="{id_}" aria-labelledby="{id_}-h">'
            f'<h2 id="{id_}-h">{title}</h2>'
            + (f'<p class="saves-empty">{lede}</p>' if lede else "")
            + f"{body}</section>"
        )

    def _row(self, slot: Slot) -> str:
        game = info(slot.game)
        name = game.name if game else slot.game
        summary = slot.summary or {}
        now = self.ctx.saves.clock()
        if slot.problem is not None:
            detail = slot.problem
            buttons = _button(
                _("Download"), "download-raw", slot.id, id_=f"dl-{slot.id}"
            ) + _button(_("Discard"), "discard", slot.id, id_=f"discard-{slot.id}")
        else:
            parts = [
                str(summary.get(k)) for k in ("players", "progress", "result") if summary.get(k)
            ]
            detail = " · ".join(parts) or moves_text(slot.moves)
            is_current = self.ctx.saves.current_id(slot.game) == slot.id
            label = _("View") if slot.over else _("Continue")
            buttons = (
                (
                    _button(label, "continue", slot.id, id_=f"go-{slot.id}", primary=not slot.over)
                    if is_built(slot.game)
                    else ""
                )
                + (
                    _button(_("Replay"), "replay", slot.id, id_=f"replay-{slot.id}")
                    if slot.moves and is_built(slot.game)
                    else ""
                )
                + _button(_("Export"), "export", slot.id, id_=f"exp-{slot.id}")
                + _button(_("Delete"), "delete", slot.id, id_=f"del-{slot.id}")
            )
            # What the game is, after its name: "Espionage · guided · on the table".
            tags = [name]
            guide = get_guide(slot.game)
            if guide is not None and slot.record is not None and guide.follows(slot.record):
                # the guided first game, in the script or played on
                tags.append(pgettext("saved game", "guided"))
            if summary.get("retried") is True:
                tags.append(pgettext("saved game", "tried again from a review"))
            if is_current and not slot.over:
                tags.append(pgettext("saved game", "on the table"))
            kept = Hosting.kept(self.ctx, slot.id)
            if kept is not None and (kept.away or kept.bots):
                tags.append(pgettext("saved game", "with friends"))
            name = " · ".join(tags)
        return (
            f'<li class="saves-row" data-slot="{esc(slot.id)}" data-game="{esc(slot.game)}">'
            f'<div class="saves-what"><strong>{esc(name)}</strong>'
            f'<span class="saves-detail">{esc(detail)}</span>'
            f'<span class="saves-when">{esc(ago(slot.updated, now))}</span></div>'
            f'<div class="saves-actions">{buttons}</div></li>'
        )


class StatsScreen(Screen):
    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Stats — spygames")

    def handle(self, act: str, arg: str) -> None:
        game = info(arg)
        if act == "reset" and game is not None:
            name = game.name
            if self.ctx.ask(
                act,
                arg,
                # translators: {game} is a game's name
                _("Reset your {game} stats?", game=name),
                _("Games played, wins, streaks and best score go back to zero. Saved games stay."),
                _("Reset"),
            ):
                stats.reset(self.ctx.saves, arg)
                # translators: {game} is a game's name
                self.ctx.notify(_("Your {game} stats were reset.", game=name))

    def render(self) -> str:
        cards = "".join(self._card(g.id, g.name) for g in games() if is_built(g.id))
        lede = _("Kept in this browser. A game counts once, when it ends.")
        crumb, heading = _("Stats"), _("Your record")
        return (
            '<div class="stats-page">'
            f'<nav class="crumbs"><a href="#/">spygames</a> › {crumb}</nav>'
            f"<h1>{heading}</h1>"
            f'<p class="saves-lede">{lede}</p>'
            f'<div class="stats-cards">{cards}</div></div>'
        )

    def _card(self, game_id: str, name: str) -> str:
        record = stats.load(self.ctx.saves, game_id)
        rate = _("{n}%", n=round(100 * record.won / record.decided)) if record.decided else "—"
        # (its key, as `data-stat` names it; its label; its value)
        figures = [
            ("played", pgettext("stats", "Played"), str(record.played)),
            ("won", pgettext("stats", "Won"), f"{record.won} ({rate})"),
            ("streak", _("Streak"), str(record.streak)),
            ("best-streak", _("Best streak"), str(record.best_streak)),
        ]
        top = top_score(game_id)
        if top is not None:
            best = record.best_score
            # translators: a best score out of the top one ("5 of 7")
            score = _("{best} of {top}", best=best, top=top) if best is not None else "—"
            figures.append(("best-score", _("Best score"), score))
        items = "".join(
            f'<div class="stat"><dt>{esc(label)}</dt>'
            f'<dd data-stat="{esc(key)}">{esc(value)}</dd></div>'
            for key, label, value in figures
        )
        tables = ""
        if record.tables:
            rows = "".join(
                f"<tr><th scope='row'>{esc(t)}</th><td>{p}</td><td>{w}</td></tr>"
                for t, (p, w) in sorted(record.tables.items())
            )
            heads = "".join(
                f'<th scope="col">{label}</th>'
                for label in (_("Table"), pgettext("stats", "Played"), pgettext("stats", "Won"))
            )
            tables = (
                '<table class="stats-tables"><caption>'
                + _("By table")
                + f"</caption><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>"
            )
        reset = (
            _button(_("Reset"), "reset", game_id, id_=f"reset-{game_id}") if record.played else ""
        )
        return (
            f'<section class="stats-card" data-game="{esc(game_id)}" '
            f'aria-labelledby="st-{game_id}">'
            f'<h2 id="st-{game_id}">{esc(name)}</h2><dl class="stats-figures">{items}</dl>'
            f"{chart(record, game_id)}{tables}{reset}</section>"
        )
