"""What a click (or a drag) on your own turn does: the action it sends to the engine, the
refusal it is answered with, or only a change to what you have picked.

One set of rules for both places a turn is played: the table on the host's device
(`table.py`, which asks its `State`) and a friend's seat on another device (`guest.py`,
which reads the scene the host sent). Both give the same three things (`Turn`): the
seat's legal actions, the engine's reason for refusing an action, and why nothing in
the hand could be deployed. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spygames.i18n import _

from .deploy import Selection
from .model import CARD, DeployChoices, EffectChoices, kind

Click = dict[str, Any] | str | None
"""An action to play, a refusal to tell (a whole sentence), or None: nothing to send."""

KEYS = {
    "r": "recruit",
    "d": "deploy",
    "t": "take",
    "p": "pass_on",
    "e": "end",
    "x": "clear",
    "u": "undo",
    "h": "hint",
}
"""The keyboard's shortcuts: R recruit, D deploy, T take, P pass on, E end turn, X clear
the pick, U undo, H hint (the last two are the host's own tools)."""
KEY_NAMES: tuple[str, ...] = ("Escape", *KEYS, *(k.upper() for k in KEYS))
"""Every key a SpyNet table may take: each shortcut in either case, and Escape (which
closes a card's face left open)."""

SIMPLE = {
    "recruit": "recruit",
    "deploy": "deploy",
    "take": "take",
    "pass_on": "pass_on",
    "end": "end_turn",
    "draw": "draw",
    "skip": "skip_effect",
}


@dataclass(frozen=True)
class Turn:
    """The seat's turn as the clicks read it."""

    legal: list[dict[str, Any]]
    why: Callable[[dict[str, Any]], str | None]  # the engine's reason for refusing an action
    nothing: Callable[[], str | None]  # why a deploy would play nothing, else None


def key_act(key: str, legal: list[dict[str, Any]]) -> str | None:
    """The turn's click a key stands for, when the turn allows that move now; else None
    (Undo and Hint are the table's own to answer)."""
    name = KEYS.get(key.lower())
    if name is None or name in ("undo", "hint"):
        return None
    wanted = {"end": "end_turn"}.get(name, name)
    if name != "clear" and wanted not in {a["type"] for a in legal}:
        return None
    return name


def turn_click(turn: Turn, sel: Selection, act: str, arg: str) -> Click:
    """A click that belongs to the seat's own turn; `sel` is changed in place."""
    card, _at, branch = arg.partition("@")
    if act == "deploy" and {"type": "deploy"} in turn.legal:
        nothing = turn.nothing()
        if nothing is not None:
            # translators: {reason} is the rules' reason (lower case, no full stop)
            return _("Nothing in your hand can be played now: {reason}.", reason=nothing)
    if act in SIMPLE:
        return {"type": SIMPLE[act]}
    if act == "pick":
        return _pick(turn, sel, arg)
    if act == "fund":
        return _fund(turn, sel, arg)
    if act == "agent":
        return {
            "type": "agent",
            "card": card or sel.card or "",
            "branch": branch,
            "funding": list(sel.funding),
        }
    if act == "mission":
        return {"type": "mission", "card": card, "branch": branch}
    if act in ("keep", "pass", "discard_card", "eliminate"):
        return {"type": act, "card": arg}
    if act == "discard" and arg.lstrip("-").isdigit():
        return {"type": "discard", "seat": int(arg)}
    if act == "flip":
        return {"type": "flip", "card": card, "branch": branch}
    if act == "target":
        return _target(turn, sel, arg)
    return None


def drop_click(turn: Turn, sel: Selection, dragged: str, act: str, arg: str) -> Click:
    """A hand card dropped on a column of your tableau (`place`) or on the pass slot:
    the same move as picking it and choosing there; the engine judges it."""
    if dragged not in CARD:
        return None
    if sel.card != dragged:
        sel.card, sel.funding = dragged, []
    if act == "pass":
        return {"type": "pass", "card": dragged}
    if act == "place" and kind(dragged) == "agent":
        return turn_click(turn, sel, "agent", f"{dragged}@{arg}")
    if act == "place":
        return {"type": "mission", "card": dragged, "branch": arg}
    return None


def _pick(turn: Turn, sel: Selection, card: str) -> Click:
    choices = DeployChoices.from_legal(turn.legal)
    if (
        card in CARD
        and kind(card) == "funding"
        and sel.card is not None
        and card in choices.funding_cards(sel.card)
    ):
        return _fund(turn, sel, card)
    if sel.card == card:
        sel.clear()
    else:
        sel.card, sel.funding = card, []
    return None


def _fund(turn: Turn, sel: Selection, card: str) -> Click:
    if sel.card is None or card not in CARD or kind(card) != "funding":
        return None
    choices = DeployChoices.from_legal(turn.legal)
    if choices.can_toggle(sel.card, sel.funding, card):
        sel.funding = sorted(set(sel.funding) ^ {card})
        return None
    branches = list(choices.agents.get(sel.card, {})) or ["ops"]
    trial = sorted(set(sel.funding) ^ {card})
    reason = turn.why({"type": "agent", "card": sel.card, "branch": branches[0], "funding": trial})
    # translators: {reason} is the rules' reason (lower case, no full stop)
    return _("That funding cannot go on it: {reason}.", reason=reason or _("not now"))


def _target(turn: Turn, sel: Selection, card: str) -> Click:
    """An agent picked on the table for the pending effect."""
    choices = EffectChoices.from_legal(turn.legal)
    if card in choices.eliminate:
        return {"type": "eliminate", "card": card}
    if card in choices.flips:
        branches = choices.flips[card]
        if len(branches) == 1:
            return {"type": "flip", "card": card, "branch": branches[0]}
        sel.flip = card
    return None
