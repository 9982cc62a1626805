"""What the Deck of Spies player sees, and how a game ended, key by key: the shapes of
`DeckOfSpiesState.view(0)` and of its `result`, as TypedDicts.

`view` returns a plain dict (the protocol's `View`); these say what is in it, for a
reader and for a type checker (`cast(DeckOfSpiesView, state.view(0))`), and
`spygames.conformance` checks every view and result of its random games against them,
keys and value types, so the two cannot drift apart. Cards are written as text ("7H").
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict


class OwnedAce(TypedDict):
    """An Ace the player could sacrifice (a double agent), and where it is."""

    card: str
    where: Literal["hand", "draw", "discard"]


class DeckOfSpiesResult(TypedDict):
    """How the game ended."""

    winners: list[int]  # [0] when the player won, else []
    reason: str  # the end in a sentence
    won: bool
    score: int  # face cards the player owns
    ending: Literal["no_double_agent", "infiltrated", "outnumbered"]
    faces_with_spies: int  # face cards the spies kept (in the spy discard)
    spies_left: int
    turns: int  # turns played


class DeckOfSpiesView(TypedDict):
    """Everything the player may know: the order of the draw deck and of the spies under
    the top one never shows."""

    game: Literal["deck-of-spies"]
    seat: Literal[0]
    to_play: list[int]  # [0] while the game goes on, [] once it is over
    phase: Literal["deal", "after", "over"]  # a spy to face, a spy dealt with, the end
    turn: int
    hand: list[str]
    hand_total: int  # the hand's value
    spy: str | None  # the spy to face (the top of the spy deck), None when none is left
    spy_value: int | None  # what it takes to counter or recruit it
    must_assassinate: bool  # the hand cannot pay for the spy: an Ace must be sacrificed
    spies_left: int
    spies_left_by_tier: dict[str, int]  # "5-7", "8-10", "J-K" -> spies left in it
    draw_count: int
    draw_cards: list[str]  # the cards in the draw deck, sorted (never in their order)
    discard: list[str]
    spy_discard: list[str]  # spies the spies kept
    removed: list[str]  # Aces out of the game
    recruited: list[str]  # spies recruited into the player's deck
    owned_aces: list[OwnedAce]
    faces_owned: int
    faces_with_spies: int
    faces_to_win: int
    retired_this_turn: bool
    events: list[dict[str, Any]]  # what the last action did: each a "kind" and a "text"
