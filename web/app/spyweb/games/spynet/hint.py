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
from spygames.i18n import _, full_stop, listed, ngettext, pgettext
from spygames.spynet.text import condition_text
from spygames.spynet.views import SpyNetView

from ...browser.markup import attrs, esc, hint_words
from ...tables.hints import Hints
from .deploy import outcome
from .model import BRANCH, CARD, kind, placement
from .scene import HintShown
from .who import Who


def _name(card: str) -> str:
    return str(CARD[card]["name"])


def _branch(branch: str) -> str:
    return str(BRANCH[branch]["name"])


def what(action: dict[str, Any], view: SpyNetView, who: Who) -> str:
    """The move, as the hint names it."""
    k = str(action["type"])
    card = str(action.get("card", ""))
    if k == "keep":
        return _("Keep {card}", card=_name(card))
    if k == "recruit":
        return pgettext("move", "Recruit")
    if k == "deploy":
        return pgettext("move", "Deploy")
    if k in ("take", "pass_on"):
        pile = (view["looking"] or 0) + 1
        return _("Take pile {n}", n=pile) if k == "take" else _("Pass pile {n} on", n=pile)
    if k == "agent":
        funds = action["funding"]
        branch = _branch(action["branch"])
        if funds:
            # translators: {funding} lists the funding cards attached: "Bribe, Grant"
            return _(
                "Play {card} in {branch} with {funding}",
                card=_name(card),
                branch=branch,
                funding=listed([_name(f) for f in funds]),
            )
        return _("Play {card} in {branch}", card=_name(card), branch=branch)
    if k == "mission":
        return _(
            "Play {card} face down in {branch}", card=_name(card), branch=_branch(action["branch"])
        )
    if k == "pass":
        mate = view["teammate"]
        if mate is None:
            return _("Pass {card} to your partner", card=_name(card))
        return _("Pass {card} to {name}", card=_name(card), name=who.name(mate))
    if k == "end_turn":
        return _("End your turn")
    if k == "discard":
        return _("Make {name} discard a card", name=who.name(action["seat"]))
    if k == "discard_card":
        return _("Discard {card}", card=_name(card))
    if k == "eliminate":
        return _("Eliminate {card}", card=_name(card))
    if k == "flip":
        return _(
            "Flip {card} into your {branch}", card=_name(card), branch=_branch(action["branch"])
        )
    if k == "draw":
        return _("Draw the cards")
    return _("Skip the effect")


def sentences(said: list[str]) -> str:
    """Sentences one after the other, as the language sets them ("A. B.")."""
    out = ""
    for one in said:
        # translators: two sentences one after the other (a space between them in English)
        out = _("{a} {b}", a=out, b=one) if out else one
    return out


def _missions_for(view: SpyNetView, branch: str, pool: list[str]) -> list[str]:
    return [c for c in pool if kind(c) == "mission" and branch in CARD[c]["branches"]]


def _agent_words(view: SpyNetView, action: dict[str, Any], who: Who) -> str:
    card, branch, funds = action["card"], action["branch"], action["funding"]
    after = placement(view, card, branch, funds)
    values: dict[str, Any] = {
        "branch": _branch(branch),
        "power": after["power"],
        "outcome": outcome(after, view, who),
    }
    seat = view["seat"]
    if seat in after["dominators"] and seat not in after["before"]:
        missions = _missions_for(view, branch, view["hand"])
        if missions:
            m = missions[0]
            # translators: {outcome} says who dominates then: "(beats Lynx’s 4: you’d dominate)"
            return _(
                "{branch} → {power} {outcome}, where your mission {mission} ({stars}★) can "
                "then go.",
                mission=_name(m),
                stars=CARD[m]["stars"],
                **values,
            )
    # translators: {outcome} says who dominates then: "(beats Lynx’s 4: you’d dominate)"
    return _("{branch} → {power} {outcome}.", **values)


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
                    return _(
                        "Its {branch} agent {agent} would let you dominate {branch}, where "
                        "your mission {mission} needs it.",
                        branch=_branch(branch),
                        agent=_name(agent),
                        mission=_name(missions[0]),
                    )
    return _("It holds {cards}.", cards=listed([_name(c) for c in cards]))


def _games(facts: dict[str, Any], view: SpyNetView, who: Who) -> str:
    """ "It won 23 of 40 simulated games to the end; the next best, Recruit, 15 of 40."

    The search drops the weaker half of its moves after each round of guesses: the next
    best is the move kept longest beside the chosen one (the most games), not the best
    rate, and a move dropped early with a better rate on its few games is said to be."""
    games = int(facts.get("games", 0))
    if not games:
        return ""
    won = round(float(facts["won"]))
    text: str
    others = sorted(
        facts.get("others", []), key=lambda o: (-o["games"], -o["won"] / max(o["games"], 1))
    )
    if others:
        o = others[0]
        theirs = round(o["won"])
        values = {"won": won, "move": what(o["action"], view, who), "theirs": theirs}
        if abs(theirs / max(o["games"], 1) - won / games) < 0.1:
            # translators: {n} games played out; {won} of them won; {move}, the next best
            # move, won {theirs} of {games}
            text = ngettext(
                "Played out to the end {n} times on guesses of the hidden cards, this move "
                "won {won} of them; the next best, {move}, won {theirs} of {games}: a close call.",
                "Played out to the end {n} times on guesses of the hidden cards, this move "
                "won {won} of them; the next best, {move}, won {theirs} of {games}: a close call.",
                games,
                games=o["games"],
                **values,
            )
        else:
            # translators: {n} games played out; {won} of them won; {move}, the next best
            # move, won {theirs} of {games}
            text = ngettext(
                "Played out to the end {n} times on guesses of the hidden cards, this move "
                "won {won} of them; the next best, {move}, won {theirs} of {games}.",
                "Played out to the end {n} times on guesses of the hidden cards, this move "
                "won {won} of them; the next best, {move}, won {theirs} of {games}.",
                games,
                games=o["games"],
                **values,
            )
    else:
        # translators: {n} games played out; {won} of them won
        text = ngettext(
            "Played out to the end {n} times on guesses of the hidden cards, this move "
            "won {won} of them.",
            "Played out to the end {n} times on guesses of the hidden cards, this move "
            "won {won} of them.",
            games,
            won=won,
        )
    dropped = [o for o in others[1:] if o["games"] < games and o["won"] / o["games"] > won / games]
    if dropped:
        o = max(dropped, key=lambda o: o["won"] / o["games"])
        # translators: {move} is another move, which won {won} of the {n} games it was tried on
        fell = ngettext(
            "{move} won {won} of only {n} games: it fell behind on the first guesses and "
            "was dropped, so it was tried on fewer.",
            "{move} won {won} of only {n} games: it fell behind on the first guesses and "
            "was dropped, so it was tried on fewer.",
            o["games"],
            move=what(o["action"], view, who),
            won=round(o["won"]),
        )
        text = sentences([text, fell])
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
        branch, stars = _branch(action["branch"]), CARD[m]["stars"]
        if condition:
            # translators: {condition} is the mission's condition, from its card's text
            words.append(
                _(
                    "You dominate {branch} now: {stars}★ for your side if {condition} at the end.",
                    branch=branch,
                    stars=stars,
                    condition=condition_text(condition),
                )
            )
        else:
            words.append(
                _("You dominate {branch} now: {stars}★ for your side.", branch=branch, stars=stars)
            )
        if not facts:
            words.append(_("A mission that can go now is never worth holding back."))
    elif k in ("take", "pass_on"):
        pile = _pile_words(view)
        if pile:
            words.append(pile)
    if facts:
        words.append(_games(facts, view, who))
    elif not words:
        reason = advice.reason.strip()
        words.append(full_stop(reason[:1].upper() + reason[1:], (".", "。")))
    return sentences([w for w in words if w])


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
    label = _("Thinking…") if hint.thinking else _("Hint")
    return (
        "<button"
        + attrs(
            type="button",
            class_="btn btn-quiet btn-small",
            data_act="hint",
            id="sn-hint",
            aria_keyshortcuts="H",
        )
        + f">{esc(label)} "
        '<span class="kbd" aria-hidden="true">H</span></button>'
    )
