"""Words for Espionage: names of players, bids, actions and a terminal view."""

from __future__ import annotations

from typing import Any

from ..i18n import _, listed, pgettext
from .cards import bid_words, card_name


def player_name(seat: int) -> str:
    """Seat 0 is "player 1".

    >>> player_name(0)
    'player 1'
    """
    # translators: a player named by the number of their seat, in the middle of a sentence
    return _("player {number}", number=seat + 1)


def bid_phrase(count: int, attribute: str) -> str:
    """ "at least 4 Hackers", "at least 3 spies in London".

    >>> bid_phrase(4, "hacker"), bid_phrase(3, "london")
    ('at least 4 Hackers', 'at least 3 spies in London')
    """
    # translators: a bid: {bid} is what it counts, "4 Hackers", "3 spies in London"
    return _("at least {bid}", bid=bid_words(count, attribute))


def describe_action(action: dict[str, Any]) -> str:
    """ "bid: at least 4 Hackers → player 2", "call", "spot".

    >>> describe_action({"type": "bid", "count": 4, "attribute": "hacker", "next": 1})
    'bid: at least 4 Hackers → player 2'
    """
    kind = action.get("type")
    if kind == "bid":
        # translators: {bid} is "4 Hackers", "3 spies in London"; {player} a seat's number
        return _(
            "bid: at least {bid} → player {player}",
            bid=bid_words(action["count"], action["attribute"]),
            player=action["next"] + 1,
        )
    if kind == "call":
        return _("call: the bid is too high")
    if kind == "spot":
        return _("spot: the bid is exactly right")
    return str(kind)


def _hand_text(cards: list[str]) -> str:
    if not cards:
        # translators: an empty hand of cards
        return _("(none)")
    text = card_name(cards[0])
    for card in cards[1:]:
        # translators: a list of card names ("Hacker, Bureau, London; Mercenary"), one more
        # added at its end
        text = pgettext("cards", "{cards}; {card}", cards=text, card=card_name(card))
    return text


def _marks(seat: int, view: dict[str, Any], s: int, p: dict[str, Any]) -> list[str]:
    marks: list[str] = []
    if s == seat:
        # translators: a mark beside the seat of the person reading, in a terminal
        marks.append(pgettext("seat", "you"))
    if not p["active"]:
        # translators: a mark beside a seat with no active Sources left, in a terminal
        marks.append(pgettext("seat", "out"))
    if s in view["to_play"]:
        # translators: a mark beside the seat whose turn it is, in a terminal
        marks.append(pgettext("seat", "to play"))
    return marks


def describe_view(view: dict[str, Any]) -> str:
    """A few lines for a terminal: table, bid, your hand, the last reveal."""
    seat = view["seat"]
    # translators: {player} is the reader's seat number; {dealt} the number of cards dealt
    head = _(
        "Round {round} — you are player {player}; {dealt} cards dealt",
        round=view["round"],
        player=seat + 1,
        dealt=view["dealt"],
    )
    lines: list[str] = [head]
    names = view.get("names")
    for s, p in enumerate(view["players"]):
        who = (
            # translators: a seat's number and the name of who sits there: "player 2 (Ben)"
            _("player {player} ({name})", player=s + 1, name=names[s]) if names else player_name(s)
        )
        marks = _marks(seat, view, s, p)
        figures = {
            "who": who,
            "active": p["sources"],
            "underground": p["underground"],
            "points": p["points"],
            "cards": p["hand_size"],
        }
        if marks:
            # translators: one seat's line in a terminal: {marks} is a list such as
            # "you, to play"
            line = _(
                "{who}: {active} active / {underground} underground Sources, "
                "{points} points, {cards} cards ({marks})",
                marks=listed(marks),
                **figures,
            )
        else:
            # translators: one seat's line in a terminal
            line = _(
                "{who}: {active} active / {underground} underground Sources, "
                "{points} points, {cards} cards",
                **figures,
            )
        lines.append("  " + line)
    revealed = view.get("revealed")
    if revealed:
        lines.append(_("Last round: {outcome}", outcome=revealed["outcome"]))
        for s, hand in enumerate(revealed["hands"]):
            # translators: {player} is a seat's number; {cards} the cards its hand showed
            showed = _("player {player} showed: {cards}", player=s + 1, cards=_hand_text(hand))
            lines.append("  " + showed)
        # translators: how a showdown's count is made, as a terminal shows it
        count = _(
            "count = {matches} matching + {mercenaries} Mercenaries"
            " − {traitors} Traitors = {count}",
            matches=revealed["matches"],
            mercenaries=revealed["mercenaries"],
            traitors=revealed["traitors"],
            count=revealed["count"],
        )
        lines.append("  " + count)
    bid = view.get("bid")
    if bid:
        # translators: {bid} is what the bid counts ("4 Hackers"); {player} a seat's number
        standing = _(
            "Bid: at least {bid} by player {player}",
            bid=bid_words(bid["count"], bid["attribute"]),
            player=bid["by"] + 1,
        )
        lines.append(standing)
    else:
        lines.append(_("No bid yet this round."))
    lines.append(_("Your hand: {cards}", cards=_hand_text(view["hand"])))
    result = view.get("result")
    if result:
        # translators: {reason} is how the game ended, "player 2 scored 3 points"
        lines.append(_("Game over: {reason}.", reason=result["reason"]))
    return "\n".join(lines)
