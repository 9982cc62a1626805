"""Deck of Spies in words, for the terminal and the move log ("recruit 7♥ with 3♥ 5♥")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import InvalidCard
from ..words import count
from .deck import SYMBOLS, card_id


def symbol(text: object) -> str:
    """ "7H" -> "7♥"; anything that is not a card is shown as it is."""
    try:
        return SYMBOLS[card_id(text)]
    except InvalidCard:
        return str(text)


def cards_text(cards: object) -> str:
    if not isinstance(cards, Sequence) or isinstance(cards, str) or not cards:
        return "nothing"
    return " ".join(symbol(card) for card in cards)


def describe_action(action: dict[str, Any], spy: str | None = None) -> str:
    """One line: "recruit 7♥ with 3♥ 5♥" (with the spy when known), "end turn"."""
    kind = action.get("type")
    cards = cards_text(action.get("cards"))
    target = f" {symbol(spy)}" if spy else ""
    if kind == "counter":
        return f"counter{target} with {cards}"
    if kind == "recruit":
        return f"recruit{target} with {cards}"
    if kind == "assassinate":
        return f"assassinate{target} with {symbol(action.get('ace'))}"
    if kind == "retire":
        return f"retire {cards}"
    if kind == "end_turn":
        return "end turn"
    return str(action)


def describe_view(view: dict[str, Any]) -> str:
    """The table as a few lines of text."""
    spy = view.get("spy")
    tiers = view.get("spies_left_by_tier", {})
    tier_text = ", ".join(f"{count} of {tier}" for tier, count in tiers.items() if count)
    aces = ", ".join(
        f"{symbol(ace['card'])} ({ace['where']})" for ace in view.get("owned_aces", [])
    )
    which = "next spy" if view.get("phase") == "after" else "spy"
    lines = [
        f"Turn {view.get('turn')} — {which}: "
        + (f"{symbol(spy)} (value {view.get('spy_value')})" if spy else "none")
        + f", {count(int(view.get('spies_left') or 0), 'spy', 'spies')} left"
        + f" ({tier_text or 'none'})",
        f"Hand: {cards_text(view.get('hand'))} (total {view.get('hand_total')})",
        f"Draw deck: {count(int(view.get('draw_count') or 0), 'card')}; "
        f"discard pile: {cards_text(view.get('discard'))}",
        f"Double agents: {aces or 'none'}; out of the game: {cards_text(view.get('removed'))}",
        f"Face cards: {view.get('faces_owned')} yours, {view.get('faces_with_spies')} "
        f"with the spies ({view.get('faces_to_win')} to win)",
    ]
    if view.get("phase") == "after":
        retired = " (already retired this turn)" if view.get("retired_this_turn") else ""
        lines.append(f"Spy dealt with: you may retire cards or end your turn{retired}")
    elif view.get("must_assassinate"):
        lines.append("Your hand cannot pay: you must assassinate the spy with an Ace")
    return "\n".join(lines)


def describe_events(events: Sequence[dict[str, Any]]) -> list[str]:
    """The log lines of the last action's events."""
    return [str(event.get("text", event.get("kind", ""))) for event in events]
