"""SpyNet's outlook helpers: a branch after a placement, and why a deploy would play
nothing — worked out by the engine's own rules (rules/spynet.txt, DESIGN.md).

Cards (cards.json): agents a01 Breacher (Field Ops, 4), a02 Bodyguard (Field Ops, 3),
a04 Lookout (Field Ops, 2), a25 Smuggler (Field Ops or Deep Cover, 2), a31 Freelancer
(mercenary, 2); missions m01 (Field Ops, 1), m05 Embassy Party (Deep Cover, 1), m17
Jailbreak (Field Ops or Deep Cover); funding f01 (1), f05 (2).
"""

from __future__ import annotations

from typing import Any

from drivers.spynet_engine import FILLER, agents_in, deploy, new

from spygames.spynet import placement


def test_placement_beats_the_leader() -> None:
    """ "the player with the highest total power in a branch dominates it": 2 + 2 of
    funding against Breacher's 4 ties; with more it beats."""
    state = new(hands=[["a04", "f01", "f05"], []], deck=FILLER,
                tableaus=[{}, agents_in(("ops", ["a01"]))])  # fmt: skip
    view = state.view(0)
    tie = placement(view, "a04", "ops", ["f05"])
    assert (tie["power"], tie["powers"], tie["dominators"]) == (4, [4, 4], [])
    beat = placement(view, "a04", "ops", ["f01", "f05"])
    assert (beat["power"], beat["added"], beat["dominators"]) == (5, 5, [0])
    assert beat["before"] == [1]
    short = placement(view, "a04", "ops", [])
    assert short["dominators"] == [1]


def test_placement_ties_dominate_under_stand_off() -> None:
    """Stand-off (s4): "ties dominate too" — the table's own rule decides."""
    state = new(situation="s4", hands=[["a04", "f05"], []], deck=FILLER,
                tableaus=[{}, agents_in(("ops", ["a01"]))])  # fmt: skip
    assert placement(state.view(0), "a04", "ops", ["f05"])["dominators"] == [0, 1]


def test_placement_counts_the_teammate_as_no_rival() -> None:
    """ "Your power does not need to exceed your teammate's power": at 4 players a
    partner's bigger stack still leaves you dominating."""
    state = new(
        4,
        hands=[["a04"], [], [], []],
        deck=FILLER,
        tableaus=[{}, agents_in(("ops", ["a25"])), agents_in(("ops", ["a01"])), {}],
    )
    after = placement(state.view(0), "a04", "ops", [])
    assert after["powers"] == [2, 2, 4, 0]
    assert after["dominators"] == [2]  # 2 ties the opponent's 2: only the partner holds it
    state2 = new(
        4,
        hands=[["a02"], [], [], []],
        deck=FILLER,
        tableaus=[{}, agents_in(("ops", ["a25"])), agents_in(("ops", ["a01"])), {}],
    )
    assert placement(state2.view(0), "a02", "ops", [])["dominators"] == [0, 2]


def test_placement_reads_the_situation_bonus() -> None:
    """Tech Boom (s2): +1 in Tech, never for a mercenary."""
    state = new(situation="s2", hands=[["a31"], []], deck=FILLER)
    assert placement(state.view(0), "a31", "tech", [])["power"] == 2


def why_nothing(hand: list[str], **setup: Any) -> str | None:
    state = new(hands=[hand, []], deck=FILLER, **setup)
    assert state.view(0)["phase"] == "choose"
    reason = state.nothing_to_deploy()
    deploy(state)  # the same answer in the deploy itself
    assert state.nothing_to_deploy() == reason
    return reason


def test_nothing_to_deploy_names_each_card_kind() -> None:
    """ "You can play a mission in a branch only if you are currently dominating that
    branch"; funding is "attached to an agent as you play it"."""
    assert why_nothing([]) == "your hand is empty"
    reason = why_nothing(["m05", "m17", "f01"])
    assert reason == (
        "you hold no agent; your 2 missions need Field Ops or Deep Cover, where you do not "
        "dominate; funding goes only on an agent as you play it"
    )
    assert why_nothing(["m05"]) == (
        "you hold no agent; your mission Embassy Party needs Deep Cover, where you do not dominate"
    )


def test_something_to_deploy_is_none() -> None:
    """An agent can always be played (one a turn); a mission where you dominate too."""
    assert why_nothing(["a04"]) is None
    assert why_nothing(["m01"], tableaus=[agents_in(("ops", ["a04"])), {}]) is None


def test_nothing_more_after_the_agent() -> None:
    """ "Play one agent card" a turn: once it is down, a second agent has nowhere to go."""
    state = new(hands=[["a04", "a01"], []], deck=FILLER)
    deploy(state)
    state.apply({"type": "agent", "card": "a04", "branch": "ops", "funding": []})
    assert state.nothing_to_deploy() == "you have played your agent this turn"


def test_a_card_to_pass_is_something_to_deploy() -> None:
    """At 4 players "You may pass up to one card facedown to your teammate"."""
    state = new(4, hands=[["m05"], [], [], []], deck=FILLER)
    assert state.nothing_to_deploy() is None


def test_a_branch_done_this_turn_is_named() -> None:
    """ "up to one mission card facedown in each branch you are dominating" a turn."""
    state = new(hands=[["m01", "m04"], []], deck=FILLER, tableaus=[agents_in(("ops", ["a04"])), {}])
    deploy(state)
    assert state.nothing_to_deploy() is None
    state.apply({"type": "mission", "card": "m01", "branch": "ops"})
    reason = state.nothing_to_deploy()
    assert reason is not None
    assert reason.endswith("a mission already played there this turn (Field Ops)")
