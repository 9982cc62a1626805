"""Deck of Spies in words, for the terminal and the move log ("recruit 7♥ with 3♥ 5♥")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..errors import InvalidCard
from ..i18n import N_, _, listed, ngettext
from .deck import SYMBOLS, card_id

# An Ace the player could sacrifice, and where it is (a view's "owned_aces").
ACE_WHERE: Final = {
    "hand": N_("{card} (hand)"),
    "draw": N_("{card} (draw)"),
    "discard": N_("{card} (discard)"),
}


def symbol(text: object) -> str:
    """ "7H" -> "7♥"; anything that is not a card is shown as it is."""
    try:
        return SYMBOLS[card_id(text)]
    except InvalidCard:
        return str(text)


def cards_text(cards: object) -> str:
    if not isinstance(cards, Sequence) or isinstance(cards, str) or not cards:
        return _("nothing")
    return " ".join(symbol(card) for card in cards)


def describe_action(action: dict[str, Any], spy: str | None = None) -> str:
    """One line: "recruit 7♥ with 3♥ 5♥" (with the spy when known), "end turn"."""
    kind = action.get("type")
    if kind == "counter":
        cards = cards_text(action.get("cards"))
        if spy:
            return _("counter {spy} with {cards}", spy=symbol(spy), cards=cards)
        return _("counter with {cards}", cards=cards)
    if kind == "recruit":
        cards = cards_text(action.get("cards"))
        if spy:
            return _("recruit {spy} with {cards}", spy=symbol(spy), cards=cards)
        return _("recruit with {cards}", cards=cards)
    if kind == "assassinate":
        ace = symbol(action.get("ace"))
        if spy:
            return _("assassinate {spy} with {ace}", spy=symbol(spy), ace=ace)
        return _("assassinate with {ace}", ace=ace)
    if kind == "retire":
        return _("retire {cards}", cards=cards_text(action.get("cards")))
    if kind == "end_turn":
        return _("end turn")
    return str(action)


def describe_view(view: dict[str, Any]) -> str:
    """The table as a few lines of text."""
    spy = view.get("spy")
    tiers = view.get("spies_left_by_tier", {})
    # translators: {count} spies are left in the group {tier} ("5-7", "8-10", "J-K")
    tier_text = listed(
        [_("{count} of {tier}", count=n, tier=tier) for tier, n in tiers.items() if n]
    )
    aces = listed(
        [
            _(ACE_WHERE[ace["where"]], card=symbol(ace["card"]))
            if ace["where"] in ACE_WHERE
            else f"{symbol(ace['card'])} ({ace['where']})"
            for ace in view.get("owned_aces", [])
        ]
    )
    after = view.get("phase") == "after"
    left = int(view.get("spies_left") or 0)
    turn = view.get("turn")
    tier_text = tier_text or _("none")
    if spy and after:
        first = ngettext(
            "Turn {turn} — next spy: {spy} (value {value}), {n} spy left ({tiers})",
            "Turn {turn} — next spy: {spy} (value {value}), {n} spies left ({tiers})",
            left,
            turn=turn,
            spy=symbol(spy),
            value=view.get("spy_value"),
            tiers=tier_text,
        )
    elif spy:
        first = ngettext(
            "Turn {turn} — spy: {spy} (value {value}), {n} spy left ({tiers})",
            "Turn {turn} — spy: {spy} (value {value}), {n} spies left ({tiers})",
            left,
            turn=turn,
            spy=symbol(spy),
            value=view.get("spy_value"),
            tiers=tier_text,
        )
    elif after:
        first = ngettext(
            "Turn {turn} — next spy: none, {n} spy left ({tiers})",
            "Turn {turn} — next spy: none, {n} spies left ({tiers})",
            left,
            turn=turn,
            tiers=tier_text,
        )
    else:
        first = ngettext(
            "Turn {turn} — spy: none, {n} spy left ({tiers})",
            "Turn {turn} — spy: none, {n} spies left ({tiers})",
            left,
            turn=turn,
            tiers=tier_text,
        )
    draw = int(view.get("draw_count") or 0)
    lines = [
        first,
        _(
            "Hand: {cards} (total {total})",
            cards=cards_text(view.get("hand")),
            total=view.get("hand_total"),
        ),
        ngettext(
            "Draw deck: {n} card; discard pile: {cards}",
            "Draw deck: {n} cards; discard pile: {cards}",
            draw,
            cards=cards_text(view.get("discard")),
        ),
        _(
            "Double agents: {aces}; out of the game: {cards}",
            aces=aces or _("none"),
            cards=cards_text(view.get("removed")),
        ),
        # translators: {owned} face cards are the player's, {kept} the spies', {needed}
        # are needed to win
        _(
            "Face cards: {owned} yours, {kept} with the spies ({needed} to win)",
            owned=view.get("faces_owned"),
            kept=view.get("faces_with_spies"),
            needed=view.get("faces_to_win"),
        ),
    ]
    if after:
        if view.get("retired_this_turn"):
            lines.append(
                _(
                    "Spy dealt with: you may retire cards or end your turn "
                    "(already retired this turn)"
                )
            )
        else:
            lines.append(_("Spy dealt with: you may retire cards or end your turn"))
    elif view.get("must_assassinate"):
        lines.append(_("Your hand cannot pay: you must assassinate the spy with an Ace"))
    return "\n".join(lines)


def describe_events(events: Sequence[dict[str, Any]]) -> list[str]:
    """The log lines of the last action's events (each message as the engine made it)."""
    texts: list[str] = []
    for event in events:
        text = event.get("text", event.get("kind", ""))
        texts.append(text if isinstance(text, str) else str(text))
    return texts
