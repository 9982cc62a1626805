"""The other things a turn asks: the opening draft, recruit or deploy, a special agent's
effect and its targets, a card to discard — each offered from the legal actions only."""

from __future__ import annotations

from typing import Any

from spygames.i18n import _, ngettext, pgettext
from spygames.spynet import draft_step, text
from spygames.spynet.views import Pending, SpyNetView

from ...browser.markup import button, esc
from . import cards
from .deploy import Selection
from .model import BRANCH, CARD, EffectChoices
from .who import Who


def draft_panel(view: SpyNetView, who: Who) -> str:
    packet = view["draft"] or []
    step = draft_step(view["seat"], view["first"])
    to = (view["seat"] + step) % view["players"]
    options = "".join(cards.card(c, size="lg", act="keep", id_=f"sn-keep-{c}") for c in packet)
    title, everyone = _("Opening draft: keep one card"), _("Everyone starts with one card.")
    return (
        '<section class="sn-act sn-draft" aria-labelledby="sn-act-title">'
        f'<h2 id="sn-act-title">{esc(title)}</h2>'
        f"<p>{_others_go(len(packet) - 1, esc(who.name(to)), step == 1)} {esc(everyone)}</p>"
        f'<div class="sn-reveal">{options}</div></section>'
    )


def _others_go(others: int, name: str, left: bool) -> str:
    """Where the cards not kept go: "The other card goes face down to Ann, on your left."
    (`name` as HTML)."""
    if others == 0:
        if left:
            return _("Nothing is left to pass on to {name}, on your left.", name=name)
        return _("Nothing is left to pass on to {name}, on your right.", name=name)
    if others == 1:
        if left:
            return _("The other card goes face down to {name}, on your left.", name=name)
        return _("The other card goes face down to {name}, on your right.", name=name)
    if left:
        return ngettext(
            "The other {n} goes face down to {name}, on your left.",
            "The other {n} go face down to {name}, on your left.",
            others,
            name=name,
        )
    return ngettext(
        "The other {n} goes face down to {name}, on your right.",
        "The other {n} go face down to {name}, on your right.",
        others,
        name=name,
    )


def nothing_html(reason: str, then: str) -> str:
    """Why nothing in the hand can be played (the engine's `nothing_to_deploy`)."""
    # translators: {reason} is the rules' reason (lower case, no full stop); {then} says
    # what to do instead ("Recruit for new cards instead.")
    words = _(
        "Nothing in your hand can be played now: {reason}. {then}",
        reason=esc(reason),
        then=esc(then),
    )
    return f'<p class="sn-why" id="sn-nothing">{words}</p>'


def choose_panel(view: SpyNetView, nothing: str | None = None) -> str:
    """Recruit or deploy; Deploy only when something could be played (else why not)."""
    if nothing is not None:
        deploy = nothing_html(nothing, _("Recruit for new cards instead."))
    else:
        says = (
            _(
                "Play cards from your hand: one agent (with funding), missions where you "
                "dominate, a card to your teammate."
            )
            if view.get("teammate") is not None
            else _(
                "Play cards from your hand: one agent (with funding), missions where you dominate."
            )
        )
        deploy = (
            button(
                esc(pgettext("button", "Deploy")) + ' <span class="kbd">D</span>',
                "deploy",
                class_="btn sn-big",
                id="sn-deploy",
            )
            + f"<p>{esc(says)}</p>"
        )
    recruit = _(
        "Look at pile 1 and take it or pass it on, then pile 2, pile 3, then the deck: "
        "new cards for your hand."
    )
    title = _("Your turn: recruit or deploy?")
    return (
        '<section class="sn-act sn-choose" aria-labelledby="sn-act-title">'
        f'<h2 id="sn-act-title">{esc(title)}</h2>'
        '<div class="sn-choice">'
        + button(
            esc(pgettext("button", "Recruit")) + ' <span class="kbd">R</span>',
            "recruit",
            class_="btn btn-primary sn-big",
            id="sn-recruit",
        )
        + f"<p>{esc(recruit)}</p></div>"
        f'<div class="sn-choice">{deploy}</div></section>'
    )


def where(view: SpyNetView, card: str) -> tuple[int, str] | None:
    for seat, tableau in enumerate(view["tableaus"]):
        for branch, stack in tableau["agents"].items():
            if any(a["card"] == card for a in stack):
                return seat, branch
    return None


def _agent_button(
    view: SpyNetView, who: Who, card: str, act: str, arg: str, flip: bool, **extra: Any
) -> str:
    """An agent on the table the effect may take: "Eliminate Censor (Lynx’s Field Ops)",
    or with `flip` "Flip …"."""
    found = where(view, card)
    name = CARD[card]["name"]
    if found is None:
        label = _("Flip {card}", card=name) if flip else _("Eliminate {card}", card=name)
        icon = ""
    else:
        seat, b = found
        icon, branch = cards.icon(b), BRANCH[b]["name"]
        if who.you(seat):
            label = (
                _("Flip {card} (your {branch})", card=name, branch=branch)
                if flip
                else _("Eliminate {card} (your {branch})", card=name, branch=branch)
            )
        else:
            owner = who.name(seat)
            label = (
                # translators: an agent on {name}'s tableau, in its branch column {branch}
                _("Flip {card} ({name}’s {branch})", card=name, name=owner, branch=branch)
                if flip
                # translators: an agent on {name}'s tableau, in its branch column {branch}
                else _("Eliminate {card} ({name}’s {branch})", card=name, name=owner, branch=branch)
            )
    return button(f"{icon}{esc(label)}", act, arg, **extra)


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
                    ngettext(
                        "Make {name} discard ({n} card in hand)",
                        "Make {name} discard ({n} cards in hand)",
                        n,
                        name=esc(who.name(s)),
                    ),
                    "discard",
                    str(s),
                    class_="btn btn-primary",
                    id=f"sn-discard-{s}",
                )
            )
    for card in choices.eliminate:
        buttons.append(
            _agent_button(
                view, who, card, "eliminate", card, False, class_="btn btn-primary",
                id=f"sn-elim-{card}",
            )
        )  # fmt: skip
    for card, branches in choices.flips.items():
        if sel.flip == card or len(choices.flips) == 1:
            for b in branches:
                buttons.append(
                    button(
                        cards.icon(b)
                        + " "
                        + _(
                            "Flip {card} into your {branch}",
                            card=esc(CARD[card]["name"]),
                            branch=esc(BRANCH[b]["name"]),
                        ),
                        "flip",
                        f"{card}@{b}",
                        class_="btn btn-primary",
                        id=f"sn-flip-{card}-{b}",
                    )
                )
        else:
            buttons.append(
                _agent_button(
                    view, who, card, "target", card, True, id=f"sn-flip-{card}",
                )
            )  # fmt: skip
    if choices.draw:
        buttons.append(
            button(
                ngettext(
                    "Take the top {n} card of the deck",
                    "Take the top {n} cards of the deck",
                    pending.get("count", 1),
                ),
                "draw",
                class_="btn btn-primary",
                id="sn-draw",
            )
        )
    if choices.skip:
        buttons.append(button(esc(_("Don’t use it")), "skip", id="sn-skip"))
    hint = ""
    if choices.eliminate or choices.flips:
        words = _("The agents it can take are outlined on the table.")
        hint = f'<p class="sn-help">{esc(words)}</p>'
    heading = (
        _("{agent}’s effect", agent=info["name"]) if "name" in info else _("An agent’s effect")
    )
    # translators: {effect} is what the card does, from its text ("flip an agent …")
    does = _("When played, {effect}.", effect=what)
    return (
        '<section class="sn-act sn-effect" aria-labelledby="sn-act-title">'
        f'<h2 id="sn-act-title">{esc(heading)}</h2>'
        f'<p class="sn-effect-text">{esc(does)}</p>'
        f'<div class="sn-buttons sn-effect-choices">{"".join(buttons)}</div>{hint}</section>'
    )


def discard_panel(view: SpyNetView, who: Who) -> str:
    pending: Pending | dict[str, Any] = view["pending"] or {}
    by = pending.get("by", view["turn"])
    source = CARD.get(pending.get("card", ""), {}).get("name") or _("An agent")
    heading = (
        _("Your {agent}: discard a card", agent=source)
        if who.you(by)
        else _("{name}’s {agent}: discard a card", name=who.first(by), agent=source)
    )
    words = _("Choose a card from your hand below; it goes face up to the discard pile.")
    return (
        '<section class="sn-act sn-must-discard" aria-labelledby="sn-act-title">'
        f'<h2 id="sn-act-title">{esc(heading)}</h2><p>{esc(words)}</p></section>'
    )


def wait_panel(words: str) -> str:
    """Who is to play, and what they are doing ("Agent Lynx is recruiting…")."""
    return (
        '<section class="sn-act sn-wait" aria-live="polite">'
        f'<p><span class="sn-dots" aria-hidden="true"></span>{esc(words)}</p>'
        "</section>"
    )
