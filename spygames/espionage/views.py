"""What an Espionage seat sees, and how a game ended, key by key: the shapes of
`EspionageState.view(seat)` and of its `result`, as TypedDicts.

`view` returns a plain dict (the protocol's `View`); these say what is in it, for a
reader and for a type checker (`cast(EspionageView, state.view(seat))`), and
`spygames.conformance` checks every view and result of its random games against them,
keys and value types, so the two cannot drift apart.
"""

from __future__ import annotations

from typing import Literal, TypedDict


class Player(TypedDict):
    """One seat as every seat sees it."""

    sources: int  # active Sources (the cards it is dealt a round)
    underground: int  # Sources lost
    points: int
    hand_size: int
    active: bool  # still in the game


class Bid(TypedDict):
    """The bid standing: at least `count` cards of `attribute` among all hands."""

    count: int
    attribute: str
    by: int  # the seat that made it


class HistoryBid(Bid):
    """A bid of this round, and the seat it named to go next."""

    next: int


class Showdown(TypedDict):
    """A call or spot: every hand shown, the count and what came of it."""

    round: int
    hands: list[list[str]]  # every seat's hand, by seat
    count: int  # matches + mercenaries - traitors
    matches: int
    mercenaries: int
    traitors: int
    attribute: str
    bid: Bid  # the bid called or spotted
    by: int  # the seat that called or spotted
    kind: Literal["call", "spot"]
    outcome: str  # what came of it, in a sentence
    loser: int  # loses a Source
    winner: int
    point_to: int | None  # the seat that scores a point (a spot), else None
    eliminated: bool  # the loser lost its last Source


class EspionageResult(TypedDict):
    """How the game ended."""

    winners: list[int]  # one seat
    reason: str
    ending: Literal["points", "last_active"]
    points: list[int]  # by seat
    sources: list[int]  # active Sources by seat


class EspionageView(TypedDict):
    """Everything `seat` may know: its own hand, and the others' only as a showdown
    showed them (`revealed`, `last_round`)."""

    game: Literal["espionage"]
    seat: int
    to_play: list[int]
    round: int
    opener: int  # the seat that opened this round
    hand: list[str]
    players: list[Player]  # by seat
    dealt: int  # cards dealt this round: the highest count a bid may name
    bid: Bid | None  # the bid standing, None at a round's start
    min_count: int  # the lowest count a bid may name now
    taken: list[str]  # attributes already bid at the standing count
    history: list[HistoryBid]  # this round's bids, in order
    revealed: Showdown | None  # the showdown just played (until the next bid)
    last_round: Showdown | None  # the last showdown of the game
    names: list[str] | None  # the table's names, when the seats were named
    points_to_win: int
    over: bool
    result: EspionageResult | None
