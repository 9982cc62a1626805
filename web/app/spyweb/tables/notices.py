"""What the app draws over any screen from the context the screens share (`Context`,
spyweb/tables/screen.py): the notices (the last messages, each with its Details for a
bug report, and "Don't show this again" under the one saying a new game keeps the
other), the line saying the game is not being saved, and the question asked before a
step that could lose something (`Confirm`, as a dialog). `App.render` (spyweb/app.py)
puts them on the page; the screen says where the notices go (`place_notices`).
"""

from __future__ import annotations

from spygames.i18n import _

from ..browser.markup import button, esc
from ..browser.store import FULL, KEPT
from .screen import Confirm


def save_status_html(why: str) -> str:
    """While saving fails, the table says so, and why (`Saves.failing`, marked with `N_`)."""
    said = (
        # translators: {why} is why saving fails ("browser storage is full")
        _(
            "Your progress isn't being saved ({why}). The game goes on; delete old games "
            'under <a href="#/saves">Saved games</a> to make room.',
            why=esc(_(why)),
        )
        if why == FULL
        # translators: {why} is why saving fails ("this browser does not let the page…")
        else _("Your progress isn't being saved ({why}). The game goes on.", why=esc(_(why)))
    )
    return f'<p class="save-status" id="save-status" role="status">{said}</p>'


def question_html(asked: Confirm | None) -> str:
    """The open question as a dialog, its default answer focused ("" when none is open)."""
    if asked is None:
        return ""
    return (
        '<div class="confirm-backdrop">'
        '<div class="confirm" role="alertdialog" aria-modal="true" '
        'aria-labelledby="confirm-q" aria-describedby="confirm-d">'
        f'<h2 id="confirm-q">{esc(asked.question)}</h2>'
        f'<p id="confirm-d">{esc(asked.detail)}</p>'
        '<div class="confirm-actions">'
        # `no` is the question's default, "Keep playing" (a label, marked where written)
        + button(esc(_(asked.no)), "confirm-no", id="confirm-no", data_autofocus=True)
        + button(esc(asked.yes), "confirm-yes", id="confirm-yes", class_="btn btn-primary")
        + "</div></div></div>"
    )


def notices_html(messages: list[str], details: dict[str, str]) -> str:
    """The last three messages with their fine print (`details`) and Dismiss ("" when
    there are none)."""
    if not messages:
        return ""
    items = "".join(
        f"<p>{esc(m)}</p>" + _detail(details.get(m, "")) + _never_again(m) for m in messages[-3:]
    )
    dismiss = esc(_("Dismiss message"))
    return (
        f'<div class="notice" role="alert"><div class="notice-text">{items}</div>'
        '<button type="button" class="btn btn-quiet" data-act="dismiss" '
        f'aria-label="{dismiss}">✕</button></div>'
    )


def _detail(detail: str) -> str:
    if not detail:
        return ""
    shown = detail if len(detail) <= 300 else detail[:300] + "…"
    return (
        '<details class="notice-details"><summary>'
        + _("Details for a bug report")
        + f"</summary><p>{esc(shown)}</p></details>"
    )


def _never_again(message: str) -> str:
    """A "Don't show again" under the notice that a new game keeps the other one."""
    if message != _(KEPT):
        return ""
    return (
        '<button type="button" class="btn btn-quiet notice-never" data-act="never-kept" '
        'id="never-kept">' + _("Don’t show this again") + "</button>"
    )
