"""Guided first games (issue 41, "A guided first game, for each game"): each game's
guided deal shows every main rule the issue lists, every step legal where it stands.

Deck of Spies, as the issue lists them: "counter, recruit, an Ace as double agent,
assassinate, retire, End turn" (the rules: "Double agents. The Ace of the spy's suit
lets cards of any suit help to recruit it").
"""

from __future__ import annotations

import dataclasses
import re

import pytest

import spygames
from spygames import guides
from spygames.deck_of_spies import guide as dos_guide
from spygames.guides import GuideError, Step, check, get_guide

ISSUE = {
    "deck-of-spies": {"counter", "recruit", "double agent", "assassinate", "retire", "end turn"},
    # "Espionage: bid, raise on another attribute, call, spot, a Source going underground"
    "espionage": {"bid", "raise on another attribute", "call", "spot", "source underground"},
    # "SpyNet: the draft, recruit or deploy, an agent with funding, a mission, dominating a
    # branch, an effect, a teammate"
    "spynet": {
        "draft",
        "recruit or deploy",
        "agent with funding",
        "mission",
        "dominating a branch",
        "an effect",
        "a teammate",
    },
}


@pytest.mark.parametrize("game_id", sorted(guides.guided()))
def test_each_guided_deal_shows_every_main_rule(game_id: str) -> None:
    found = guides.written(game_id)
    assert found is not None
    assert set(found.rules) == ISSUE[game_id]
    assert check(game_id) >= ISSUE[game_id]


@pytest.mark.parametrize("game_id", sorted(guides.guided()))
def test_each_step_of_the_persons_says_what_to_do_and_the_rule(game_id: str) -> None:
    guide = get_guide(game_id)
    assert guide is not None and guide.done
    for step in guide.steps:
        if step.say:
            assert step.say.endswith(".") and len(step.say) < 120  # one sentence
            assert step.rule and step.rule.endswith(".")


@pytest.mark.parametrize("game_id", sorted(guides.guided()))
def test_the_rules_are_quoted_from_the_rules_page(game_id: str) -> None:
    """ "gives the rule in the rules' own words": each rule line is in the Rules page."""
    from spyweb.catalogue import screen_class

    page = re.sub(r"<[^>]+>", "", screen_class(game_id).rules_html()).replace("’", "'")
    guide = get_guide(game_id)
    assert guide is not None
    for step in guide.steps:
        for sentence in step.rule.split(". ") if step.rule else []:
            assert sentence.rstrip(".").replace("’", "'") in page, sentence


def test_an_espionage_call_or_spot_shows_a_source_going_underground() -> None:
    from spygames.espionage import guide as esp_guide

    state = esp_guide.GUIDE.start()
    for step in esp_guide.GUIDE.steps[:4]:
        state.apply(step.action)
    assert esp_guide.teaches(state, {"type": "call"}) == {"call", "source underground"}
    assert esp_guide.teaches(state, {"type": "spot"}) == {"spot", "source underground"}
    opening = esp_guide.GUIDE.start()
    assert esp_guide.teaches(opening, esp_guide.GUIDE.steps[0].action) == {"bid"}
    opening.apply(esp_guide.GUIDE.steps[0].action)
    higher = {"type": "bid", "count": 3, "attribute": "hacker", "next": 0}
    assert esp_guide.teaches(opening, higher) == {"bid"}  # the same attribute, higher


def test_a_script_that_breaks_a_rule_or_misses_one_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    guide = dos_guide.GUIDE
    wrong = dataclasses.replace(
        guide, steps=(Step({"type": "retire", "cards": ["2C", "2H"]}, "Retire.", "A rule."),)
    )
    monkeypatch.setattr(dos_guide, "GUIDE", wrong)
    with pytest.raises(GuideError, match="step 0"):
        check("deck-of-spies")
    short = dataclasses.replace(guide, steps=guide.steps[:4])  # no double agent yet
    monkeypatch.setattr(dos_guide, "GUIDE", short)
    with pytest.raises(GuideError, match="double agent, assassinate, retire"):
        check("deck-of-spies")
    mute = dataclasses.replace(guide, steps=(dataclasses.replace(guide.steps[0], say=""),))
    monkeypatch.setattr(dos_guide, "GUIDE", mute)
    with pytest.raises(GuideError, match="say and rule"):
        check("deck-of-spies")


def test_a_recruit_shows_a_double_agent_only_with_the_ace_and_another_suit() -> None:
    state = spygames.get_game("deck-of-spies").new(
        seed=1, setup={"spies": ["7D"], "draw": ["AD", "2D", "4D", "4S", "3C"]}
    )
    teaches = dos_guide.teaches
    assert teaches(state, {"type": "recruit", "cards": ["AD", "2D", "4D"]}) == {"recruit"}
    assert teaches(state, {"type": "recruit", "cards": ["AD", "2D", "4S"]}) == {
        "recruit",
        "double agent",
    }
    assert teaches(state, {"type": "counter", "cards": ["4S", "3C"]}) == {"counter"}


def test_a_game_follows_the_guide_only_on_its_deal_and_script() -> None:
    guide = dos_guide.GUIDE
    state = guide.start()
    assert guide.guided(state.record())
    state.apply(guide.steps[0].action)
    assert guide.step_at(state.record()) == guide.steps[1]
    other = state.record()
    other["actions"] = [{"type": "counter", "cards": ["AD", "4H"]}]
    assert not guide.follows(other) and guide.step_at(other) is None
    deal = guide.start().record()
    deal["seed"] = 2
    assert not guide.follows(deal)
    for step in guide.steps[1:]:
        state.apply(step.action)
    assert guide.follows(state.record()) and not guide.guided(state.record())
    state.apply(state.legal_actions()[0])  # played on past the script: still its game
    assert guide.follows(state.record()) and guide.step_at(state.record()) is None
