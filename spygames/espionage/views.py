"""What an Espionage seat sees, and how a game ended, key by key: the shapes of
`EspionageState.view(seat)` and of its `result`, as TypedDicts.

`view` returns a plain dict (the protocol's `View`); these say what is in it, for a
reader and for a type checker (`cast(EspionageView, state.view(seat))`), and
`spygames.conformance` checks every view and result of its random games against them,
keys and value types, so the two cannot drift apart.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from ..i18n import N_


class Player(TypedDict):
    """One seat as every seat sees it."""

    sources: int  # active Sources (the cards it is dealt a round)
    underground: int  # Sources lost
    points: int  # points scored (3 win)
    hand_size: int  # cards in its hand this round
    active: bool  # still in the game


class Bid(TypedDict):
    """The bid standing: at least `count` cards of `attribute` among all hands."""

    count: int  # at least this many cards, in all hands together,
    attribute: str  # count for this attribute
    by: int  # the seat that made it


class HistoryBid(Bid):
    """A bid of this round, and the seat it named to go next."""

    next: int  # the seat it named to play next


class Showdown(TypedDict):
    """A call or spot: every hand shown, the count and what came of it."""

    round: int  # the round it ended
    hands: list[list[str]]  # every seat's hand, by seat
    count: int  # matches + mercenaries - traitors
    matches: int  # cards showing the attribute
    mercenaries: int  # Mercenaries shown (each +1)
    traitors: int  # Traitors shown (each -1)
    attribute: str  # the bid's attribute
    bid: Bid  # the bid called or spotted
    by: int  # the seat that called or spotted
    kind: Literal["call", "spot"]  # a call or a spot
    outcome: str  # what came of it, in a sentence
    loser: int  # loses a Source
    winner: int  # the other side of the call or spot (keeps its Source)
    point_to: int | None  # the seat that scores a point (a spot), else None
    eliminated: bool  # the loser lost its last Source


class EspionageResult(TypedDict):
    """How the game ended."""

    winners: list[int]  # one seat
    reason: str  # the end in a sentence
    ending: Literal["points", "last_active"]  # 3 points, or the last seat with Sources
    points: list[int]  # by seat
    sources: list[int]  # active Sources by seat


class EspionageView(TypedDict):
    """Everything `seat` may know: its own hand, and the others' only as a showdown
    showed them (`revealed`, `last_round`)."""

    game: Literal["espionage"]  # the game's id
    seat: int  # your seat (seats are numbered from 0)
    to_play: list[int]  # the seat to play: [seat], [] once the game is over
    round: int  # the round number, from 1
    opener: int  # the seat that opened this round
    hand: list[str]  # your cards: "face-agency-nyc", "mercenary-2", "traitor-1"
    players: list[Player]  # by seat
    dealt: int  # cards dealt this round: the highest count a bid may name
    bid: Bid | None  # the bid standing, None at a round's start
    min_count: int  # the lowest count a bid may name now
    taken: list[str]  # attributes already bid at the standing count
    history: list[HistoryBid]  # this round's bids, in order
    revealed: Showdown | None  # the showdown just played (until the next bid)
    last_round: Showdown | None  # the last showdown of the game
    names: list[str] | None  # the table's names, when the seats were named
    points_to_win: int  # 3
    over: bool  # the game is over
    result: EspionageResult | None


# -- what a seat may do: every legal action has the shape of one of these -----------------
class BidAction(TypedDict):
    """At least `count` cards count for `attribute` in all hands together (a Mercenary
    counts for every attribute, a Traitor takes one away). A raise names a higher count,
    or the same count with an attribute not yet bid at it this round."""

    type: Literal["bid"]
    count: int  # from view["min_count"] to view["dealt"]
    attribute: str  # a role (face, hacker, muscle), faction (agency, bureau, command)
    # or city (nyc, london, moscow)
    next: int  # the seat that plays next: any other seat still active


class CallAction(TypedDict):
    """The standing bid is too high. Every hand is shown: if the count reaches the bid,
    the caller loses a Source, otherwise the bidder does."""

    type: Literal["call"]


class SpotAction(TypedDict):
    """The standing bid is exactly right. If it is, the bidder loses a Source and the
    spotter scores a point; if not, the spotter loses a Source and the bidder scores."""

    type: Literal["spot"]


VIEW = EspionageView
RESULT = EspionageResult
ACTIONS = (BidAction, CallAction, SpotAction)

GOAL = N_(
    "Score 3 points (a right spot, or a wrong one against your bid), or be the last "
    "seat with a Source. Each seat is dealt a card per active Source. Cards are "
    '"role-faction-city" ("hacker-bureau-london"), "mercenary-1".."mercenary-5" '
    'and "traitor-1".."traitor-4": 27 spies, 5 Mercenaries, 4 Traitors.'
)
"""How the game is won, for a bot's author (the Bot Lab's reference)."""
