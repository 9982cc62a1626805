"""SpyNet rules. Each test quotes (or names) the rule it checks, from rules/spynet.txt or
DESIGN.md's SpyNet rulings and "SpyNet's card set".

Cards used (see spygames/spynet/cards.json): agents a01 Breacher (Field Ops, 4), a02
Bodyguard (Field Ops, 3), a04 Lookout (Field Ops, 2), a05 Cleaner (Field Ops, 2,
eliminate ≤ 2), a07 Sleeper (Deep Cover, 4), a10 Courier (Deep Cover, 2), a11 Turncoat
(Deep Cover, 2, flip ≤ 2), a17 Censor (Counter-Intel, 2, discard), a19 Codebreaker
(Tech, 4), a23 Forger (Tech, 2, draw 2), a24 Signal Tapper (Tech, 1, one extra agent),
a25 Smuggler (Field Ops or Deep Cover, 2), a31 Freelancer (mercenary, 2); missions m01
(Field Ops, 1), m04 (Field Ops, 3), m05 (Deep Cover, 1), m17 (Field Ops or Deep Cover,
1), m23 (Field Ops, 3, if you dominate it), m24 (Field Ops, 3, with 3 agents there);
funding f01 (1), f05 (2), f10 (4).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from drivers.spynet_engine import FILLER, GAME, agent, agents_in, deploy, new

import spygames
from spygames.spynet import agent_power, branch_info, card_info, situation_info
from spygames.spynet.cards import (
    AGENTS,
    DATA,
    DECK,
    FUNDING,
    MISSION,
    MISSIONS,
    SITUATIONS,
    check_card_set,
)
from spygames.spynet.rules import SpyNetState
from spygames.spynet.text import card_text, situation_text

"""Missions used nowhere else here, to fill the deck."""


def snapshot(state: spygames.State) -> str:
    views = [state.view(s) for s in range(state.players)]
    return json.dumps([views, state.record(), state.legal_actions()], sort_keys=True)


def refused(state: spygames.State, action: dict[str, Any]) -> str:
    """The reason `action` is refused; the state must be unchanged."""
    before = snapshot(state)
    with pytest.raises(spygames.IllegalAction) as info:
        state.apply(action)
    assert snapshot(state) == before, "an illegal action changed the state"
    return info.value.reason


def mission(card: str, branch: str) -> dict[str, Any]:
    return {"type": "mission", "card": card, "branch": branch}


END = {"type": "end_turn"}


# -- the card set ----------------------------------------------------------------------
def test_components() -> None:
    """ "34 Agent Cards, 32 Mission Cards, 10 Funding Cards, 16 Branch Tokens, 8 Situation
    Cards"; DESIGN: four branches, one of them Tech, each with a name, icon and colour."""
    assert (len(AGENTS), len(MISSIONS), len(FUNDING), len(SITUATIONS)) == (34, 32, 10, 8)
    assert len(DECK) == 76 == len(set(DECK))
    branches = branch_info()
    assert len(branches) == 4 and "tech" in {b["id"] for b in branches}
    assert len({b["name"] for b in branches}) == 4 and len({b["colour"] for b in branches}) == 4
    assert all(b["icon"].startswith("M") for b in branches)
    assert check_card_set(DATA) == []


def test_card_set_variety() -> None:
    """DESIGN: single-, dual- and all-branch (mercenary) agents with powers mostly 1–4;
    special agents with effects (discard, eliminate, flip, extra agents at least);
    missions of 1–3 stars mostly, some in two branches, some with conditions; funding of
    several values."""
    widths = {len(a.branches) for a in AGENTS}
    assert widths == {1, 2, 4}
    assert all(a.mercenary == (len(a.branches) == 4) for a in AGENTS)
    assert sum(1 <= a.power <= 4 for a in AGENTS) >= 30
    effects = {a.effect["kind"] for a in AGENTS if a.effect}
    assert {"discard", "eliminate", "flip", "extra_agents"} <= effects
    assert sum(1 <= m.stars <= 3 for m in MISSIONS) >= 28
    assert any(len(m.branches) == 2 for m in MISSIONS)
    assert any(m.condition for m in MISSIONS)
    assert len({f.value for f in FUNDING}) >= 3


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda d: d["agents"].pop(), "there must be 34 agents"),
        (lambda d: d["missions"][0].update(id="m02"), "m02 appears twice"),
        (lambda d: d["agents"][4].update(effect={"kind": "teleport"}), "kind must be one of"),
        (
            lambda d: d["missions"][22].update(condition={"kind": "dominate", "x": 1}),
            "unknown keys",
        ),
        (lambda d: d["situations"][0].update(rule={"kind": "agents_per_turn"}), "needs count"),
        (lambda d: d["agents"][0].update(branches=["ops", "moon"]), "branch ids"),
        (lambda d: d["agents"][30].update(mercenary=False), "mercenary"),
        (lambda d: d["funding"][0].update(value=0), "value must be"),
    ],
)
def test_schema_check_names_each_problem(change: Any, complaint: str) -> None:
    """The card data is checked by a schema: counts, unique ids, known effects and
    conditions (each broken copy is refused with a reason)."""
    data = copy.deepcopy(DATA)
    change(data)
    assert any(complaint in problem for problem in check_card_set(data))


def test_card_text_comes_from_the_data() -> None:
    """Every card and situation has text made from its data, so they cannot disagree."""
    for card in DECK:
        info = card_info(card)
        assert info["text"] == card_text(card) and info["name"] in info["text"]
    assert "eliminate an opponent's agent of printed power 2 or less" in card_text("a05")
    assert "Mercenary: any branch" in card_text("a31")
    assert "Scores only if, at the end, you dominate its branch" in card_text("m23")
    assert card_info("f10")["value"] == 4
    for s in SITUATIONS:
        assert situation_info(s.id)["text"] == situation_text(s.id)
    with pytest.raises(spygames.InvalidCard):
        card_info("zz9")


# -- setup ----------------------------------------------------------------------------------
def test_setup_and_opening_draft_at_four() -> None:
    """Setup: "Shuffle all non-situation cards together ... create a row of three
    one-card piles ... The player to that player's right draws cards from the deck equal
    to the number of players ... chooses one card to keep, then passes the remaining
    cards to the player on her right ... until each player has one card in hand." """
    state = GAME.new(seed=5, players=4)
    assert isinstance(state, SpyNetState)
    t = state.table
    first = t.first
    assert [len(p) for p in t.piles] == [1, 1, 1]
    assert len(t.deck) == 76 - 3 - 4
    drafter = (first - 1) % 4
    for size in (4, 3, 2):
        assert state.to_play == [drafter] and state.view(drafter)["phase"] == "draft"
        packet = state.view(drafter)["draft"]
        assert len(packet) == size
        assert all(state.view(s)["draft"] is None for s in range(4) if s != drafter)
        assert refused(state, {"type": "keep", "card": "zz"}) == (
            "'zz' is not among the cards to draft"
        )
        state.apply({"type": "keep", "card": packet[-1]})
        assert packet[-1] in state.view(drafter)["hand"]
        assert state.view(drafter)["passed"] == packet[:-1]
        drafter = (drafter - 1) % 4
    assert drafter == first  # the last card goes to the first player, no choice
    assert [len(h) for h in t.hands] == [1, 1, 1, 1]
    assert state.to_play == [first] and state.view(first)["phase"] == "choose"
    assert state.view(0)["turn_number"] == 1


def test_teams() -> None:
    """DESIGN: "2 and 3 players: everyone alone, no passing. 4 players: seats 0+2 against
    1+3." """
    assert new(4, hands=[["a01"], ["a02"], ["a04"], ["a07"]], deck=FILLER).view(0)["teams"] == [
        [0, 2],
        [1, 3],
    ]
    three = new(3, hands=[["a01"], ["a02"], ["a04"]], deck=FILLER)
    assert three.view(1)["teams"] == [[0], [1], [2]] and three.view(1)["teammate"] is None
    deploy(three)
    assert "only for teams of two" in refused(three, {"type": "pass", "card": "a01"})


def test_options_are_checked() -> None:
    """Situations: none (default), a chosen one, or a random one, with readable reasons."""
    with pytest.raises(spygames.InvalidSetup, match="situation must be none, 'random' or one"):
        GAME.new(seed=1, players=2, options={"situation": "s9"})
    with pytest.raises(spygames.InvalidSetup, match="options are situation, opening and seats"):
        GAME.new(seed=1, players=2, options={"speed": 2})
    chosen = GAME.new(seed=1, players=2, options={"situation": "s3"})
    assert chosen.view(0)["situation"] == "s3"
    drawn = {GAME.new(seed=s, players=2, options={"situation": "random"}).view(0)["situation"]
             for s in range(30)}  # fmt: skip
    assert len(drawn) > 3 and None not in drawn
    assert GAME.new(seed=1, players=2).view(0)["situation"] is None


def test_setup_is_checked() -> None:
    for setup, complaint in [
        ({"hands": [["a01"], ["a01"]]}, "named twice"),
        ({"hands": [["zz"], []]}, "not a SpyNet card"),
        ({"first": 5}, "first must be a seat"),
        ({"tableaus": [{"agents": {"tech": [{"card": "a01"}]}}, {}]}, "does not belong"),
        ({"tableaus": [{"missions": {"ops": ["a01"]}}, {}]}, "is not a mission"),
        ({"colour": "red"}, "unknown setup keys"),
        ({"hands": [[], []], "deck": []}, "at least one card"),
        ({"hands": [[], []], "deck": ["m09"], "final": [1]}, "once the deck is empty"),
        ({"deck": [], "final": [1]}, "needs the hands"),
        ({"hands": [[], []], "deck": [], "final": [0, 1]}, "one final turn"),
        ({"hands": [[], []], "deck": [], "final": [1, 1]}, "one final turn"),
        ({"hands": [[], []], "deck": [], "final": [2]}, "seats from 0 to 1"),
        ({"hands": [[], []], "deck": [], "final": [True]}, "seats from 0 to 1"),
    ]:
        with pytest.raises(spygames.InvalidSetup, match=complaint):
            GAME.new(seed=1, players=2, setup=setup)


# -- recruit -----------------------------------------------------------------------------------
def recruit_table(**extra: Any) -> SpyNetState:
    return new(
        hands=[[], []],
        piles=[["m05"], ["m06", "m07"], ["m08"]],
        deck=["m09", "m10", "m11", "m12", "m13", "m14"],
        **extra,
    )


def test_recruit_take_a_pile_and_pad() -> None:
    """Recruit: "Look at all cards in pile 1 ... and either add all of them to your hand
    or return them facedown ... pad each pile whose cards you looked at, starting with
    pile 1 and including the pile whose cards you added to your hand." """
    state = recruit_table()
    state.apply({"type": "recruit"})
    view = state.view(0)
    assert view["phase"] == "recruit" and view["looking"] == 0 and view["looking_at"] == ["m05"]
    assert state.view(1)["looking_at"] is None and state.view(1)["looking"] == 0
    state.apply({"type": "pass_on"})
    assert state.view(0)["looking_at"] == ["m06", "m07"]
    state.apply({"type": "take"})
    t = state.table
    assert sorted(t.hands[0]) == ["m06", "m07"]
    assert t.piles == [["m05", "m09"], ["m10"], ["m08"]]  # pile 1 padded first, then 2
    assert state.to_play == [1] and state.view(1)["phase"] == "choose"


def test_recruit_returning_pile_three_draws_from_the_deck() -> None:
    """ "If you return the cards to pile 3, draw one card from the deck and add it to your
    hand." Then all three piles are padded."""
    state = recruit_table()
    state.apply({"type": "recruit"})
    for _ in range(3):
        state.apply({"type": "pass_on"})
    t = state.table
    assert t.hands[0] == ["m09"]
    assert t.piles == [["m05", "m10"], ["m06", "m07", "m11"], ["m08", "m12"]]


def test_empty_pile_is_skipped() -> None:
    """DESIGN: "An empty pile is skipped when recruiting." """
    state = new(hands=[[], []], piles=[[], ["m06"], []], deck=["m09", "m10", "m11"])
    state.apply({"type": "recruit"})
    assert state.view(0)["looking"] == 1
    state.apply({"type": "pass_on"})  # pile 3 is empty: straight to the deck
    assert state.table.hands[0] == ["m09"]
    assert state.table.piles == [[], ["m06", "m10"], []]  # only piles looked at are padded


def test_pile_memory() -> None:
    """View: cards a seat looked at and returned stay known to it until someone takes that
    pile; padding adds unknown cards."""
    state = recruit_table()
    state.apply({"type": "recruit"})
    state.apply({"type": "take"})  # seat 0 takes pile 1
    state.apply({"type": "recruit"})  # seat 1 returns pile 1, takes pile 2
    state.apply({"type": "pass_on"})
    state.apply({"type": "take"})
    piles = state.view(1)["piles"]
    assert piles[0] == {"size": 2, "known": ["m09"]}
    assert piles[1] == {"size": 1, "known": []}
    assert state.view(0)["piles"][0]["known"] == []
    state.apply({"type": "recruit"})  # seat 0 takes pile 1: seat 1 forgets it
    state.apply({"type": "take"})
    assert state.view(1)["piles"][0]["known"] == []


# -- deploy -------------------------------------------------------------------------------------
def test_one_agent_per_turn_with_funding_as_it_is_played() -> None:
    """Deploy: "You may play up to one agent card" (one per turn, not per branch);
    "As you play any agent, you may play one or more funding cards attached to that
    agent" — funding has no play of its own."""
    state = new(hands=[["a01", "a07", "f01", "f05"], []], deck=FILLER)
    deploy(state)
    state.apply(agent("a01", "ops", ["f05", "f01"]))
    view = state.view(1)
    assert view["tableaus"][0]["agents"]["ops"] == [
        {"card": "a01", "funding": ["f05", "f01"], "power": 7}
    ]
    assert view["tableaus"][0]["power"]["ops"] == 7 and view["tableaus"][0]["funding"] == 2
    assert "already played your agent" in refused(state, agent("a07", "cover"))
    assert "unknown action" in refused(state, {"type": "fund", "card": "f01"})


def test_agent_branches() -> None:
    """ "a mission can be played in any branch shown on its card"; agents likewise, and a
    mercenary "can [be placed] in any branch"; the newest agent goes on top."""
    state = new(
        hands=[["a25", "a31"], []], deck=FILLER, tableaus=[agents_in(("cover", ["a10"])), {}]
    )
    deploy(state)
    assert "can go only in Field Ops or Deep Cover" in refused(state, agent("a25", "tech"))
    legal = state.legal_actions()
    assert {a["branch"] for a in legal if a.get("card") == "a31"} == {
        "ops",
        "cover",
        "intel",
        "tech",
    }
    state.apply(agent("a25", "cover"))
    assert [a["card"] for a in state.view(0)["tableaus"][0]["agents"]["cover"]] == ["a10", "a25"]


def test_mission_only_where_you_dominate_now() -> None:
    """ "You can play a mission in a branch only if you are currently dominating that
    branch" and "up to one mission card facedown in each branch you are dominating";
    ties and zero power dominate nothing."""
    state = new(
        hands=[["m01", "m04", "m05", "m17", "a01"], []],
        deck=FILLER,
        tableaus=[agents_in(("cover", ["a10"])), agents_in(("cover", ["a25"]))],
    )
    deploy(state)
    reason = refused(state, mission("m05", "cover"))  # 2 against 2: a tie
    assert reason.startswith("you can play a mission only in a branch you dominate now")
    assert "only in a branch you dominate now" in refused(state, mission("m01", "ops"))
    state.apply(agent("a01", "ops"))
    state.apply(mission("m04", "ops"))
    assert "already played a mission in Field Ops" in refused(state, mission("m01", "ops"))
    assert state.view(0)["tableaus"][0]["missions"]["ops"] == ["m04"]
    assert state.view(1)["tableaus"][0]["missions"]["ops"] == [None]  # face down


def test_teammate_does_not_block_domination() -> None:
    """ "Your power does not need to exceed your teammate's power, so it is possible for
    both teammates to be dominating the same branch." """
    state = new(
        4,
        hands=[["m01"], [], [], []],
        deck=FILLER,
        tableaus=[
            agents_in(("ops", ["a04"])),
            {},
            agents_in(("ops", ["a01"])),
            {},
        ],
    )
    assert state.view(0)["dominates"]["ops"] == [0, 2]
    deploy(state)
    state.apply(mission("m01", "ops"))
    assert state.view(0)["tableaus"][0]["missions"]["ops"] == ["m01"]
    assert state.view(2)["tableaus"][0]["missions"]["ops"] == [None]  # not even the partner
    assert state.view(1)["tableaus"][0]["missions"]["ops"] == [None]


def test_face_down_missions_only_their_owner_sees() -> None:
    """ "You can look at the missions in your tableau at any time" and "You cannot
    communicate directly about cards or strategy"; "At the end of the game, reveal all
    mission cards in play". DESIGN: "A partner sees them face down, like everyone
    else." """
    a = {"missions": {"ops": ["m04"]}}
    b = {"missions": {"cover": ["m05"]}}
    c = {"missions": {"cover": ["m06"]}}
    state = new(4, hands=[["m01"], [], [], []], deck=["m09"], piles=[["m07"], [], []],
                tableaus=[a, c, b, {}])  # fmt: skip
    owned = {0: ("ops", "m04"), 1: ("cover", "m06"), 2: ("cover", "m05")}

    def check_secret(seat: int) -> None:
        view = state.view(seat)
        text = json.dumps(view)
        for owner, (branch, card) in owned.items():
            assert (f'"{card}"' in text) == (owner == seat), (seat, card)
            mine = view["tableaus"][owner]["missions"][branch]
            assert mine == ([card] if owner == seat else [None]), (seat, owner)

    for seat in range(4):
        check_secret(seat)
    for _ in range(2):  # seats 0 and 1 deploy nothing; the partner's turn shows nothing more
        deploy(state)
        state.apply(END)
    deploy(state)
    check_secret(2)
    state.apply(END)
    result = end_now(state)  # the end: every mission turned up, for everyone
    assert sorted(m["card"] for m in result["missions"]) == ["m04", "m05", "m06"]
    for seat in range(4):
        view = state.view(seat)
        for owner, (branch, card) in owned.items():
            assert view["tableaus"][owner]["missions"][branch] == [card]


def test_missions_stay_when_domination_is_lost() -> None:
    """DESIGN: "Domination is tested when a mission is played; missions stay if it is
    lost later." """
    state = new(
        hands=[["m01", "a04"], ["a01"]],
        deck=FILLER,
        tableaus=[agents_in(("ops", ["a02"])), {}],
    )
    deploy(state)
    state.apply(mission("m01", "ops"))
    state.apply(END)
    deploy(state)
    state.apply(agent("a01", "ops"))
    assert state.view(0)["dominates"]["ops"] == [1]
    assert state.table.missions[0]["ops"] == ["m01"]


def test_pass_to_teammate_once_a_turn() -> None:
    """ "You may pass up to one card facedown to your teammate, who then adds it to her
    hand." """
    state = new(4, hands=[["m01", "m05"], [], [], []], deck=FILLER)
    deploy(state)
    state.apply({"type": "pass", "card": "m01"})
    assert state.table.hands[2] == ["m01"]
    assert state.view(2)["received"] == ["m01"] and state.view(0)["passed"] == ["m01"]
    assert state.view(1)["hand_sizes"] == [1, 0, 1, 0]
    assert refused(state, {"type": "pass", "card": "m05"}) == (
        "you have already passed a card this turn"
    )
    alone = new(hands=[["m01", "m05"], []], deck=FILLER)
    deploy(alone)
    assert refused(alone, {"type": "pass", "card": "m01"}) == (
        "passing cards is only for teams of two (4 players)"
    )
    assert refused(alone, mission(5, "ops")) == "5 is not a SpyNet card"  # type: ignore[arg-type]
    assert refused(alone, mission("zz", "ops")) == "'zz' is not a SpyNet card"
    assert refused(alone, mission("m09", "ops")) == "Tail the Tail is not in your hand"


def test_deploying_nothing_is_allowed() -> None:
    """ "you can do as many of the following as you want" — including none."""
    state = new(hands=[["a01"], []], deck=FILLER)
    deploy(state)
    state.apply(END)
    assert state.to_play == [1]


# -- special agents --------------------------------------------------------------------------
def test_discard_effect_hands_the_choice_to_the_opponent() -> None:
    """ "If an effect causes you to discard a card, take that card from your hand and
    place it faceup in the discard pile" — the discarding player chooses."""
    state = new(hands=[["a17"], ["m04", "m05"]], deck=FILLER)
    deploy(state)
    state.apply(agent("a17", "intel"))
    assert state.view(0)["phase"] == "effect" and state.view(0)["pending"]["effect"] == "discard"
    assert {"type": "skip_effect"} in state.legal_actions()
    state.apply({"type": "discard", "seat": 1})
    assert state.to_play == [1]
    assert state.legal_actions() == [
        {"type": "discard_card", "card": "m04"},
        {"type": "discard_card", "card": "m05"},
    ]
    assert "must first choose a card" in refused(state, {"type": "skip_effect"})
    assert state.why_illegal_for(0, {"type": "skip_effect"}) == "it is not your turn"
    assert state.why_illegal_for(1, {"type": "discard_card", "card": "m05"}) is None
    state.apply({"type": "discard_card", "card": "m05"})
    assert state.table.discard == ["m05"] and state.view(0)["discard"] == ["m05"]
    assert state.to_play == [0] and state.view(0)["phase"] == "deploy"


@pytest.mark.parametrize(
    ("action", "says"),
    [
        ({"type": "explode"}, "unknown action 'explode': SpyNet has keep, recruit, deploy, take, "
         "pass_on, agent, mission, pass, end_turn, discard, discard_card, eliminate, flip, draw, "
         "skip_effect"),
        ({"type": "end_turn", "x": 1, "y": 2}, "the end_turn action takes no x, y"),
        ({"type": "mission", "card": "m04"}, "the mission action needs branch"),
        ({"type": "agent", "card": "a01", "branch": "ops"}, None),  # no funding: none
        (agent("a01", "ops", ["zz"]), "'zz' is not a SpyNet card"),
        (agent("a01", "ops", [5]), "5 is not a SpyNet card"),
        (agent("a01", "ops", ["m04"]), "Dead Drop Raid is not a funding card"),
        (agent("a01", "ops", ["f02"]), "Slush Fund is not in your hand"),
        (agent("a01", "ops", ["f01", "f01"]), "each funding card can be attached only once"),
    ],
)  # fmt: skip
def test_action_refusals_word_for_word(action: dict[str, Any], says: str | None) -> None:
    """A refused action says why, whole: its shape first, then its cards."""
    state = new(hands=[["a01", "f01", "m04"], []], deck=FILLER)
    deploy(state)
    assert state.why_illegal(action) == says


def test_an_effect_comes_first_and_the_end_is_the_end() -> None:
    """ "immediately after you play a special agent, you may use its effect": nothing else
    until it is used or skipped; once the game is over, nothing at all."""
    state = new(hands=[["a17"], ["m04"]], deck=FILLER)
    deploy(state)
    state.apply(agent("a17", "intel"))
    first = "first use or skip the effect of Censor"
    assert refused(state, END) == first and refused(state, mission("m04", "ops")) == first
    over = new(hands=[[], []], deck=["m09"], piles=[["m06"], [], []])
    end_now(over)
    assert over.why_illegal(END) == "the game is over"


def test_a_final_turn_is_deploy_only_and_says_so() -> None:
    """ "During your final turn, you must deploy": recruiting or deploying again is refused
    in those words there, and in plain words in any other turn."""
    final = new(hands=[["a23"], []], piles=[[], [], []], deck=[], final=[1])
    deploy_only = "your final turn is deploy only: you are already deploying"
    assert refused(final, {"type": "recruit"}) == deploy_only
    assert refused(final, {"type": "deploy"}) == deploy_only
    assert refused(final, {"type": "take"}) == "you cannot take a pile now: this is deploying"
    usual = new(hands=[["a01"], []], deck=FILLER)
    deploy(usual)
    assert refused(usual, {"type": "recruit"}) == "you cannot recruit now: this is deploying"
    assert refused(usual, {"type": "deploy"}) == "you cannot deploy now: this is deploying"


def test_deploy_refusals_word_for_word() -> None:
    """ "Each turn you may play one agent ... and any number of missions", each where its
    card allows: each refusal whole."""
    state = new(hands=[["a01", "a07", "m04", "m05"], []], deck=FILLER)
    deploy(state)
    assert refused(state, agent("m04", "ops")) == "Dead Drop Raid is not an agent"
    assert refused(state, mission("a01", "ops")) == "Breacher is not a mission"
    assert refused(state, mission("m04", "xx")) == "'xx' is not a branch (ops, cover, intel, tech)"
    assert refused(state, mission("m04", "cover")) == "Dead Drop Raid can go only in Field Ops"
    assert refused(state, agent("a01", "xx")) == "'xx' is not a branch (ops, cover, intel, tech)"
    assert refused(state, agent("a01", "tech")) == "Breacher can go only in Field Ops"
    assert refused(state, {**agent("a01", "ops"), "funding": "f01"}) == (
        "funding must be a list of funding cards (empty for none)"
    )
    state.apply(agent("a01", "ops"))
    assert refused(state, agent("a07", "ops")) == (
        "you have already played your agent this turn (one a turn, unless an effect allows more)"
    )


def test_effect_refusals_word_for_word() -> None:
    """An effect is used as its card says, on a seat it may reach: each refusal whole."""
    state = new(hands=[["a17"], ["m04", "m05"]], deck=FILLER)
    deploy(state)
    state.apply(agent("a17", "intel"))
    assert refused(state, {"type": "eliminate", "card": "a01"}) == (
        "Censor lets you discard, not eliminate"
    )
    assert refused(state, {"type": "discard_card", "card": "m04"}) == (
        "first name the opponent who must discard"
    )
    for seat in (0, "1", None):
        assert refused(state, {"type": "discard", "seat": seat}) == (
            "name an opponent to discard (a seat number)"
        )
    three = new(3, hands=[["a17"], [], ["m04"]], deck=FILLER)
    deploy(three)
    three.apply(agent("a17", "intel"))
    assert refused(three, {"type": "discard", "seat": 1}) == "player 2 has no cards to discard"
    three.apply({"type": "discard", "seat": 2})
    assert three.to_play == [2]
    theirs = {"agents": {"ops": [{"card": "a04", "funding": ["f10"]}, {"card": "a01"}]}}
    mine = {"agents": {"cover": [{"card": "a10", "funding": []}]}}
    hit = new(hands=[["a05"], []], deck=FILLER, tableaus=[mine, theirs])
    deploy(hit)
    hit.apply(agent("a05", "ops"))
    for card, says in (
        ("a05", "an agent's effect cannot aim at the agent itself"),
        ("a01", "Breacher has printed power 4: this effect reaches printed power 2 or less"),
        ("a10", "you can eliminate only an opponent's agent"),
        ("zz", "'zz' is not an agent in play"),
        (5, "5 is not an agent in play"),
    ):
        assert refused(hit, {"type": "eliminate", "card": card}) == says
    theirs = {"agents": {"cover": [{"card": "a25", "funding": ["f05"]}]}}
    mine = {"agents": {"ops": [{"card": "a04", "funding": []}]}}
    flip = new(hands=[["a11"], []], deck=FILLER, tableaus=[mine, theirs])
    deploy(flip)
    flip.apply(agent("a11", "cover"))
    assert refused(flip, {"type": "flip", "card": "a25", "branch": "tech"}) == (
        "Smuggler can go only in Field Ops or Deep Cover"
    )
    assert refused(flip, {"type": "flip", "card": "a04", "branch": "ops"}) == (
        "Lookout is already in your Field Ops"
    )


def test_eliminate_takes_the_funding_too() -> None:
    """ "If an effect allows you to eliminate an agent, take that card and any funding
    cards attached to it and place them faceup in the discard pile." """
    theirs = {"agents": {"ops": [{"card": "a04", "funding": ["f10"]}, {"card": "a01"}]}}
    state = new(hands=[["a05"], []], deck=FILLER, tableaus=[{}, theirs])
    deploy(state)
    state.apply(agent("a05", "ops"))
    assert state.legal_actions() == [
        {"type": "eliminate", "card": "a04"},
        {"type": "skip_effect"},
    ]  # a01 has power 4: beyond this effect's reach; a05 itself is never a target
    why = refused(state, {"type": "eliminate", "card": "a01"})
    assert "this effect reaches printed power 2 or less" in why
    state.apply({"type": "eliminate", "card": "a04"})
    assert state.table.discard == ["a04", "f10"]
    assert state.view(0)["tableaus"][1]["power"]["ops"] == 4


def test_flip_keeps_the_funding_and_lands_on_top() -> None:
    """ "take that card and place it in front of you as your topmost agent in any of its
    branches; any funding attached to it remains attached." """
    theirs = {"agents": {"cover": [{"card": "a25", "funding": ["f05"]}]}}
    mine = agents_in(("ops", ["a04"]))
    state = new(hands=[["a11"], []], deck=FILLER, tableaus=[mine, theirs])
    deploy(state)
    state.apply(agent("a11", "cover"))
    state.apply({"type": "flip", "card": "a25", "branch": "ops"})
    ops = state.view(1)["tableaus"][0]["agents"]["ops"]
    assert ops[-1] == {"card": "a25", "funding": ["f05"], "power": 4}
    assert state.view(1)["tableaus"][1]["power"]["cover"] == 0


def test_effect_is_optional_and_extra_agents() -> None:
    """ "immediately after you play a special agent, you may use its effect"; "If an
    effect allows you to play extra agents during your turn, you can play them at any
    time during that turn." """
    state = new(hands=[["a24", "a01", "a07", "a23"], []], deck=FILLER)
    deploy(state)
    state.apply(agent("a24", "tech"))
    assert state.view(0)["deploy"]["agents_left"] == 1 and state.view(0)["phase"] == "deploy"
    state.apply(agent("a23", "tech"))
    state.apply({"type": "skip_effect"})
    assert len(state.table.hands[0]) == 2
    assert "already played your agent" in refused(state, agent("a01", "ops"))


def test_draw_effect() -> None:
    state = new(hands=[["a23"], []], piles=[[], [], []], deck=["m09", "m10", "m11"])
    deploy(state)
    state.apply(agent("a23", "tech"))
    state.apply({"type": "draw"})
    assert sorted(state.table.hands[0]) == ["m09", "m10"]


# -- the end ------------------------------------------------------------------------------------
def test_final_round_after_the_last_deck_card() -> None:
    """ "When the last card is taken from the deck, each player (including the player
    currently taking a turn) will take one final turn ... During your final turn, you
    must deploy"; DESIGN: "the current turn finishes, then every player takes one final
    turn (deploy only), the emptier last." """
    state = new(3, hands=[[], [], ["a01", "m04"]], piles=[["m05"], ["m06"], ["m07"]],
                deck=["m09"], first=1)  # fmt: skip
    state.apply({"type": "recruit"})
    state.apply({"type": "take"})  # seat 1 takes pile 1; padding takes the last card
    view = state.view(0)
    assert view["deck"] == 0 and view["final_round"]
    assert state.to_play == [2] and view["phase"] == "deploy"  # no recruit any more
    assert view["final_turns_left"] == [0, 1]
    assert "deploy only" in refused(state, {"type": "recruit"})
    state.apply(agent("a01", "ops"))
    state.apply(mission("m04", "ops"))
    state.apply(END)
    state.apply(END)  # seat 0
    assert not state.is_over and state.to_play == [1]
    state.apply(END)  # seat 1, who emptied the deck, goes last
    result = state.result
    assert result is not None and result["winners"] == [2]
    assert result["scores"] == [0, 0, 3]
    assert result["missions"] == [
        {"card": "m04", "seat": 2, "branch": "ops", "stars": 3, "points": 3}
    ]
    assert state.view(0)["tableaus"][2]["missions"]["ops"] == ["m04"]  # all revealed


def test_a_setup_lays_out_the_final_round() -> None:
    """The final round as it is once the deck is empty ("each player ... will take one
    final turn ... During your final turn, you must deploy"): `setup["final"]` names the
    turns left after the one under way, and the game ends after them."""
    state = new(3, hands=[["a01", "m04"], [], []], piles=[["m05"], [], []], deck=[],
                first=2, final=[0])  # fmt: skip
    view = state.view(0)
    assert view["final_round"] and view["final_turns_left"] == [0] and view["deck"] == 0
    assert state.to_play == [2] and view["phase"] == "deploy"
    assert "deploy only" in refused(state, {"type": "recruit"})
    state.apply(END)  # seat 2
    assert state.to_play == [0] and not state.is_over
    state.apply(agent("a01", "ops"))
    state.apply(mission("m04", "ops"))
    state.apply(END)  # seat 1 has no final turn left: the game is over
    result = state.result
    assert result is not None and result["winners"] == [0] and result["scores"] == [3, 0, 0]
    assert state.why_illegal_for(0, END) == "the game is over"


def end_now(state: SpyNetState) -> dict[str, Any]:
    """Take the last deck card by recruiting, then let everyone end their final turn."""
    state.apply({"type": "recruit"})
    state.apply({"type": "take"})
    while not state.is_over:
        state.apply(END)
    result = state.result
    assert result is not None
    return result


def test_conditions_are_scored_on_the_final_tableaus() -> None:
    """ "some missions are worth points only if you meet certain conditions at the end of
    the game" — m23 (dominate Field Ops) and m24 (3 agents in Field Ops)."""
    mine = agents_in(("ops", ["a04", "a05"]))
    mine["missions"] = {"ops": ["m23", "m24", "m01"]}
    theirs = agents_in(("ops", ["a01"]))
    state = new(hands=[[], []], deck=["m09"], piles=[["m05"], [], []], tableaus=[mine, theirs])
    result = end_now(state)
    points = {m["card"]: m["points"] for m in result["missions"]}
    assert points == {"m23": 0, "m24": 0, "m01": 1}  # 4 against 4: not dominating
    assert result["scores"] == [1, 0] and result["winners"] == [0]
    assert result["ending"] == "points"


def _tableau(missions: dict[str, list[str]], *agents: tuple[str, str, int]) -> dict[str, Any]:
    """A tableau of missions and (agent, branch, funding cards) stacks."""
    stacks: dict[str, list[dict[str, Any]]] = {}
    for card, branch, funded in agents:
        stacks.setdefault(branch, []).append({"card": card, "funding": FUNDS[:funded]})
    return {"agents": stacks, "missions": missions}


FUNDS = ["f01", "f02", "f03"]
AT_THE_LINE = [
    # (mission, its branch, agents that just meet it, agents one short, the rival's agents)
    ("m23", "ops", [("a01", "ops", 0), ("a06", "ops", 0)], [("a01", "ops", 0)],
     [("a25", "ops", 2)]),  # dominate: 5 beats 4; 4 ties 4 (a tie dominates nothing)
    ("m24", "ops", [("a04", "ops", 0), ("a05", "ops", 0), ("a06", "ops", 0)],
     [("a04", "ops", 0), ("a05", "ops", 0)], []),  # 3 agents in the branch
    ("m26", "cover", [("a04", "ops", 0), ("a10", "cover", 0), ("a16", "intel", 0)],
     [("a04", "ops", 0), ("a10", "cover", 0)], []),  # agents in 3 branches
    ("m27", "intel", [("a13", "intel", 2)], [("a13", "intel", 1)], []),  # 2 funding cards
    ("m28", "intel", [("a13", "intel", 0), ("a14", "intel", 0)],
     [("a13", "intel", 0), ("a16", "intel", 0)], []),  # power 7 (4 + 3) against 6
    ("m30", "tech", [("a31", "tech", 0)], [("a19", "tech", 0)], []),  # a mercenary
    ("m32", "cover", [("a04", "ops", 0), ("a10", "cover", 0), ("a16", "intel", 0),
                      ("a22", "tech", 0)],
     [("a04", "ops", 0), ("a10", "cover", 0), ("a16", "intel", 0)], []),  # all 4 branches
]  # fmt: skip


@pytest.mark.parametrize(("mission", "branch", "meets", "short", "rival"), AT_THE_LINE)
def test_a_condition_met_exactly_scores_and_one_short_does_not(
    mission: str,
    branch: str,
    meets: list[tuple[str, str, int]],
    short: list[tuple[str, str, int]],
    rival: list[tuple[str, str, int]],
) -> None:
    """ "some missions are worth points only if you meet certain conditions at the end of
    the game": each condition at its exact threshold (met: the stars) and one below (0)."""
    stars = MISSION[mission].stars
    for agents, points in ((meets, stars), (short, 0)):
        mine = _tableau({branch: [mission]}, *agents)
        state = new(hands=[[], []], deck=["m09"], piles=[["m05"], [], []],
                    tableaus=[mine, _tableau({}, *rival)])  # fmt: skip
        scored = {m["card"]: m["points"] for m in end_now(state)["missions"]}
        assert scored[mission] == points, (mission, agents)


def test_three_missions_in_a_branch_is_the_line() -> None:
    """m31 Grand Slam: "3 missions" in its branch — itself and two more scores, one
    more short does not, and a third mission in another branch does not make up for it
    (the count is the mission's own branch's, not the tableau's)."""
    cases = (
        ({"ops": ["m31", "m01", "m02"]}, 4),
        ({"ops": ["m31", "m01"]}, 0),
        ({"ops": ["m31", "m01"], "cover": ["m06"]}, 0),
    )
    for missions, points in cases:
        mine = _tableau(missions, ("a01", "ops", 0))
        state = new(hands=[[], []], deck=["m09"], piles=[["m05"], [], []],
                    tableaus=[mine, {}])  # fmt: skip
        scored = {m["card"]: m["points"] for m in end_now(state)["missions"]}
        assert scored["m31"] == points


def test_ties_go_to_funding_then_are_shared() -> None:
    """ "If the teams are tied, the team that owns the most funding cards wins. If there
    is still a tie, the teams share the victory." """
    funded = {
        "agents": {"ops": [{"card": "a04", "funding": ["f01"]}]},
        "missions": {"ops": ["m01"]},
    }
    plain = {"agents": {"cover": [{"card": "a10", "funding": []}]}, "missions": {"cover": ["m05"]}}
    result = end_now(new(hands=[[], []], deck=["m09"], piles=[["m06"], [], []],
                         tableaus=[plain, funded]))  # fmt: skip
    assert result["scores"] == [1, 1] and result["winners"] == [1]
    assert "more funding cards" in result["reason"] and result["ending"] == "funding"
    plain2 = {"agents": {"tech": [{"card": "a19", "funding": []}]}, "missions": {"tech": ["m13"]}}
    result = end_now(new(hands=[[], []], deck=["m09"], piles=[["m06"], [], []],
                         tableaus=[plain, plain2]))  # fmt: skip
    assert result["winners"] == [0, 1] and "shared win" in result["reason"]
    assert result["ending"] == "shared"


def test_the_result_whole_and_its_reasons_in_words() -> None:
    """The end, as every screen reads it: each mission scored, the teams' points and
    funding, and the reason in words — a win on points, a tie broken by funding, a
    shared win (one point is "1 point")."""
    funded = {
        "agents": {"ops": [{"card": "a04", "funding": ["f01"]}]},
        "missions": {"ops": ["m01"]},
    }
    plain = {"agents": {"cover": [{"card": "a10", "funding": []}]}, "missions": {"cover": ["m05"]}}
    plain2 = {"agents": {"tech": [{"card": "a19", "funding": []}]}, "missions": {"tech": ["m13"]}}

    def ended(players: int, *tableaus: dict[str, Any]) -> dict[str, Any]:
        rest = [{}] * (players - len(tableaus))
        return end_now(new(players, hands=[[]] * players, deck=["m09"], piles=[["m06"], [], []],
                           tableaus=[*tableaus, *rest]))  # fmt: skip

    assert ended(2, plain, funded) == {
        "winners": [1],
        "reason": "player 1 tied with player 2 on 1 point; player 2 won with more funding "
        "cards (1)",
        "ending": "funding",
        "teams": [[0], [1]],
        "scores": [1, 1],
        "funding": [0, 1],
        "missions": [
            {"card": "m05", "seat": 0, "branch": "cover", "stars": 1, "points": 1},
            {"card": "m01", "seat": 1, "branch": "ops", "stars": 1, "points": 1},
        ],
        "bonus": [0, 0],
    }
    teams = ended(4, plain, funded)
    assert teams["teams"] == [[0, 2], [1, 3]] and teams["winners"] == [1, 3]
    assert teams["reason"] == (
        "players 1 and 3 tied with players 2 and 4 on 1 point; players 2 and 4 won with more "
        "funding cards (1)"
    )
    won = ended(4, plain)
    assert won["reason"] == "players 1 and 3 won with 1 point to 0" and won["ending"] == "points"
    shared = ended(2, plain, plain2)
    assert (
        shared["reason"]
        == "player 1 tied with player 2 on 1 point and 0 funding cards: a shared win"
    )
    assert ended(3, plain, {}, plain2)["reason"] == (
        "player 1 tied with player 3 on 1 point and 0 funding cards: a shared win"
    )
    both = {"agents": {**plain["agents"], **plain2["agents"]},
            "missions": {**plain["missions"], **plain2["missions"]}}  # fmt: skip
    third = {"agents": {"ops": [{"card": "a01", "funding": []}]}, "missions": {"ops": ["m01"]}}
    ahead = ended(3, both, {}, third)
    assert ahead["scores"] == [2, 0, 1]  # two missions of one seat add up
    assert ahead["reason"] == "player 1 won with 2 points to 1"  # the best of the rest
    assert ended(3, plain, plain2, third)["reason"] == (
        "player 1, player 2 tied with player 3 on 1 point and 0 funding cards: a shared win"
    )


def test_team_scores_add_up() -> None:
    """ "add up the points on missions owned by you and your teammate" """
    a = {"missions": {"ops": ["m04"]}}
    b = {"missions": {"cover": ["m05"]}}
    c = {"missions": {"cover": ["m06"]}}
    state = new(4, hands=[[], [], [], []], deck=["m09"], piles=[["m07"], [], []],
                tableaus=[a, c, b, {}])  # fmt: skip
    result = end_now(state)
    assert result["teams"] == [[0, 2], [1, 3]] and result["scores"] == [4, 2]
    assert result["winners"] == [0, 2]


# -- situations ------------------------------------------------------------------------------
def test_situation_surge_two_agents() -> None:
    state = new(situation="s1", hands=[["a01", "a07", "a19"], []], deck=FILLER)
    deploy(state)
    state.apply(agent("a01", "ops"))
    state.apply(agent("a07", "cover"))
    assert "already played your agent" in refused(state, agent("a19", "tech"))


def test_situation_tech_boom_skips_mercenaries() -> None:
    """ "When a situation refers to agents belonging to a specific branch, it does not
    include mercenary agents." """
    tableau = agents_in(("tech", ["a19", "a31"]))
    state = new(situation="s2", hands=[[], []], deck=FILLER, tableaus=[tableau, {}])
    assert state.view(0)["tableaus"][0]["power"]["tech"] == 4 + 1 + 2
    assert (
        agent_power("a31", [], "tech", "s2") == 2 and agent_power("a19", ["f01"], "tech", "s2") == 6
    )


def test_situation_open_files() -> None:
    state = new(
        situation="s3", hands=[["m01"], []], deck=FILLER, tableaus=[agents_in(("ops", ["a01"])), {}]
    )
    deploy(state)
    state.apply(mission("m01", "ops"))
    assert state.view(1)["tableaus"][0]["missions"]["ops"] == ["m01"]


def test_situation_stand_off() -> None:
    tableaus = [agents_in(("ops", ["a04"])), agents_in(("ops", ["a25"]))]
    assert new(situation="s4", hands=[[], []], deck=FILLER, tableaus=tableaus).view(0)["dominates"][
        "ops"
    ] == [0, 1]
    assert new(hands=[[], []], deck=FILLER, tableaus=tableaus).view(0)["dominates"]["ops"] == []
    # A branch nobody has an agent in is a tie at 0, and still nobody dominates it: "To
    # be dominating a branch, your power in that branch must be higher than zero."
    empty = new(situation="s4", hands=[[], []], deck=FILLER, tableaus=tableaus).view(0)
    assert empty["dominates"]["cover"] == []


def test_situation_wide_net() -> None:
    state = new(situation="s5", hands=[[], []], piles=[["m05"], ["m06"], ["m07"]],
                deck=["m09", "m10", "m11", "m12", "m13", "m14"])  # fmt: skip
    state.apply({"type": "recruit"})
    for _ in range(3):
        state.apply({"type": "pass_on"})
    assert state.table.hands[0] == ["m09", "m10"]


def test_situation_double_booking() -> None:
    state = new(situation="s6", hands=[["m01", "m04", "m02"], []], deck=FILLER,
                tableaus=[agents_in(("ops", ["a01"])), {}])  # fmt: skip
    deploy(state)
    state.apply(mission("m01", "ops"))
    state.apply(mission("m04", "ops"))
    assert "already played 2 missions" in refused(state, mission("m02", "ops"))


def test_situation_control_bonus() -> None:
    mine = agents_in(("ops", ["a01"]), ("cover", ["a07"]))
    state = new(
        situation="s7", hands=[[], []], deck=["m09"], piles=[["m05"], [], []], tableaus=[mine, {}]
    )
    result = end_now(state)
    assert result["bonus"] == [2, 0] and result["scores"] == [2, 0]


def test_situation_tight_budget() -> None:
    state = new(situation="s8", hands=[["a01", "f01", "f05"], []], deck=FILLER)
    deploy(state)
    assert "at most 1 funding card" in refused(state, agent("a01", "ops", ["f01", "f05"]))
    state.apply(agent("a01", "ops", ["f05"]))


# -- views, text, reasons ----------------------------------------------------------------------
def test_view_keys_and_helpers() -> None:
    state = GAME.new(seed=3, players=2)
    view = state.view(0)
    assert view["seat"] == 0 and view["to_play"] == state.to_play
    assert set(view["dominates"]) == {"ops", "cover", "intel", "tech"}
    text = GAME.describe_view(view)
    assert "you are player 1" in text and "Deck" in text
    assert GAME.describe_action(agent("a01", "ops", ["f01"])) == (
        "play agent Breacher (a01) in Field Ops with Petty Cash (f01)"
    )
    assert GAME.describe_action({"type": "pass_on"}) == "return this pile, look at the next"


def test_reasons_for_the_wrong_phase_and_turn() -> None:
    state = new(hands=[["a01"], []], deck=FILLER)
    assert "this is choosing to recruit or deploy" in refused(state, agent("a01", "ops"))
    assert "no agent's effect" in refused(state, {"type": "skip_effect"})
    assert state.why_illegal_for(1, {"type": "deploy"}) == "it is not your turn"
    deploy(state)
    assert "not in your hand" in refused(state, agent("a07", "cover"))
    assert (
        refused(state, {**agent("a01", "ops"), "colour": 1}) == "the agent action takes no colour"
    )
    assert refused(state, {"type": "mission"}) == "the mission action needs branch, card"


def test_card_data_ships_in_the_wheel() -> None:
    """DESIGN: cards.json must be in the wheel (pyproject's package-data takes *.json)."""
    import tomllib
    from importlib import resources
    from pathlib import Path

    pyproject = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert "*.json" in pyproject["tool"]["setuptools"]["package-data"]["*"]
    assert resources.files("spygames.spynet").joinpath("cards.json").is_file()


def test_every_action_has_words() -> None:
    """describe_action reads every action type as words for the log and the terminal."""
    samples = {
        "keep": {"card": "a01"},
        "agent": {"card": "a01", "branch": "ops", "funding": []},
        "mission": {"card": "m01", "branch": "ops"},
        "pass": {"card": "m01"},
        "discard": {"seat": 1},
        "discard_card": {"card": "m01"},
        "eliminate": {"card": "a01"},
        "flip": {"card": "a01", "branch": "ops"},
    }
    from spygames.spynet.rules import ACTION_KEYS

    for kind in ACTION_KEYS:
        words = GAME.describe_action({"type": kind, **samples.get(kind, {})})
        assert words and (" " in words or kind in ("recruit", "deploy"))


# Ruling "3 players, the opening deal" (spygames/spynet/setup.py OPENINGS; DESIGN.md).
OLD_THREE_PLAYER_RECORD: dict[str, Any] = {
    "game": "spynet",
    "format": 1,
    "seed": 11,
    "players": 3,
    "options": {},
    "setup": None,
    "actions": [
        {"type": "keep", "card": "m28"},
        {"type": "keep", "card": "a32"},
        {"type": "recruit"},
        {"type": "pass_on"},
        {"type": "pass_on"},
        {"type": "take"},
        {"type": "recruit"},
        {"type": "pass_on"},
        {"type": "pass_on"},
        {"type": "take"},
        {"type": "recruit"},
        {"type": "pass_on"},
        {"type": "take"},
        {"type": "recruit"},
        {"type": "take"},
        {"type": "deploy"},
        {"type": "agent", "card": "a32", "branch": "intel", "funding": []},
        {"type": "mission", "card": "m10", "branch": "intel"},
        {"type": "end_turn"},
        {"type": "recruit"},
        {"type": "pass_on"},
        {"type": "pass_on"},
        {"type": "pass_on"},
        {"type": "deploy"},
        {"type": "agent", "card": "a31", "branch": "intel", "funding": ["f01"]},
        {"type": "mission", "card": "m20", "branch": "intel"},
        {"type": "end_turn"},
        {"type": "recruit"},
        {"type": "take"},
        {"type": "recruit"},
        {"type": "pass_on"},
        {"type": "take"},
        {"type": "deploy"},
        {"type": "agent", "card": "a12", "branch": "cover", "funding": []},
        {"type": "flip", "card": "a32", "branch": "ops"},
        {"type": "mission", "card": "m31", "branch": "ops"},
        {"type": "mission", "card": "m09", "branch": "intel"},
        {"type": "end_turn"},
        {"type": "recruit"},
        {"type": "pass_on"},
    ],
}
"""A 3-player game saved before the ruling (40 actions by normal bots, made with the
code of commit 1be023f): its options say nothing of the opening, it was drafted."""
OLD_THREE_PLAYER_HANDS = [["m28", "f02", "a20", "a07", "m03", "a23", "a17"], [], ["m04", "m29"]]
"""The hands after those 40 actions, as that code had them."""


def test_opening_deal_at_three() -> None:
    """Ruling "3 players, the opening deal" (the rule from it until the short draft; its
    records keep `"opening": "deal"`): from the first player on, in turn order, each
    player gets the deck's top card, then the first player's turn begins."""
    piles = [["m01"], ["m05"], ["m17"]]
    deck = ["a01", "a02", "a04", *FILLER]
    dealt = {"opening": "deal"}
    state = GAME.new(
        seed=1, players=3, options=dealt, setup={"first": 0, "piles": piles, "deck": deck}
    )
    assert state.options["opening"] == "deal"
    assert [state.view(s)["hand"] for s in range(3)] == [["a01"], ["a02"], ["a04"]]
    assert state.view(0)["phase"] == "choose" and state.to_play == [0]
    assert state.view(0)["turn_number"] == 1 and state.view(2)["passed"] == []
    later = GAME.new(
        seed=1, players=3, options=dealt, setup={"first": 2, "piles": piles, "deck": deck}
    )
    assert [later.view(s)["hand"] for s in range(3)] == [["a02"], ["a04"], ["a01"]]
    assert later.to_play == [2]
    seeded = GAME.new(seed=5, players=3, options=dealt)
    assert seeded.view(0)["hand_sizes"] == [1, 1, 1] and seeded.view(0)["phase"] == "choose"
    assert spygames.replay(seeded.record()).view(1) == seeded.view(1)


def test_opening_short_draft_at_three() -> None:
    """Ruling "3 players, the short draft" (setup.OPENINGS): the third player in turn order
    is dealt the deck's top card; the first player draws the next two, keeps one and
    passes the other to the left, to the second player, who keeps it without a choice;
    then the first player's turn begins. A new game records it (`"opening":
    "short-draft"`)."""
    piles = [["m01"], ["m05"], ["m17"]]
    state = new(3, first=1, piles=piles, deck=["a01", "a02", "a04", *FILLER])
    assert state.options["opening"] == "short-draft"
    assert state.view(0)["hand"] == ["a01"] and state.view(0)["hand_sizes"] == [1, 0, 0]
    assert state.view(1)["phase"] == "draft" and state.to_play == [1]
    assert state.view(1)["draft"] == ["a02", "a04"] and state.view(2)["draft"] is None
    state.apply({"type": "keep", "card": "a04"})
    assert [state.view(s)["hand"] for s in range(3)] == [["a01"], ["a04"], ["a02"]]
    assert state.view(1)["passed"] == ["a02"]
    assert state.view(1)["phase"] == "choose" and state.to_play == [1]
    assert state.view(1)["turn_number"] == 1
    seeded = GAME.new(seed=5, players=3)
    assert seeded.record()["options"] == {"opening": "short-draft"}
    first = seeded.view(0)["first"]
    assert seeded.view(0)["phase"] == "draft" and seeded.to_play == [first]
    assert len(seeded.legal_actions()) == 2
    assert spygames.replay(seeded.record()).view(1) == seeded.view(1)


def test_opening_draft_stays_at_two_and_four() -> None:
    """Ruling "3 players, the opening deal": at 2 and 4 players the draft stays, and their
    records are as before (no opening option)."""
    for players in (2, 4):
        state = GAME.new(seed=5, players=players)
        assert state.record()["options"] == {}
        assert state.view(0)["phase"] == "draft"


def test_opening_option_is_checked() -> None:
    """The opening is `draft`, `deal` or `short-draft` (3 players only); asked for, the
    draft is still played at 3."""
    with pytest.raises(
        spygames.InvalidSetup, match="opening must be one of draft, deal, short-draft"
    ):
        GAME.new(seed=1, players=3, options={"opening": "auction"})
    for players in (2, 4):
        with pytest.raises(spygames.InvalidSetup, match="short-draft opening is for 3 players"):
            GAME.new(seed=1, players=players, options={"opening": "short-draft"})
    drafted = GAME.new(seed=5, players=3, options={"opening": "draft"})
    assert drafted.view(0)["phase"] == "draft" and drafted.options == {"opening": "draft"}


def test_a_record_made_before_the_opening_deal_replays_drafted() -> None:
    """Saves, share links and replays made before the ruling keep the rule they were
    played by: absent, the opening is the draft (`replay` takes a record's options as
    they are; only a new game gets today's rules)."""
    state = spygames.replay(OLD_THREE_PLAYER_RECORD)
    assert isinstance(state, SpyNetState)
    assert state.options == {}
    first = state.table.first
    assert state.actors[:2] == [(first - 1) % 3, (first - 2) % 3]  # they drafted
    assert state.table.hands == OLD_THREE_PLAYER_HANDS
    assert state.record() == OLD_THREE_PLAYER_RECORD


OLD_DEALT_RECORD: dict[str, Any] = {
    "game": "spynet",
    "format": 1,
    "seed": 11,
    "players": 3,
    "options": {"opening": "deal"},
    "setup": None,
    "actions": [
        {"type": "recruit"},
        {"type": "pass_on"},
        {"type": "pass_on"},
        {"type": "take"},
        {"type": "recruit"},
        {"type": "pass_on"},
        {"type": "pass_on"},
        {"type": "take"},
        {"type": "recruit"},
        {"type": "pass_on"},
        {"type": "take"},
        {"type": "recruit"},
        {"type": "take"},
        {"type": "recruit"},
        {"type": "pass_on"},
        {"type": "pass_on"},
        {"type": "pass_on"},
        {"type": "recruit"},
        {"type": "take"},
        {"type": "deploy"},
        {"type": "agent", "card": "a31", "branch": "intel", "funding": []},
        {"type": "mission", "card": "m20", "branch": "intel"},
        {"type": "end_turn"},
        {"type": "recruit"},
        {"type": "pass_on"},
        {"type": "take"},
        {"type": "deploy"},
        {"type": "agent", "card": "a32", "branch": "ops", "funding": []},
        {"type": "mission", "card": "m04", "branch": "ops"},
        {"type": "end_turn"},
        {"type": "deploy"},
        {"type": "agent", "card": "a12", "branch": "cover", "funding": []},
        {"type": "flip", "card": "a32", "branch": "tech"},
        {"type": "mission", "card": "m31", "branch": "tech"},
        {"type": "mission", "card": "m09", "branch": "intel"},
        {"type": "end_turn"},
        {"type": "recruit"},
        {"type": "pass_on"},
        {"type": "pass_on"},
        {"type": "take"},
    ],
}
"""A 3-player game saved under the opening deal, before the short draft (40 actions by
normal bots, made with the code of commit 0721f0c): `"opening": "deal"`, no draft."""
OLD_DEALT_HANDS = [
    ["f02", "a20", "a07", "m29"],
    ["f01"],
    ["m28", "m10", "m03", "a23", "a17", "a27", "a08"],
]
"""The hands after those 40 actions, as that code had them (the first player: seat 1)."""


def test_a_record_made_with_the_opening_deal_replays_dealt() -> None:
    """Ruling "3 players, the short draft": saves, share links and replays made under the
    opening deal keep it — their options say `"deal"`, and `replay` takes them as they
    are (only a new game gets the short draft)."""
    state = spygames.replay(OLD_DEALT_RECORD)
    assert isinstance(state, SpyNetState)
    assert state.options == {"opening": "deal"}
    assert state.table.first == 1 and state.actors[0] == 1  # no draft: the first player
    assert state.table.hands == OLD_DEALT_HANDS
    assert state.record() == OLD_DEALT_RECORD


def test_the_view_names_the_game_the_turn_part_and_the_seats() -> None:
    """What a seat may know (DESIGN, the view): the pile looked at only while recruiting,
    the deploy counts only while deploying, whether the game is over; the seats as the
    table set them (names trimmed, a human's level kept at normal)."""
    state = new(hands=[["a01"], []], deck=FILLER)
    view = state.view(0)
    assert (view["game"], view["looking"], view["deploy"], view["over"]) == (
        "spynet",
        None,
        None,
        False,
    )
    deploy(state)
    assert state.view(0)["deploy"] == {"agents_left": 1, "missions_played": {}, "passed": False}
    state.apply(END)
    state.apply({"type": "recruit"})
    assert state.view(1)["looking"] == 0
    seats = [{"name": " Ann ", "kind": "human"}, {"name": "Bo", "kind": "bot", "level": "easy"}]
    seated = GAME.new(seed=1, players=2, options={"seats": seats})
    assert seated.options == {"seats": [
        {"name": "Ann", "kind": "human", "level": "normal"},
        {"name": "Bo", "kind": "bot", "level": "easy"},
    ]}  # fmt: skip
    for seat in (2, -1, True, "0"):
        with pytest.raises(ValueError) as refused_seat:
            seated.view(seat)  # type: ignore[arg-type]
        if seat == 2:
            assert str(refused_seat.value) == "no seat 2 in a 2-player game"
