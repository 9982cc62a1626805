"""Deck of Spies rules: each test quotes the rule (rules/deck-of-spies.txt) or the ruling
(DESIGN.md, "Rulings where the sources are silent or loose") it checks."""

from __future__ import annotations

import json
from typing import Any

import pytest
from drivers.deck_of_spies_engine import GAME, HAND, deal, last_spy

import spygames
from spygames import IllegalAction, InvalidSetup
from spygames.deck_of_spies import (
    describe_action,
    describe_view,
    payment_problem,
    payments,
    retire_choices,
    retire_problem,
    selection_total,
    sort_cards,
)
from spygames.deck_of_spies.deck import GROUP_OF, NAMES, card_id

ALL_ACES = ["AS", "AH", "AD", "AC"]


def cards_of(actions: list[dict[str, Any]], kind: str) -> list[set[str]]:
    return [set(action["cards"]) for action in actions if action["type"] == kind]


def snapshot(state: Any) -> tuple[Any, Any]:
    return json.dumps(state.record(), sort_keys=True), json.dumps(state.view(0), sort_keys=True)


# -- the game object --------------------------------------------------------------------
def test_registered_as_a_one_player_game() -> None:
    """Overview: "Players: 1." (DESIGN: id deck-of-spies)."""
    assert GAME.id == "deck-of-spies"
    assert GAME.name == "Deck of Spies"
    assert (GAME.min_players, GAME.max_players) == (1, 1)
    assert GAME.bot_levels == ("easy", "normal", "hard")
    with pytest.raises(InvalidSetup):
        GAME.new(seed=1, players=2)


def test_options_are_refused_the_keep_score_variant_is_always_on() -> None:
    """Variants: "Keep score: count the face cards you own at the end" — always reported."""
    with pytest.raises(InvalidSetup, match="Keep score"):
        GAME.new(seed=1, options={"keep_score": True})


# -- setup ---------------------------------------------------------------------------------
def test_setup_groups_and_spy_deck_order() -> None:
    """Setup: "lay the J–K face up, put the 8–10 face up on top, and the 5–7 face up on top
    of those"; "The A–4 are your own draw deck"; "Draw 5 cards into your hand"."""
    state = GAME.new(seed=11)
    table = state.table
    top_first = [NAMES[card] for card in reversed(table.spies)]
    tiers = [GROUP_OF[card_id(card)] for card in top_first]
    assert tiers == ["5-7"] * 12 + ["8-10"] * 12 + ["J-K"] * 12
    own = table.hand + table.draw
    assert sorted(GROUP_OF[card] for card in own) == ["A-4"] * 16
    assert len(table.hand) == 5 and len(table.draw) == 11
    view = state.view(0)
    assert view["spy"] == top_first[0]
    assert view["spies_left"] == 36
    assert view["spies_left_by_tier"] == {"5-7": 12, "8-10": 12, "J-K": 12}
    assert view["draw_count"] == 11 and view["discard"] == [] and view["removed"] == []


def test_setup_shuffles_each_group_with_the_seed() -> None:
    """Setup: "Shuffle each group on its own" — with the state's seeded generator only."""
    first, again, other = GAME.new(seed=5), GAME.new(seed=5), GAME.new(seed=6)
    assert first.table.spies == again.table.spies and first.table.draw == again.table.draw
    assert first.table.hand == again.table.hand
    assert (first.table.spies, first.table.draw) != (other.table.spies, other.table.draw)


def test_setup_fixes_the_named_cards_top_first() -> None:
    """DESIGN: setup {"spies": [...], "draw": [...]} (top card first) fixes both orders."""
    state = deal(["2C", "3H", "AS", "4D", "7D", "KS"], ["9C", "5H"])
    view = state.view(0)
    assert view["spy"] == "9C"
    assert view["hand"] == ["AS", "2C", "3H", "4D", "7D"]
    assert state.table.draw[-1] == card_id("KS")  # the next card to be drawn
    assert state.table.spies[-2] == card_id("5H")
    # the cards not named go where the real game puts them, in tier order
    below = [GROUP_OF[card] for card in reversed(state.table.spies[:-2])]
    assert below == sorted(below, key=["5-7", "8-10", "J-K"].index)
    assert view["spies_left"] == 34  # the 7♦ and K♠ are in the draw deck


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"spies": ["ZZ"]}, "not a card"),
        ({"spies": ["7H", "7H"]}, "named twice"),
        ({"spies": ["7H"], "draw": ["7H"]}, "named twice"),
        ({"spies": ["3H"]}, "cannot be a spy"),
        ({"spies": "7H"}, "must be a list"),
        ({"hand": ["7H"]}, "unknown setup key"),
        ({"spy_discard": [NAMES[card] for card in range(52) if GROUP_OF[card] != "A-4"]}, "no spy"),
    ],
)
def test_setup_is_checked(setup: dict[str, Any], message: str) -> None:
    """DESIGN: a setup fixes what would be random; a bad one raises InvalidSetup, saying why."""
    with pytest.raises(InvalidSetup, match=message):
        GAME.new(seed=1, setup=setup)


def test_short_demo_setup_keeps_every_card_on_the_table() -> None:
    """Setup (ours): cards named in "spy_discard" are out of the way, so a demo can start
    with a few spies left while all 52 cards stay accounted for."""
    spies_done = [NAMES[card] for card in range(52) if GROUP_OF[card] in ("5-7", "8-10")]
    state = deal(["2C", "3H", "4S", "AS", "2S"], ["KH", "QH"], spy_discard=spies_done)
    view = state.view(0)
    assert view["spy"] == "KH" and view["spies_left"] == 12
    assert view["spies_left_by_tier"] == {"5-7": 0, "8-10": 0, "J-K": 12}
    table = state.table
    piles = table.hand + table.draw + table.discard + table.spies + table.spy_discard
    assert sorted(piles + table.removed) == list(range(52))


# -- values and counter ------------------------------------------------------------------------
def test_values() -> None:
    """Values: "A = 1, 2–10 = their number, J = 11, Q = 12, K = 13"."""
    assert selection_total(["AS", "2H", "10D", "JC", "QS", "KH"]) == 1 + 2 + 10 + 11 + 12 + 13


@pytest.mark.parametrize("pay", [["2C", "3H"], ["AS", "4D"], ["7D"]])
def test_counter_a_five(pay: list[str]) -> None:
    """Counter example: "To counter a 5 you could use 2 + 3, A + 4 or a single 7"."""
    state = deal(["2C", "3H", "AS", "4D", "7D"], ["5H"])
    assert set(pay) in cards_of(state.legal_actions(), "counter")
    state.apply({"type": "counter", "cards": pay})
    view = state.view(0)
    assert view["spy_discard"] == ["5H"]  # "The spy goes face down on the spy discard pile"
    assert view["discard"] == pay  # "The cards you used go face up on your draw discard pile"
    assert view["phase"] == "after"


def test_counter_three_four_two_is_not_allowed() -> None:
    """Counter example: "If you use 3 + 4, you may not throw in a 2 as well – but you may
    choose 3 + 4 instead of 3 + 2"."""
    state = deal(["2C", "3H", "4D", "9S", "10S"], ["5H"])
    assert state.why_illegal({"type": "counter", "cards": ["3H", "4D", "2C"]}) == (
        "the 2♣ is not needed"
    )
    assert state.why_illegal({"type": "counter", "cards": ["3H", "4D"]}) is None
    assert state.why_illegal({"type": "counter", "cards": ["3H", "2C"]}) is None
    assert {"2C", "3H", "4D"} not in cards_of(state.legal_actions(), "counter")


def test_necessity_ruling() -> None:
    """DESIGN: "a set S pays for a spy of value v when sum(S) ≥ v and sum(S) − min(S) < v"."""
    hand = ["AS", "3C", "4H", "5D", "7C"]
    assert payment_problem(hand, "9S", ["4H", "5D"], "counter") is None  # 9, 9−4 < 9
    assert payment_problem(hand, "9S", ["7C", "3C"], "counter") is None  # 10, 10−3 < 9
    assert payment_problem(hand, "9S", ["4H", "5D", "AS"], "counter") == "the A♠ is not needed"
    assert payment_problem(hand, "9S", ["7C"], "counter") == "needs 2 more"
    assert payment_problem(hand, "9S", [], "counter") == "choose the cards to pay with"
    every = {frozenset(cards) for cards in payments(hand, "9S", "counter")}
    from itertools import combinations

    expected = {
        frozenset(subset)
        for size in range(1, 6)
        for subset in combinations(hand, size)
        if (total := selection_total(list(subset))) >= 9
        and total - min(selection_total([card]) for card in subset) < 9
    }
    assert every == expected


def test_card_order_inside_an_action_does_not_matter() -> None:
    """DESIGN: actions carry "cards"; the same cards in any order are the same payment."""
    state = deal(["2C", "3H", "AS", "4D", "7D"], ["5H"])
    state.apply({"type": "counter", "cards": ["4d", "AS"]})
    assert state.view(0)["hand"] == ["2C", "3H", "7D"]


# -- recruit -----------------------------------------------------------------------------------
def test_recruit_seven_of_hearts_with_three_and_five() -> None:
    """Recruit example: "The spy is the 7♥, and you have the 3♥ and the 5♥: discard them
    and recruit the 7♥"; "The spy joins you: put it face up on your draw discard pile"."""
    state = deal(["3H", "5H", "2C", "4S", "9D"], ["7H"])
    assert {"3H", "5H"} in cards_of(state.legal_actions(), "recruit")
    state.apply({"type": "recruit", "cards": ["3H", "5H"]})
    view = state.view(0)
    assert view["discard"] == ["3H", "5H", "7H"]
    assert view["recruited"] == ["7H"] and view["spy_discard"] == []


def test_recruit_needs_the_spys_suit() -> None:
    """Recruit: "all the cards you use must be of the spy's suit"."""
    state = deal(["3H", "4S", "2C", "4D", "9D"], ["7H"])
    assert (
        state.why_illegal({"type": "recruit", "cards": ["3H", "4S"]}) == "all ♥ to recruit the 7♥"
    )
    assert state.why_illegal({"type": "counter", "cards": ["3H", "4S"]}) is None
    assert cards_of(state.legal_actions(), "recruit") == []


def test_recruit_nine_of_clubs_with_a_double_agent() -> None:
    """Double agents example: "Play the A♣, the 4♣ and other cards of any suit that bring the
    total to at least 9 – say the 3♦ and the 2♥ (1 + 4 + 3 + 2 = 10). All of them, and the
    9♣, go on your draw discard pile"."""
    state = deal(["AC", "4C", "3D", "2H", "8S"], ["9C"])
    pay = ["AC", "4C", "3D", "2H"]
    assert set(pay) in cards_of(state.legal_actions(), "recruit")
    assert state.why_illegal({"type": "recruit", "cards": ["4C", "3D", "2H"]}) == (
        "all ♣ unless you play A♣"
    )
    state.apply({"type": "recruit", "cards": pay})
    assert sorted(state.view(0)["discard"]) == sorted([*pay, "9C"])


def test_double_agent_ruling() -> None:
    """DESIGN: the Ace of the spy's suit "counts 1, is exempt from the necessity test, and the
    other cards may be any suit; every other card must still be necessary"; Recruit: "The
    Ace itself counts 1 and may always be played for this, even if its value isn't needed"."""
    hand = ["AH", "2D", "3H", "5H", "6S"]
    assert payment_problem(hand, "7H", ["AH", "3H", "5H"], "recruit") is None  # Ace not needed
    assert payment_problem(hand, "7H", ["AH", "6S"], "recruit") is None
    assert payment_problem(hand, "7H", ["AH", "6S", "2D"], "recruit") == "the 2♦ is not needed"
    assert payment_problem(hand, "7H", ["AH"], "recruit") == "needs 6 more"
    assert payment_problem(hand, "7H", ["AH", "3H", "5H"], "counter") == "the A♥ is not needed"
    # only the Ace of the spy's suit is a double agent
    assert payment_problem(["AS", "6H", "2C"], "7H", ["AS", "6H"], "recruit") == (
        "all ♥ to recruit the 7♥"
    )


# -- assassinate -------------------------------------------------------------------------------
def test_assassinate_only_when_the_hand_cannot_pay() -> None:
    """Assassinate: "If the values in your hand don't add up to the spy's value, you can't
    counter it – you must assassinate it"; DESIGN: legal only when the whole hand sums below
    the spy."""
    state = deal(["AH", "2C", "3H", "4S", "9D"], ["KC"])
    assert state.why_illegal({"type": "assassinate", "ace": "AH"}) == (
        "you can still pay: assassinate only when your hand sums below 13"
    )
    poor = deal(["AH", "2C", "3H", "2S", "2D"], ["KC"])
    actions = poor.legal_actions()
    assert {action["type"] for action in actions} == {"assassinate"}
    assert {action["ace"] for action in actions} == set(ALL_ACES)  # hand, draw deck
    assert poor.view(0)["must_assassinate"] is True
    assert "assassinate it" in (poor.why_illegal({"type": "counter", "cards": ["2C"]}) or "")


def test_a_hand_adding_up_to_exactly_the_spys_value_pays_and_one_less_must_assassinate() -> None:
    """The boundary of "If the values in your hand don't add up to the spy's value":
    a hand of exactly 13 adds up to the K♣ (counter with all of it, no assassination);
    a hand of 12 does not (assassinate, nothing else)."""
    exact = deal(["AH", "2C", "3H", "3S", "4D"], ["KC"])  # 1 + 2 + 3 + 3 + 4 = 13
    assert exact.view(0)["must_assassinate"] is False
    actions = exact.legal_actions()
    whole = {"AH", "2C", "3H", "3S", "4D"}
    assert whole in [set(a["cards"]) for a in actions if a["type"] == "counter"]
    assert all(a["type"] != "assassinate" for a in actions)
    assert exact.why_illegal({"type": "assassinate", "ace": "AH"}) == (
        "you can still pay: assassinate only when your hand sums below 13"
    )
    short = deal(["AH", "2C", "3H", "2S", "4D"], ["KC"])  # 1 + 2 + 3 + 2 + 4 = 12
    assert short.view(0)["must_assassinate"] is True
    assert {a["type"] for a in short.legal_actions()} == {"assassinate"}


def test_assassinate_with_an_ace_from_the_hand() -> None:
    """Assassinate: "Take one Ace … remove it from the game", "Put the spy face down on the
    spy discard pile", "Put all cards in your hand on your draw discard pile. Your turn is
    over."; End of the turn: draw back up to 5."""
    state = deal(["AH", "2C", "3H", "2S", "2D", "4C", "4D", "4H", "4S", "3C"], ["KC", "5H"])
    state.apply({"type": "assassinate", "ace": "AH"})
    view = state.view(0)
    assert view["removed"] == ["AH"]
    assert view["spy_discard"] == ["KC"]
    assert sorted(view["discard"]) == sorted(["2C", "3H", "2S", "2D"])
    assert view["hand"] == ["3C", "4S", "4H", "4D", "4C"]
    assert view["spy"] == "5H" and view["phase"] == "deal" and view["turn"] == 2


def test_assassinate_from_the_draw_deck_shuffles_it() -> None:
    """Assassinate: "If you took it from the draw deck, shuffle the draw deck"."""
    state = deal(["2C", "3H", "2S", "2D", "3C"], ["KC"])
    before = [card for card in state.table.draw if NAMES[card] != "AD"]  # top card last
    assert "AD" in state.view(0)["draw_cards"]
    state.apply({"type": "assassinate", "ace": "AD"})
    events = [event["kind"] for event in state.view(0)["events"]]
    assert events[:3] == ["assassinate", "shuffle", "discard_hand"]
    assert sorted(state.table.draw + state.table.hand) == sorted(before)
    unshuffled = (before[:-5], sorted(before[-5:]))
    assert (state.table.draw, sorted(state.table.hand)) != unshuffled
    # replaying the record reproduces the shuffle exactly
    again = spygames.replay(state.record())
    assert again.table.draw == state.table.draw and again.table.hand == state.table.hand


def test_assassinate_from_the_discard_pile() -> None:
    """Assassinate: "Take one Ace from your hand, your draw deck or your draw discard pile"."""
    state = deal(["2C", "3H", "2S", "2D", "3C"], ["KC"], discard=["AD"])
    assert {"card": "AD", "where": "discard"} in state.view(0)["owned_aces"]
    state.apply({"type": "assassinate", "ace": "AD"})
    assert state.view(0)["removed"] == ["AD"]
    assert "AD" not in state.view(0)["discard"]


def test_assassinate_needs_an_owned_ace() -> None:
    """Assassinate: the sacrifice is one of your Aces (DESIGN: "any owned Ace")."""
    draw = ["2C", "3H", "2S", "2D", "3C", "2H", "3S", "3D", "AC", "AD"]
    state = deal(draw, ["KC", "KD"], spy_discard=["AS"], discard=["AH"])
    assert state.why_illegal({"type": "assassinate", "ace": "9D"}) == (
        "the 9♦ is not an Ace: only Aces are double agents"
    )
    assert state.why_illegal({"type": "assassinate", "ace": "AS"}) == (
        "the A♠ is not in your hand, draw deck or discard pile"
    )
    state.apply({"type": "assassinate", "ace": "AH"})
    assert state.view(0)["spy"] == "KD" and state.view(0)["must_assassinate"]
    assert state.why_illegal({"type": "assassinate", "ace": "AH"}) == (
        "the A♥ is already out of the game"
    )


def test_lost_with_no_ace_left() -> None:
    """Assassinate: "If you must assassinate but have no Ace left, you have lost"."""
    state = deal(["2C", "3H", "2S", "2D", "3C"], ["KC"], spy_discard=ALL_ACES)
    assert state.is_over and state.to_play == [] and state.legal_actions() == []
    result = state.result
    assert result is not None
    assert result["won"] is False and result["winners"] == []
    assert result["ending"] == "no_double_agent"
    assert "no double agent" in result["reason"]
    with pytest.raises(IllegalAction, match="over"):
        state.apply({"type": "end_turn"})


def test_lost_when_the_last_ace_is_spent() -> None:
    """Assassinate: "If you must assassinate but have no Ace left, you have lost" — found
    when the next spy comes up."""
    out = [NAMES[card] for card in range(52) if GROUP_OF[card] == "A-4" and NAMES[card][0] in "A34"]
    out.remove("AC")
    state = deal(["AC", "2C", "2H", "2S", "2D"], ["KC", "KD"], spy_discard=out)
    state.apply({"type": "assassinate", "ace": "AC"})
    assert state.view(0)["hand"] == ["2S", "2H", "2D", "2C"]
    assert state.is_over and state.result["ending"] == "no_double_agent"
    assert state.view(0)["spy"] == "KD"


# -- retire ------------------------------------------------------------------------------------
def test_retire_example() -> None:
    """Retire example: "Your hand is 2♣ 2♥ 2♠ 3♠ 9♦ and the spy is a 7. You counter it with
    the 9♦, then retire two or all three 2s"."""
    state = deal(["2C", "2H", "2S", "3S", "9D"], ["7C"])
    state.apply({"type": "counter", "cards": ["9D"]})
    retires = cards_of(state.legal_actions(), "retire")
    assert sorted(map(sorted, retires)) == sorted(
        map(sorted, [{"2C", "2H"}, {"2C", "2S"}, {"2H", "2S"}, {"2C", "2H", "2S"}])
    )
    assert {"type": "end_turn"} in state.legal_actions()
    state.apply({"type": "retire", "cards": ["2S", "2C", "2H"]})
    view = state.view(0)
    assert view["spy_discard"] == ["7C", "2S", "2H", "2C"]  # in the hand's order
    assert view["hand"] == ["3S"] and view["retired_this_turn"] is True


def test_retire_rules() -> None:
    """Retire: "After you have countered or recruited, you may once per turn retire cards:
    discard two or more cards of the same value … A single card can't be retired"."""
    state = deal(["2C", "2H", "3S", "3D", "9D"], ["7C"])
    assert state.why_illegal({"type": "retire", "cards": ["2C", "2H"]}) == (
        "counter first: you must deal with the spy"
    )
    assert state.why_illegal({"type": "end_turn"}) == "counter first: you must deal with the spy"
    state.apply({"type": "counter", "cards": ["9D"]})
    assert state.why_illegal({"type": "retire", "cards": ["2C"]}) == (
        "retire needs two or more cards of one rank"
    )
    assert state.why_illegal({"type": "retire", "cards": ["2C", "3S"]}) == (
        "retire needs two or more cards of one rank"
    )
    assert state.why_illegal({"type": "counter", "cards": ["2C"]}) is not None
    state.apply({"type": "retire", "cards": ["2C", "2H"]})
    assert state.why_illegal({"type": "retire", "cards": ["3S", "3D"]}) == (
        "you have already retired this turn"
    )
    assert state.legal_actions() == [{"type": "end_turn"}]
    assert retire_problem(["2C", "2H", "5S"], ["2C", "5S"]) is not None
    assert retire_choices(["2C", "2H", "5S"]) == [["2C", "2H"]]


def test_no_retire_after_assassinating() -> None:
    """Retire: "After you have countered or recruited" — an assassination ends the turn."""
    state = deal(["AH", "2C", "2H", "2S", "2D", "3C", "3H", "4C", "4H", "4S"], ["KC", "5H"])
    state.apply({"type": "assassinate", "ace": "AH"})
    assert state.why_illegal({"type": "retire", "cards": ["3C", "3H"]}) == (
        "counter first: you must deal with the spy"
    )


# -- end of the turn ---------------------------------------------------------------------------
def test_end_of_turn_draws_back_up_to_five() -> None:
    """End of the turn: "Keep the cards left in your hand and draw back up to 5"."""
    state = deal(["2C", "3H", "AS", "4D", "7D", "4C", "4H"], ["5H"])
    state.apply({"type": "counter", "cards": ["2C", "3H"]})
    state.apply({"type": "end_turn"})
    view = state.view(0)
    assert view["hand"] == ["AS", "4H", "4D", "4C", "7D"]
    assert [event["kind"] for event in view["events"]] == ["draw", "spy"]
    assert view["events"][0]["cards"] == ["4C", "4H"]


def test_reshuffle_when_the_draw_deck_runs_out() -> None:
    """End of the turn: "If your draw deck is empty when you need to draw, shuffle your draw
    discard pile and turn it face down as your new draw deck"."""
    out = ["AD", "AC", "2D", "2S", "3C", "3D", "3S", "4C", "4H", "4S"]
    state = deal(["2C", "3H", "AS", "4D", "7D", "2H", "AH"], ["5H", "6C"], spy_discard=out)
    assert state.view(0)["draw_count"] == 2
    state.apply({"type": "counter", "cards": ["4D", "AS"]})
    state.apply({"type": "end_turn"})
    view = state.view(0)
    kinds = [event["kind"] for event in view["events"]]
    assert kinds == ["draw", "spy"]
    assert view["draw_count"] == 0 and len(view["hand"]) == 5
    state.apply({"type": "counter", "cards": ["7D"]})
    state.apply({"type": "end_turn"})
    view = state.view(0)
    kinds = [event["kind"] for event in view["events"]]
    assert kinds == ["reshuffle", "draw", "spy"]
    assert view["discard"] == [] and len(view["hand"]) == 5 and view["draw_count"] == 2


def test_hand_stays_short_when_both_piles_are_empty() -> None:
    """DESIGN: "if both are empty the hand stays short"."""
    out = [NAMES[card] for card in range(52) if GROUP_OF[card] == "A-4"]
    for card in ["2C", "2H", "2S"]:
        out.remove(card)
    state = deal(["2C", "2H", "2S", "7D", "8D"], ["5H", "6H"], spy_discard=out)
    state.apply({"type": "counter", "cards": ["7D"]})
    state.apply({"type": "retire", "cards": ["2C", "2H", "2S"]})
    state.apply({"type": "end_turn"})
    assert state.view(0)["hand"] == ["7D", "8D"]


# -- end of the game ---------------------------------------------------------------------------
def test_game_ends_after_the_turn_of_the_last_spy() -> None:
    """End of the game: "The game ends after the turn in which you deal with the last spy" —
    after paying for it the player may still retire, then ends the turn."""
    state = last_spy([*HAND, "JS", "QS", "JH", "QH", "JD"], "10C")
    state.apply({"type": "counter", "cards": ["KS"]})
    assert not state.is_over and state.view(0)["phase"] == "after"
    state.apply({"type": "end_turn"})
    assert state.is_over and state.to_play == [] and state.legal_actions() == []
    result = state.result
    assert result == {
        "winners": [],
        "reason": result["reason"],
        "won": False,
        "score": 6,
        "ending": "outnumbered",
        "faces_with_spies": 6,
        "spies_left": 0,
        "turns": 1,
    }
    assert "6 of the 12" in result["reason"]


def test_six_each_is_a_loss_seven_wins() -> None:
    """End of the game: "If you have more than there are in the spy discard pile – at least 7
    of the 12 – you have … won. Six each is a loss." DESIGN: score = face cards owned."""
    faces = [*HAND, "JS", "QS", "JH", "QH", "JD"]  # with the K♠: six owned
    lost = last_spy(faces, "KH")
    lost.apply({"type": "counter", "cards": ["KS"]})
    lost.apply({"type": "end_turn"})
    assert lost.result["won"] is False and lost.result["score"] == 6
    won = last_spy(faces, "KH")
    won.apply({"type": "recruit", "cards": ["AH", "KS"]})
    won.apply({"type": "end_turn"})
    assert won.result["won"] is True and won.result["winners"] == [0]
    assert won.result["score"] == 7 and won.result["ending"] == "infiltrated"
    assert won.view(0)["events"][-1]["kind"] == "game_over"


def test_retired_faces_count_for_the_spies() -> None:
    """Retire: "Careful: any face card you retire counts for the spies at the end"."""
    draw = ["JS", "JH", "4D", "6C", "KS", "QS", "QH", "JD", "KD"]  # seven faces
    state = last_spy(draw, "10C")
    state.apply({"type": "counter", "cards": ["4D", "6C"]})
    state.apply({"type": "end_turn"})
    assert state.result["won"] is True and state.result["score"] == 7
    state = last_spy(draw, "10C")
    state.apply({"type": "counter", "cards": ["4D", "6C"]})
    state.apply({"type": "retire", "cards": ["JS", "JH"]})
    view = state.view(0)
    assert view["faces_with_spies"] == 7 and view["faces_owned"] == 5
    state.apply({"type": "end_turn"})
    assert state.result["won"] is False and state.result["score"] == 5


def test_last_spy_assassinated_ends_the_game_at_once() -> None:
    """Assassinate: "Your turn is over" — and with the last spy, the game."""
    state = last_spy(["AH", "2C", "3H", "2D", "4D"], "KC")
    state.apply({"type": "assassinate", "ace": "AH"})
    assert state.is_over and state.result["ending"] == "outnumbered"


# -- illegal actions ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"type": "counter", "cards": ["2C", "2C"]}, "the 2♣ is chosen twice"),
        ({"type": "counter", "cards": ["9S"]}, "the 9♠ is not in your hand"),
        ({"type": "counter", "cards": ["XX"]}, "not a card"),
        ({"type": "counter", "cards": "2C"}, "must be a list"),
        ({"type": "counter"}, "needs 'cards'"),
        ({"type": "counter", "cards": ["2C", "3H"], "ace": "AH"}, "has no 'ace'"),
        ({"type": "recruit", "cards": ["2C", "3H"]}, "unless you play A♥"),
        ({"type": "counter", "cards": ["2C"]}, "needs 3 more"),
        ({"type": "assassinate", "ace": "AH"}, "you can still pay"),
        ({"type": "retire", "cards": ["2C", "2H"]}, "counter first"),
        ({"type": "end_turn"}, "counter first"),
        ({"type": "bid"}, "unknown action"),
    ],
)
def test_illegal_actions_change_nothing(action: dict[str, Any], reason: str) -> None:
    """DESIGN: apply "raises spygames.IllegalAction(reason) and leaves the state untouched"."""
    state = deal(["2C", "3H", "AH", "4D", "7D"], ["5H"])
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(action)
    assert snapshot(state) == before
    why = state.why_illegal(action)
    assert why is not None and reason in why


def test_apply_copies_the_action_into_the_record() -> None:
    """DESIGN: the record (seed + setup + actions) reproduces a game exactly."""
    state = deal(["2C", "3H", "AH", "4D", "7D"], ["5H"])
    action = {"type": "counter", "cards": ["7D"]}
    state.apply(action)
    action["cards"].append("2C")
    assert state.record()["actions"] == [{"type": "counter", "cards": ["7D"]}]
    again = spygames.replay(state.record())
    assert again.view(0) == state.view(0)


# -- the view and the helpers --------------------------------------------------------------------
def test_view_has_the_required_keys_and_is_json_safe() -> None:
    """DESIGN: views carry at least hand, spy, spies_left, draw_count, discard, spy_discard,
    removed, faces_owned, seat, to_play."""
    view = GAME.new(seed=3).view(0)
    required = {
        "seat", "to_play", "hand", "spy", "spies_left", "draw_count", "discard",
        "spy_discard", "removed", "faces_owned", "spies_left_by_tier", "faces_with_spies",
        "phase", "retired_this_turn", "turn", "owned_aces", "events",
    }  # fmt: skip
    assert required <= set(view)
    assert json.loads(json.dumps(view)) == view
    assert view["seat"] == 0 and view["to_play"] == [0] and view["phase"] == "deal"
    assert view["draw_cards"] == sort_cards(view["draw_cards"])
    assert {ace["where"] for ace in view["owned_aces"]} <= {"hand", "draw", "discard"}
    with pytest.raises(ValueError, match="one seat"):
        GAME.new(seed=3).view(1)


def test_view_does_not_depend_on_hidden_orders() -> None:
    """DESIGN: "view(seat) never contains … the deck order"."""
    state = GAME.new(seed=8)
    view = state.view(0)
    state.table.draw.reverse()
    state.table.spies[:-1] = state.table.spies[:-1][::-1]
    assert state.view(0) == view


def test_text_forms() -> None:
    """describe_action / describe_view: a readable terminal ("recruit 7♥ with 3♥ 5♥")."""
    assert describe_action({"type": "recruit", "cards": ["3H", "5H"]}, "7H") == (
        "recruit 7♥ with 3♥ 5♥"
    )
    assert GAME.describe_action({"type": "counter", "cards": ["7D"]}) == "counter with 7♦"
    assert GAME.describe_action({"type": "assassinate", "ace": "AH"}) == "assassinate with A♥"
    assert GAME.describe_action({"type": "end_turn"}) == "end turn"
    text = describe_view(GAME.new(seed=3).view(0))
    assert "Hand:" in text and "spy:" in text


def test_payment_helpers_for_the_ui() -> None:
    """Counter/Recruit rules as the UI asks them: a selection judged without an action."""
    hand = ["2C", "3H", "AH", "4D", "7D"]
    assert payment_problem(hand, "5H", ["2C", "3H"], "counter") is None
    assert payment_problem(hand, "5H", ["2C", "9S"], "counter") == "the 9♠ is not in your hand"
    assert payment_problem(hand, "5H", ["AH", "4D"], "recruit") is None
    assert payment_problem(hand, "5H", ["2C"], "bribe") is not None
    assert payments(hand, "5H", "recruit") == [["AH", "4D"], ["AH", "7D"], ["2C", "3H", "AH"]]


def test_the_payment_helpers_agree_with_the_rules_word_for_word() -> None:
    """ "Double agents: when recruiting, an Ace of the spy's suit ... turns any number of
    your other hand cards into that suit"; "retire ... two or more cards of the same
    value". The helpers the bots and the table use, each answer exact."""
    from spygames.deck_of_spies.payment import (
        is_double_agent,
        pays,
        read_selection,
        retire_options,
    )

    assert is_double_agent("AH", "7H") and not is_double_agent("AS", "7H")
    assert not is_double_agent("2H", "7H") and not is_double_agent("AD", "KC")
    three_h, four_h, six_s, ace_h = (card_id(c) for c in ("3H", "4H", "6S", "AH"))
    seven_h = card_id("7H")
    assert pays([three_h, four_h], seven_h, "recruit") and pays([ace_h, six_s], seven_h, "recruit")
    assert not pays([three_h, six_s], seven_h, "recruit")  # off-suit without the Ace
    assert pays([three_h, six_s], seven_h, "counter")  # any suit counters
    assert not pays([three_h, four_h, six_s], seven_h, "counter")  # the 3 is not needed
    assert read_selection([three_h], "3H") == ([], "cards must be a list of cards like '7H'")
    assert read_selection([three_h], ("3H",)) == ([three_h], None)
    sevens = [card_id(c) for c in ("7S", "7H", "7D")]
    assert retire_options([*sevens, three_h]) == [
        (sevens[0], sevens[1]), (sevens[0], sevens[2]), (sevens[1], sevens[2]), tuple(sevens)
    ]  # fmt: skip
    assert retire_options([three_h, four_h]) == []
    hand = ["7S", "7H", "3H"]
    assert retire_problem(hand, ["7S", "7H"]) is None
    assert retire_problem(hand, ["7S", "3H"]) == "retire needs two or more cards of one rank"
    assert retire_problem(hand, ["7S", "9Z"]).startswith("'9Z' is not a card")  # type: ignore[union-attr]
    assert retire_problem(hand, ["7S", "7D"]) == "the 7♦ is not in your hand"
    assert payment_problem(hand, "XX", ["3H"], "counter") == "there is no spy to pay for"
    assert (
        payment_problem(hand, "7H", ["3H"], "borrow")
        == "'borrow' is not a way to pay: counter or recruit"
    )
    # The hand sharpens the wording: with the double agent in hand, it says so.
    assert payment_problem(["3H", "7S"], "9H", ["3H", "7S"], "recruit") == "all ♥ to recruit the 9♥"
    assert payment_problem(["3H", "7S", "AH"], "9H", ["3H", "7S"], "recruit") == (
        "all ♥ unless you play A♥"
    )


def test_refusals_word_for_word() -> None:
    """What the player reads when a move is refused, each reason whole: the game's own
    words, not a fragment a test happens to find."""
    weak = deal(["AH", "2C", "3H", "AS", "2D"], ["KS"])  # 9 against the K♠'s 13
    assert weak.why_illegal({"type": "end_turn"}) == (
        "assassinate first: you must deal with the spy"
    )
    assert weak.why_illegal({"type": "retire", "cards": ["AH", "AS"]}) == (
        "assassinate first: you must deal with the spy"
    )
    assert weak.why_illegal({"type": "assassinate"}) == (
        "an assassinate action needs 'ace': the Ace to sacrifice, like 'AH'"
    )
    assert weak.why_illegal({"type": "assassinate", "ace": "1Z"}) == (
        "'1Z' is not a card: expected text like '10H' or 'AS'"
    )
    assert weak.view(0)["spy_value"] == 13 and weak.view(0)["game"] == "deck-of-spies"
    paid = deal(["AH", "2C", "3H", "7S", "7D"], ["5H"])
    paid.apply({"type": "counter", "cards": ["7S"]})
    dealt = "you have already dealt with this turn's spy: retire or end your turn"
    assert paid.why_illegal({"type": "counter", "cards": ["7D"]}) == dealt
    assert paid.why_illegal({"type": "assassinate", "ace": "AH"}) == dealt
    assert paid.why_illegal({"type": "retire"}) == (
        "a retire action needs 'cards': a list of cards like '2H'"
    )
    with pytest.raises(InvalidSetup) as refused:
        GAME.new(seed=1, options={"keep_score": True})
    assert str(refused.value) == (
        "Deck of Spies has no option 'keep_score' (the Keep score variant is always on: see "
        "the result's score)"
    )


def test_the_last_event_of_a_game_says_how_it_ended() -> None:
    """End of the game: the view's events end with the result's reason and outcome."""
    faces = [*HAND, "JS", "QS", "JH", "QH", "JD"]
    won = last_spy(faces, "KH")
    won.apply({"type": "recruit", "cards": ["AH", "KS"]})
    won.apply({"type": "end_turn"})
    over = won.view(0)
    assert over["events"][-1] == {"kind": "game_over", "text": won.result["reason"], "won": True}
    assert over["spy_value"] is None and won.why_illegal({"type": "end_turn"}) == (
        "the game is over"
    )
