"""Rules demos: every demo plays through the engine, and its captions say nothing the engine
would contradict (spygames.demos). A demo can never show a move the engine rejects."""

from __future__ import annotations

import json
import re

import pytest

import spygames
from spygames.deck_of_spies.deck import NAMES, SYMBOLS
from spygames.demos import Demo, Step, lookup

DEMOS = spygames.all_demos()
SYMBOL_TO_NAME = dict(zip(SYMBOLS, NAMES, strict=True))  # "7♥" -> "7H"
CARD_IN_TEXT = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")

# The rules the issue asks every game to demonstrate, by demo id.
REQUIRED = {
    "deck-of-spies": {
        "dos-counter",
        "dos-necessary",
        "dos-double-agent",
        "dos-assassinate",
        "dos-retire",
        "dos-winning",
    },
    "espionage": {"esp-bid-raise", "esp-call", "esp-spot", "esp-underground"},
    "spynet": {"sn-recruit", "sn-dominate", "sn-eliminate"},
}


def ids(demos: list[Demo]) -> list[str]:
    return [demo.id for demo in demos]


def test_every_built_game_has_its_demos_listed_by_unique_url_safe_ids() -> None:
    assert len(set(ids(DEMOS))) == len(DEMOS)
    for demo in DEMOS:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", demo.id), demo.id
        assert demo.game in spygames.GAMES
        assert demo.title and demo.summary and demo.steps
    for game, wanted in REQUIRED.items():
        assert wanted <= set(ids(spygames.all_demos(game)))
    assert spygames.get_demo("dos-counter").game == "deck-of-spies"
    with pytest.raises(spygames.UnknownDemo, match="dos-counter"):
        spygames.get_demo("no-such-demo")


@pytest.mark.parametrize("demo", DEMOS, ids=ids(DEMOS))
def test_demo_plays_through_the_engine_and_every_check_holds(demo: Demo) -> None:
    frames = demo.run()  # raises DemoError on an illegal move or a false claim
    assert len(frames) == len(demo.steps)
    played = spygames.replay(demo.record())
    assert played.record()["actions"] == demo.record()["actions"]
    for frame, step in zip(frames, demo.steps, strict=True):
        if step.refused:
            # the refusal shown is the engine's own reason, and the caption's claim of it
            # is checked word for word
            assert frame.reason and step.check.get("reason") == frame.reason
        else:
            assert frame.reason is None


@pytest.mark.parametrize("demo", DEMOS, ids=ids(DEMOS))
def test_every_number_a_caption_states_is_checked(demo: Demo) -> None:
    """A number in a caption ("the count is 4") must be one the step checks against the
    engine, or one of its action's; card names ("7♥") are checked in the next test."""
    for index, step in enumerate(demo.steps):
        checked = {v for v in step.check.values() if isinstance(v, int) and not isinstance(v, bool)}
        if step.action is not None:
            checked |= {v for v in step.action.values() if isinstance(v, int)}
        for text in NUMBER.findall(CARD_IN_TEXT.sub("", step.caption)):
            assert int(text) in checked, f"{demo.id} step {index}: {text} is not checked"


@pytest.mark.parametrize(
    "demo", [d for d in DEMOS if d.game == "deck-of-spies"], ids=lambda d: d.id
)
def test_every_card_a_caption_names_is_on_the_table(demo: Demo) -> None:
    """A Deck of Spies caption only names cards in the action or in sight before or
    after the step (the hand, the spy, the piles)."""
    before = json.dumps(demo.start().view(demo.seat))
    for index, frame in enumerate(demo.run()):
        after = json.dumps(frame.view)
        action = json.dumps(frame.step.action)
        for symbol in CARD_IN_TEXT.findall(frame.step.caption):
            name = f'"{SYMBOL_TO_NAME[symbol]}"'
            assert name in before + after + action, f"{demo.id} step {index}: {symbol}"
        before = after


def broken(*steps: Step) -> Demo:
    return Demo(
        id="broken",
        game="deck-of-spies",
        title="Broken",
        summary="",
        setup={"spies": ["7H"], "draw": ["3H", "4S", "2C", "AD", "2D"]},
        steps=steps,
    )


def test_a_demo_that_lies_is_refused_with_the_step_named() -> None:
    with pytest.raises(spygames.DemoError, match="step 1: the engine refuses it"):
        broken(Step("start"), Step("pay", {"type": "counter", "cards": ["2C", "3H"]})).run()
    with pytest.raises(spygames.DemoError, match="is legal, not refused"):
        broken(Step("x", {"type": "counter", "cards": ["3H", "4S"]}, refused=True)).run()
    with pytest.raises(spygames.DemoError, match="step 0: spy_value is 7, the caption says 8"):
        broken(Step("the spy needs 8", check={"spy_value": 8})).run()
    with pytest.raises(spygames.DemoError, match=r"nothing at hand\.9"):
        broken(Step("x", check={"hand.9": "AS"})).run()
    with pytest.raises(spygames.DemoError, match="no steps"):
        broken().run()


def test_lookup_reads_views_results_and_reasons() -> None:
    frame = broken(Step("x")).run()[0]
    assert lookup(frame, "spy") == "7H"
    assert lookup(frame, "hand.len") == 5
    assert lookup(frame, "hand.0") == "AD"
    assert lookup(frame, "result") is None
    assert lookup(frame, "reason") is None
