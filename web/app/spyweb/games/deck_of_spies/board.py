"""The table itself: the race for the face cards, the spy to deal with and the spies to
come, and the piles (draw deck, discard, the spies' pile, the cards out of the game)."""

from __future__ import annotations

from spygames.deck_of_spies.views import DeckOfSpiesView
from spygames.i18n import _, ngettext

from ...browser.markup import attrs, esc
from . import model as vm
from .cards import card_back, card_symbol, mini_cards, show_card
from .scene import Scene


def tally(view: DeckOfSpiesView) -> str:
    """The twelve face cards: yours from the left, the spies' from the right, the goal
    marked."""
    mine = int(view["faces_owned"])
    theirs = int(view["faces_with_spies"])
    need = int(view["faces_to_win"])
    slots = []
    for index in range(12):
        if index < mine:
            kind = "mine"
        elif index >= 12 - theirs:
            kind = "theirs"
        else:
            kind = "open"
        goal = " goal" if index == need - 1 else ""
        slots.append(f'<span class="slot {kind}{goal}"></span>')
    # translators: the race for the face cards: how many are yours, the spies', and
    # how many you need
    label = _(
        "Face cards: you {mine}, spies {theirs}; {need} of 12 to win",
        mine=mine,
        theirs=theirs,
        need=need,
    )
    # translators: the race for the face cards, drawn (the same as "Face cards: you
    # {mine}, spies {theirs}; {need} of 12 to win")
    text = _(
        'Face cards: <b class="you">you {mine}</b> · <b class="them">spies {theirs}</b> '
        '<span class="dos-tally-goal">({need} to win)</span>',
        mine=mine,
        theirs=theirs,
        need=need,
    )
    return (
        f'<section class="dos-tally" aria-label="{esc(label)}">'
        f'<p class="dos-tally-text" aria-hidden="true">{text}</p>'
        f'<div class="dos-race" aria-hidden="true">{"".join(slots)}</div></section>'
    )


def board(scene: Scene) -> str:
    """The spy and the spy deck, then the piles."""
    return (
        '<section class="dos-board"' + attrs(aria_label=_("The table")) + ">"
        f'<div class="dos-spyzone"><div class="dos-spy" id="dos-spy">{_spy(scene)}</div>'
        f"{_spy_deck(scene.view)}</div>"
        f"{_piles(scene)}</section>"
    )


def _spy(scene: Scene) -> str:
    view = scene.view
    spy = view["spy"]
    if not spy:
        return '<div class="dos-spy-card"><span class="pcard pc-big pc-empty"></span></div>'
    return (
        f'<div class="dos-spy-card{" fresh" if scene.spy_fresh else ""}">'
        + show_card(spy, size="big")
        + "</div>"
        '<p class="dos-spy-label">'
        # translators: under the spy's card: "The spy: 9♣ needs 9" (the first words are
        # only read out, the rest shown)
        + _(
            '<span class="sr-only">The spy: </span><b>{spy}</b> needs '
            '<b class="dos-need">{need}</b>',
            spy=esc(card_symbol(spy)),
            need=view["spy_value"],
        )
        + "</p>"
    )


def _spy_deck(view: DeckOfSpiesView) -> str:
    """The spies still to come, and how many of each group."""
    tier_now = vm.current_tier(view)
    tiers = "".join(
        f'<li class="tier{" now" if label == tier_now else ""}{" done" if not left else ""}">'
        f'<span class="tier-name">{label}</span> <span class="tier-left">{left}</span></li>'
        for label, left in vm.tiers_left(view)
    )
    return (
        '<div class="dos-spydeck">'
        + card_back(extra="pc-stack", count=view["spies_left"])
        + '<p class="dos-spies-left">'
        + ngettext("<b>{n}</b> spy left", "<b>{n}</b> spies left", view["spies_left"])
        + "</p>"
        '<ol class="dos-tiers"'
        + attrs(aria_label=_("Spies left by group"))
        + f">{tiers}</ol></div>"
    )


def _piles(scene: Scene) -> str:
    view = scene.view
    discard = view["discard"]
    top = (
        show_card(
            discard[-1], extra="pile-top" + (" fresh" if scene.pile_fresh else ""), label=False
        )
        if discard
        else '<span class="pcard pc-empty" aria-hidden="true"></span>'
    )
    removed = view["removed"]
    return (
        '<div class="dos-piles">'
        + _pile(
            scene,
            "draw",
            card_back(count=view["draw_count"]),
            # translators: a pile's button, "Draw deck 33" (the rest only read out); the
            # English says "cards" for one too
            ngettext(
                'Draw deck <b>{n}</b><span class="sr-only"> cards — show them</span>',
                'Draw deck <b>{n}</b><span class="sr-only"> cards — show them</span>',
                view["draw_count"],
            ),
        )
        + _pile(
            scene,
            "discard",
            top + f'<span class="pile-count" aria-hidden="true">{len(discard)}</span>',
            # translators: a pile's button, "Discard 4" (the rest only read out); the
            # English says "cards" for one too
            ngettext(
                'Discard <b>{n}</b><span class="sr-only"> cards — show them</span>',
                'Discard <b>{n}</b><span class="sr-only"> cards — show them</span>',
                len(discard),
            ),
        )
        + '<div class="dos-pile dos-pile-static">'
        + card_back(extra="pc-spies", count=len(view["spy_discard"]))
        + '<span class="dos-pile-label">'
        + _("Spies’ pile <b>{count}</b>", count=len(view["spy_discard"]))
        + "</span></div>"
        + (
            '<div class="dos-pile dos-pile-static dos-removed">'
            + mini_cards(removed)
            + '<span class="dos-pile-label">'
            + _("Out of the game")
            + "</span></div>"
            if removed
            else ""
        )
        + "</div>"
    )


def _pile(scene: Scene, name: str, face: str, caption: str) -> str:
    """A pile as a button; its name is the caption it shows ("Draw deck 33") with
    the rest in visually hidden text, so what is read and what is seen agree."""
    opened = scene.panel == name
    return (
        "<button"
        + attrs(
            type="button",
            id=f"pile-{name}",
            class_="dos-pile",
            data_act="panel",
            data_arg=name,
            aria_expanded="true" if opened else "false",
        )
        + f'>{face}<span class="dos-pile-label">{caption}</span></button>'
    )
