"""The end of the game: won or lost, the face cards owned and why; for a lost deal,
whether it could have been won; a daily deal's result to share; play again, a new game,
the replay."""

from __future__ import annotations

from spygames.i18n import _, ngettext

from ...browser.markup import esc
from ...tables.share import replay_links
from . import daily
from .controls import control
from .scene import Scene, Verdict


def end(scene: Scene) -> str:
    result = scene.result
    if result is None:
        return ""
    won = bool(result.get("won"))
    heading = _("You won!") if won else _("The spies won")
    found = scene.daily_result
    return (
        f'<section class="dos-end {"won" if won else "lost"}" data-testid="end" '
        f'data-won="{"true" if won else "false"}" aria-labelledby="dos-end-title">'
        f'<h2 id="dos-end-title">{heading}</h2>'
        '<p class="dos-score">'
        + _("Score <b>{score}</b> of 12 face cards", score=int(result.get("score", 0)))
        + "</p>"
        f'<p class="dos-reason">{esc(result.get("reason", ""))}</p>'
        + (verdict(scene.verdict) if scene.verdict is not None else "")
        + (
            daily.result_box(
                {"day": found.day, "number": found.number, "won": found.won, "score": found.score},
                found.base_url,
            )
            if found is not None
            else ""
        )
        + '<div class="dos-end-actions">'
        + control(_("Play this deal again"), "again", id_="btn-again", primary=True)
        + control(_("New game"), "new", id_="btn-new-end")
        + (replay_links(scene.replay_route) if scene.replay_route is not None else "")
        + "</div></section>"
    )


def verdict(found: Verdict) -> str:
    """Could the lost deal have been won: still looking, yes (and the line to watch),
    no, or no answer in the time the page allows."""
    if found.kind == "pending":
        return _box("pending", _("Could this deal have been won? Looking for a winning line…"))
    if found.kind == "won" and found.route is not None:
        return _box(
            "won",
            # translators: {route} is the replay's address; {n} the winning line's moves
            ngettext(
                'This deal was winnable — <a id="see-how" href="{route}">see how</a> '
                '<span class="dos-note">({n} move, every card known)</span>',
                'This deal was winnable — <a id="see-how" href="{route}">see how</a> '
                '<span class="dos-note">({n} moves, every card known)</span>',
                found.moves,
                route=esc(found.route),
            ),
        )
    if found.kind == "lost":
        return _box(
            "lost",
            _("No line wins this deal: even knowing every card in advance, it could not be won."),
        )
    return _box(
        "unknown",
        _("Too close to call: no winning line turned up in the time this page allows."),
    )


def _box(kind: str, html: str) -> str:
    return (
        f'<p class="dos-verdict" data-testid="verdict" data-verdict="{kind}" '
        f'role="status">{html}</p>'
    )
