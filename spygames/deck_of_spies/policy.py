"""How the bots judge a move, on a table whose hidden parts they have guessed.

A policy reads only what the player may know: the hand, the spy on top, the piles in
sight, and *which* cards are in the draw deck and the spy deck (never their order).
The normal bot plays the rulebook's tips (`TIPS`); the hard bot searches, playing
games out with what thousands of simulated deals taught (`EXPERT`): recruit a spy of 7
or more when it is worth more than the hand paying for it costs, and every face it can;
spend the Aces freely (they pay as 1 and let any suit recruit) until the faces are near,
then hold them for the suits with faces to come; keep pairs back and retire every pair
but Aces and faces — a thin deck brings the strong cards round — down to four cards.

Moves are small tuples on card ids: ("counter", cards), ("recruit", cards),
("assassinate", (ace,)), ("retire", cards), ("end_turn", ()).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .deck import IS_ACE, IS_FACE, SUIT_OF, VALUES
from .payment import payment_options, retire_options
from .table import AFTER, DEAL, Table

Move = tuple[str, tuple[int, ...]]
END_TURN: Final[Move] = ("end_turn", ())


@dataclass(frozen=True)
class Weights:
    """A judgement of payments and retirements, in points."""

    recruit: float = 30.0  # any recruit beats any counter ...
    recruit_min_value: int = 0  # ... of a spy worth at least this much
    recruit_per_value: float = 1.0  # recruit high ...
    recruit_face: float = 20.0  # ... and the faces above all
    ace_kept: float = 3.0  # an Ace kept in hand: a life and a double agent ...
    ace_per_face: float = 1.0  # ... the more faces of its suit are still to come
    ace_late: float = 0.0  # extra per face of its suit to come, once the faces are near
    late_spies: int = 1  # "near": at most this many spies below J are left
    retire_kept: float = 4.0  # a card kept back to be retired at once, with its pair
    retire_max_value: int = 4  # retire pairs up to this value (never Aces or faces)
    min_deck: int = 8  # never thin the deck below this many cards


# The rulebook's tips for beginners: recruit early and high, keep an Ace in reserve,
# retire low pairs, don't overpay.
TIPS: Final = Weights()

# Tuned on thousands of simulated deals (see the module docstring): `python -m
# bench.dos_weights --start old`, a coordinate search over these fields on deals
# 5000-8999, took the policy alone from 76.8% to 87.0% there; on the unseen deals 0-999
# it wins 85.5% of the real games (the old weights, now `solver.ORDER`: 79.2%).
EXPERT: Final = Weights(
    recruit=0.0,
    recruit_min_value=7,
    recruit_face=40.0,
    ace_kept=-2.0,
    ace_per_face=0.0,
    ace_late=6.0,
    late_spies=2,
    retire_kept=20.0,
    retire_max_value=10,
    min_deck=4,
)


def legal_moves(table: Table) -> list[Move]:
    """Every legal move on `table` (the same set as the state's legal actions)."""
    if table.phase == AFTER:
        if table.retired:
            return [END_TURN]
        return [("retire", cards) for cards in retire_options(table.hand)] + [END_TURN]
    if table.phase != DEAL:
        return []
    if table.must_assassinate():
        return [("assassinate", (ace,)) for ace, _ in table.owned_aces()]
    counters, recruits = payment_options(table.hand, table.spies[-1])
    return [("recruit", cards) for cards in recruits] + [("counter", cards) for cards in counters]


def play(table: Table, move: Move) -> None:
    kind, cards = move
    if kind in ("counter", "recruit"):
        table.pay(kind, cards)
    elif kind == "retire":
        table.retire(cards)
    elif kind == "assassinate":
        table.assassinate(cards[0])
    else:
        table.end_turn()


def choose(table: Table, weights: Weights) -> Move:
    """The policy's move on `table` (which must not be over)."""
    if table.phase == AFTER:
        if not table.retired:
            retired = retire_pick(table.hand, table, weights)
            if retired:
                return ("retire", retired)
        return END_TURN
    if table.must_assassinate():
        return ("assassinate", (choose_ace(table),))
    return ranked_payments(table, weights)[0][1]


def ranked_payments(table: Table, weights: Weights) -> list[tuple[float, Move]]:
    """Every payment with its score, best first (ties: recruits, then fewer cards)."""
    counters, recruits = payment_options(table.hand, table.spies[-1])
    moves: list[Move] = [("recruit", cards) for cards in recruits]
    moves += [("counter", cards) for cards in counters]
    mean = draw_mean(table)
    faces = faces_to_come(table)
    late = faces_near(table, weights)
    scored = [(score_payment(table, move, mean, faces, late, weights), move) for move in moves]
    order = sorted(range(len(scored)), key=lambda index: -scored[index][0])
    return [scored[index] for index in order]


def score_payment(
    table: Table, move: Move, mean: float, faces: list[int], late: bool, weights: Weights
) -> float:
    """How good paying this way is: what it gains, and the hand it leaves."""
    kind, cards = move
    spy = table.spies[-1]
    points = 0.0
    if kind == "recruit":
        if VALUES[spy] < weights.recruit_min_value:
            return -1000.0
        points += weights.recruit + weights.recruit_per_value * VALUES[spy]
        if IS_FACE[spy]:
            points += weights.recruit_face
    rest = [card for card in table.hand if card not in cards]
    retired = retire_pick(rest, table, weights)
    per_face = weights.ace_per_face + (weights.ace_late if late else 0.0)
    for card in rest:
        if card in retired:
            points += weights.retire_kept
        elif IS_ACE[card]:
            points += weights.ace_kept + per_face * faces[SUIT_OF[card]]
        else:
            points += VALUES[card] - mean  # worth keeping if better than a fresh draw
    return points


def retire_pick(cards: list[int], table: Table, weights: Weights) -> tuple[int, ...]:
    """The same-rank cards worth retiring from `cards` (one rank: once a turn).

    The biggest group of one rank from 2 up to `retire_max_value` (the lowest rank on a
    tie), unless it would leave the deck thinner than `min_deck`.
    """
    counts: dict[int, int] = {}
    top = weights.retire_max_value
    for card in cards:
        value = VALUES[card]
        if 2 <= value <= top:
            counts[value] = counts.get(value, 0) + 1
    best_value = 0
    best_count = 1
    for value, count in counts.items():
        if count > best_count or (count == best_count and value < best_value):
            best_value, best_count = value, count
    if not best_value:
        return ()
    owned = len(table.hand) + len(table.draw) + len(table.discard)
    if owned - best_count < weights.min_deck:
        return ()
    return tuple(card for card in cards if VALUES[card] == best_value)


def choose_ace(table: Table) -> int:
    """The double agent to sacrifice: of a suit with few faces to come, not from the deck."""
    faces = faces_to_come(table)
    faces[SUIT_OF[table.spies[-1]]] -= IS_FACE[table.spies[-1]]
    place = {"hand": 0, "discard": 0, "draw": 1}
    return min(table.owned_aces(), key=lambda item: (faces[SUIT_OF[item[0]]], place[item[1]]))[0]


# -- what the player can count ---------------------------------------------------------
def faces_to_come(table: Table) -> list[int]:
    """Face cards still in the spy deck (top included), by suit."""
    by_suit = [0, 0, 0, 0]
    for card in table.spies:
        if IS_FACE[card]:
            by_suit[SUIT_OF[card]] += 1
    return by_suit


def faces_near(table: Table, weights: Weights) -> bool:
    """At most `late_spies` spies below the faces are left (the top one included)."""
    below = 0
    for card in table.spies:
        below += not IS_FACE[card]
    return below <= weights.late_spies


def draw_mean(table: Table) -> float:
    """The average value of the cards the next draws will bring."""
    pile = table.draw if len(table.draw) >= 3 else table.draw + table.discard
    if not pile:
        return 0.0
    return sum(VALUES[card] for card in pile) / len(pile)
