"""The Deck of Spies page drawn from a `Scene`: the bar, the end panel, the race for
the face cards, the table, your hand, the actions, the panels, the Hint and the log.

Every part is a function of the scene alone (see scene.py): the table, a replay and a
position on the Rules page all draw with them.
"""

from __future__ import annotations

from spygames.deck_of_spies.views import DeckOfSpiesResult, DeckOfSpiesView
from spygames.i18n import _

from ...browser.markup import esc, unbroken
from ...tables.deals import deal_form
from .actions import actions, hint_box
from .board import board, tally
from .controls import control
from .end import end
from .hand import hand
from .log import move_log
from .panels import panel
from .scene import Scene


def shown_turn(view: DeckOfSpiesView, result: DeckOfSpiesResult | None) -> int:
    """The turn shown in the bar: the one being played, or at the end the last one
    played (the engine's counter has already moved past it when the last spy went)."""
    return int(result["turns"]) if result is not None else int(view["turn"])


def render(scene: Scene) -> str:
    classes = "dos" + (" four-colour" if scene.four_colour else "")
    rules = scene.panel == "rules"
    return (
        f'<div class="{classes}" data-phase="{esc(scene.phase)}" '
        f'data-turn="{scene.view["turn"]}" data-actions="{scene.actions}">'
        + bar(scene)
        + end(scene)
        + tally(scene.view)
        + '<div class="dos-layout"><div class="dos-main">'
        + board(scene)
        + hand(scene)
        + actions(scene)
        + (panel(scene) if rules else "")
        + "</div>"
        + '<aside class="dos-side">'
        + hint_box(scene)
        + (panel(scene) if not rules else "")
        + move_log(scene)
        + deal_form(scene.deal)
        + "</aside></div></div>"
    )


def bar(scene: Scene) -> str:
    """The title, the deal and the turn, and the table's tools."""
    deal = (
        '<span class="dos-deal" data-testid="deal">'
        + _("Deal #{number}", number=scene.deal)
        + "</span> "
        if scene.deal is not None
        else ""
    )
    return (
        '<header class="dos-bar">'
        '<div class="dos-head"><h1 class="dos-title">'
        + _("Deck of Spies")
        + '</h1><p class="dos-meta">'
        + _daily_tag(scene)
        + deal
        + '<span class="dos-turn">'
        + _("Turn {turn}", turn=shown_turn(scene.view, scene.result))
        + "</span></p></div>"
        '<div class="dos-bar-actions">'
        + control(
            _("Rules"),
            "panel",
            "rules",
            id_="btn-rules",
            pressed=scene.panel == "rules",
            quiet=True,
        )
        + control(
            # translators: the button that gives each suit its own colour
            _("4-colour"),
            "four",
            id_="btn-four",
            pressed=scene.four_colour,
            quiet=True,
            title=_("Four-colour deck: ♦ blue, ♣ green"),
        )
        + control(
            _("Share"),
            "panel",
            "share",
            id_="btn-share",
            pressed=scene.panel == "share",
            quiet=True,
        )
        + control(_("New game"), "new", id_="btn-new", quiet=True)
        + "</div></header>"
    )


def _daily_tag(scene: Scene) -> str:
    """ "Daily deal — 2026-12-02 · " when this deal is a day's daily deal."""
    if not scene.daily_day:
        return ""
    return (
        '<span class="dos-daily-tag" data-testid="daily-tag">'
        # translators: {day} is a date (2026-12-02)
        + _("Daily deal — {day}", day=unbroken(scene.daily_day))
        + "</span> · "
    )
