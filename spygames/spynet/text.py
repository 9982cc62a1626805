"""Words for SpyNet, all made from the card data: card texts, actions, a terminal view.

Every card's text comes from its data here (`card_text`), so what a card says and what
the engine does cannot disagree. Each is said in the language in use (`spygames.i18n`):
whole messages, one for each case, and the names of `cards.json` translated where they
are read (`named`, `branch_name`, `situation_name`; `card_messages` extracts them).
"""

from __future__ import annotations

from functools import reduce
from typing import Any

from ..i18n import _, either, listed, ngettext, pgettext
from .cards import BRANCH_BY_ID, BRANCH_IDS, CARDS, SITUATION_BY_ID, Agent, Funding, Mission


def player_name(seat: int) -> str:
    """Seat 0 is "player 1"."""
    # translators: a seat named mid-sentence, as in "player 2 has no cards to discard"
    return _("player {number}", number=seat + 1)


def branch_name(branch: str) -> str:
    """ "Field Ops": a branch's name (from `cards.json`) in the language in use."""
    return pgettext("spynet branch", BRANCH_BY_ID[branch].name)


def situation_name(situation_id: str) -> str:
    """ "Surge": a situation's name (from `cards.json`) in the language in use."""
    return pgettext("spynet situation", SITUATION_BY_ID[situation_id].name)


def branches_phrase(branches: tuple[str, ...] | list[str]) -> str:
    """ "Field Ops", "Field Ops or Tech", "any branch"."""
    if len(branches) == len(BRANCH_IDS):
        return _("any branch")
    return either([branch_name(b) for b in branches])


def card_name(card: str) -> str:
    """ "Breacher (a01)": with its id, for the terminal, where cards are typed by id."""
    # translators: a card's name and, in brackets, its id (typed in the terminal): "Breacher (a01)"
    return _("{card} ({id})", card=pgettext("spynet card", CARDS[card].name), id=card)


def named(card: str) -> str:
    """ "Breacher": the name a player reads in the app (never the internal id)."""
    return pgettext("spynet card", CARDS[card].name) if card in CARDS else card


def then(*sentences: str) -> str:
    """Sentences one after the other ("Power 4. When played, ..."), as the language
    runs them on (English: a space between)."""
    # translators: two sentences one after the other (a language may drop the space)
    return reduce(
        lambda a, b: pgettext("sentences", "{first} {second}", first=a, second=b), sentences
    )


def effect_text(effect: dict[str, Any]) -> str:
    """What a special agent lets its owner do right after playing it (a clause: "you
    may ...")."""
    kind = effect["kind"]
    most = effect.get("max_power")
    if kind == "discard":
        return _("you may make an opponent discard a card of their choice")
    if kind == "eliminate":
        if most is None:
            return _(
                "you may eliminate an opponent's agent "
                "(it goes to the discard pile with its funding)"
            )
        return _(
            "you may eliminate an opponent's agent of printed power {power} or less "
            "(it goes to the discard pile with its funding)",
            power=most,
        )
    if kind == "flip":
        if most is None:
            return _(
                "you may flip an agent from any tableau into yours, as your topmost agent "
                "in one of its branches (its funding comes too)"
            )
        return _(
            "you may flip an agent of printed power {power} or less from any tableau into "
            "yours, as your topmost agent in one of its branches (its funding comes too)",
            power=most,
        )
    if kind == "extra_agents":
        return ngettext(
            "you may play {n} more agent this turn",
            "you may play {n} more agents this turn",
            effect["count"],
        )
    if kind == "draw":
        return ngettext(
            "you may take the top {n} card of the deck",
            "you may take the top {n} cards of the deck",
            effect["count"],
        )
    raise ValueError(f"unknown effect {kind!r}")


def _when_played(effect: dict[str, Any]) -> str:
    """The sentence a special agent's card ends with: what its effect lets you do."""
    kind = effect["kind"]
    most = effect.get("max_power")
    if kind == "discard":
        return _("When played, you may make an opponent discard a card of their choice.")
    if kind == "eliminate":
        if most is None:
            return _(
                "When played, you may eliminate an opponent's agent "
                "(it goes to the discard pile with its funding)."
            )
        return _(
            "When played, you may eliminate an opponent's agent of printed power {power} or "
            "less (it goes to the discard pile with its funding).",
            power=most,
        )
    if kind == "flip":
        if most is None:
            return _(
                "When played, you may flip an agent from any tableau into yours, as your "
                "topmost agent in one of its branches (its funding comes too)."
            )
        return _(
            "When played, you may flip an agent of printed power {power} or less from any "
            "tableau into yours, as your topmost agent in one of its branches (its funding "
            "comes too).",
            power=most,
        )
    if kind == "extra_agents":
        return ngettext(
            "When played, you may play {n} more agent this turn.",
            "When played, you may play {n} more agents this turn.",
            effect["count"],
        )
    if kind == "draw":
        return ngettext(
            "When played, you may take the top {n} card of the deck.",
            "When played, you may take the top {n} cards of the deck.",
            effect["count"],
        )
    raise ValueError(f"unknown effect {kind!r}")


def condition_text(condition: dict[str, Any], owner: str | None = None) -> str:
    """When a conditional mission scores, said of its owner at the end of the game (a
    clause): of "you" on the card (`owner` None, or "you" in any case), of the owner by
    name ("Ann dominates its branch") when it is someone's."""
    if owner is None or owner.lower() in ("you", _("You").lower()):
        return _your_condition(condition)
    kind = condition["kind"]
    n = condition.get("count", 0)
    if kind == "dominate":
        return _("{name} dominates its branch", name=owner)
    if kind == "agents":
        return ngettext(
            "{name} has at least {n} agent in its branch",
            "{name} has at least {n} agents in its branch",
            n,
            name=owner,
        )
    if kind == "power":
        return _("{name}’s power in its branch is at least {count}", name=owner, count=n)
    if kind == "spread":
        return ngettext(
            "{name} has agents in at least {n} branch",
            "{name} has agents in at least {n} branches",
            n,
            name=owner,
        )
    if kind == "funding":
        return ngettext(
            "{name} has at least {n} funding card in play",
            "{name} has at least {n} funding cards in play",
            n,
            name=owner,
        )
    if kind == "mercenary":
        return _("{name} has a mercenary in play", name=owner)
    if kind == "missions":
        return ngettext(
            "{name} has at least {n} mission in its branch (this one included)",
            "{name} has at least {n} missions in its branch (this one included)",
            n,
            name=owner,
        )
    raise ValueError(f"unknown condition {kind!r}")


def _your_condition(condition: dict[str, Any]) -> str:
    kind = condition["kind"]
    n = condition.get("count", 0)
    if kind == "dominate":
        return _("you dominate its branch")
    if kind == "agents":
        return ngettext(
            "you have at least {n} agent in its branch",
            "you have at least {n} agents in its branch",
            n,
        )
    if kind == "power":
        return _("your power in its branch is at least {count}", count=n)
    if kind == "spread":
        return ngettext(
            "you have agents in at least {n} branch", "you have agents in at least {n} branches", n
        )
    if kind == "funding":
        return ngettext(
            "you have at least {n} funding card in play",
            "you have at least {n} funding cards in play",
            n,
        )
    if kind == "mercenary":
        return _("you have a mercenary in play")
    if kind == "missions":
        return ngettext(
            "you have at least {n} mission in its branch (this one included)",
            "you have at least {n} missions in its branch (this one included)",
            n,
        )
    raise ValueError(f"unknown condition {kind!r}")


def _scores_only_if(condition: dict[str, Any]) -> str:
    """The sentence a conditional mission's card ends with."""
    kind = condition["kind"]
    n = condition.get("count", 0)
    if kind == "dominate":
        return _("Scores only if, at the end, you dominate its branch.")
    if kind == "agents":
        return ngettext(
            "Scores only if, at the end, you have at least {n} agent in its branch.",
            "Scores only if, at the end, you have at least {n} agents in its branch.",
            n,
        )
    if kind == "power":
        return _(
            "Scores only if, at the end, your power in its branch is at least {count}.", count=n
        )
    if kind == "spread":
        return ngettext(
            "Scores only if, at the end, you have agents in at least {n} branch.",
            "Scores only if, at the end, you have agents in at least {n} branches.",
            n,
        )
    if kind == "funding":
        return ngettext(
            "Scores only if, at the end, you have at least {n} funding card in play.",
            "Scores only if, at the end, you have at least {n} funding cards in play.",
            n,
        )
    if kind == "mercenary":
        return _("Scores only if, at the end, you have a mercenary in play.")
    if kind == "missions":
        return ngettext(
            "Scores only if, at the end, you have at least {n} mission in its branch "
            "(this one included).",
            "Scores only if, at the end, you have at least {n} missions in its branch "
            "(this one included).",
            n,
        )
    raise ValueError(f"unknown condition {kind!r}")


def situation_text(situation_id: str) -> str:
    """The one rule a situation changes, for the whole game."""
    rule = SITUATION_BY_ID[situation_id].rule
    kind = rule["kind"]
    if kind == "agents_per_turn":
        return ngettext(
            "Each deploy allows up to {n} agent instead of one.",
            "Each deploy allows up to {n} agents instead of one.",
            rule["count"],
        )
    if kind == "branch_bonus":
        return _(
            "Every agent in {branch} has {bonus} more power (not mercenaries).",
            branch=branch_name(rule["branch"]),
            bonus=rule["bonus"],
        )
    if kind == "open_missions":
        return _("Missions are played face up: everyone sees them.")
    if kind == "ties_dominate":
        return _("Players tied for the highest power in a branch (above zero) all dominate it.")
    if kind == "deck_draws":
        return ngettext(
            "After returning pile 3, take {n} card from the deck instead of one.",
            "After returning pile 3, take {n} cards from the deck instead of one.",
            rule["count"],
        )
    if kind == "missions_per_branch":
        return ngettext(
            "Each deploy allows up to {n} mission in each branch you dominate.",
            "Each deploy allows up to {n} missions in each branch you dominate.",
            rule["count"],
        )
    if kind == "dominance_points":
        return ngettext(
            "At the end, each player scores {n} point for each branch they dominate.",
            "At the end, each player scores {n} points for each branch they dominate.",
            rule["points"],
        )
    if kind == "funding_per_agent":
        return ngettext(
            "An agent may carry at most {n} funding card.",
            "An agent may carry at most {n} funding cards.",
            rule["count"],
        )
    raise ValueError(f"unknown situation rule {kind!r}")


def card_text(card: str) -> str:
    """The full text of a card, from its data."""
    c = CARDS[card]
    name = named(card)
    if isinstance(c, Agent):
        if c.mercenary:
            # translators: a mercenary's text: its name, then what it is
            text = _("{name} — Mercenary: any branch. Power {power}.", name=name, power=c.power)
        else:
            # translators: an agent's text: its name, then what it is ({branches}: "Tech",
            # "Field Ops or Tech")
            text = _(
                "{name} — Agent of {branches}. Power {power}.",
                name=name,
                branches=branches_phrase(c.branches),
                power=c.power,
            )
        return then(text, _when_played(c.effect)) if c.effect else text
    if isinstance(c, Mission):
        # translators: a mission's text: its name, then what it is ({branches}: "Tech",
        # "Field Ops or Tech") and its stars (points)
        text = ngettext(
            "{name} — Mission in {branches}. {n} star.",
            "{name} — Mission in {branches}. {n} stars.",
            c.stars,
            name=name,
            branches=branches_phrase(c.branches),
        )
        return then(text, _scores_only_if(c.condition)) if c.condition else text
    assert isinstance(c, Funding)
    # translators: a funding card's text: its name, then what it does
    return _(
        "{name} — Funding. +{value} power to the agent it is played with.",
        name=name,
        value=c.value,
    )


# -- actions and views ------------------------------------------------------------------
def describe_action(action: dict[str, Any]) -> str:
    """A short line for the move log and the terminal."""
    kind = action.get("type")
    card = action.get("card")
    name = card_name(card) if isinstance(card, str) and card in CARDS else str(card)
    if kind == "keep":
        return _("keep {card}, pass the rest on", card=name)
    if kind == "recruit":
        return pgettext("spynet move", "recruit")
    if kind == "deploy":
        return pgettext("spynet move", "deploy")
    if kind == "take":
        return _("take this pile")
    if kind == "pass_on":
        return _("return this pile, look at the next")
    if kind == "agent":
        branch = branch_name(action["branch"])
        funding = action.get("funding") or []
        if funding:
            return _(
                "play agent {card} in {branch} with {funding}",
                card=name,
                branch=branch,
                funding=listed([card_name(f) for f in funding]),
            )
        return _("play agent {card} in {branch}", card=name, branch=branch)
    if kind == "mission":
        return _(
            "play mission {card} face down in {branch}",
            card=name,
            branch=branch_name(action["branch"]),
        )
    if kind == "pass":
        return _("pass {card} to your teammate", card=name)
    if kind == "end_turn":
        return _("end the turn")
    if kind == "discard":
        return _("make {player} discard a card", player=player_name(action["seat"]))
    if kind == "discard_card":
        return _("discard {card}", card=name)
    if kind == "eliminate":
        return _("eliminate {card}", card=name)
    if kind == "flip":
        return _("flip {card} into your {branch}", card=name, branch=branch_name(action["branch"]))
    if kind == "draw":
        return _("take cards from the deck")
    if kind == "skip_effect":
        return _("do not use the effect")
    return str(kind)


def _cards(cards: list[str]) -> str:
    return listed([card_name(c) for c in cards]) or _("(none)")


def _branch_line(view: dict[str, Any], seat: int, branch: str) -> str | None:
    """A branch of `seat`'s tableau in `describe_view`: power, agents, missions."""
    tableau = view["tableaus"][seat]
    agents = tableau["agents"][branch]
    missions = tableau["missions"][branch]
    if not agents and not missions:
        return None
    who = ", ".join(card_name(a["card"]) + "".join(f"+{f}" for f in a["funding"]) for a in agents)
    values = {
        "branch": branch_name(branch),
        "power": tableau["power"][branch],
        "agents": who or "-",
    }
    shown = ", ".join("?" if m is None else card_name(m) for m in missions)
    if seat in view["dominates"][branch]:
        if missions:
            return _(
                "{branch} power {power} dominates: {agents}; missions {missions}",
                **values,
                missions=shown,
            )
        return _("{branch} power {power} dominates: {agents}", **values)
    if missions:
        return _("{branch} power {power}: {agents}; missions {missions}", **values, missions=shown)
    return _("{branch} power {power}: {agents}", **values)


def describe_view(view: dict[str, Any]) -> str:
    """A few lines for a terminal: the table, each tableau, your hand and what is asked."""
    seat = view["seat"]
    when = (
        _("Opening draft")
        if view["phase"] == "draft"
        else _("Turn {number}", number=view["turn_number"])
    )
    you = {"when": when, "player": player_name(seat), "phase": view["phase"]}
    lines: list[str] = [
        # translators: the terminal's first line; {phase} is the phase's id (draft, deploy...)
        _("{when} — you are {player}; phase {phase} (final round)", **you)
        if view["final_round"]
        else _("{when} — you are {player}; phase {phase}", **you)
    ]
    if view["situation"]:
        s = view["situation"]
        lines.append(
            _("Situation: {name} — {rule}", name=situation_name(s), rule=situation_text(s))
        )
    piles = []
    for index, pile in enumerate(view["piles"]):
        if pile["known"]:
            piles.append(
                _(
                    "pile {number}: {size} incl. {cards}",
                    number=index + 1,
                    size=pile["size"],
                    cards=_cards(pile["known"]),
                )
            )
        else:
            piles.append(_("pile {number}: {size}", number=index + 1, size=pile["size"]))
    lines.append(_("Deck {size}; {piles}", size=view["deck"], piles="; ".join(piles)))
    for s in range(len(view["tableaus"])):
        hand = {"player": player_name(s), "size": view["hand_sizes"][s]}
        if s == seat:
            lines.append("  " + _("{player} (you), hand {size}:", **hand))
        else:
            lines.append("  " + _("{player}, hand {size}:", **hand))
        for b in BRANCH_IDS:
            line = _branch_line(view, s, b)
            if line is not None:
                lines.append("    " + line)
    if view.get("draft"):
        lines.append(_("Draft: choose one of {cards}", cards=_cards(view["draft"])))
    if view.get("looking_at") is not None:
        lines.append(
            _(
                "Pile {number} holds {cards}",
                number=view["looking"] + 1,
                cards=_cards(view["looking_at"]),
            )
        )
    if view.get("pending"):
        p = view["pending"]
        # translators: the terminal; {effect} is the effect's id (eliminate, flip, draw...)
        lines.append(_("Effect of {card}: {effect}", card=card_name(p["card"]), effect=p["effect"]))
    lines.append(_("Your hand: {cards}", cards=_cards(view["hand"])))
    if view.get("result"):
        lines.append(_("Game over: {reason}.", reason=view["result"]["reason"]))
    return "\n".join(lines)
