"""Undo, a rule of the engine in every game (DESIGN.md, "Every game — Undo"):

  "A player may take back their own decisions only as far back as nothing new was shown
  to them since: never across a draw, a look at a pile, a new spy, a showdown, an effect
  that revealed a card, or an opponent's move that revealed one. This is a rule of the
  engine (for example `State.undo_point(seat)`), not of each table; tables offer exactly
  what it allows. Deck of Spies: within the turn, never across End turn."

The examples below check each game's turns; the property at the end plays many seeded
random games of every game and checks, for every seat at every position, that undoing
to `undo_point(seat).upto` takes back only that seat's own decisions and crosses nothing
that showed the seat a card — "shown" judged from the seat's views alone, not from the
engine's rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from drivers.deck_of_spies_engine import HAND, last_spy
from drivers.pile_game import GAME as PILE

import spygames
from spygames import UndoPoint
from spygames.conformance import random_game
from spygames.deck_of_spies import DeckOfSpiesState
from spygames.spynet.rules import SpyNetState

DOS = spygames.get_game("deck-of-spies")
ESP = spygames.get_game("espionage")
NET = spygames.get_game("spynet")


def bid(count: int, attribute: str, nxt: int) -> dict[str, Any]:
    return {"type": "bid", "count": count, "attribute": attribute, "next": nxt}


# -- the protocol -------------------------------------------------------------------------------
def test_undo_point_is_a_small_value_with_a_reason_when_there_is_none() -> None:
    state = DOS.new(seed=3)
    point = state.undo_point(0)
    assert point == UndoPoint(None, "this is the start of the deal")
    with pytest.raises(AttributeError):
        point.upto = 0  # type: ignore[misc]
    # frozen: a table cannot move it


@pytest.mark.parametrize("seat", [-1, 1, True, "0", None])
def test_undo_point_needs_a_seat_of_the_game(seat: Any) -> None:
    with pytest.raises(ValueError, match="no seat"):
        DOS.new(seed=3).undo_point(seat)


def test_the_record_keeps_who_made_each_action() -> None:
    """The engine knows whose decision each action was (Espionage's bids name the next
    bidder, so a table cannot tell from the record alone)."""
    state = ESP.new(seed=4, players=3, setup={"first": 1})
    state.apply(bid(1, "hacker", 0))
    state.apply(bid(2, "hacker", 2))
    assert state.actors == [1, 0]
    assert spygames.replay(state.record()).actors == [1, 0]


def test_a_game_that_does_not_say_offers_no_undo() -> None:
    state = PILE.new(seed=1, players=2)
    state.apply(state.legal_actions()[0])
    assert state.undo_point(0) == UndoPoint(None, "this game has no undo")


# -- Deck of Spies: within the turn, never across End turn --------------------------------------
def dos_deal(draw: list[str], spies: list[str], **piles: Any) -> DeckOfSpiesState:
    state = DOS.new(seed=1, setup={"draw": draw, "spies": spies, **piles})
    assert isinstance(state, DeckOfSpiesState)
    return state


def test_deck_of_spies_undo_takes_back_a_retire() -> None:
    """ "Deck of Spies: within the turn": a retire shows nothing, so it can be taken back."""
    state = dos_deal(["2C", "2H", "2S", "3S", "9D", "4C", "4D", "4H"], ["7C", "8C"])
    state.apply({"type": "counter", "cards": ["9D"]})
    state.apply({"type": "retire", "cards": ["2C", "2H"]})
    assert state.undo_point(0) == UndoPoint(1)
    back = spygames.replay(state.record(), upto=1)
    assert back.view(0)["phase"] == "after" and back.view(0)["hand"] == ["2S", "2H", "2C", "3S"]


def test_deck_of_spies_undo_never_crosses_a_payment_that_showed_the_next_spy() -> None:
    """ "never across ... a new spy": the spy deck lies face up ("Only the top spy can be
    seen"), so once the 7♣ is countered the 8♣ under it is in view — taking the counter
    back would let the player choose again knowing it."""
    state = dos_deal(["2C", "2H", "2S", "3S", "9D", "4C", "4D", "4H"], ["7C", "8C"])
    state.apply({"type": "counter", "cards": ["9D"]})
    assert state.view(0)["spy"] == "8C"
    assert state.undo_point(0) == UndoPoint(None, "the next spy has been shown since")
    state.apply({"type": "retire", "cards": ["2C", "2H"]})
    back = spygames.replay(state.record(), upto=state.undo_point(0).upto)
    assert back.undo_point(0) == UndoPoint(None, "the next spy has been shown since")


def test_deck_of_spies_the_last_spys_payment_can_be_taken_back() -> None:
    """No spy lies under the last one: paying for it shows nothing new."""
    state = last_spy([*HAND, "JS", "QS", "JH", "QH", "JD"], "10C")
    state.apply({"type": "counter", "cards": ["KS"]})
    assert state.view(0)["spy"] is None
    assert state.undo_point(0) == UndoPoint(0)


def test_deck_of_spies_undo_never_crosses_end_turn() -> None:
    """ "never across End turn": the new hand and the next spy have been shown."""
    state = dos_deal(["2C", "3H", "AS", "4D", "7D", "4C", "4H"], ["5H", "6S"])
    state.apply({"type": "counter", "cards": ["2C", "3H"]})
    state.apply({"type": "end_turn"})
    assert state.view(0)["spy"] == "6S"
    assert state.undo_point(0) == UndoPoint(
        None, "a new turn has begun and its cards have been shown"
    )


def test_deck_of_spies_undo_never_crosses_an_assassination() -> None:
    """An assassination ends the turn: the hand is drawn back up to five (and the draw
    deck may have been shuffled), the next spy shown."""
    state = dos_deal(["AH", "2C", "3H", "2S", "2D", "4C", "4D", "4H", "4S", "3C"], ["KC", "5H"])
    state.apply({"type": "assassinate", "ace": "AH"})
    assert state.undo_point(0).upto is None


def test_deck_of_spies_undo_never_after_the_game_is_over() -> None:
    """Lost, then no Undo: the lost deal cannot be replayed knowing the deck."""
    state = dos_deal(["2C", "3H", "2S", "2D", "3C"], ["KC"], spy_discard=["AS", "AH", "AD", "AC"])
    assert state.is_over and state.undo_point(0) == UndoPoint(None, "the game is over")
    ended = last_spy([*HAND, "JS", "QS", "JH", "QH", "JD"], "10C")
    ended.apply({"type": "counter", "cards": ["KS"]})
    ended.apply({"type": "end_turn"})
    assert ended.is_over and ended.undo_point(0) == UndoPoint(None, "the game is over")


# -- Espionage: as before — back before your last decision, never past a showdown ---------------
ESP_HANDS = [
    ["hacker-agency-london", "face-bureau-moscow", "mercenary-1", "muscle-command-nyc",
     "traitor-1", "face-agency-nyc"],
    ["hacker-command-nyc", "traitor-2", "muscle-agency-london", "hacker-bureau-moscow",
     "face-command-london", "mercenary-2"],
]  # fmt: skip


def test_espionage_undo_goes_back_before_your_last_bid_with_the_bids_after_it() -> None:
    state = ESP.new(seed=5, players=2, setup={"hands": ESP_HANDS, "first": 0})
    assert state.undo_point(0) == UndoPoint(None, "you have made no move yet")
    state.apply(bid(2, "hacker", 1))
    state.apply(bid(3, "hacker", 0))
    assert state.undo_point(0) == UndoPoint(0)  # your bid and the raise after it
    assert state.undo_point(1) == UndoPoint(1)
    state.apply(bid(3, "london", 1))
    assert state.undo_point(0) == UndoPoint(2)


def test_espionage_undo_never_crosses_a_showdown() -> None:
    """ "never across ... a showdown": a call or a spot shows every hand."""
    state = ESP.new(seed=5, players=2, setup={"hands": ESP_HANDS, "first": 0})
    state.apply(bid(5, "hacker", 1))
    state.apply({"type": "call"})
    for seat in (0, 1):  # the bidder and the caller alike
        assert state.undo_point(seat) == UndoPoint(None, "the hands have been shown since")


# -- SpyNet: the steps of your own turn that show you nothing -----------------------------------
FILLER = ["m14", "m15", "m16", "m18", "m19", "m20", "m21", "m22"]


def net(players: int = 2, **setup: Any) -> SpyNetState:
    setup.setdefault("first", 0)
    state = NET.new(seed=1, players=players, setup=setup)
    assert isinstance(state, SpyNetState)
    return state


def agent(card: str, branch: str, funding: list[str] | None = None) -> dict[str, Any]:
    return {"type": "agent", "card": card, "branch": branch, "funding": funding or []}


def test_spynet_undo_takes_back_deploy_steps_one_at_a_time() -> None:
    """ "SpyNet: the deploy steps of your own turn (agent with funding, mission, pass)"."""
    state = net(4, hands=[["a01", "f05", "m01", "m05"], [], [], []], deck=FILLER)
    assert state.undo_point(0) == UndoPoint(None, "you have made no move this turn")
    steps = [
        {"type": "deploy"},
        agent("a01", "ops", ["f05"]),
        {"type": "mission", "card": "m01", "branch": "ops"},
        {"type": "pass", "card": "m05"},
    ]
    for n, step in enumerate(steps):
        state.apply(step)
        assert state.undo_point(0) == UndoPoint(n)
        for other in (1, 2, 3):  # the teammate included: only your own steps are yours
            assert state.undo_point(other) == UndoPoint(None, "this is another player's turn")
    state.apply({"type": "end_turn"})
    assert state.undo_point(0) == UndoPoint(None, "this is another player's turn")
    assert state.undo_point(1) == UndoPoint(None, "you have made no move this turn")


def test_spynet_undo_never_crosses_a_look_at_a_pile() -> None:
    """ "never past a recruit's look at a pile"."""
    state = net(hands=[[], []], piles=[["m05"], ["m06"], ["m08"]], deck=FILLER)
    state.apply({"type": "recruit"})
    assert state.undo_point(0) == UndoPoint(None, "you have looked at a pile")
    state.apply({"type": "pass_on"})
    assert state.undo_point(0) == UndoPoint(None, "you have looked at a pile")
    state.apply({"type": "take"})  # the turn is over
    assert state.undo_point(0) == UndoPoint(None, "this is another player's turn")


def test_spynet_undo_never_crosses_a_draw() -> None:
    """ "never past ... a draw": the Forger's effect draws from the deck."""
    state = net(hands=[["a23"], []], piles=[[], [], []], deck=["m09", "m10", "m11"])
    state.apply({"type": "deploy"})
    state.apply(agent("a23", "tech"))
    assert state.undo_point(0) == UndoPoint(1)  # the effect not used yet: nothing shown
    state.apply({"type": "draw"})
    assert state.undo_point(0) == UndoPoint(None, "you have drawn cards since")


def test_spynet_undo_never_crosses_a_discard() -> None:
    """ "never past ... an effect that revealed a card": the Censor makes an opponent
    discard a card face up."""
    state = net(hands=[["a17", "a01"], ["m04", "m05"]], deck=FILLER)
    state.apply({"type": "deploy"})
    state.apply(agent("a17", "intel"))
    state.apply({"type": "discard", "seat": 1})
    assert state.undo_point(0) == UndoPoint(None, "an opponent has been made to discard a card")
    assert state.undo_point(1) == UndoPoint(None, "this is another player's turn")
    state.apply({"type": "discard_card", "card": "m05"})
    assert state.undo_point(0) == UndoPoint(None, "a discarded card has been shown since")


def test_spynet_effects_that_show_nothing_can_be_taken_back() -> None:
    """Eliminate, flip and skipping an effect move only cards everyone sees."""
    theirs = {"agents": {"ops": [{"card": "a04", "funding": ["f10"]}]}}
    state = net(hands=[["a05"], []], deck=FILLER, tableaus=[{}, theirs])
    state.apply({"type": "deploy"})
    state.apply(agent("a05", "ops"))
    state.apply({"type": "eliminate", "card": "a04"})
    assert state.undo_point(0) == UndoPoint(2)


def test_spynet_no_undo_in_the_draft_or_after_the_end() -> None:
    state = NET.new(seed=2, players=3, options={"opening": "draft"})  # the full draft
    assert state.view(0)["phase"] == "draft"
    for seat in range(3):
        assert state.undo_point(seat) == UndoPoint(None, "the opening draft cannot be taken back")
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(3):
        assert state.undo_point(seat) == UndoPoint(None, "the game is over")


# -- the property: no undo crosses a reveal, in any game ----------------------------------------
def _cards(value: Any) -> set[str]:
    """Every card id in a (nested) piece of a view."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, list):
        return set().union(*map(_cards, value)) if value else set()
    if isinstance(value, dict):
        return set().union(*map(_cards, value.values())) if value else set()
    return set()


def dos_in_sight(view: dict[str, Any]) -> set[str]:
    """The cards whose place a Deck of Spies view shows that a draw or a new spy changes:
    the hand and the spy. (The draw deck is known as a set, never its order, so a card
    coming from it into the hand — or back from a reshuffle — is news.)"""
    return set(view["hand"]) | ({view["spy"]} if view["spy"] else set())


def esp_in_sight(view: dict[str, Any]) -> set[str]:
    """The seat's hand and, after a call or spot, every hand shown."""
    shown = view["revealed"]["hands"] if view["revealed"] else []
    return set(view["hand"]) | _cards(shown)


def net_in_sight(view: dict[str, Any]) -> set[str]:
    """Every card a SpyNet view shows: hand, piles seen, the pile looked at, the draft,
    tableaus (face-down missions it may not see are null), the discard pile, cards passed."""
    tableaus = [{"agents": t["agents"], "missions": t["missions"]} for t in view["tableaus"]]
    return _cards(
        [
            view["hand"],
            [pile["known"] for pile in view["piles"]],
            view["looking_at"],
            view["draft"],
            tableaus,
            view["discard"],
            view["passed"],
            view["received"],
        ]
    )


SIGHT: dict[str, Callable[[dict[str, Any]], set[str]]] = {
    "deck-of-spies": dos_in_sight,
    "espionage": esp_in_sight,
    "spynet": net_in_sight,
}
CASES = [
    ("deck-of-spies", 1, 120),
    *(("espionage", n, 30) for n in (2, 3, 4)),
    *(("spynet", n, 5) for n in (2, 3, 4)),
]
"""(game, players, seeded random games): a few seconds in all."""


class UndoPoints:
    """A `conformance.Watch` checking every seat's undo point at every position of a
    random game; `offered` counts the points where an undo was offered."""

    def __init__(self, game_id: str, players: int) -> None:
        self.game_id, self.players = game_id, players
        self.sight = SIGHT[game_id]
        self.views: list[list[dict[str, Any]]] = []  # by position, by seat
        self.movers: list[int] = []  # who made each action, as the test saw it
        self.offered = 0
        self.last_offer: tuple[int, int] | None = None

    def __call__(self, state: spygames.State, action: spygames.Action | None) -> None:
        views, movers, sight = self.views, self.movers, self.sight
        views.append([state.view(seat) for seat in range(self.players)])
        now = len(state.actions)
        for seat in range(self.players):
            point = state.undo_point(seat)
            if state.is_over:
                assert point == UndoPoint(None, "the game is over"), "an undo after the end"
                continue
            if point.upto is None:
                assert point.reason, "no undo needs a reason a player can read"
                continue
            upto = point.upto
            self.offered += 1
            self.last_offer = (upto, seat)
            assert 0 <= upto < now and point.reason is None
            # it takes back the seat's own decision...
            assert movers[upto] == seat, f"undo takes back seat {movers[upto]}'s move"
            if self.game_id == "espionage":  # ...with the bids made after it (they show no card)
                taken = [a["type"] for a in state.actions[upto:]]
                assert set(taken) == {"bid"}, f"undo takes back {taken}"
            else:  # ...and only its own
                assert all(m == seat for m in movers[upto:]), "undo takes back another's move"
            # ...and nothing from there to here showed the seat a card it did not see then
            seen = sight(views[upto][seat])
            for step in range(upto + 1, now + 1):
                new = sight(views[step][seat]) - seen
                assert not new, (
                    f"undo to {upto} crosses action {step - 1} "
                    f"{state.actions[step - 1]} that showed seat {seat} {sorted(new)}"
                )
        if not state.is_over:
            movers.append(state.to_play[0])


def check_undo_points(game_id: str, players: int, seed: int) -> int:
    """Play one random game (`spygames.conformance.random_game`, under the game's
    invariants), checking every seat's undo point at every position; the number of
    points where an undo was offered."""
    undo = UndoPoints(game_id, players)
    state = random_game(game_id, players, seed, tempt=0, watch=undo).state
    if undo.last_offer is not None:  # the table's undo: the game rebuilt to that point
        upto, seat = undo.last_offer
        back = spygames.replay(state.record(), upto=upto)
        assert back.view(seat) == undo.views[upto][seat]
    return undo.offered


@pytest.mark.parametrize(("game_id", "players", "games"), CASES)
def test_no_undo_crosses_a_reveal_in_random_games(game_id: str, players: int, games: int) -> None:
    """Every game, every seat, every position: `undo_point(seat)` goes back only over
    that seat's own decisions (in Espionage with the bids after it) and never across an
    action that showed the seat a card; never after the end."""
    offered = sum(check_undo_points(game_id, players, seed) for seed in range(games))
    assert offered > games  # the property is not empty: undos were offered all along
