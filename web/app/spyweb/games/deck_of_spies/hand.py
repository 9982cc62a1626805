"""Your hand: what to do now, the cards to pick (the Hint's marked), and what the cards
picked are worth."""

from __future__ import annotations

from ...browser.markup import esc
from . import model as vm
from .cards import hand_card
from .scene import Scene


def hand(scene: Scene) -> str:
    view = scene.view
    hinted = set(vm.hint_cards(scene.hint.action if scene.hint else None))
    over = scene.result is not None
    cards = "".join(
        hand_card(
            card,
            index=index,
            selected=card in scene.selected,
            hinted=card in hinted,
            fresh=card in scene.fresh,
            disabled=over,
        )
        for index, card in enumerate(view["hand"])
    )
    if not cards:
        cards = '<p class="dos-empty">Your hand is empty.</p>'
    need = view["spy_value"]
    total_text = f'Selected <b data-testid="selected-total">{scene.total}</b>' + (
        f" / {need}" if need and scene.phase == "deal" else ""
    )
    return (
        '<section class="dos-handzone" aria-label="Your hand">'
        f'<p class="dos-prompt" role="status">{esc(scene.prompt)}</p>'
        f'<div class="dos-hand">{cards}</div>'
        f'<p class="dos-total">{total_text} · hand total {view["hand_total"]}'
        + (
            ' <button type="button" id="btn-clear" class="btn btn-quiet btn-small" '
            'data-act="clear" data-arg="">Clear '
            '<span class="kbd" aria-hidden="true">X</span></button>'
            if scene.selected
            else ""
        )
        + "</p></section>"
    )
