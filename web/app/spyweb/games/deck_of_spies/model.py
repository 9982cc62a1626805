"""What the table shows, decided without the DOM: the selection, the buttons and why not.

No rule lives here: every "may I?" is the engine's `why_illegal`, every total its
`selection_total`. This module only arranges the answers for the screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import spygames
from spygames.deck_of_spies import describe_action, selection_total, sort_cards
from spygames.i18n import _, pgettext

from .cards import card_symbol

# Letter keys -> the table's commands (number keys 1–9 pick cards in the hand).
KEYS: dict[str, str] = {
    "c": "counter",
    "r": "recruit",
    "a": "assassinate",
    "t": "retire",
    "e": "end_turn",
    "h": "hint",
    "u": "undo",
    "x": "clear",
    "Escape": "clear",
}
KEY_OF: dict[str, str] = {
    "counter": "C",
    "recruit": "R",
    "assassinate": "A",
    "retire": "T",
    "end_turn": "E",
    "hint": "H",
    "undo": "U",
    "clear": "X",
}
# Every key `command_for_key` can name: the digits, each letter in either case, Escape.
KEY_NAMES: tuple[str, ...] = (
    *"123456789",
    *(k for name in KEYS for k in ((name, name.upper()) if len(name) == 1 else (name,))),
)
TIERS = (("5-7", "5–7"), ("8-10", "8–10"), ("J-K", "J–K"))


def command_for_key(key: str) -> tuple[str, str] | None:
    """("pick", "<index>") for a digit, (command, "") for a letter, else None."""
    if len(key) == 1 and key.isdigit() and key != "0":
        return "pick_index", str(int(key) - 1)
    command = KEYS.get(key if len(key) > 1 else key.lower())
    return (command, "") if command else None


@dataclass
class ActionButton:
    """One action button: enabled, or disabled with the reason shown under it."""

    kind: str
    label: str
    action: dict[str, Any] | None
    reason: str | None = None  # why it is disabled (None when enabled)
    arg: str = ""

    @property
    def enabled(self) -> bool:
        return self.reason is None


@dataclass
class TableModel:
    """Everything the table's HTML needs, in words and numbers."""

    phase: str  # "deal", "after", "over"
    selected: list[str]
    total: int
    prompt: str
    buttons: list[ActionButton] = field(default_factory=list)
    aces: list[ActionButton] = field(default_factory=list)


def reason_text(reason: str) -> str:
    """The engine's reason, as a sentence start: "Needs 2 more"."""
    return reason[:1].upper() + reason[1:] if reason else reason


def tidy_selection(hand: list[str], selected: list[str]) -> list[str]:
    """The selected cards still in the hand, in hand order."""
    return [card for card in sort_cards(hand) if card in selected]


def build(
    state: spygames.State, selected: list[str], view: dict[str, Any] | None = None
) -> TableModel:
    """The buttons with the engine's reasons, the cards picked and the prompt; `view` is
    `state.view(0)` when the caller has it already."""
    view = state.view(0) if view is None else view
    hand = view["hand"]
    chosen = tidy_selection(hand, selected)
    total = selection_total(chosen)
    phase = view["phase"]
    model = TableModel(phase=phase, selected=chosen, total=total, prompt="")
    if state.is_over:
        model.phase = "over"
        model.prompt = _("The game is over.")
        return model
    spy = view["spy"]
    need = view["spy_value"]
    if phase == "deal" and view["must_assassinate"]:
        # translators: {spy} is a card ("9♣"), {total} and {need} are numbers
        model.prompt = _(
            "Your hand adds up to {total}, less than the {spy}'s {need}: sacrifice a double "
            "agent (an Ace) to assassinate it.",
            total=view["hand_total"],
            spy=card_symbol(spy),
            need=need,
        )
        for ace in view["owned_aces"]:
            action = {"type": "assassinate", "ace": ace["card"]}
            model.aces.append(
                ActionButton(
                    "assassinate",
                    assassinate_label(card_symbol(ace["card"]), ace["where"]),
                    action,
                    state.why_illegal(action),
                    arg=ace["card"],
                )
            )
        return model
    if phase == "deal":
        if chosen:
            # translators: {total} and {need} are numbers, {spy} a card ("9♣")
            model.prompt = _(
                "Selected {total} — the {spy} needs {need}.",
                total=total,
                spy=card_symbol(spy),
                need=need,
            )
        else:
            # translators: {spy} is a card ("9♣"), {suit} its suit's sign ("♣")
            model.prompt = _(
                "Pick cards worth at least {need} to counter the {spy} — all {suit} (or with "
                "its Ace) to recruit it.",
                need=need,
                spy=card_symbol(spy),
                suit=card_symbol(spy)[-1],
            )
        for kind, label in (
            ("counter", pgettext("button", "Counter")),
            ("recruit", pgettext("button", "Recruit")),
        ):
            action = {"type": kind, "cards": chosen}
            model.buttons.append(ActionButton(kind, label, action, state.why_illegal(action)))
        return model
    # after paying: retire (optional, once) and end the turn
    if view["retired_this_turn"]:
        model.prompt = _("Retired. End your turn to draw back up to five.")
    elif chosen:
        model.prompt = _("Retire these cards for good, or end your turn.")
    else:
        model.prompt = _(
            "Spy dealt with. You may retire two or more cards of one rank, then end your turn."
        )
    retire = {"type": "retire", "cards": chosen}
    retire_reason = state.why_illegal(retire)
    if retire_reason is None and not chosen:
        # translators: why Retire is off, shown under it (its first letter made a capital)
        retire_reason = _("select two or more cards of one rank")
    model.buttons.append(
        ActionButton("retire", pgettext("button", "Retire"), retire, retire_reason)
    )
    end = {"type": "end_turn"}
    model.buttons.append(
        ActionButton("end_turn", pgettext("button", "End turn"), end, state.why_illegal(end))
    )
    return model


def assassinate_label(ace: str, where: str) -> str:
    """The button that sacrifices `ace` ("A♠"), which is `where`: "hand", "draw" or
    "discard"."""
    if where == "hand":
        return _("Assassinate with the {ace} (in your hand)", ace=ace)
    if where == "draw":
        return _("Assassinate with the {ace} (in your draw deck)", ace=ace)
    return _("Assassinate with the {ace} (in your discard pile)", ace=ace)


def tiers_left(view: Mapping[str, Any]) -> list[tuple[str, int]]:
    """[("5–7", 3), ("8–10", 12), ("J–K", 12)]: the spies still to come, by tier."""
    left = view.get("spies_left_by_tier", {})
    return [(label, int(left.get(key, 0))) for key, label in TIERS]


def current_tier(view: Mapping[str, Any]) -> str | None:
    for key, label in TIERS:
        if view.get("spies_left_by_tier", {}).get(key):
            return label
    return None


def hint_cards(action: dict[str, Any] | None) -> list[str]:
    """The cards a hinted action uses (to highlight them)."""
    if not action:
        return []
    if "cards" in action:
        return list(action["cards"])
    if action.get("type") == "assassinate":
        return [action["ace"]]
    return []


def describe(action: dict[str, Any]) -> str:
    """An action in words, for the hint: "Recruit with 3♥ 5♥" (the engine's words)."""
    words = describe_action(action)
    return words[:1].upper() + words[1:]
