"""A card's whole face, opened by tapping it on the table: on a phone the piles, the
others' tableaus and a hand you cannot play from show cards too small for their text,
and a touch screen has no hover to show their title. Any face the table shows opens;
the dialog closes by a tap anywhere or Escape (`SpyNetTable.key`)."""

from __future__ import annotations

from spygames.i18n import _

from ...browser.markup import esc
from . import cards
from .model import CARD


def reading_html(card_id: str) -> str:
    """The card drawn large, its name, value, branches, text and kind, with Close."""
    info = CARD[card_id]
    close = _("Close")
    return (
        '<div class="sheet-backdrop sn-read-backdrop" data-act="unread">'
        '<section class="sheet sn-read" role="dialog" aria-modal="true" '
        f'aria-labelledby="sn-read-title" id="sn-read" data-card-open="{esc(card_id)}">'
        f'<h2 id="sn-read-title">{esc(info["name"])}</h2>'
        f'<p class="sn-read-what">{esc(cards.value_words(info))} · '
        f"{esc(cards.where_text(info))}</p>"
        f'<div class="sn-read-card">{cards.card(card_id, size="lg")}</div>'
        '<div class="sheet-actions"><button type="button" class="btn btn-primary" '
        f'data-act="unread" id="sn-read-close" data-autofocus>{esc(close)}</button></div>'
        "</section></div>"
    )
