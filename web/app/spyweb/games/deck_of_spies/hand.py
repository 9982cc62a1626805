"""Your hand: what to do now, the cards to pick (the Hint's marked), and what the cards
picked are worth."""

from __future__ import annotations

from spygames.i18n import _

from ...browser.markup import attrs, esc
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
        cards = '<p class="dos-empty">' + _("Your hand is empty.") + "</p>"
    need = view["spy_value"]
    total = f'<b data-testid="selected-total">{scene.total}</b>'
    if need and scene.phase == "deal":
        # translators: {total} (in bold) is what the cards picked are worth, {need} the
        # spy's value, {hand} what the whole hand is worth
        total_text = _(
            "Selected {total} / {need} · hand total {hand}",
            total=total,
            need=need,
            hand=view["hand_total"],
        )
    else:
        # translators: {total} (in bold) is what the cards picked are worth, {hand} what
        # the whole hand is worth
        total_text = _("Selected {total} · hand total {hand}", total=total, hand=view["hand_total"])
    clear = _("Clear")
    return (
        '<section class="dos-handzone"' + attrs(aria_label=_("Your hand")) + ">"
        f'<p class="dos-prompt" role="status">{esc(scene.prompt)}</p>'
        f'<div class="dos-hand">{cards}</div>'
        f'<p class="dos-total">{total_text}'
        + (
            ' <button type="button" id="btn-clear" class="btn btn-quiet btn-small" '
            f'data-act="clear" data-arg="">{clear} '
            '<span class="kbd" aria-hidden="true">X</span></button>'
            if scene.selected
            else ""
        )
        + "</p></section>"
    )
