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

from ..i18n import N_


class Agent(TypedDict):
    """An agent in play, with its funding and its power where it stands."""

    card: str  # the agent's id
    funding: list[str]  # funding cards attached to it
    power: int  # its power there: printed + funding (+ a situation's bonus)


class Tableau(TypedDict):
    """One seat's tableau as `seat` sees it."""

    agents: dict[str, list[Agent]]  # by branch, bottom first
    power: dict[str, int]  # by branch
    missions: dict[str, list[str | None]]  # by branch; None for one face down, not shown
    funding: int  # funding cards in the tableau


class Pile(TypedDict):
    """A recruit pile: its size, and the cards `seat` saw in it (last time it looked)."""

    size: int  # cards in it
    known: list[str]  # the cards you saw in it when you last looked


class Deploy(TypedDict):
    """How far the deploy of this turn has gone."""

    agents_left: int  # agents the player may still play
    missions_played: dict[str, int]  # by branch
    passed: bool  # a card was passed to the teammate


class _Pending(TypedDict):
    effect: Literal["eliminate", "flip", "discard", "draw"]  # what the effect does
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

    card: str  # the mission's id
    seat: int  # its owner
    branch: str  # where it was played
    stars: int  # printed stars
    points: int  # what it scored (0: its condition failed)


class SpyNetResult(TypedDict):
    """How the game ended; teams are seats that win together (0+2 and 1+3 at 4 players,
    else each seat alone)."""

    winners: list[int]  # seats
    reason: str  # the end in a sentence
    ending: Literal["points", "funding", "shared"]  # tied leaders split by funding, or not
    teams: list[list[int]]  # seats by team
    scores: list[int]  # by team
    funding: list[int]  # funding cards by team
    missions: list[Mission]
    bonus: list[int]  # Control Bonus points by seat


class SpyNetView(TypedDict):
    """Everything `seat` may know: its own hand and missions, the piles it looked at,
    the cards it passed and received; the others' missions face down until the end."""

    game: Literal["spynet"]  # the game's id
    seat: int  # your seat (seats are numbered from 0)
    to_play: list[int]  # the seat to act: [seat] ([] once over); in an effect's discard, the target
    phase: Literal["draft", "choose", "recruit", "deploy", "effect", "over"]  # see the actions
    turn: int  # whose turn it is (or who drafts)
    turn_number: int  # 0 in the draft, 1 for the first turn
    first: int  # the first player
    players: int  # 2 to 4
    teams: list[list[int]]  # seats by team: [[0, 2], [1, 3]] at 4 players, else [[0], [1], ...]
    team_of: list[int]  # each seat's team
    teammate: int | None  # your teammate's seat at 4 players, else None
    situation: str | None  # the situation's id, None without one
    hand: list[str]  # your cards: agents "a01".., missions "m01".., funding "f01"..
    hand_sizes: list[int]  # by seat
    deck: int  # cards left in the deck
    piles: list[Pile]  # the three recruit piles
    tableaus: list[Tableau]  # by seat
    dominates: dict[str, list[int]]  # by branch: the seats that dominate it
    discard: list[str]  # the face-up discard pile, oldest first
    passed: list[str]  # cards this seat handed on (draft, teammate)
    received: list[str]  # cards the teammate passed to it
    draft: list[str] | None  # the packet, while this seat drafts
    looking: int | None  # the pile looked at during a recruit
    looking_at: list[str] | None  # its cards, for the seat recruiting
    deploy: Deploy | None  # during a deploy (and an effect in it)
    pending: Pending | None
    final_round: bool  # the deck ran out: these are the final, deploy-only turns
    final_turns_left: list[int]  # the seats still to take a final turn, in order
    over: bool  # the game is over
    result: SpyNetResult | None


# -- what a seat may do: every legal action has the shape of one of these -----------------
class KeepAction(TypedDict):
    """The opening draft: keep one card of view["draft"] and pass the rest on."""

    type: Literal["keep"]
    card: str  # one of view["draft"]


class RecruitAction(TypedDict):
    """A turn's start: look at the recruit piles, one after another, for cards to take."""

    type: Literal["recruit"]


class DeployAction(TypedDict):
    """A turn's start: play cards from your hand (agents, funding, missions)."""

    type: Literal["deploy"]


class TakeAction(TypedDict):
    """Recruiting: add the pile you look at (view["looking_at"]) to your hand."""

    type: Literal["take"]


class PassOnAction(TypedDict):
    """Recruiting: put the pile back and look at the next (after the last, take the
    deck's top card)."""

    type: Literal["pass_on"]


class AgentAction(TypedDict):
    """Deploying: an agent from your hand on top of one of its branches (a mercenary: any
    branch), with funding cards from your hand to add their value to its power. One agent
    a turn (view["deploy"]["agents_left"]) unless an effect gives more."""

    type: Literal["agent"]
    card: str  # an agent in your hand
    branch: str  # one of the agent's branches
    funding: list[str]  # funding cards from your hand ([] for none)


class MissionAction(TypedDict):
    """Deploying: a mission face down in one of its branches that you dominate now; one
    per branch a turn. It scores its stars at the end (if its condition then holds)."""

    type: Literal["mission"]
    card: str  # a mission in your hand
    branch: str  # one of its branches, which you dominate


class PassAction(TypedDict):
    """Deploying, at 4 players: give a card face down to your teammate, once a turn."""

    type: Literal["pass"]
    card: str  # a card in your hand


class EndTurnAction(TypedDict):
    """Deploying: your turn is over."""

    type: Literal["end_turn"]


class EliminateAction(TypedDict):
    """An effect (view["pending"]): an opponent's agent, and its funding, to the discard
    pile."""

    type: Literal["eliminate"]
    card: str  # an opponent's agent of at most view["pending"]["max_power"]


class FlipAction(TypedDict):
    """An effect: an agent from any tableau, funding and all, becomes your topmost agent
    in one of its branches."""

    type: Literal["flip"]
    card: str  # an agent of at most view["pending"]["max_power"]
    branch: str  # where it goes in your tableau


class DiscardAction(TypedDict):
    """An effect: an opponent holding cards must discard one of their choice."""

    type: Literal["discard"]
    seat: int  # the opponent


class DiscardCardAction(TypedDict):
    """Told to discard (view["pending"]["seat"] is you): the card you give up."""

    type: Literal["discard_card"]
    card: str  # a card in your hand


class DrawAction(TypedDict):
    """An effect: take the deck's top view["pending"]["count"] cards."""

    type: Literal["draw"]


class SkipEffectAction(TypedDict):
    """An effect: use it on nothing."""

    type: Literal["skip_effect"]


VIEW = SpyNetView
RESULT = SpyNetResult
ACTIONS = (KeepAction, RecruitAction, DeployAction, TakeAction, PassOnAction, AgentAction,
           MissionAction, PassAction, EndTurnAction, EliminateAction, FlipAction,
           DiscardAction, DiscardCardAction, DrawAction, SkipEffectAction)  # fmt: skip

# translators: the Bot Lab's reference, for a bot's author: keep the code (ids, names in
# backquotes, card("a05").power...) as it is
GOAL = N_(
    "Most points at the end wins (at 4 players, seats 0+2 and 1+3 score as teams): each "
    "mission in your tableau scores its stars, some only if their condition holds at the "
    "end. A mission may be played only in a branch you dominate: your power there above "
    "every opponent's, and above zero. A tie goes to the most funding cards. The game "
    'ends after a final round once the deck runs out. Cards are ids: agents "a01".."a34", '
    'missions "m01".."m32", funding "f01".."f10"; `from spygames.spynet.cards import '
    "card` gives a card's facts (card(\"a05\").power, .branches, .effect; a mission's "
    ".stars, .condition; funding's .value)."
)
"""How the game is won, for a bot's author (the Bot Lab's reference; translated where it
is shown)."""
