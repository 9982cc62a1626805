"""What a SpyNet seat sees, and how a game ended, key by key: the shapes of
`SpyNetState.view(seat)` and of its `result`, as TypedDicts.

`view` returns a plain dict (the protocol's `View`); these say what is in it, for a
reader and for a type checker (`cast(SpyNetView, state.view(seat))`), and
`spygames.conformance` checks every view and result of its random games against them,
keys and value types, so the two cannot drift apart. Cards are ids ("a05"); branches
are "ops", "cover", "intel" and "tech" (`cards.BRANCH_IDS`), and every map by branch
has all four.
"""

from __future__ import annotations

from typing import Literal, TypedDict


class Agent(TypedDict):
    """An agent in play, with its funding and its power where it stands."""

    card: str
    funding: list[str]
    power: int


class Tableau(TypedDict):
    """One seat's tableau as `seat` sees it."""

    agents: dict[str, list[Agent]]  # by branch, bottom first
    power: dict[str, int]  # by branch
    missions: dict[str, list[str | None]]  # by branch; None for one face down, not shown
    funding: int  # funding cards in the tableau


class Pile(TypedDict):
    """A recruit pile: its size, and the cards `seat` saw in it (last time it looked)."""

    size: int
    known: list[str]


class Deploy(TypedDict):
    """How far the deploy of this turn has gone."""

    agents_left: int  # agents the player may still play
    missions_played: dict[str, int]  # by branch
    passed: bool  # a card was passed to the teammate


class _Pending(TypedDict):
    effect: Literal["eliminate", "flip", "discard", "draw"]
    card: str  # the agent whose effect it is
    by: int  # the seat that played it


class Pending(_Pending, total=False):
    """An agent's effect waiting for its target (`effect`, `card`, `by`, and what the
    effect says)."""

    max_power: int  # eliminate, flip: the most power a target may have
    count: int  # draw: how many cards
    seat: int  # discard: the seat chosen to discard


class Mission(TypedDict):
    """A mission in play at the end, and what it scored."""

    card: str
    seat: int
    branch: str
    stars: int
    points: int


class SpyNetResult(TypedDict):
    """How the game ended; teams are seats that win together (0+2 and 1+3 at 4 players,
    else each seat alone)."""

    winners: list[int]  # seats
    reason: str
    ending: Literal["points", "funding", "shared"]  # tied leaders split by funding, or not
    teams: list[list[int]]
    scores: list[int]  # by team
    funding: list[int]  # funding cards by team
    missions: list[Mission]
    bonus: list[int]  # Control Bonus points by seat


class SpyNetView(TypedDict):
    """Everything `seat` may know: its own hand and missions, the piles it looked at,
    the cards it passed and received; the others' missions face down until the end."""

    game: Literal["spynet"]
    seat: int
    to_play: list[int]
    phase: Literal["draft", "choose", "recruit", "deploy", "effect", "over"]
    turn: int  # whose turn it is (or who drafts)
    turn_number: int
    first: int  # the first player
    players: int
    teams: list[list[int]]
    team_of: list[int]  # each seat's team
    teammate: int | None
    situation: str | None  # the situation's id, None without one
    hand: list[str]
    hand_sizes: list[int]  # by seat
    deck: int  # cards left in the deck
    piles: list[Pile]  # the three recruit piles
    tableaus: list[Tableau]  # by seat
    dominates: dict[str, list[int]]  # by branch: the seats that dominate it
    discard: list[str]
    passed: list[str]  # cards this seat handed on (draft, teammate)
    received: list[str]  # cards the teammate passed to it
    draft: list[str] | None  # the packet, while this seat drafts
    looking: int | None  # the pile looked at during a recruit
    looking_at: list[str] | None  # its cards, for the seat recruiting
    deploy: Deploy | None  # during a deploy (and an effect in it)
    pending: Pending | None
    final_round: bool
    final_turns_left: list[int]  # the seats still to take a final turn, in order
    over: bool
    result: SpyNetResult | None
