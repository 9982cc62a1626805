"""The other things a turn asks: the opening draft, recruit or deploy, a special agent's
effect and its targets, a card to discard — each offered from the legal actions only."""

from __future__ import annotations

from typing import Any

from spygames.spynet import draft_step, text
from spygames.spynet.views import Pending, SpyNetView
from spygames.words import count, sentence

from ...browser.markup import button, esc
from . import cards
from .deploy import Selection
from .log import Who
from .model import BRANCH, CARD, EffectChoices


def draft_panel(view: SpyNetView, who: Who) -> str:
    packet = view["draft"] or []
    step = draft_step(view["seat"], view["first"])
    to = (view["seat"] + step) % view["players"]
    side = "left" if step == 1 else "right"
    options = "".join(cards.card(c, size="lg", act="keep", id_=f"sn-keep-{c}") for c in packet)
    return (
        '<section class="sn-act sn-draft" aria-labelledby="sn-act-title">'
        '<h2 id="sn-act-title">Opening draft: keep one card</h2>'
        f"<p>{_others_go(len(packet) - 1)}{esc(who.name(to))}, on your {side}. "
        "Everyone starts with one card.</p>"
        f'<div class="sn-reveal">{options}</div></section>'
    )


def _others_go(others: int) -> str:
    """Where the cards not kept go: "The other card goes …", "The other 2 go …"."""
    if others == 0:
        return "Nothing is left to pass on to "
    if others == 1:
        return "The other card goes face down to "
    return f"The other {others} go face down to "


def nothing_html(reason: str, then: str) -> str:
    """Why nothing in the hand can be played (the engine's `nothing_to_deploy`)."""
    return (
        f'<p class="sn-why" id="sn-nothing">Nothing in your hand can be played now: '
        f"{esc(reason)}. {esc(then)}</p>"
    )


def choose_panel(view: SpyNetView, nothing: str | None = None) -> str:
    """Recruit or deploy; Deploy only when something could be played (else why not)."""
    if nothing is not None:
        deploy = nothing_html(nothing, "Recruit for new cards instead.")
    else:
        deploy = (
            button(
                'Deploy <span class="kbd">D</span>', "deploy", class_="btn sn-big", id="sn-deploy"
            )
            + "<p>Play cards from your hand: one agent (with funding), missions where you "
            + (
                "dominate, a card to your teammate.</p>"
                if view.get("teammate") is not None
                else "dominate.</p>"
            )
        )
    return (
        '<section class="sn-act sn-choose" aria-labelledby="sn-act-title">'
        '<h2 id="sn-act-title">Your turn: recruit or deploy?</h2>'
        '<div class="sn-choice">'
        + button(
            'Recruit <span class="kbd">R</span>',
            "recruit",
            class_="btn btn-primary sn-big",
            id="sn-recruit",
        )
        + "<p>Look at pile 1 and take it or pass it on, then pile 2, pile 3, then the deck: "
        "new cards for your hand.</p></div>"
        f'<div class="sn-choice">{deploy}</div></section>'
    )


def where(view: SpyNetView, card: str) -> tuple[int, str] | None:
    for seat, tableau in enumerate(view["tableaus"]):
        for branch, stack in tableau["agents"].items():
            if any(a["card"] == card for a in stack):
                return seat, branch
    return None


def _agent_button(
    view: SpyNetView, who: Who, card: str, act: str, arg: str, label: str, **extra: Any
) -> str:
    found = where(view, card)
    place = ""
    if found is not None:
        seat, branch = found
        place = f" ({who.possessive(seat)} {BRANCH[branch]['name']})"
    return button(
        f"{cards.icon(found[1]) if found else ''}{esc(label)} "
        f"{esc(CARD[card]['name'])}{esc(place)}",
        act,
        arg,
        **extra,
    )


def effect_panel(view: SpyNetView, choices: EffectChoices, sel: Selection, who: Who) -> str:
    pending: Pending | dict[str, Any] = view["pending"] or {}
    source = pending.get("card", "")
    info = CARD.get(source, {})
    effect = info.get("effect") or {"kind": pending.get("effect", "")}
    try:
        what = text.effect_text(effect)
    except (ValueError, KeyError):
        what = ""
    buttons: list[str] = []
    if choices.seats:
        for s in choices.seats:
            n = view["hand_sizes"][s]
            buttons.append(
                button(
                    f"Make {esc(who.name(s))} discard ({count(n, 'card')} in hand)",
                    "discard",
                    str(s),
                    class_="btn btn-primary",
                    id=f"sn-discard-{s}",
                )
            )
    for card in choices.eliminate:
        buttons.append(
            _agent_button(
                view, who, card, "eliminate", card, "Eliminate", class_="btn btn-primary",
                id=f"sn-elim-{card}",
            )
        )  # fmt: skip
    for card, branches in choices.flips.items():
        if sel.flip == card or len(choices.flips) == 1:
            for b in branches:
                buttons.append(
                    button(
                        f"{cards.icon(b)} Flip {esc(CARD[card]['name'])} into your "
                        f"{esc(BRANCH[b]['name'])}",
                        "flip",
                        f"{card}@{b}",
                        class_="btn btn-primary",
                        id=f"sn-flip-{card}-{b}",
                    )
                )
        else:
            buttons.append(
                _agent_button(
                    view, who, card, "target", card, "Flip", id=f"sn-flip-{card}",
                )
            )  # fmt: skip
    if choices.draw:
        buttons.append(
            button(
                f"Take the top {count(pending.get('count', 1), 'card')} of the deck",
                "draw",
                class_="btn btn-primary",
                id="sn-draw",
            )
        )
    if choices.skip:
        buttons.append(button("Don’t use it", "skip", id="sn-skip"))
    hint = ""
    if choices.eliminate or choices.flips:
        hint = '<p class="sn-help">The agents it can take are outlined on the table.</p>'
    return (
        '<section class="sn-act sn-effect" aria-labelledby="sn-act-title">'
        f'<h2 id="sn-act-title">{esc(info.get("name", "An agent"))}’s effect</h2>'
        f'<p class="sn-effect-text">When played, {esc(what)}.</p>'
        f'<div class="sn-buttons sn-effect-choices">{"".join(buttons)}</div>{hint}</section>'
    )


def discard_panel(view: SpyNetView, who: Who) -> str:
    pending: Pending | dict[str, Any] = view["pending"] or {}
    by = pending.get("by", view["turn"])
    source = CARD.get(pending.get("card", ""), {}).get("name", "An agent")
    return (
        '<section class="sn-act sn-must-discard" aria-labelledby="sn-act-title">'
        f'<h2 id="sn-act-title">{esc(sentence(who.possessive(by)))} {esc(source)}: '
        "discard a card</h2><p>Choose a card from your hand below; it goes face up to the "
        "discard pile.</p></section>"
    )


def wait_panel(name: str, doing: str) -> str:
    return (
        '<section class="sn-act sn-wait" aria-live="polite">'
        f'<p><span class="sn-dots" aria-hidden="true"></span>{esc(f"{name} {doing}".strip())}</p>'
        "</section>"
    )
