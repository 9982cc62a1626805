"""The panels the table opens: the rules, your discard pile, your draw deck (its cards,
not their order) and the Share sheet."""

from __future__ import annotations

from ...tables.share import share_sheet
from .cards import mini_cards
from .controls import control
from .rules import rules_html
from .scene import Scene


def panel(scene: Scene) -> str:
    view = scene.view
    if scene.panel == "rules":
        return (
            '<section class="dos-panel dos-panel-rules" aria-label="Rules">'
            + rules_html()
            + control("Close rules", "panel", "rules", id_="btn-rules-close", quiet=True)
            + "</section>"
        )
    if scene.panel == "discard":
        cards = view["discard"]
        body = (
            mini_cards(cards)
            if cards
            else "<p>Empty: your used cards and recruited spies will gather here.</p>"
        )
        return (
            '<section class="dos-panel" aria-label="Your discard pile">'
            f"<h2>Your discard pile ({len(cards)})</h2>{body}"
            "<p class='dos-note'>Shuffled into a new draw deck when the deck runs out.</p>"
            "</section>"
        )
    if scene.panel == "draw":
        cards = view.get("draw_cards", [])
        body = mini_cards(cards) if cards else "<p>Empty.</p>"
        return (
            '<section class="dos-panel" aria-label="Your draw deck">'
            f"<h2>Your draw deck ({len(cards)})</h2>{body}"
            "<p class='dos-note'>You know which cards are in it, not their order.</p>"
            "</section>"
        )
    if scene.panel == "share" and scene.share_link is not None:
        return share_sheet(
            scene.share_link,
            can_share=scene.can_share,
            title=f"Share deal #{scene.deal}",
            note="The link deals the same cards from the start.",
            close=("panel", "share"),
        )
    return ""
