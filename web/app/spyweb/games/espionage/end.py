"""The end of an Espionage game, under the felt: the winner, how the game ended (the
engine's `result["ending"]`, put in words by `Narrator.result_text`), every tracker's
points and active Sources, and Play again, New table or a replay."""

from __future__ import annotations

from spygames.i18n import _

from ...browser.markup import esc
from ...tables.share import replay_links
from .log import Narrator
from .scene import Scene


def end_html(scene: Scene) -> str:
    """Under the felt once the game is over: who won and why, the scores, and the way on."""
    result = scene.view["result"]
    assert result is not None, "the end is drawn once the game is over"
    winner = result["winners"][0]
    crown = ' <span class="esp-crown">' + _("★ winner") + "</span>"
    rows = "".join(
        f'<tr class="{"esp-winner" if s == winner else ""}"><th scope="row">'
        f"{esc(scene.name(s))}{crown if s == winner else ''}</th>"
        f"<td>{result['points'][s]}</td><td>{result['sources'][s]}</td></tr>"
        for s in range(len(scene.seats))
    )
    you_won = winner == scene.viewer and not scene.pass_and_play
    head = _("You win!") if you_won else _("{name} wins!", name=scene.name(winner))
    replay = replay_links(scene.replay_route) if scene.replay_route is not None else ""
    tracker, points, sources = _("Tracker"), _("Points"), _("Active Sources")
    return (
        '<section class="esp-act esp-end" aria-labelledby="esp-end-title">'
        f'<h2 id="esp-end-title">{esc(head)}</h2>'
        f'<p class="esp-end-reason">{esc(Narrator(scene.name).result_text(result))}</p>'
        # the way on under the result, above the scores (on a phone, below the felt, the
        # table pushed it out of view)
        '<div class="esp-end-actions">' + (way_on() if not scene.guest else "") + replay
        + "</div>"
        f'<table class="esp-scores"><thead><tr><th scope="col">{tracker}</th>'
        f'<th scope="col">{points}</th><th scope="col">{sources}</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></section>"
    )  # fmt: skip


def way_on() -> str:
    """Play again (the same seats) or New table."""
    return (
        '<button type="button" class="btn btn-primary" data-act="again" id="esp-again">'
        + _("Play again")
        + '</button><button type="button" class="btn" data-act="newtable" '
        'id="esp-newtable-end">' + _("New table") + "</button>"
    )
