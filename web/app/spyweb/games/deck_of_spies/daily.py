"""The Daily deal of Deck of Spies: everyone's deal of the day, one try that counts.

Route `#/deck-of-spies/daily` (today, UTC) or `#/deck-of-spies/daily/<YYYY-MM-DD>` (the
link a shared result carries). The day's deal number is found by the engine
(`spygames.deck_of_spies.daily`: the first of the day's candidates the solver shows
winnable), in slices so the page stays responsive. The first finished game of that
deal is the day's result, kept under `spygames:daily:deck-of-spies:<day>` as
`{"day", "number", "seed", "won", "score"}` (`won` is null until it is played out);
"Share result" copies a spoiler-free line and the link to the same daily deal.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from typing import Any, Final

import spygames
from spygames.i18n import N_, _, long_date

from ...browser.markup import attrs, esc, unbroken
from ...browser.store import PREFIX, Saves
from ...tables.screen import Context, Screen
from ...tables.thinking import SLICE_S  # or fewer nodes: the page paints at least this often

GAME_ID: Final = "deck-of-spies"
KEY: Final = f"{PREFIX}daily:{GAME_ID}:"
SLICE_NODES: Final = 20


# -- the kept results ----------------------------------------------------------------------
def entry(saves: Saves, day: str) -> dict[str, Any] | None:
    """The day's kept entry, or None (also for anything unreadable)."""
    raw = saves.storage.get(KEY + day)
    try:
        found = json.loads(raw) if raw is not None else None
    except ValueError:
        return None
    return found if isinstance(found, dict) and isinstance(found.get("seed"), int) else None


def entry_for_seed(saves: Saves, seed: int) -> dict[str, Any] | None:
    """The daily entry whose deal is `seed` (the latest day, should two share it)."""
    days = sorted(k[len(KEY) :] for k in saves.storage.list_keys() if k.startswith(KEY))
    for day in reversed(days):
        found = entry(saves, day)
        if found is not None and found["seed"] == seed:
            return found
    return None


def note_finished(saves: Saves, state: spygames.State) -> dict[str, Any] | None:
    """A finished game of a daily deal: the first one becomes the day's result. Returns
    the day's entry (whether or not this game was the one that counts)."""
    result = state.result
    if result is None or state.setup is not None:
        return None
    found = entry_for_seed(saves, int(state.seed))
    if found is None or found.get("won") is not None:
        return found
    found = {**found, "won": bool(result["won"]), "score": int(result["score"])}
    if not saves.set_quietly(KEY + str(found["day"]), json.dumps(found)):
        saves.messages.append(
            _("Your browser's storage is full; today's result could not be kept.")
        )
    return found


def share_text(found: dict[str, Any], base_url: str) -> str:
    """The spoiler-free line a player pastes: which daily, won or lost, faces owned."""
    values = {
        "number": found["number"],
        "day": found["day"],
        "score": found["score"],
        "link": f"{base_url}#/{GAME_ID}/daily/{found['day']}",
    }
    if found["won"]:
        # translators: the line a player shares: {number} is the daily deal's number,
        # {day} its date (2026-11-30), {score} the face cards owned, {link} its address
        return _(
            "spygames · Deck of Spies daily #{number} ({day}): won, {score} of 12 face cards "
            "— {link}",
            **values,
        )
    # translators: the line a player shares: {number} is the daily deal's number, {day}
    # its date (2026-11-30), {score} the face cards owned, {link} its address
    return _(
        "spygames · Deck of Spies daily #{number} ({day}): lost, {score} of 12 face cards — {link}",
        **values,
    )


def day_words(day: object) -> str:
    """A daily deal's day (its key, "2026-11-30") as the language writes a date in full;
    as it is when it is no date (a save tampered with).

    >>> day_words("2026-11-30"), day_words("someday")
    ('November 30, 2026', 'someday')
    """
    try:
        found = date.fromisoformat(str(day))
    except ValueError:
        return str(day)
    return long_date(found.year, found.month, found.day)


def result_box(found: dict[str, Any], base_url: str) -> str:
    """The day's result with its Share result button (and the text, to copy by hand)."""
    text = share_text(found, base_url)
    day = unbroken(day_words(found["day"]))
    values = {"number": found["number"], "day": day, "score": found["score"]}
    if found["won"]:
        # translators: {day} is the daily deal's date ("November 30, 2026"), {score} the
        # face cards owned
        said = _(
            "<b>Daily deal #{number}</b> ({day}): Won, {score} of 12 face cards — your try "
            "that counts.",
            **values,
        )
    else:
        # translators: {day} is the daily deal's date ("November 30, 2026"), {score} the
        # face cards owned
        said = _(
            "<b>Daily deal #{number}</b> ({day}): Lost, {score} of 12 face cards — your try "
            "that counts.",
            **values,
        )
    return (
        f'<section class="dos-daily-result" data-testid="daily-result" '
        f'data-won="{"true" if found["won"] else "false"}">'
        f"<p>{said}</p>"
        '<label class="sr-only" for="daily-share">' + _("Your result to share") + "</label>"
        f'<textarea id="daily-share" class="daily-share" readonly rows="2" data-select>'
        f"{esc(text)}</textarea>"
        "<button"
        + attrs(
            type="button",
            id="btn-share-result",
            class_="btn btn-primary",
            data_act="copy-result",
            data_arg=text,
        )
        + ">"
        + _("Share result")
        + "</button></section>"
    )


# -- the screen ----------------------------------------------------------------------------
class DailyScreen(Screen):
    """Finds the day's deal (in slices), then offers it, or shows the day's result."""

    title = N_("Daily deal — Deck of Spies — spygames")

    def __init__(self, ctx: Context, day: date | None = None) -> None:
        from spygames.deck_of_spies import daily  # the solver: loaded on use

        super().__init__(ctx)
        self.today = daily.today()
        self.day = day or self.today
        self.finding: Iterator[int | None] | None = daily.finding(self.day, SLICE_NODES, SLICE_S)
        self.seed: int | None = None
        self.number = daily.daily_number(self.day)

    @property
    def key_day(self) -> str:
        return self.day.isoformat()

    def pending_delay(self) -> int | None:
        return 0 if self.finding is not None else None

    def tick(self) -> None:
        if self.finding is None:
            return
        found = next(self.finding, None)
        if found is not None:
            self.finding = None
            self.seed = found
            self._keep()

    def _keep(self) -> None:
        """Note the day's deal, so its first finished game is recognised as the try."""
        if entry(self.ctx.saves, self.key_day) is not None or self.day > self.today:
            return
        assert self.seed is not None
        found = {
            "day": self.key_day,
            "number": self.number,
            "seed": self.seed,
            "won": None,
            "score": None,
        }
        if not self.ctx.saves.set_quietly(KEY + self.key_day, json.dumps(found)):
            self.ctx.notify(_("Your browser's storage is full; today's try will not be kept."))

    def handle(self, act: str, arg: str) -> None:
        if act == "daily-play" and self.seed is not None:
            current = self.ctx.saves.current(GAME_ID)
            record = current.record if current is not None and current.problem is None else None
            if (
                record is not None
                and record.get("seed") == self.seed
                and record.get("setup") is None
                and current is not None
                and not current.over
            ):
                self.ctx.navigate(f"#/{GAME_ID}")  # the daily game in progress
            else:
                self.ctx.navigate(f"#/{GAME_ID}/deal/{self.seed}")

    def render(self) -> str:
        number = self.number
        if self.day == self.today:
            when = _(
                "Today’s deal (UTC) — the same cards for everyone, and a deal that can be won."
            )
        else:
            # translators: {day} is a date ("November 30, 2026")
            when = _(
                "The deal of {day} (UTC) — the same cards for everyone, and a deal that can "
                "be won.",
                day=unbroken(day_words(self.key_day)),
            )
        head = (
            '<header class="daily-head">'
            "<h1>" + _("Daily deal #{number}", number=number) + "</h1>"
            f'<p class="dos-note">{when}</p></header>'
        )
        if self.seed is None:
            body = (
                '<p class="daily-finding" role="status" data-testid="daily-finding">'
                + _("Dealing the daily deal…")
                + "</p>"
            )
        else:
            found = entry(self.ctx.saves, self.key_day)
            counted = found is not None and found.get("won") is not None
            deal = f'<b data-testid="daily-seed">#{self.seed}</b>'
            if counted:
                # translators: {deal} is the deal's number ("#123", in bold)
                said = _(
                    "Deal {deal}. You have played it: more games of it are for practice.", deal=deal
                )
            else:
                # translators: {deal} is the deal's number ("#123", in bold)
                said = _(
                    "Deal {deal}. Your first finished game of it is the one that counts.", deal=deal
                )
            body = (
                f'<p class="daily-deal">{said}</p>'
                + (result_box(found, self.ctx.base_url) if counted and found else "")
                + '<div class="daily-actions">'
                + "<button"
                + attrs(
                    type="button",
                    id="btn-daily-play",
                    class_="btn" + ("" if counted else " btn-primary"),
                    data_act="daily-play",
                )
                + ">"
                + (_("Play it again") if counted else _("Play the daily deal"))
                + "</button>"
                + '<a class="btn btn-quiet" href="#/">'
                + _("Home")
                + "</a></div>"
            )
        return f'<div class="daily">{head}{body}</div>'
