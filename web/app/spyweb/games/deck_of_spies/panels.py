"""The panels the table opens: the rules, your discard pile, your draw deck (its cards,
not their order) and the Share sheet."""

from __future__ import annotations

from spygames.i18n import _

from ...browser.markup import attrs
from ...tables.share import share_sheet
from .cards import mini_cards
from .controls import control
from .rules import rules_html
from .scene import Scene


def panel(scene: Scene) -> str:
    view = scene.view
    if scene.panel == "rules":
        return (
            '<section class="dos-panel dos-panel-rules"'
            + attrs(aria_label=_("Rules"))
            + ">"
            + rules_html()
            + control(_("Close rules"), "panel", "rules", id_="btn-rules-close", quiet=True)
            + "</section>"
        )
    if scene.panel == "discard":
        cards = view["discard"]
        body = (
            mini_cards(cards)
            if cards
            else "<p>" + _("Empty: your used cards and recruited spies will gather here.") + "</p>"
        )
        return (
            '<section class="dos-panel"'
            + attrs(aria_label=_("Your discard pile"))
            + "><h2>"
            + _("Your discard pile ({count})", count=len(cards))
            + f"</h2>{body}<p class='dos-note'>"
            + _("Shuffled into a new draw deck when the deck runs out.")
            + "</p></section>"
        )
    if scene.panel == "draw":
        cards = view.get("draw_cards", [])
        body = mini_cards(cards) if cards else "<p>" + _("Empty.") + "</p>"
        return (
            '<section class="dos-panel"'
            + attrs(aria_label=_("Your draw deck"))
            + "><h2>"
            + _("Your draw deck ({count})", count=len(cards))
            + f"</h2>{body}<p class='dos-note'>"
            + _("You know which cards are in it, not their order.")
            + "</p></section>"
        )
    if scene.panel == "share" and scene.share_link is not None:
        return share_sheet(
            scene.share_link,
            can_share=scene.can_share,
            title=_("Share deal #{number}", number=scene.deal),
            note=_("The link deals the same cards from the start."),
            close=("panel", "share"),
        )
    return ""
