"""The Share sheet every table offers: a link to the same deal, Copy, and the system's
share sheet where the browser has one. It opens over the table (so it shows on a phone
too), the link field selects itself on click, and Close is the table's own toggle."""

from __future__ import annotations

from typing import Any

from spygames.i18n import _

from ..browser import links
from ..browser.markup import attrs, esc
from .screen import Context


def link_for(ctx: Context, record: dict[str, Any]) -> str:
    return f"{ctx.base_url}#/play/{links.encode(record)}"


def share_panel(
    ctx: Context, record: dict[str, Any], *, title: str, note: str, close: tuple[str, str]
) -> str:
    return share_sheet(
        link_for(ctx, record), can_share=ctx.can_share, title=title, note=note, close=close
    )


def share_sheet(
    link: str, *, can_share: bool, title: str, note: str, close: tuple[str, str]
) -> str:
    """The Share sheet for `link`, from plain values (a table's scene); `can_share`: the
    browser has the Web Share API."""
    web_share = (
        "<button"
        + attrs(type="button", class_="btn", id="btn-webshare", data_act="webshare", data_arg=link)
        + ">"
        + _("Share…")
        + "</button>"
        if can_share
        else ""
    )
    # translators: the link to open the shared deal on this page; keep the markup as it is
    here = _('<a id="share-anchor" href="{link}">Open the link here</a>.', link=esc(link))
    return (
        '<div class="sheet-backdrop">'
        '<section class="share-panel sheet" role="dialog" aria-modal="true" '
        'aria-labelledby="share-title">'
        f'<h2 id="share-title">{esc(title)}</h2>'
        '<label for="share-link">' + _("Link to this deal") + "</label>"
        '<div class="share-row">'
        f'<input id="share-link" class="share-input" readonly data-select value="{esc(link)}">'
        + "<button"
        + attrs(
            type="button",
            class_="btn btn-primary",
            id="btn-copy",
            data_act="copy",
            data_arg=link,
            data_autofocus=True,
        )
        + ">"
        + _("Copy")
        + "</button>"
        + web_share
        + "</div>"
        f'<p class="share-note">{esc(note)} {here}</p>'
        '<div class="sheet-actions">'
        + "<button"
        + attrs(
            type="button", class_="btn", id="btn-share-close", data_act=close[0], data_arg=close[1]
        )
        + ">"
        + _("Close")
        + "</button></div></section></div>"
    )


def replay_buttons(record: dict[str, Any], seat: int = 0) -> str:
    """Replay and Embed, for an end screen: both open the replay (Embed with its snippet)."""
    return replay_links(links.replay_route(record, seat))


def replay_links(route: str) -> str:
    """Review, Replay and Embed for the replay at `route` (`links.replay_route`): the
    review of the same seat's decisions (`spyweb.screens.review`)."""
    review = "#/review/" + route.removeprefix("#/replay/")
    # translators: buttons that open a finished game's review, its replay, and the code
    # that embeds the replay in another page
    review_word, replay, embed = _("Review"), _("Replay"), _("Embed")
    return (
        f'<a class="btn" id="btn-review" href="{esc(review)}">{review_word}</a>'
        f'<a class="btn" id="btn-replay" href="{esc(route)}">{replay}</a>'
        f'<a class="btn btn-quiet" id="btn-embed-replay" href="{esc(route)}/embed">{embed}</a>'
    )
