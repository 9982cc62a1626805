"""Words for Espionage: names of players, bids, actions and a terminal view."""

from __future__ import annotations

from typing import Any

from .cards import bid_words, card_name


def player_name(seat: int) -> str:
    """Seat 0 is "player 1"."""
    return f"player {seat + 1}"


def bid_phrase(count: int, attribute: str) -> str:
    """ "at least 4 Hackers", "at least 3 spies in London"."""
    return f"at least {bid_words(count, attribute)}"


def describe_action(action: dict[str, Any]) -> str:
    """ "bid: at least 4 Hackers → player 2", "call", "spot"."""
    kind = action.get("type")
    if kind == "bid":
        return (
            f"bid: {bid_phrase(action['count'], action['attribute'])}"
            f" → {player_name(action['next'])}"
        )
    if kind == "call":
        return "call: the bid is too high"
    if kind == "spot":
        return "spot: the bid is exactly right"
    return str(kind)


def _hand_text(cards: list[str]) -> str:
    return "; ".join(card_name(card) for card in cards) or "(none)"


def describe_view(view: dict[str, Any]) -> str:
    """A few lines for a terminal: table, bid, your hand, the last reveal."""
    seat = view["seat"]
    lines = [f"Round {view['round']} — you are {player_name(seat)}; {view['dealt']} cards dealt"]
    names = view.get("names")
    for s, p in enumerate(view["players"]):
        who = f"{player_name(s)} ({names[s]})" if names else player_name(s)
        marks = []
        if s == seat:
            marks.append("you")
        if not p["active"]:
            marks.append("out")
        if s in view["to_play"]:
            marks.append("to play")
        tail = f" ({', '.join(marks)})" if marks else ""
        lines.append(
            f"  {who}: {p['sources']} active / {p['underground']} underground Sources,"
            f" {p['points']} points, {p['hand_size']} cards{tail}"
        )
    revealed = view.get("revealed")
    if revealed:
        lines.append(f"Last round: {revealed['outcome']}")
        for s, hand in enumerate(revealed["hands"]):
            lines.append(f"  {player_name(s)} showed: {_hand_text(hand)}")
        lines.append(
            f"  count = {revealed['matches']} matching + {revealed['mercenaries']} Mercenaries"
            f" − {revealed['traitors']} Traitors = {revealed['count']}"
        )
    bid = view.get("bid")
    if bid:
        lines.append(
            f"Bid: {bid_phrase(bid['count'], bid['attribute'])} by {player_name(bid['by'])}"
        )
    else:
        lines.append("No bid yet this round.")
    lines.append(f"Your hand: {_hand_text(view['hand'])}")
    result = view.get("result")
    if result:
        lines.append(f"Game over: {result['reason']}.")
    return "\n".join(lines)
