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
from spygames.i18n import _, full_stop, ngettext

from ...browser.markup import attrs, hint_words
from .scene import Hint, Scene
from .undo import undo_html


def chance(p: float) -> str:
    """ "a 23% chance", "an 8% chance", "less than a 1% chance"."""
    if p <= 0:
        return _("no chance")
    if p < 0.005:
        return _("less than a 1% chance")
    if 0.995 <= p < 1:
        return _("more than a 99% chance")
    n = round(p * 100)
    if n in (8, 11, 18) or 80 <= n <= 89:
        # translators: English says "an" before 8, 11, 18 and 80–89 ("an 8% chance"),
        # "a" before the others: translate both messages the same way
        return _("an {percent}% chance", percent=n)
    # translators: English says "an" before 8, 11, 18 and 80–89 ("an 8% chance"), "a"
    # before the others: translate both messages the same way
    return _("a {percent}% chance", percent=n)


def what(action: dict[str, Any], name: Callable[[int], str]) -> str:
    """The move, as the hint names it."""
    if action["type"] == "bid":
        words = bid_words(action["count"], action["attribute"])
        # translators: the hint's move: {bid} is "3 Hackers", {next} who answers it
        return _("Bid at least {bid} and pass to {next}", bid=words, next=name(action["next"]))
    if action["type"] == "call":
        return _("Call — the bid is too high")
    return _("Spot — the bid is exactly right")


def why(advice: spygames.Advice, bid: Bid | None, name: Callable[[int], str]) -> str:
    """The bot's reason as a sentence, from the figures it gives (`Advice.facts`);
    `bid` is the standing bid (None when the round's first bid is to be made)."""
    action, facts = advice.action, advice.facts
    kind = action["type"]
    if kind == "bid" and "hold" in facts:
        n, words = action["count"], bid_words(action["count"], action["attribute"])
        values = {
            "chance": chance(facts["hold"]),
            "bid": words,
            "called": chance(facts["called"]),
            "next": name(action["next"]),
        }
        if bid:
            # translators: the hint's reason for a bid: {chance} and {called} are chances
            # ("a 23% chance"), {bid} the bid ("3 Hackers"), {next} who answers it
            return ngettext(
                "Counting your own cards and reading the others’ bids, there is {chance} that "
                "there is at least {bid}, and {called} that {next} calls it.",
                "Counting your own cards and reading the others’ bids, there is {chance} that "
                "there are at least {bid}, and {called} that {next} calls it.",
                n,
                **values,
            )
        # translators: the hint's reason for the round's first bid: {chance} and {called}
        # are chances ("a 23% chance"), {bid} the bid ("3 Hackers"), {next} who answers it
        return ngettext(
            "Counting your own cards, there is {chance} that there is at least {bid}, and "
            "{called} that {next} calls it.",
            "Counting your own cards, there is {chance} that there are at least {bid}, and "
            "{called} that {next} calls it.",
            n,
            **values,
        )
    if kind in ("call", "spot") and bid is not None and "hold" in facts:
        n, words = bid["count"], bid_words(bid["count"], bid["attribute"])
        if kind == "spot":
            # translators: the hint's reason to spot: {chance} is a chance ("a 23% chance"),
            # {bid} the standing bid ("3 Hackers")
            return ngettext(
                "Counting your own cards and reading the others’ bids, there is {chance} that "
                "there is exactly {bid}: your best bet, as a right spot also scores you a point.",
                "Counting your own cards and reading the others’ bids, there is {chance} that "
                "there are exactly {bid}: your best bet, as a right spot also scores you a point.",
                n,
                chance=chance(facts["exact"]),
                bid=words,
            )
        hold = facts["hold"]
        if hold <= 0:
            # translators: the hint's reason to call: {bid} is the standing bid ("9 Faces")
            return _(
                "Counting your own cards and reading the others’ bids, there cannot be at "
                "least {bid}: the bid is too high.",
                bid=words,
            )
        if hold < 0.5 and hold >= 0.005:
            # translators: the hint's reason to call: {chance} is a chance ("a 23%
            # chance"), {bid} the standing bid ("9 Faces")
            return ngettext(
                "Counting your own cards and reading the others’ bids, there is only {chance} "
                "that there is at least {bid}, so the bid is probably too high.",
                "Counting your own cards and reading the others’ bids, there is only {chance} "
                "that there are at least {bid}, so the bid is probably too high.",
                n,
                chance=chance(hold),
                bid=words,
            )
        if hold < 0.5:
            # translators: the hint's reason to call: {chance} is a small chance ("less
            # than a 1% chance"), {bid} the standing bid ("9 Faces")
            return ngettext(
                "Counting your own cards and reading the others’ bids, there is {chance} that "
                "there is at least {bid}, so the bid is probably too high.",
                "Counting your own cards and reading the others’ bids, there is {chance} that "
                "there are at least {bid}, so the bid is probably too high.",
                n,
                chance=chance(hold),
                bid=words,
            )
        # translators: the hint's reason to call all the same: {chance} is a chance ("a 62%
        # chance"), {bid} the standing bid ("4 Faces")
        return ngettext(
            "There is {chance} that there is at least {bid}, so a call may well lose — but "
            "every raise left to you is riskier still.",
            "There is {chance} that there are at least {bid}, so a call may well lose — but "
            "every raise left to you is riskier still.",
            n,
            chance=chance(facts["hold"]),
            bid=words,
        )
    reason = advice.reason.strip()
    reason = reason[:1].upper() + reason[1:]
    return full_stop(reason)


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
        label = attrs(aria_label=_("Take back"))
        return f'<div class="esp-helpers" role="group"{label}>{undo}</div>' * (undo != "")
    hint = hint_button(scene) if scene.my_turn or not scene.pass_and_play else ""
    tools = hint + undo_html(scene)
    if not tools:
        return ""
    label = attrs(aria_label=_("Help"))
    return f'<div class="esp-helpers" role="group"{label}>{tools}</div>{box(scene)}'


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
            title=None if scene.my_turn else _("On your turn"),
        )
        + ">"
        + (_("Thinking…") if scene.hint_thinking else _("Hint"))
        + ' <span class="kbd" aria-hidden="true">H</span></button>'
    )


def scene_hint(advice: spygames.Advice | None) -> Hint | None:
    """The advice as the scene carries it."""
    if advice is None:
        return None
    return Hint(dict(advice.action), advice.reason, dict(advice.facts))
