"""What the Deck of Spies player sees, and how a game ended, key by key: the shapes of
`DeckOfSpiesState.view(0)` and of its `result`, as TypedDicts.

`view` returns a plain dict (the protocol's `View`); these say what is in it, for a
reader and for a type checker (`cast(DeckOfSpiesView, state.view(0))`), and
`spygames.conformance` checks every view and result of its random games against them,
keys and value types, so the two cannot drift apart. Cards are written as text ("7H").
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from ..i18n import N_


class OwnedAce(TypedDict):
    """An Ace the player could sacrifice (a double agent), and where it is."""

    card: str  # the Ace: "AH"
    where: Literal["hand", "draw", "discard"]  # your hand, draw deck or draw discard pile


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

    game: Literal["deck-of-spies"]  # the game's id
    seat: Literal[0]  # your seat: always 0 (a solo game)
    to_play: list[int]  # [0] while the game goes on, [] once it is over
    phase: Literal["deal", "after", "over"]  # a spy to face, a spy dealt with, the end
    turn: int  # the turn number, from 1
    hand: list[str]  # your cards: rank then suit, "7H", "10S", "QC", "AD"
    hand_total: int  # the hand's value
    spy: str | None  # the spy to face (the top of the spy deck), None when none is left
    spy_value: int | None  # what it takes to counter or recruit it
    must_assassinate: bool  # the hand cannot pay for the spy: an Ace must be sacrificed
    spies_left: int  # spies still to come, the one to face included
    spies_left_by_tier: dict[str, int]  # "5-7", "8-10", "J-K" -> spies left in it
    draw_count: int  # cards in your draw deck
    draw_cards: list[str]  # the cards in the draw deck, sorted (never in their order)
    discard: list[str]  # your draw discard pile (comes back as the draw deck runs out)
    spy_discard: list[str]  # spies the spies kept
    removed: list[str]  # Aces out of the game
    recruited: list[str]  # spies recruited into the player's deck
    owned_aces: list[OwnedAce]
    faces_owned: int  # face cards in your deck (hand, draw deck, discard): 7 win
    faces_with_spies: int  # face cards in the spy discard pile
    faces_to_win: int  # the face cards a win needs: 7
    retired_this_turn: bool  # cards were retired this turn (once a turn)
    events: list[dict[str, Any]]  # what the last action did: each a "kind" and a "text"


# -- what the player may do: every legal action has the shape of one of these -----------
class CounterAction(TypedDict):
    """Fend the spy off: cards from the hand whose values reach its value, each one
    needed. The spy goes to the spy discard pile, the cards to your draw discard pile."""

    type: Literal["counter"]
    cards: list[str]  # from your hand, in any order


class RecruitAction(TypedDict):
    """As a counter, but every card of the spy's suit (or with that suit's Ace, which
    makes any card count): the spy joins your deck."""

    type: Literal["recruit"]
    cards: list[str]  # from your hand, in any order


class AssassinateAction(TypedDict):
    """Only when your hand cannot pay for the spy: an Ace you own leaves the game, the
    spy goes, your hand is discarded and the turn ends."""

    type: Literal["assassinate"]
    ace: str  # "AH": from your hand, draw deck or draw discard pile


class RetireAction(TypedDict):
    """After a counter or recruit, once a turn: two or more cards of one rank leave your
    deck for good (a face card retired counts for the spies)."""

    type: Literal["retire"]
    cards: list[str]  # of one rank, from your hand


class EndTurnAction(TypedDict):
    """After a counter or recruit: draw back up to five cards; the next spy comes."""

    type: Literal["end_turn"]


VIEW = DeckOfSpiesView
RESULT = DeckOfSpiesResult
ACTIONS = (CounterAction, RecruitAction, AssassinateAction, RetireAction, EndTurnAction)

GOAL = N_(
    "Own at least 7 of the 12 face cards (J, Q, K) when the last spy has been dealt with: "
    "recruit them, and keep an Ace for the turn your hand cannot pay (no Ace left then: "
    'you lose). Cards are written rank then suit: "7H", "10S", "QC", "AD"; '
    "A = 1, J = 11, Q = 12, K = 13."
)
"""How the game is won, for a bot's author (the Bot Lab's reference); marked for
translation (`_(GOAL)` where it is shown)."""
