"""The Embed sheet: a ready `<iframe>` snippet for a demo or a replay, and Copy.

The frame's address is the site's `embed.html` with the same route the app uses
(`#/demo/<id>`, `#/replay/<payload>/<seat>`), made absolute from the page's own address
so the snippet works when pasted into a page on another site.
"""

from __future__ import annotations

from spygames.i18n import _

from ..browser.markup import attrs, esc
from ..tables.screen import Context

# A demo's frame is its game's `demo_size` (spygames' `Game`): a whole step without
# scrolling (the frame fits down to 320×400).
REPLAY_SIZE = (720, 600)


def embed_url(ctx: Context, route: str) -> str:
    """The absolute address of the embed page showing `route` ("#/demo/dos-counter")."""
    base = ctx.base_url.split("?")[0]
    site = base.rsplit("/", 1)[0] + "/" if "/" in base else ""
    return f"{site}embed.html{route}"


def snippet(url: str, title: str, width: int, height: int) -> str:
    """The `<iframe>` a blogger pastes: titled, lazy, no border, never wider than the page."""
    return (
        f'<iframe src="{esc(url)}" title="{esc(title)}" width="{width}" height="{height}" '
        'loading="lazy" style="border:0;max-width:100%"></iframe>'
    )


def embed_sheet(url: str, title: str, size: tuple[int, int], *, close: str) -> str:
    """The sheet over the page: the snippet in a field that selects itself, Copy, Close."""
    code = snippet(url, title, *size)
    return (
        '<div class="sheet-backdrop">'
        '<section class="share-panel sheet embed-sheet" role="dialog" aria-modal="true" '
        'aria-labelledby="embed-title">'
        '<h2 id="embed-title">' + _("Embed on your site") + "</h2>"
        '<p class="share-note">'
        # translators: {title} is what the frame shows ("Espionage rules demo: A bid…")
        + _(
            "Paste this into your page: it shows “{title}” and runs entirely in your reader's "
            "browser. It saves nothing, so a reader's own games are never touched.",
            title=esc(title),
        )
        + "</p>"
        '<label for="embed-snippet">' + _("HTML") + "</label>"
        f'<textarea id="embed-snippet" class="share-input embed-code" rows="4" readonly '
        f"data-select>{esc(code)}</textarea>"
        '<div class="sheet-actions">'
        + "<button"
        + attrs(
            type="button",
            class_="btn btn-primary",
            id="btn-copy-embed",
            data_act="copy-embed",
            data_arg=code,
            data_autofocus=True,
        )
        + ">"
        + _("Copy")
        + "</button>"
        f'<a class="btn" id="embed-preview" href="{esc(url)}" target="_blank" rel="noopener">'
        + _("Open the frame")
        + "</a><button"
        + attrs(type="button", class_="btn", id="btn-embed-close", data_act=close)
        + ">"
        + _("Close")
        + "</button></div></section></div>"
    )
