"""The Hint: what the hard bot would do in the person's seat, and why, in plain words.

The bot decides from `state.view(seat)` and the legal actions only, like any bot. It
thinks through `spyweb.tables.thinking.Thinking`, a slice at a time between paints (the
table's `tick`), so the page never freezes; once its tables exist (a hard bot at the
table has built them) the answer comes at once. The hint belongs to one position: any
move, or an undo, leaves it behind.

The Hint and Undo buttons above the bid panel, and the hint's box, are drawn here from
the table's scene.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import spygames
from spygames import hints
from spygames.espionage.cards import bid_words
from spygames.espionage.views import Bid

from ...browser.markup import attrs, hint_words
from .scene import Hint, Scene
from .undo import undo_html


def chance(p: float) -> str:
    """ "a 23% chance", "an 8% chance", "less than a 1% chance"."""
    if p <= 0:
        return "no chance"
    if p < 0.005:
        return "less than a 1% chance"
    if 0.995 <= p < 1:
        return "more than a 99% chance"
    n = round(p * 100)
    article = "an" if n in (8, 11, 18) or 80 <= n <= 89 else "a"
    return f"{article} {n}% chance"


def _there(count: int, attribute: str, *, exactly: bool = False, cannot: bool = False) -> str:
    """ "there are at least 4 Hackers", "there is exactly 1 spy in London",
    "there cannot be at least 9 Faces"."""
    verb = "cannot be" if cannot else "is" if count == 1 else "are"
    return f"there {verb} {'exactly' if exactly else 'at least'} {bid_words(count, attribute)}"


def what(action: dict[str, Any], name: Callable[[int], str]) -> str:
    """The move, as the hint names it."""
    if action["type"] == "bid":
        words = bid_words(action["count"], action["attribute"])
        return f"Bid at least {words} and pass to {name(action['next'])}"
    if action["type"] == "call":
        return "Call — the bid is too high"
    return "Spot — the bid is exactly right"


def why(advice: spygames.Advice, bid: Bid | None, name: Callable[[int], str]) -> str:
    """The bot's reason as a sentence, from the figures it gives (`Advice.facts`);
    `bid` is the standing bid (None when the round's first bid is to be made)."""
    action, facts = advice.action, advice.facts
    kind = action["type"]
    basis = "Counting your own cards" + (" and reading the others’ bids" if bid else "")
    if kind == "bid" and "hold" in facts:
        return (
            f"{basis}, there is {chance(facts['hold'])} that "
            f"{_there(action['count'], action['attribute'])}, "
            f"and {chance(facts['called'])} that {name(action['next'])} calls it."
        )
    if kind in ("call", "spot") and bid is not None and "hold" in facts:
        count, attribute = bid["count"], bid["attribute"]
        if kind == "spot":
            return (
                f"{basis}, there is {chance(facts['exact'])} that "
                f"{_there(count, attribute, exactly=True)}: your best bet, as a right spot "
                "also scores you a point."
            )
        hold = facts["hold"]
        if hold <= 0:
            return f"{basis}, {_there(count, attribute, cannot=True)}: the bid is too high."
        if hold < 0.5:
            only = "only " if hold >= 0.005 else ""
            return (
                f"{basis}, there is {only}{chance(hold)} that "
                f"{_there(count, attribute)}, so the bid is probably too high."
            )
        return (
            f"There is {chance(facts['hold'])} that {_there(count, attribute)}, so a call "
            "may well lose — but every raise left to you is riskier still."
        )
    reason = advice.reason.strip()
    reason = reason[:1].upper() + reason[1:]
    return reason if reason.endswith((".", "!", "?")) else reason + "."


def hint_bot(seed: int) -> spygames.Bot:
    """The bot that gives a seat its hints (seeded with `seed`, the table's `bot_seed`
    for the seat and "hint"): the hard bot, never bluffing."""
    return hints.hint_bot("espionage", seed)


def helpers_html(scene: Scene) -> str:
    """The Hint and Undo buttons (Undo only with one person at the table) and the
    hint itself, above the bid panel; on a friend's device, their Undo alone (it goes
    through the host)."""
    if scene.over:
        return ""
    if scene.guest:
        undo = undo_html(scene)
        return f'<div class="esp-helpers" role="group" aria-label="Take back">{undo}</div>' * (
            undo != ""
        )
    hint = hint_button(scene) if scene.my_turn or not scene.pass_and_play else ""
    tools = hint + undo_html(scene)
    if not tools:
        return ""
    return f'<div class="esp-helpers" role="group" aria-label="Help">{tools}</div>{box(scene)}'


def box(scene: Scene) -> str:
    """The hint, in words: the move and why."""
    hint = scene.hint
    if hint is None:
        return ""
    action = hint.action
    advice = spygames.Advice(action, hint.reason, hint.facts)
    data = attrs(
        id="esp-hint-box",
        class_="esp-hint",
        role="status",
        data_reveal="hint",
        data_hint_type=action["type"],
        data_hint=json.dumps(action, separators=(",", ":")),
    )
    return (
        f"<section{data}>"
        + hint_words("esp", what(action, scene.name), why(advice, scene.view["bid"], scene.name))
        + "</section>"
    )


def hint_button(scene: Scene) -> str:
    return (
        "<button"
        + attrs(
            type="button",
            class_="btn btn-quiet",
            data_act="hint",
            id="esp-hint",
            aria_keyshortcuts="H",
            disabled=not scene.my_turn,
            title=None if scene.my_turn else "On your turn",
        )
        + (
            f">{'Thinking…' if scene.hint_thinking else 'Hint'} "
            '<span class="kbd" aria-hidden="true">H</span></button>'
        )
    )


def scene_hint(advice: spygames.Advice | None) -> Hint | None:
    """The advice as the scene carries it."""
    if advice is None:
        return None
    return Hint(dict(advice.action), advice.reason, dict(advice.facts))
