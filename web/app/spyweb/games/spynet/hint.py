"""The Hint (key H): what the hard bot would do in the seat at the device, and why.

The bot decides from `state.view(seat)` and the legal actions only, as every bot does,
and thinks in slices between paints (`spyweb.tables.thinking`, a slice a tick), so the page
never freezes. The reason is worded from what it worked out: the branch the move
changes (the engine's `placement`), the mission it opens, the pile's cards, and the
simulated games it won (`Advice.facts`). The hint never plays the move: it marks it.
Any move, or an undo, leaves it behind.
"""

from __future__ import annotations

import re
from typing import Any, cast

import spygames
from spygames.spynet.text import condition_text
from spygames.spynet.views import SpyNetView

from ...browser.markup import attrs, hint_words
from ...tables.hints import Hints
from .deploy import outcome
from .log import Who
from .model import BRANCH, CARD, kind, placement
from .scene import HintShown


def _name(card: str) -> str:
    return str(CARD[card]["name"])


def _branch(branch: str) -> str:
    return str(BRANCH[branch]["name"])


def what(action: dict[str, Any], view: SpyNetView, who: Who) -> str:
    """The move, as the hint names it."""
    k = str(action["type"])
    card = str(action.get("card", ""))
    if k == "keep":
        return f"Keep {_name(card)}"
    if k in ("recruit", "deploy"):
        return k.capitalize()
    if k in ("take", "pass_on"):
        pile = (view["looking"] or 0) + 1
        return f"Take pile {pile}" if k == "take" else f"Pass pile {pile} on"
    if k == "agent":
        funds = action["funding"]
        extra = " with " + ", ".join(_name(f) for f in funds) if funds else ""
        return f"Play {_name(card)} in {_branch(action['branch'])}{extra}"
    if k == "mission":
        return f"Play {_name(card)} face down in {_branch(action['branch'])}"
    if k == "pass":
        mate = view["teammate"]
        return f"Pass {_name(card)} to {who.name(mate) if mate is not None else 'your partner'}"
    if k == "end_turn":
        return "End your turn"
    if k == "discard":
        return f"Make {who.name(action['seat'])} discard a card"
    if k == "discard_card":
        return f"Discard {_name(card)}"
    if k == "eliminate":
        return f"Eliminate {_name(card)}"
    if k == "flip":
        return f"Flip {_name(card)} into your {_branch(action['branch'])}"
    if k == "draw":
        return "Draw the cards"
    return "Skip the effect"


def _missions_for(view: SpyNetView, branch: str, pool: list[str]) -> list[str]:
    return [c for c in pool if kind(c) == "mission" and branch in CARD[c]["branches"]]


def _agent_words(view: SpyNetView, action: dict[str, Any], who: Who) -> str:
    card, branch, funds = action["card"], action["branch"], action["funding"]
    after = placement(view, card, branch, funds)
    text = f"{_branch(branch)} → {after['power']} {outcome(after, view, who)}"
    seat = view["seat"]
    if seat in after["dominators"] and seat not in after["before"]:
        missions = _missions_for(view, branch, view["hand"])
        if missions:
            m = missions[0]
            text += f", where your mission {_name(m)} ({CARD[m]['stars']}★) can then go"
    return text + "."


def _pile_words(view: SpyNetView) -> str:
    """What the pile being looked at holds for this seat: an agent that would take a
    branch a mission (in hand or in the pile) needs, else its cards."""
    cards = list(view["looking_at"] or [])
    if not cards:
        return ""
    seat = view["seat"]
    pool = [*view["hand"], *cards]
    for agent in (c for c in cards if kind(c) == "agent"):
        for branch in CARD[agent]["branches"]:
            after = placement(view, agent, branch, [])
            if seat in after["dominators"] and seat not in after["before"]:
                missions = _missions_for(view, branch, pool)
                if missions:
                    return (
                        f"Its {_branch(branch)} agent {_name(agent)} would let you dominate "
                        f"{_branch(branch)}, where your mission {_name(missions[0])} needs it."
                    )
    return f"It holds {', '.join(_name(c) for c in cards)}."


def _games(facts: dict[str, Any], view: SpyNetView, who: Who) -> str:
    """ "It won 23 of 40 simulated games to the end; the next best, Recruit, 15 of 40."

    The search drops the weaker half of its moves after each round of guesses: the next
    best is the move kept longest beside the chosen one (the most games), not the best
    rate, and a move dropped early with a better rate on its few games is said to be."""
    games = int(facts.get("games", 0))
    if not games:
        return ""
    won = round(float(facts["won"]))
    text = (
        f"Played out to the end {games} times on guesses of the hidden cards, this move "
        f"won {won} of them"
    )
    others = sorted(
        facts.get("others", []), key=lambda o: (-o["games"], -o["won"] / max(o["games"], 1))
    )
    if others:
        o = others[0]
        theirs = round(o["won"])
        text += f"; the next best, {what(o['action'], view, who)}, won {theirs} of {o['games']}"
        if abs(theirs / max(o["games"], 1) - won / games) < 0.1:
            text += ": a close call"
    text += "."
    dropped = [o for o in others[1:] if o["games"] < games and o["won"] / o["games"] > won / games]
    if dropped:
        o = max(dropped, key=lambda o: o["won"] / o["games"])
        text += (
            f" {what(o['action'], view, who)} won {round(o['won'])} of only {o['games']} "
            "games: it fell behind on the first guesses and was dropped, so it was tried "
            "on fewer."
        )
    return text


def why(advice: spygames.Advice, view: SpyNetView, who: Who) -> str:
    """The reason, in sentences built from what the bot and the engine worked out."""
    action, facts = advice.action, advice.facts
    k = action["type"]
    words: list[str] = []
    if k == "agent":
        words.append(_agent_words(view, action, who))
    elif k == "mission":
        m = action["card"]
        condition = CARD[m]["condition"]
        stars = f"{CARD[m]['stars']}★ for your side"
        if condition:
            stars += f" if {condition_text(condition)} at the end"
        words.append(f"You dominate {_branch(action['branch'])} now: {stars}.")
        if not facts:
            words.append("A mission that can go now is never worth holding back.")
    elif k in ("take", "pass_on"):
        pile = _pile_words(view)
        if pile:
            words.append(pile)
    if facts:
        words.append(_games(facts, view, who))
    elif not words:
        reason = advice.reason.strip()
        words.append(reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else "."))
    return " ".join(w for w in words if w)


def marks(action: dict[str, Any]) -> list[tuple[str, str]]:
    """The page's controls (data-act, data-arg) that play the hinted move."""
    k, card = action["type"], str(action.get("card", ""))
    simple = {
        "recruit": "recruit",
        "deploy": "deploy",
        "take": "take",
        "pass_on": "pass_on",
        "end_turn": "end",
        "draw": "draw",
        "skip_effect": "skip",
    }
    if k in simple:
        return [(simple[k], "")]
    if k == "agent":
        return [
            ("pick", card),
            *(("fund", f) for f in action["funding"]),
            ("agent", f"{card}@{action['branch']}"),
        ]
    if k == "mission":
        return [("pick", card), ("mission", f"{card}@{action['branch']}")]
    if k == "pass":
        return [("pick", card), ("pass", card)]
    if k == "discard":
        return [("discard", str(action["seat"]))]
    if k in ("eliminate", "flip"):
        arg = f"{card}@{action['branch']}" if k == "flip" else card
        return [("target", card), (k, arg)]
    return [(k, card)]


_TAG = re.compile(r"<(button|div|span|li)\b([^>]*)>")


def mark(html: str, action: dict[str, Any]) -> str:
    """The rendered table with the hinted move's controls marked (`data-hinted`)."""
    wanted = set(marks(action))

    def one(match: re.Match[str]) -> str:
        inside = match.group(2)
        act = re.search(r'data-act="([^"]*)"', inside)
        if act is None:
            return match.group(0)
        arg = re.search(r'data-arg="([^"]*)"', inside)
        if (act.group(1), arg.group(1) if arg else "") not in wanted:
            return match.group(0)
        return f'<{match.group(1)} data-hinted="1"{inside}>'

    return _TAG.sub(one, html)


def shown(hints: Hints, who: Who) -> HintShown:
    """The table's Hint (`spyweb.tables.hints`) for the scene: thinking, or the advice in words."""
    advice, view = hints.advice, cast(SpyNetView | None, hints.view)
    if advice is None or view is None:
        return HintShown(thinking=hints.thinking)
    return HintShown(
        thinking=hints.thinking,
        action=advice.action,
        what=what(advice.action, view, who),
        why=why(advice, view, who),
    )


def hint_box(hint: HintShown) -> str:
    """The advice under the turn's panel: the move and why."""
    action = hint.action
    if action is None:
        return ""
    data = attrs(
        id="sn-hint-box",
        class_="sn-hint",
        role="status",
        data_hint_type=action["type"],
        data_reveal="hint",
    )
    return f"<section{data}>{hint_words('sn', hint.what, hint.why, 'sn-hint-why')}</section>"


def hint_button(hint: HintShown) -> str:
    return (
        "<button"
        + attrs(
            type="button",
            class_="btn btn-quiet btn-small",
            data_act="hint",
            id="sn-hint",
            aria_keyshortcuts="H",
        )
        + f">{'Thinking…' if hint.thinking else 'Hint'} "
        '<span class="kbd" aria-hidden="true">H</span></button>'
    )
