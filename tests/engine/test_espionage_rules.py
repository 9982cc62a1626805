"""Espionage rules. Each test quotes (or names) the rule it checks, from
rules/espionage.txt or DESIGN.md's "Rulings where the sources are silent"."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import spygames
from spygames.espionage import cards
from spygames.espionage.rules import EspionageState

GAME = spygames.get_game("espionage")

# Two scripted hands. Mercenaries 3, Traitors 1 in play, so every count is matches + 2.
P0 = [
    "hacker-agency-london",
    "hacker-bureau-london",
    "face-command-london",
    "mercenary-1",
    "traitor-1",
    "muscle-agency-nyc",
]
P1 = [
    "hacker-command-moscow",
    "face-agency-moscow",
    "muscle-bureau-moscow",
    "mercenary-2",
    "mercenary-3",
    "face-bureau-nyc",
]
# Table counts for these hands: london 3+3-1 = 5, muscle 2+3-1 = 4, nyc 4, hacker 5.


def scripted(first: int = 0, **extra: Any) -> EspionageState:
    setup = {"hands": [list(P0), list(P1)], "first": first, **extra}
    state = GAME.new(seed=1, players=2, setup=setup)
    assert isinstance(state, EspionageState)
    return state


def bid(count: int, attribute: str, nxt: int) -> dict[str, Any]:
    return {"type": "bid", "count": count, "attribute": attribute, "next": nxt}


def snapshot(state: spygames.State) -> str:
    views = [state.view(s) for s in range(state.players)]
    return json.dumps(
        [views, state.record(), state.legal_actions(), state.rng.getstate()], sort_keys=True
    )


def reason(state: spygames.State, action: dict[str, Any]) -> str:
    before = snapshot(state)
    with pytest.raises(spygames.IllegalAction) as info:
        state.apply(action)
    assert snapshot(state) == before, "an illegal action changed the state"
    return info.value.reason


# -- components and setup --------------------------------------------------------------


def test_deck_composition() -> None:
    """ "Each spy is a unique combination of one role, faction and city, for a total of 27
    unique spies. The deck also includes five Mercenaries and four Traitors." and "There
    are nine of each attribute throughout the deck"."""
    assert len(cards.DECK) == 36 == len(set(cards.DECK))
    spies = [c for c in cards.DECK if cards.is_spy(c)]
    assert len(spies) == 27
    assert sum(cards.is_mercenary(c) for c in cards.DECK) == 5
    assert sum(cards.is_traitor(c) for c in cards.DECK) == 4
    per = Counter(a for c in spies for a in cards.attributes_of(c))
    assert per == dict.fromkeys(cards.ATTRIBUTES, 9)
    assert len({tuple(cards.attributes_of(c)) for c in spies}) == 27
    assert cards.ROLES == ("face", "hacker", "muscle")
    assert cards.FACTIONS == ("agency", "bureau", "command")
    assert cards.CITIES == ("nyc", "london", "moscow")
    assert "hacker-bureau-london" in cards.DECK
    assert tuple(f"mercenary-{i}" for i in range(1, 6)) == cards.MERCENARY_CARDS
    assert tuple(f"traitor-{i}" for i in range(1, 5)) == cards.TRAITOR_CARDS


def test_count_rule() -> None:
    """ "Count how many of that role, faction or city are out there. Any Mercenary cards
    add to this number. Any Traitor cards subtract from this number." """
    assert cards.tally(P0 + P1, "london") == (3, 3, 1)
    assert cards.count(P0 + P1, "london") == 5
    assert cards.count(P0 + P1, "muscle") == 4
    assert cards.count(["traitor-1", "traitor-2", "face-agency-nyc"], "moscow") == -2


@pytest.mark.parametrize(("players", "sources"), [(2, 6), (3, 4), (4, 3)])
def test_sources_per_player_count(players: int, sources: int) -> None:
    """SETUP THE GAME: "2 Players: Six Sources per player. 3 Players: Four Sources per
    player. 4 Players: Three Sources per player." All begin ACTIVE."""
    state = GAME.new(seed=3, players=players)
    view = state.view(0)
    assert [p["sources"] for p in view["players"]] == [sources] * players
    assert [p["underground"] for p in view["players"]] == [0] * players
    assert [p["points"] for p in view["players"]] == [0] * players


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_limits(players: int) -> None:
    """Espionage is for 2–4 players (the Sources table covers only 2, 3 and 4)."""
    with pytest.raises(spygames.InvalidSetup):
        GAME.new(seed=1, players=players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_equals_active_sources(players: int) -> None:
    """SETUP EACH ROUND: "The number of cards you can keep in your hand is determined by
    the number of your active sources." Checked again after a Source goes underground."""
    state = GAME.new(seed=11, players=players)
    assert isinstance(state, EspionageState)
    for _ in range(3):
        sizes = [len(h) for h in state.hands]
        assert sizes == state.sources
        dealt = [c for h in state.hands for c in h]
        assert len(dealt) == len(set(dealt)) and set(dealt) <= set(cards.DECK)
        assert state.view(0)["dealt"] == sum(state.sources)
        opener = state.turn
        other = next(s for s in state.active_seats() if s != opener)
        state.apply(bid(state.dealt, "face", other))  # surely too high unless exact
        state.apply({"type": "call"})
        if state.is_over:
            break
    assert sum(state.underground) >= 1


def test_shuffle_is_seeded() -> None:
    """DESIGN: "Randomness comes only from random.Random seeded by the state's seed"."""
    a, b = GAME.new(seed=5, players=3), GAME.new(seed=5, players=3)
    c = GAME.new(seed=6, players=3)
    assert isinstance(a, EspionageState) and isinstance(b, EspionageState)
    assert isinstance(c, EspionageState)
    assert a.hands == b.hands and a.turn == b.turn
    assert a.hands != c.hands


# -- bidding -----------------------------------------------------------------------------


def test_first_bid_range() -> None:
    """Ruling: "Counts run from 1 to the number of cards dealt." """
    state = scripted()
    assert reason(state, bid(0, "london", 1)) == "bid must be at least 1"
    assert "more than 12" in reason(state, bid(13, "london", 1))
    state.apply(bid(12, "london", 1))
    assert state.bid == {"count": 12, "attribute": "london", "by": 0}


def test_bid_cannot_go_lower() -> None:
    """BID: "You may not bid a lower number than has been previously stated"."""
    state = scripted()
    state.apply(bid(4, "hacker", 1))
    assert reason(state, bid(3, "moscow", 0)) == "bid must be at least 4"


def test_same_count_new_attribute() -> None:
    """BID: "you may bid the same number while changing the role, faction or city", and
    the ruling: "A bid at the same count must name an attribute not yet bid at that count
    this round"."""
    state = scripted()
    state.apply(bid(4, "hacker", 1))
    assert reason(state, bid(4, "hacker", 0)) == "Hacker has already been bid at 4 this round"
    state.apply(bid(4, "agency", 0))
    state.apply(bid(4, "london", 1))
    # Hacker was bid at 4 earlier in the round, even though it is not the standing bid.
    assert reason(state, bid(4, "hacker", 0)) == "Hacker has already been bid at 4 this round"
    assert reason(state, bid(4, "london", 0)) == "London has already been bid at 4 this round"
    view = state.view(1)
    assert view["taken"] == ["hacker", "agency", "london"]
    legal = state.legal_actions()
    at_four = {a["attribute"] for a in legal if a["type"] == "bid" and a["count"] == 4}
    assert at_four == set(cards.ATTRIBUTES) - {"hacker", "agency", "london"}


def test_raise_may_change_attribute() -> None:
    """RAISE: "You may increase the number currently being bid. You may also change the
    role, faction or city being bid." A raised count is free of earlier same-count bids."""
    state = scripted()
    state.apply(bid(5, "moscow", 1))
    state.apply(bid(6, "moscow", 0))
    state.apply(bid(7, "hacker", 1))
    assert state.bid == {"count": 7, "attribute": "hacker", "by": 0}
    assert [(h["count"], h["attribute"], h["by"], h["next"]) for h in state.history] == [
        (5, "moscow", 0, 1),
        (6, "moscow", 1, 0),
        (7, "hacker", 0, 1),
    ]


def test_bid_shape_reasons() -> None:
    """DESIGN: bids are {"type":"bid","count":N,"attribute":A,"next":seat}; anything else
    is refused with a reason and changes nothing."""
    state = scripted()
    assert "role, faction or city" in reason(state, bid(2, "paris", 1))
    assert "count" in reason(state, {"type": "bid", "count": "2", "attribute": "nyc", "next": 1})
    assert "count" in reason(state, {"type": "bid", "count": True, "attribute": "nyc", "next": 1})
    assert "next" in reason(state, {"type": "bid", "count": 2, "attribute": "nyc"})
    assert "takes no" in reason(state, {**bid(2, "nyc", 1), "seat": 0})
    assert "unknown action" in reason(state, {"type": "pass"})
    assert "takes no" in reason(state, {"type": "call", "count": 3})
    assert "no seat 2" in reason(state, bid(2, "nyc", 2))


def test_next_player_is_chosen() -> None:
    """PLAYING YOUR TURN: "Then choose another player to take the next turn. Turns do not
    proceed clockwise. You choose who goes next." """
    state = GAME.new(seed=2, players=4, setup={"first": 1})
    assert state.to_play == [1]
    assert reason(state, bid(1, "nyc", 1)) == "you cannot pass the turn to yourself"
    state.apply(bid(1, "nyc", 3))
    assert state.to_play == [3]
    state.apply(bid(2, "nyc", 0))
    assert state.to_play == [0]
    assert {a["next"] for a in state.legal_actions() if a["type"] == "bid"} == {1, 2, 3}


def test_cannot_name_a_player_who_is_out() -> None:
    """ "Then choose another player" — only players still in (with active Sources) can
    take a turn: one with none left is eliminated."""
    state = GAME.new(seed=2, players=3, setup={"first": 0, "sources": [4, 0, 4]})
    assert state.view(0)["players"][1] == {
        "sources": 0,
        "underground": 4,
        "points": 0,
        "hand_size": 0,
        "active": False,
    }
    assert reason(state, bid(1, "nyc", 1)) == "player 2 is out"
    assert {a["next"] for a in state.legal_actions() if a["type"] == "bid"} == {2}


def test_only_the_named_player_acts() -> None:
    """PLAYING YOUR TURN: "On your turn, you may BID, RAISE, CALL or SPOT." Only the
    player whose turn it is (the one just named) may act."""
    state = scripted()
    state.apply(bid(2, "nyc", 1))
    assert state.to_play == [1]
    assert state.why_illegal_for(0, {"type": "call"}) == "it is not your turn"
    assert state.why_illegal_for(1, {"type": "call"}) is None


def test_call_and_spot_need_a_bid() -> None:
    """Ruling: "Call and spot need a standing bid." """
    state = scripted()
    assert reason(state, {"type": "call"}) == "no bid to call yet"
    assert reason(state, {"type": "spot"}) == "no bid to spot yet"
    assert all(a["type"] == "bid" for a in state.legal_actions())


# -- call ----------------------------------------------------------------------------------


def test_call_when_bid_holds() -> None:
    """CALL: "If the bid is correct (there are at least that many role, faction or city):
    One of the Caller's Sources goes underground." Counting includes Mercenaries and
    Traitors (London: 3 spies + 3 Mercenaries − 1 Traitor = 5 ≥ 5)."""
    state = scripted()
    state.apply(bid(5, "london", 1))
    state.apply({"type": "call"})
    assert state.sources == [6, 5] and state.underground == [0, 1]
    assert state.points == [0, 0]
    shown = state.view(0)["revealed"]
    assert shown["count"] == 5 and shown["matches"] == 3
    assert shown["mercenaries"] == 3 and shown["traitors"] == 1
    assert shown["kind"] == "call" and shown["by"] == 1 and shown["loser"] == 1
    assert shown["point_to"] is None
    assert shown["bid"] == {"count": 5, "attribute": "london", "by": 0}
    assert shown["hands"] == [P0, P1]
    assert shown["outcome"] == (
        "player 2 called at least 5 spies in London: the count is 5, the bid holds. "
        "Player 2 loses a Source."
    )


def test_call_when_bid_fails() -> None:
    """CALL: "If the bid was incorrect: (there are fewer than that many role, faction or
    city): One of the bidder's Sources goes underground." (Muscle: 2 + 3 − 1 = 4 < 5)."""
    state = scripted()
    state.apply(bid(5, "muscle", 1))
    state.apply({"type": "call"})
    assert state.sources == [5, 6] and state.underground == [1, 0]
    assert state.view(1)["revealed"]["loser"] == 0
    assert state.view(1)["revealed"]["outcome"] == (
        "player 2 called at least 5 Muscles: the count is 4, the bid fails. "
        "Player 1 loses a Source."
    )


def test_count_can_go_below_zero() -> None:
    """Traitors "subtract from this number": with four Traitors and no matches or
    Mercenaries the count is −4, so even a bid of 1 fails when called."""
    p0 = ["traitor-1", "traitor-2", "traitor-3", "traitor-4", "face-agency-london"]
    p0.append("face-bureau-london")
    p1 = [
        "hacker-agency-london",
        "hacker-bureau-moscow",
        "muscle-command-moscow",
        "face-command-moscow",
        "muscle-agency-london",
        "hacker-command-london",
    ]
    state = GAME.new(seed=1, players=2, setup={"hands": [p0, p1], "first": 1})
    state.apply(bid(1, "nyc", 0))
    state.apply({"type": "call"})
    shown = state.view(0)["revealed"]
    assert shown["count"] == -4 and shown["traitors"] == 4 and shown["matches"] == 0
    assert shown["loser"] == 1


# -- spot ------------------------------------------------------------------------------------


def test_spot_right() -> None:
    """SPOT: "If the Spotter is correct (there are exactly that many role, faction or
    city): One of the bidder's Sources goes underground and the Spotter gains 1 point." """
    state = scripted()
    state.apply(bid(4, "muscle", 1))
    state.apply({"type": "spot"})
    assert state.sources == [5, 6] and state.points == [0, 1]
    shown = state.view(0)["revealed"]
    assert shown["kind"] == "spot" and shown["loser"] == 0 and shown["point_to"] == 1
    assert shown["outcome"] == (
        "player 2 spotted exactly 4 Muscles: the count is 4, the spot is right. "
        "Player 1 loses a Source and player 2 scores a point."
    )


@pytest.mark.parametrize(("count", "attribute"), [(3, "muscle"), (5, "muscle")])
def test_spot_wrong(count: int, attribute: str) -> None:
    """SPOT: "If the Spotter was incorrect: (there are fewer or more than that many ...):
    One of the Spotter's Sources goes underground and the bidder gains 1 point." Both
    too low (3) and too high (5) against a count of 4."""
    state = scripted()
    state.apply(bid(count, attribute, 1))
    state.apply({"type": "spot"})
    assert state.sources == [6, 5] and state.points == [1, 0]
    shown = state.view(1)["revealed"]
    assert shown["loser"] == 1 and shown["point_to"] == 0
    assert shown["outcome"] == (
        f"player 2 spotted exactly {count} Muscles: the count is 4, the spot is wrong. "
        "Player 2 loses a Source and player 1 scores a point."
    )


# -- rounds, openers, the end ----------------------------------------------------------------


def test_reveal_stays_until_the_next_first_bid() -> None:
    """CALL: "all players reveal their entire hands" — our flow: the round settles and the
    next is dealt at once; `revealed` shows the finished round until the new round's first
    bid, `last_round` keeps it for the whole next round."""
    state = scripted()
    assert state.view(0)["revealed"] is None and state.view(0)["last_round"] is None
    state.apply(bid(5, "muscle", 1))
    state.apply({"type": "call"})
    view = state.view(1)
    assert view["round"] == 2 and view["bid"] is None and view["history"] == []
    assert view["revealed"]["round"] == 1 and view["revealed"]["hands"] == [P0, P1]
    assert view["hand"] != P1 and len(view["hand"]) == 6
    state.apply(bid(1, "nyc", 1))
    view = state.view(1)
    assert view["revealed"] is None
    assert view["last_round"]["hands"] == [P0, P1]


def test_loser_opens_next_round() -> None:
    """SETUP EACH ROUND: "Thereafter whoever lost the last round makes the first bid." """
    state = scripted(first=0)
    state.apply(bid(5, "london", 1))
    state.apply({"type": "call"})  # bid holds: the caller, seat 1, loses
    assert state.to_play == [1] and state.opener == 1
    three = GAME.new(seed=9, players=3, setup={"first": 2})
    assert isinstance(three, EspionageState)
    three.apply(bid(three.dealt, "nyc", 0))
    three.apply({"type": "call"})
    loser = three.view(0)["last_round"]["loser"]
    assert three.to_play == [loser]


def test_eliminated_loser_hands_opening_to_the_winner() -> None:
    """SETUP EACH ROUND: "If the loser was eliminated the last round, the winner of the bid
    makes the first bid." Player 1 (seat 0) with one Source bids too high and is called by
    player 3; player 3 opens, not player 2."""
    hands = [
        ["face-agency-nyc"],
        ["face-bureau-nyc", "hacker-agency-moscow", "traitor-1", "muscle-agency-london"],
        ["face-command-london", "mercenary-1", "hacker-bureau-moscow", "muscle-command-nyc"],
    ]
    setup = {"hands": hands, "first": 0, "sources": [1, 4, 4]}
    state = GAME.new(seed=4, players=3, setup=setup)
    assert isinstance(state, EspionageState)
    state.apply(bid(4, "nyc", 2))  # nyc: 3 spies + 1 Mercenary − 1 Traitor = 3 < 4
    state.apply({"type": "call"})
    assert state.sources == [0, 4, 4] and not state.is_over
    shown = state.view(1)["revealed"]
    assert shown["eliminated"] is True and shown["loser"] == 0 and shown["count"] == 3
    assert state.to_play == [2]
    assert state.hands[0] == [] and state.dealt == 8
    assert state.view(1)["players"][0]["active"] is False


def test_eliminated_spotter() -> None:
    """SPOT: "If that player was eliminated, then the winner makes the first bid next
    round." A wrong spot by a player with one Source knocks them out; the bidder opens."""
    hands = [
        ["face-agency-nyc", "face-bureau-nyc", "face-command-nyc"],
        ["hacker-agency-moscow"],
        ["muscle-agency-london", "mercenary-1", "traitor-1"],
        ["hacker-bureau-moscow", "muscle-bureau-london", "hacker-command-london"],
    ]
    setup = {"hands": hands, "first": 3, "sources": [3, 1, 3, 3]}
    state = GAME.new(seed=4, players=4, setup=setup)
    assert isinstance(state, EspionageState)
    state.apply(bid(4, "nyc", 1))  # nyc: 3 + 1 − 1 = 3, not 4
    state.apply({"type": "spot"})
    assert state.sources == [3, 0, 3, 3]
    assert state.points == [0, 0, 0, 1]
    assert state.to_play == [3] and not state.is_over


def test_game_ends_at_three_points() -> None:
    """ENDGAME AND VICTORY: "The player who reaches 3 points ... wins!" — at once."""
    state = scripted(points=[0, 2])
    state.apply(bid(4, "muscle", 1))
    state.apply({"type": "spot"})
    assert state.is_over and state.to_play == [] and state.legal_actions() == []
    assert state.result == {
        "winners": [1],
        "reason": "player 2 scored 3 points",
        "ending": "points",
        "points": [0, 3],
        "sources": [5, 6],
    }
    assert reason(state, bid(1, "nyc", 0)) == "the game is over"
    assert state.why_illegal_for(1, {"type": "call"}) == "the game is over"
    view = state.view(0)
    assert view["over"] is True and view["revealed"]["point_to"] == 1


def test_bidder_scores_third_point_from_a_wrong_spot() -> None:
    """SPOT: a wrong spot gives "the bidder ... 1 point", which can win the game."""
    state = scripted(points=[2, 0])
    state.apply(bid(5, "muscle", 1))
    state.apply({"type": "spot"})
    assert state.result is not None and state.result["winners"] == [0]
    assert state.result["ending"] == "points"


def test_game_ends_with_last_active_player() -> None:
    """ENDGAME AND VICTORY: the player who "is the last player with active Sources wins"."""
    p0, p1 = P0[:1], P1[:1]  # London: 1 spy; Moscow: 1 spy
    state = GAME.new(seed=1, players=2, setup={"hands": [p0, p1], "first": 0, "sources": [1, 1]})
    state.apply(bid(2, "london", 1))
    state.apply({"type": "call"})
    assert state.result == {
        "winners": [1],
        "reason": "player 2 is the last with active Sources",
        "ending": "last_active",
        "points": [0, 0],
        "sources": [0, 1],
    }
    assert state.view(1)["revealed"]["outcome"] == (
        "player 2 called at least 2 spies in London: the count is 1, the bid fails. "
        "Player 1 loses a Source; player 1 is out."
    )


def test_three_player_game_goes_on_after_an_elimination() -> None:
    """ENDGAME: only the *last* player with active Sources wins; with two left, play on."""
    hands = [
        ["face-agency-nyc", "face-bureau-nyc"],
        ["muscle-agency-moscow"],
        ["hacker-agency-london", "traitor-1"],
    ]
    setup = {"hands": hands, "first": 1, "sources": [2, 1, 2]}
    state = GAME.new(seed=8, players=3, setup=setup)
    assert isinstance(state, EspionageState)
    state.apply(bid(3, "face", 0))  # Face: 2 − 1 = 1 < 3
    state.apply({"type": "call"})
    assert state.sources == [2, 0, 2]
    assert not state.is_over and state.to_play == [0]
    assert state.active_seats() == [0, 2]
    assert [len(h) for h in state.hands] == [2, 0, 2]


# -- scripted setups ---------------------------------------------------------------------------


def test_scripted_round_with_setup() -> None:
    """DESIGN: Espionage `setup` is {"hands": [[...], [...]], "first": seat} for the first
    round; a full scripted round, then the second round is dealt from the seed."""
    state = scripted(first=1)
    assert state.view(0)["hand"] == P0 and state.view(1)["hand"] == P1
    assert state.to_play == [1]
    state.apply(bid(3, "hacker", 0))
    state.apply(bid(4, "hacker", 1))
    state.apply(bid(5, "hacker", 0))
    state.apply({"type": "call"})  # hacker: 3 spies + 3 Mercenaries − 1 Traitor = 5 ≥ 5
    assert state.sources == [5, 6]
    assert state.view(0)["revealed"]["count"] == 5
    assert state.to_play == [0] and state.round == 2
    again = spygames.replay(json.loads(json.dumps(state.record())))
    assert [again.view(s) for s in (0, 1)] == [state.view(s) for s in (0, 1)]


JOKER = (
    "setup hand 1: 'joker' is not an Espionage card: expected 'role-faction-city' (e.g. "
    "'hacker-bureau-london'), 'mercenary-1'..'mercenary-5' or 'traitor-1'..'traitor-4'"
)
SOURCES = "setup sources must list 2 numbers from 0 to 6"
POINTS = "setup points must list 2 numbers from 0 to 2"


@pytest.mark.parametrize(
    ("setup", "says"),
    [
        ({"hands": [P0]}, "setup hands must be a list of 2 hands, one per seat"),
        ({"hands": [P0, P1[:5]]}, "setup hand 1 must hold 6 cards (one per active Source), not 5"),
        ({"hands": [P0, [*P1[:5], "hacker-agency-london"]]},
         "setup hands: hacker-agency-london is dealt twice"),
        ({"hands": [P0, [*P1[:5], "joker"]]}, JOKER),
        ({"hands": [P0, "joker"]}, "setup hand 1 must be a list of cards"),
        ({"first": 2}, "setup first must be a seat from 0 to 1"),
        ({"first": 0, "sources": [0, 6]},
         "setup sources must leave at least two players with active Sources"),
        ({"sources": [7, 6]}, SOURCES),
        ({"sources": 6}, SOURCES),
        ({"sources": [6]}, SOURCES),
        ({"points": [3, 0]}, POINTS),
        ({"points": 0}, POINTS),
        ({"points": [0]}, POINTS),
        ({"deck": []}, "unknown setup keys deck (Espionage takes hands, first, sources, points)"),
    ],
)  # fmt: skip
def test_bad_setup(setup: dict[str, Any], says: str) -> None:
    """DESIGN: `setup` fixes the first round; a setup that breaks the rules is refused, with
    the whole reason."""
    with pytest.raises(spygames.InvalidSetup) as refused:
        GAME.new(seed=1, players=2, setup=setup)
    assert str(refused.value) == says


def test_a_setup_with_fewer_sources_has_the_rest_underground() -> None:
    """SETUP: each player starts with 6 Sources; those a setup leaves out are underground."""
    state = GAME.new(seed=1, players=2, setup={"sources": [4, 6], "first": 0})
    assert [p["underground"] for p in state.view(0)["players"]] == [2, 0]
    assert [p["sources"] for p in state.view(1)["players"]] == [4, 6]


def seat(name: str, kind: str = "bot", level: str | None = "normal") -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "kind": kind}
    if level is not None:
        out["level"] = level
    return out


TABLE = [
    seat("Ann", "human", None),
    seat("Bo", "human", None),
    seat("Cy"),
    seat("Di", level="hard"),
]


def test_seats_option_describes_the_table_and_travels_in_the_record() -> None:
    """DESIGN: the record is the save and the share link, so the table (names, people,
    bot levels) travels in `options["seats"]`; the rules never look at it."""
    state = GAME.new(
        seed=4, players=4, options={"seats": [{**TABLE[0], "name": "  Ann "}, *TABLE[1:]]}
    )
    record = state.record()
    assert record["options"]["seats"] == [
        {"name": "Ann", "kind": "human", "level": "normal"},
        {"name": "Bo", "kind": "human", "level": "normal"},
        {"name": "Cy", "kind": "bot", "level": "normal"},
        {"name": "Di", "kind": "bot", "level": "hard"},
    ]
    assert state.view(2)["names"] == ["Ann", "Bo", "Cy", "Di"]
    plain = GAME.new(seed=4, players=4)
    assert plain.view(0)["names"] is None and plain.record()["options"] == {}
    # the seats change nothing in the game: the same deal, opener and legal moves
    assert [state.view(s)["hand"] for s in range(4)] == [plain.view(s)["hand"] for s in range(4)]
    assert state.legal_actions() == plain.legal_actions()
    for _ in range(6):
        action = state.legal_actions()[0]
        state.apply(action)
        plain.apply(action)
    again = spygames.replay(json.loads(json.dumps(state.record())))
    assert again.record() == state.record()
    assert [again.view(s) for s in range(4)] == [state.view(s) for s in range(4)]
    assert "player 1 (Ann)" in GAME.describe_view(state.view(0))


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"fast": True}, "no option fast"),
        ({"seats": TABLE[0]}, "must be a list of 2 seats"),
        ({"seats": TABLE[:1]}, "must list 2 seats, one per player, not 1"),
        ({"seats": TABLE[:3]}, "must list 2 seats, one per player, not 3"),
        ({"seats": ["Ann", "Bo"]}, "seat 1 must be an object"),
        ({"seats": [TABLE[0], seat("")]}, "seat 2 needs a name"),
        ({"seats": [TABLE[0], seat("   ")]}, "seat 2 needs a name"),
        ({"seats": [TABLE[0], {"name": 7, "kind": "bot"}]}, "seat 2 needs a name"),
        ({"seats": [TABLE[0], seat("X" * 21)]}, "longer than 20 characters"),
        ({"seats": [TABLE[0], seat("Bo", "robot")]}, "kind must be human or bot"),
        ({"seats": [TABLE[0], {"name": "Bo"}]}, "kind must be human or bot"),
        ({"seats": [TABLE[0], seat("Bo", level="random")]}, "level must be one of easy"),
        ({"seats": [TABLE[0], seat("Bo", level=None)]}, "a bot needs a level"),
        ({"seats": [TABLE[0], seat("Bo", "human", "expert")]}, "level must be one of easy"),
        ({"seats": [TABLE[0], {**TABLE[2], "colour": "red"}]}, "unknown keys colour"),
        ({"seats": [seat("Cy"), seat("Di")]}, "at least one person"),
    ],
)
def test_bad_seats_are_refused_with_a_reason(options: dict[str, Any], words: str) -> None:
    """A table that cannot be shown is refused rather than silently patched."""
    with pytest.raises(spygames.InvalidSetup, match=words):
        GAME.new(seed=1, players=2, options=options)


def test_a_twenty_character_name_is_fine() -> None:
    state = GAME.new(seed=1, players=2, options={"seats": [seat("Y" * 20, "human"), seat("Bo")]})
    assert state.view(0)["names"] == ["Y" * 20, "Bo"]


def test_illegal_actions_leave_state_unchanged() -> None:
    """DESIGN: `apply` "raises spygames.IllegalAction(reason) and leaves the state
    untouched when the action is not legal now"."""
    state = scripted()
    state.apply(bid(4, "hacker", 1))
    for action in [
        bid(3, "hacker", 0),
        bid(4, "hacker", 0),
        bid(5, "hacker", 1),
        bid(13, "hacker", 0),
        {"type": "pass"},
        {"type": "call", "extra": 1},
    ]:
        reason(state, action)
    assert len(state.record()["actions"]) == 1


# -- words -----------------------------------------------------------------------------------------


def test_describe() -> None:
    """Text forms for the terminal and the move log."""
    assert GAME.describe_action(bid(4, "hacker", 1)) == "bid: at least 4 Hackers → player 2"
    assert GAME.describe_action(bid(1, "london", 0)) == "bid: at least 1 spy in London → player 1"
    assert GAME.describe_action({"type": "call"}).startswith("call")
    state = scripted()
    state.apply(bid(5, "muscle", 1))
    state.apply({"type": "call"})
    text = GAME.describe_view(state.view(0))
    assert "Round 2" in text and "count = 2 matching + 3 Mercenaries − 1 Traitors = 4" in text
    assert "Hacker, Agency, London" in text


def test_the_view_of_a_fresh_round_and_of_a_bid() -> None:
    """What a seat may know (DESIGN, the view): its own hand, everyone's Sources, points
    and hand sizes, the bid to beat and the lowest count it may bid."""
    state = scripted()
    view = state.view(0)
    assert {k: v for k, v in view.items() if k != "hand"} == {
        "game": "espionage", "seat": 0, "to_play": [0], "round": 1, "opener": 0,
        "players": [{"sources": 6, "underground": 0, "points": 0, "hand_size": 6,
                     "active": True}] * 2,
        "dealt": 12, "bid": None, "min_count": 1, "taken": [], "history": [],
        "revealed": None, "last_round": None, "names": None, "points_to_win": 3,
        "over": False, "result": None,
    }  # fmt: skip
    state.apply(bid(3, "london", 1))
    view = state.view(1)
    assert view["bid"] == {"count": 3, "attribute": "london", "by": 0}
    assert view["min_count"] == 3
    with pytest.raises(ValueError) as refused:
        state.view(2)
    assert str(refused.value) == "no seat 2 in a 2-player game"
    for seat in (-1, True, "0"):
        with pytest.raises(ValueError):
            state.view(seat)  # type: ignore[arg-type]


def test_a_player_with_one_source_is_still_active_and_the_result_is_in_the_view() -> None:
    """ELIMINATION: a player is out only with no active Source left; the end is in every
    view."""
    p0, p1 = P0[:1], P1[:2]
    state = GAME.new(seed=1, players=2, setup={"hands": [p0, p1], "first": 0, "sources": [1, 2]})
    assert [p["active"] for p in state.view(0)["players"]] == [True, True]
    state.apply(bid(2, "london", 1))
    state.apply({"type": "call"})
    view = state.view(0)
    assert view["over"] is True and view["result"] == state.result
    assert [p["active"] for p in view["players"]] == [view["players"][0]["sources"] > 0, True]
    shown = view["revealed"]
    assert shown["hands"] == [p0, p1] and shown["bid"] == {"count": 2, "attribute": "london",
                                                           "by": 0}  # fmt: skip
    assert set(shown) == {
        "round", "hands", "count", "matches", "mercenaries", "traitors", "attribute", "bid",
        "by", "kind", "outcome", "loser", "winner", "point_to", "eliminated",
    }  # fmt: skip
    assert view["last_round"] == shown and view["last_round"] is not shown


def test_a_deal_is_the_same_in_every_version() -> None:
    """A saved game and a shared link are a seed and moves: the deal a seed makes may never
    change, or every record made before would replay another game."""
    state = GAME.new(seed=1, players=2)
    assert state.view(0)["hand"] == [
        "traitor-3", "traitor-4", "face-agency-moscow", "hacker-agency-nyc",
        "muscle-command-nyc", "face-agency-london",
    ]  # fmt: skip
    assert state.view(1)["hand"] == [
        "muscle-bureau-nyc", "muscle-command-moscow", "hacker-agency-london",
        "hacker-command-moscow", "hacker-agency-moscow", "muscle-bureau-london",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("action", "says"),
    [
        ({"type": "bid", "attribute": "london", "next": 1}, "a bid needs a count (a whole number)"),
        ({"type": "bid", "count": "2", "attribute": "london", "next": 1},
         "a bid needs a count (a whole number)"),
        ({"type": "bid", "count": 2, "attribute": "paris", "next": 1},
         "'paris' is not a role, faction or city (face, hacker, muscle, agency, bureau, "
         "command, nyc, london, moscow)"),
        ({"type": "bid", "count": 2, "attribute": "london"},
         "a bid must name the next player (a seat number)"),
        ({"type": "bid", "count": 2, "attribute": "london", "next": 5},
         "there is no seat 5: seats run from 0 to 1"),
        ({"type": "bid", "count": 2, "attribute": "london", "next": 1, "extra": 1, "more": 2},
         "a bid takes no extra, more"),
        ({"type": "call", "x": 1}, "a call takes no x"),
    ],
)  # fmt: skip
def test_refusals_word_for_word(action: dict[str, Any], says: str) -> None:
    """A refused move says why, whole (the table shows these words)."""
    assert scripted().why_illegal(action) == says


@pytest.mark.parametrize(
    ("setup", "says"),
    [
        ({"first": 5}, "setup first must be a seat from 0 to 2"),
        ({"first": 1, "sources": [4, 0, 4]}, "setup first: player 2 has no active Sources"),
        ({"deck": 1, "colour": 2},
         "unknown setup keys colour, deck (Espionage takes hands, first, sources, points)"),
    ],
)  # fmt: skip
def test_bad_three_player_setup(setup: dict[str, Any], says: str) -> None:
    with pytest.raises(spygames.InvalidSetup) as refused:
        GAME.new(seed=1, players=3, setup=setup)
    assert str(refused.value) == says


def test_unknown_options_are_named() -> None:
    with pytest.raises(spygames.InvalidSetup) as refused:
        GAME.new(seed=1, players=2, options={"b": 1, "a": 2})
    assert str(refused.value) == "Espionage has no option a, b (its one option is seats)"
