"""The table in the record (`options["seats"]`), checked one way for every game that
seats people: Espionage and SpyNet share `spygames.seats`."""

from __future__ import annotations

import json
from typing import Any

import pytest

import spygames
from spygames.seats import read_seats


def seat(name: str, kind: str = "bot", level: str | None = "normal") -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "kind": kind}
    if level is not None:
        out["level"] = level
    return out


def test_seats_are_tidied() -> None:
    assert read_seats([seat(" Ann ", "human", None), seat("Bo", level="hard")], 2) == [
        {"name": "Ann", "kind": "human", "level": "normal"},
        {"name": "Bo", "kind": "bot", "level": "hard"},
    ]


@pytest.mark.parametrize("game", ["espionage", "spynet"])
def test_a_persons_own_bot_is_a_seat_level(game: str) -> None:
    """Issue 39: "'Your bot' becomes a seat kind on the setup form of the game's table":
    its seat is a bot of level "yours" in the record, which plays like any other."""
    table = [seat("Ann", "human"), seat("Mine", level="yours")]
    state = spygames.get_game(game).new(seed=3, players=2, options={"seats": table})
    assert state.options["seats"][1] == {"name": "Mine", "kind": "bot", "level": "yours"}
    assert spygames.replay(state.record()).options == state.options


@pytest.mark.parametrize("game", ["espionage", "spynet"])
@pytest.mark.parametrize(
    ("seats", "words"),
    [
        ("Ann", "must be a list of 2 seats"),
        ([seat("Ann", "human")], "must list 2 seats, one per player, not 1"),
        ([seat("Ann", "human"), seat("")], "seat 2 needs a name"),
        ([seat("Ann", "human"), seat("X" * 21)], "longer than 20 characters"),
        ([seat("Ann", "human"), seat("Bo", "robot")], "kind must be human or bot"),
        ([seat("Ann", "human"), seat("Bo", level=None)], "a bot needs a level"),
        ([seat("Ann", "human"), seat("Bo", level="random")], "level must be one of easy"),
        ([seat("Ann", "human"), {**seat("Bo"), "team": 1}], "unknown keys team"),
        ([seat("Cy"), seat("Di")], "at least one person"),
    ],
)
def test_both_games_refuse_a_bad_table_with_the_same_reason(
    game: str, seats: Any, words: str
) -> None:
    with pytest.raises(spygames.InvalidSetup, match=words):
        spygames.get_game(game).new(seed=1, players=2, options={"seats": seats})


def test_spynet_carries_its_table_and_situation_in_the_record() -> None:
    """SpyNet's options: the situation and the seats; the seats change nothing in play."""
    game = spygames.get_game("spynet")
    table = [
        seat("Ann", "human"),
        seat("Bo"),
        seat(" Cy ", "human", None),
        seat("Di", level="easy"),
    ]
    state = game.new(seed=9, players=4, options={"situation": "random", "seats": table})
    plain = game.new(seed=9, players=4, options={"situation": "random"})
    assert state.record()["options"]["seats"][2] == {
        "name": "Cy",
        "kind": "human",
        "level": "normal",
    }
    assert [state.view(s) for s in range(4)] == [plain.view(s) for s in range(4)]
    for _ in range(12):
        action = state.legal_actions()[0]
        state.apply(action)
        plain.apply(action)
    again = spygames.replay(json.loads(json.dumps(state.record())))
    assert again.record() == state.record()
    assert again.options["seats"][0]["name"] == "Ann"
