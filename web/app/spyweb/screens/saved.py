"""Saved games and Stats: the screens where a player finds, moves and counts their games.

Saved games lists every game in progress, the recent finished ones and any damaged save,
with Continue / View, Export, Delete (asked first); Export all; Import a file.
Stats shows each game's record (see spyweb/browser/stats.py) with a chart of the last results.
"""

from __future__ import annotations

import spygames
from spygames import words
from spygames.guides import get_guide

from ..browser import stats, transfer
from ..browser.links import replay_route
from ..browser.markup import button, esc
from ..browser.store import Slot
from ..catalogue import game_name, games, info, is_built
from ..tables.screen import Context, Screen
from ..together.hosting import Hosting
from ..together.kept import PREF


def which_is_newer(imported: Slot, here: Slot, now: float, *, named: bool = False) -> str:
    """Which copy of a game is newer, by when each was last saved (by its moves when a
    copy has no date or both have the same): "The file's copy is newer (12 moves, saved
    3 h ago; here: 9 moves, saved yesterday)." `named` puts the game's name first."""

    def said(slot: Slot) -> str:
        when = f", saved {ago(slot.updated, now)}" if slot.updated > 0 else ""
        return words.count(slot.moves, "move") + when

    dated = imported.updated > 0 and here.updated > 0 and imported.updated != here.updated
    mine, theirs = (imported.updated, here.updated) if dated else (imported.moves, here.moves)
    if mine > theirs:
        verdict = "The file's copy is newer"
    elif theirs > mine:
        verdict = "The copy here is newer"
    else:
        verdict = "Neither copy is newer by date or moves"
    game = f"{game_name(here.game)}: " if named else ""
    return f"{game}{verdict} (file: {said(imported)}; here: {said(here)})."


def ago(then: float, now: float) -> str:
    """ "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", "12 weeks ago"."""
    seconds = max(0.0, now - then)
    if then <= 0:
        return "some time ago"
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    days = int(seconds // 86400)
    if days == 1:
        return "yesterday"
    return f"{days} days ago" if days < 30 else f"{days // 7} weeks ago"


def _button(label: str, act: str, arg: str, *, id_: str, primary: bool = False) -> str:
    return button(
        label, act, arg, id=id_, class_="btn btn-small" + (" btn-primary" if primary else "")
    )


class SavedGamesScreen(Screen):
    title = "Saved games — spygames"

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
            what = "this game in progress" if slot.in_progress else "this saved game"
            friends = self._friends(slot)
            also = (
                f" {friends} {'play' if ' and ' in friends else 'plays'} it from another "
                "device: it ends for them too."
                if friends and not slot.over
                else ""
            )
            if self.ctx.ask(
                act,
                arg,
                f"Delete {what}?",
                "It is removed from this browser for good. Export it first to keep a copy." + also,
                "Delete",
            ):
                hosting = self.ctx.hostings.pop(slot.id, None)
                here = hosting.at_table() if hosting is not None else []
                if hosting is not None:
                    hosting.end()  # the friends at the table are told; the table stops
                saves.delete(slot.id)
                saves.remove_pref(PREF + slot.id)
                told = f" {friends} {'were' if ' and ' in friends else 'was'} told."
                self.ctx.notify("Deleted." + (told if also and here else ""))
        elif act == "discard" and slot is not None and slot.problem is not None:
            if self.ctx.ask(
                act,
                arg,
                "Discard this save?",
                "It can't be continued here, and it is removed from this browser for good. "
                "Download it first to keep the file.",
                "Discard",
            ):
                saves.delete(slot.id)
                self.ctx.notify("Discarded.")
        elif act == "export" and slot is not None:
            self._download([slot], slot.game)
        elif act == "export-all":
            slots = [s for s in saves.slots() if s.record is not None]
            if not slots:
                self.ctx.notify("There is nothing to export yet.")
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
            "Replace your saved game with the imported one?",
            f"The file holds a different position of a game saved here. {newer} The one "
            "here will be replaced. Export it first to keep a copy.",
            "Replace",
        ):
            self._store(pending, replace=True)

    def _download(self, slots: list[Slot], what: str) -> None:
        now = self.ctx.saves.clock()
        self.ctx.effect("download", transfer.file_name(what, now), transfer.export_text(slots, now))

    def submit(self, act: str, values: dict[str, str]) -> None:
        if act != "import":
            return
        if values.get("too_big"):
            self.ctx.notify("That file is too big to be a spygames save; nothing was imported.")
            return
        try:
            incoming = transfer.read(values.get("text", ""), self.ctx.saves)
        except transfer.BadFile as exc:
            self.ctx.notify(f"{exc} Nothing was imported; your games are untouched.")
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
            self.ctx.notify(f"Imported {words.count(count, 'game')}.")
        elif incoming.same:
            self.ctx.notify("These games are already here; nothing changed.")

    # -- drawing ---------------------------------------------------------------------------
    def render(self) -> str:
        slots = self.ctx.saves.slots()
        playing = [s for s in slots if s.problem is None and not s.over]
        finished = [s for s in slots if s.problem is None and s.over]
        damaged = [s for s in slots if s.problem is not None]
        sections = [
            self._section("In progress", "saves-playing", playing, "No game in progress."),
            self._section("Finished", "saves-finished", finished, "No finished games yet."),
        ]
        if damaged:
            sections.append(
                self._section(
                    "Saves that can't be continued",
                    "saves-damaged",
                    damaged,
                    "",
                    "These are kept until you say: download one to keep it as a file, "
                    "or discard it.",
                )
            )
        return (
            '<div class="saves-page">'
            '<nav class="crumbs"><a href="#/">spygames</a> › Saved games</nav>'
            "<h1>Saved games</h1>"
            '<p class="saves-lede">Every game is saved in this browser after each move. '
            "Export a game to move it to another browser or device, and import it there.</p>"
            '<div class="saves-tools">'
            + _button("Export all", "export-all", "", id_="btn-export-all")
            + '<label class="btn btn-small file-btn">Import a file…'
            '<input type="file" id="import-file" class="file-input" '
            'accept=".json,application/json" data-act="import"></label>'
            '<a class="btn btn-small btn-quiet" href="#/stats">Stats</a>'
            "</div>" + "".join(sections) + "</div>"
        )

    def _friends(self, slot: Slot) -> str:
        """The names of the friends who play `slot`'s game on other devices ("Ben and
        Cy"), or ""."""
        kept = Hosting.kept(self.ctx, slot.id)
        if kept is None or slot.record is None:
            return ""
        seats = sorted(set(kept.away) | set(kept.bots))
        names = [s.get("name", "") for s in (slot.record.get("options") or {}).get("seats", [])]
        named = [names[i] if i < len(names) and names[i] else f"Player {i + 1}" for i in seats]
        return words.listed(named) if named else ""

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
            buttons = _button("Download", "download-raw", slot.id, id_=f"dl-{slot.id}") + _button(
                "Discard", "discard", slot.id, id_=f"discard-{slot.id}"
            )
        else:
            parts = [
                str(summary.get(k)) for k in ("players", "progress", "result") if summary.get(k)
            ]
            detail = " · ".join(parts) or words.count(slot.moves, "move")
            is_current = self.ctx.saves.current_id(slot.game) == slot.id
            label = "View" if slot.over else "Continue"
            buttons = (
                (
                    _button(label, "continue", slot.id, id_=f"go-{slot.id}", primary=not slot.over)
                    if is_built(slot.game)
                    else ""
                )
                + (
                    _button("Replay", "replay", slot.id, id_=f"replay-{slot.id}")
                    if slot.moves and is_built(slot.game)
                    else ""
                )
                + _button("Export", "export", slot.id, id_=f"exp-{slot.id}")
                + _button("Delete", "delete", slot.id, id_=f"del-{slot.id}")
            )
            guide = get_guide(slot.game)
            if guide is not None and slot.record is not None and guide.follows(slot.record):
                name += " · guided"  # the guided first game, in the script or played on
            if summary.get("retried") is True:
                name += " · tried again from a review"
            if is_current and not slot.over:
                name += " · on the table"
            kept = Hosting.kept(self.ctx, slot.id)
            if kept is not None and (kept.away or kept.bots):
                name += " · with friends"
        return (
            f'<li class="saves-row" data-slot="{esc(slot.id)}" data-game="{esc(slot.game)}">'
            f'<div class="saves-what"><strong>{esc(name)}</strong>'
            f'<span class="saves-detail">{esc(detail)}</span>'
            f'<span class="saves-when">{esc(ago(slot.updated, now))}</span></div>'
            f'<div class="saves-actions">{buttons}</div></li>'
        )


class StatsScreen(Screen):
    title = "Stats — spygames"

    def handle(self, act: str, arg: str) -> None:
        game = info(arg)
        if act == "reset" and game is not None:
            name = game.name
            if self.ctx.ask(
                act,
                arg,
                f"Reset your {name} stats?",
                "Games played, wins, streaks and best score go back to zero. Saved games stay.",
                "Reset",
            ):
                stats.reset(self.ctx.saves, arg)
                self.ctx.notify(f"Your {name} stats were reset.")

    def render(self) -> str:
        cards = "".join(self._card(g.id, g.name) for g in games() if is_built(g.id))
        return (
            '<div class="stats-page">'
            '<nav class="crumbs"><a href="#/">spygames</a> › Stats</nav>'
            "<h1>Your record</h1>"
            '<p class="saves-lede">Kept in this browser. A game counts once, when it ends.</p>'
            f'<div class="stats-cards">{cards}</div></div>'
        )

    def _card(self, game_id: str, name: str) -> str:
        record = stats.load(self.ctx.saves, game_id)
        rate = f"{round(100 * record.won / record.decided)}%" if record.decided else "—"
        figures = [
            ("Played", str(record.played)),
            ("Won", f"{record.won} ({rate})"),
            ("Streak", str(record.streak)),
            ("Best streak", str(record.best_streak)),
        ]
        top = top_score(game_id)
        if top is not None:
            best = record.best_score
            figures.append(("Best score", f"{best} of {top}" if best is not None else "—"))
        items = "".join(
            f'<div class="stat"><dt>{esc(k)}</dt>'
            f'<dd data-stat="{esc(k.lower().replace(" ", "-"))}">{esc(v)}</dd></div>'
            for k, v in figures
        )
        tables = ""
        if record.tables:
            rows = "".join(
                f"<tr><th scope='row'>{esc(t)}</th><td>{p}</td><td>{w}</td></tr>"
                for t, (p, w) in sorted(record.tables.items())
            )
            tables = (
                '<table class="stats-tables"><caption>By table</caption><thead><tr>'
                '<th scope="col">Table</th><th scope="col">Played</th><th scope="col">Won</th>'
                f"</tr></thead><tbody>{rows}</tbody></table>"
            )
        reset = _button("Reset", "reset", game_id, id_=f"reset-{game_id}") if record.played else ""
        return (
            f'<section class="stats-card" data-game="{esc(game_id)}" '
            f'aria-labelledby="st-{game_id}">'
            f'<h2 id="st-{game_id}">{esc(name)}</h2><dl class="stats-figures">{items}</dl>'
            f"{chart(record, game_id)}{tables}{reset}</section>"
        )


def top_score(game_id: str) -> int | None:
    """The game's best possible score (its `top_score`), without importing its rules."""
    entry = spygames.listing(game_id)
    return entry.top_score if entry is not None else spygames.get_game(game_id).top_score


def chart(record: stats.Record, game_id: str) -> str:
    """The last results as bars: a win up in green, a loss down in red; Deck of Spies
    draws the score (faces owned) with the winning line at 7."""
    results = record.recent
    if not results:
        return '<p class="saves-empty">No finished games yet.</p>'
    width, height, gap = 300, 80, 2
    bar = (width - gap * 30) / 30
    bars = []
    top = top_score(game_id)
    scored = top is not None
    for i, r in enumerate(results):
        x = i * (bar + gap)
        won = "won" if r.won else ("lost" if r.won is False else "shared")
        if scored and r.score is not None:
            h = max(2.0, height * r.score / (top or 1))
            y = height - h
        else:
            h = height / 2 - 4
            y = 4 if r.won else height / 2
        title = ("Won" if r.won else "Lost" if r.won is False else "Played") + (
            f", {r.score} faces" if scored and r.score is not None else ""
        )
        bars.append(
            f'<rect class="bar-{won}" x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{h:.1f}">'
            f"<title>{esc(title)}</title></rect>"
        )
    goal = height - height * 7 / (top or 1)  # Deck of Spies' 7 face cards to win
    line = (
        f'<line class="chart-goal" x1="0" x2="{width}" y1="{goal:.1f}" y2="{goal:.1f}"/>'
        if scored
        else f'<line class="chart-axis" x1="0" x2="{width}" y1="{height / 2}" y2="{height / 2}"/>'
    )
    wins = sum(1 for r in results if r.won)
    note = (
        "Face cards owned in each game; the dashed line is the 7 needed to win."
        if scored
        else "Each game: up and green, won; down and red, lost; grey, a pass-and-play table."
    )
    return (
        f'<svg class="stats-chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="Last {words.count(len(results), "result")}: {wins} won">'
        f"{line}{''.join(bars)}</svg>"
        f'<p class="chart-note">Last {words.count(len(results), "game")}, oldest first. {note}</p>'
    )
