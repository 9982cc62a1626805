"""Words for SpyNet, all made from the card data: card texts, actions, a terminal view.

Every card's text comes from its data here (`card_text`), so what a card says and what
the engine does cannot disagree.
"""

from __future__ import annotations

from typing import Any

from ..words import agrees, count, plural
from .cards import BRANCH_BY_ID, BRANCH_IDS, CARDS, SITUATION_BY_ID, Agent, Funding, Mission


def player_name(seat: int) -> str:
    """Seat 0 is "player 1"."""
    return f"player {seat + 1}"


def branch_name(branch: str) -> str:
    return BRANCH_BY_ID[branch].name


def branches_phrase(branches: tuple[str, ...] | list[str]) -> str:
    """ "Field Ops", "Field Ops or Tech", "any branch"."""
    if len(branches) == len(BRANCH_IDS):
        return "any branch"
    return " or ".join(branch_name(b) for b in branches)


def card_name(card: str) -> str:
    """ "Breacher (a01)": with its id, for the terminal, where cards are typed by id."""
    return f"{CARDS[card].name} ({card})"


def named(card: str) -> str:
    """ "Breacher": the name a player reads in the app (never the internal id)."""
    return CARDS[card].name if card in CARDS else card


def _at_most(max_power: int | None) -> str:
    return "" if max_power is None else f" of printed power {max_power} or less"


def effect_text(effect: dict[str, Any]) -> str:
    """What a special agent lets its owner do right after playing it."""
    kind = effect["kind"]
    if kind == "discard":
        return "you may make an opponent discard a card of their choice"
    if kind == "eliminate":
        return (
            f"you may eliminate an opponent's agent{_at_most(effect.get('max_power'))} "
            "(it goes to the discard pile with its funding)"
        )
    if kind == "flip":
        return (
            f"you may flip an agent{_at_most(effect.get('max_power'))} from any tableau into "
            "yours, as your topmost agent in one of its branches (its funding comes too)"
        )
    if kind == "extra_agents":
        n = effect["count"]
        return f"you may play {n} more {plural(n, 'agent')} this turn"
    if kind == "draw":
        n = effect["count"]
        return f"you may take the top {count(n, 'card')} of the deck"
    raise ValueError(f"unknown effect {kind!r}")


def condition_text(condition: dict[str, Any], owner: str = "you") -> str:
    """When a conditional mission scores, said of its owner at the end of the game: "you"
    on the card, the owner's name ("Ann dominates its branch") when it is someone's."""
    kind = condition["kind"]
    n = condition.get("count")
    owner = "you" if owner.lower() == "you" else owner  # mid-sentence
    has = agrees(owner, "have", "has")
    if kind == "dominate":
        return f"{agrees(owner, 'dominate')} its branch"
    if kind == "agents":
        return f"{has} at least {n} agents in its branch"
    if kind == "power":
        whose = "your" if owner.lower() == "you" else f"{owner}’s"
        return f"{whose} power in its branch is at least {n}"
    if kind == "spread":
        return f"{has} agents in at least {n} branches"
    if kind == "funding":
        return f"{has} at least {n} funding cards in play"
    if kind == "mercenary":
        return f"{has} a mercenary in play"
    if kind == "missions":
        return f"{has} at least {n} missions in its branch (this one included)"
    raise ValueError(f"unknown condition {kind!r}")


def situation_text(situation_id: str) -> str:
    """The one rule a situation changes, for the whole game."""
    rule = SITUATION_BY_ID[situation_id].rule
    kind = rule["kind"]
    if kind == "agents_per_turn":
        return f"Each deploy allows up to {rule['count']} agents instead of one."
    if kind == "branch_bonus":
        return (
            f"Every agent in {branch_name(rule['branch'])} has {rule['bonus']} more power "
            "(not mercenaries)."
        )
    if kind == "open_missions":
        return "Missions are played face up: everyone sees them."
    if kind == "ties_dominate":
        return "Players tied for the highest power in a branch (above zero) all dominate it."
    if kind == "deck_draws":
        return f"After returning pile 3, take {rule['count']} cards from the deck instead of one."
    if kind == "missions_per_branch":
        return f"Each deploy allows up to {rule['count']} missions in each branch you dominate."
    if kind == "dominance_points":
        return (
            f"At the end, each player scores {rule['points']} point for each branch they dominate."
        )
    if kind == "funding_per_agent":
        n = rule["count"]
        return f"An agent may carry at most {count(n, 'funding card')}."
    raise ValueError(f"unknown situation rule {kind!r}")


def card_text(card: str) -> str:
    """The full text of a card, from its data."""
    c = CARDS[card]
    if isinstance(c, Agent):
        where = (
            "Mercenary: any branch" if c.mercenary else f"Agent of {branches_phrase(c.branches)}"
        )
        text = f"{c.name} — {where}. Power {c.power}."
        if c.effect:
            text += f" When played, {effect_text(c.effect)}."
        return text
    if isinstance(c, Mission):
        stars = count(c.stars, "star")
        text = f"{c.name} — Mission in {branches_phrase(c.branches)}. {stars}."
        if c.condition:
            text += f" Scores only if, at the end, {condition_text(c.condition)}."
        return text
    assert isinstance(c, Funding)
    return f"{c.name} — Funding. +{c.value} power to the agent it is played with."


# -- actions and views ------------------------------------------------------------------
def describe_action(action: dict[str, Any]) -> str:
    """A short line for the move log and the terminal."""
    kind = action.get("type")
    card = action.get("card")
    name = card_name(card) if isinstance(card, str) and card in CARDS else str(card)
    if kind == "keep":
        return f"keep {name}, pass the rest on"
    if kind == "recruit":
        return "recruit"
    if kind == "deploy":
        return "deploy"
    if kind == "take":
        return "take this pile"
    if kind == "pass_on":
        return "return this pile, look at the next"
    if kind == "agent":
        text = f"play agent {name} in {branch_name(action['branch'])}"
        funding = action.get("funding") or []
        if funding:
            text += " with " + ", ".join(card_name(f) for f in funding)
        return text
    if kind == "mission":
        return f"play mission {name} face down in {branch_name(action['branch'])}"
    if kind == "pass":
        return f"pass {name} to your teammate"
    if kind == "end_turn":
        return "end the turn"
    if kind == "discard":
        return f"make {player_name(action['seat'])} discard a card"
    if kind == "discard_card":
        return f"discard {name}"
    if kind == "eliminate":
        return f"eliminate {name}"
    if kind == "flip":
        return f"flip {name} into your {branch_name(action['branch'])}"
    if kind == "draw":
        return "take cards from the deck"
    if kind == "skip_effect":
        return "do not use the effect"
    return str(kind)


def _cards(cards: list[str]) -> str:
    return ", ".join(card_name(c) for c in cards) or "(none)"


def describe_view(view: dict[str, Any]) -> str:
    """A few lines for a terminal: the table, each tableau, your hand and what is asked."""
    seat = view["seat"]
    when = "Opening draft" if view["phase"] == "draft" else f"Turn {view['turn_number']}"
    lines = [
        f"{when} — you are {player_name(seat)}; phase {view['phase']}"
        + (" (final round)" if view["final_round"] else "")
    ]
    if view["situation"]:
        s = view["situation"]
        lines.append(f"Situation: {SITUATION_BY_ID[s].name} — {situation_text(s)}")
    piles = []
    for index, pile in enumerate(view["piles"]):
        known = f" incl. {_cards(pile['known'])}" if pile["known"] else ""
        piles.append(f"pile {index + 1}: {pile['size']}{known}")
    lines.append(f"Deck {view['deck']}; " + "; ".join(piles))
    for s, tableau in enumerate(view["tableaus"]):
        mark = " (you)" if s == seat else ""
        lines.append(f"  {player_name(s)}{mark}, hand {view['hand_sizes'][s]}:")
        for b in BRANCH_IDS:
            agents = tableau["agents"][b]
            missions = tableau["missions"][b]
            if not agents and not missions:
                continue
            dom = " dominates" if s in view["dominates"][b] else ""
            who = ", ".join(
                card_name(a["card"]) + "".join(f"+{f}" for f in a["funding"]) for a in agents
            )
            shown = ", ".join("?" if m is None else card_name(m) for m in missions)
            lines.append(
                f"    {branch_name(b)} power {tableau['power'][b]}{dom}: {who or '-'}"
                + (f"; missions {shown}" if missions else "")
            )
    if view.get("draft"):
        lines.append(f"Draft: choose one of {_cards(view['draft'])}")
    if view.get("looking_at") is not None:
        lines.append(f"Pile {view['looking'] + 1} holds {_cards(view['looking_at'])}")
    if view.get("pending"):
        p = view["pending"]
        lines.append(f"Effect of {card_name(p['card'])}: {p['effect']}")
    lines.append(f"Your hand: {_cards(view['hand'])}")
    if view.get("result"):
        lines.append(f"Game over: {view['result']['reason']}.")
    return "\n".join(lines)
