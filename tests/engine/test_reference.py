"""A bot author's reference (spygames.reference, the Bot Lab's "How a bot works", `python
-m spygames reference`), and a game stepped through decision by decision (Match.walk,
the Lab's "Step through a game"). Issue 46: "a step-by-step game showing each view, the
legal list and the choice; a reference of every view key and action shape per game with
the rules and how to win"."""

from __future__ import annotations

import random
from typing import Any

import pytest
from babel.messages.pofile import read_po

import spygames
from spygames import i18n
from spygames.cli import main
from spygames.lab import Match, load
from spygames.reference import ANY, WHEN_IT_APPLIES, reference

GAMES = [("deck-of-spies", 1), ("espionage", 3), ("spynet", 4)]


def paths(value: Any, prefix: str = "") -> set[str]:
    """Every key path in a view, as the reference writes it ("players[…].points")."""
    found = set()
    if isinstance(value, dict):
        for key, item in value.items():
            path = f"{prefix}.{key}" if prefix else key
            found.add(path)
            found |= paths(item, path)
    elif isinstance(value, list):
        for item in value:
            found |= paths(item, prefix + ANY)
    return found


def branch_maps(path: str) -> str:
    """A view's map by branch or tier is a map in the reference: `agents.ops` is `agents[…]`."""
    for name in ("ops", "cover", "intel", "tech"):
        path = path.replace(f".{name}", ANY)
    return path


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_every_key_a_view_holds_and_every_action_is_in_the_reference(
    game_id: str, players: int
) -> None:
    ref = reference(game_id)
    listed = {key["path"] for key in ref["view"]}
    kinds = {action["type"] for action in ref["actions"]}
    game = spygames.get_game(game_id)
    seen: set[str] = set()
    for seed in range(4):
        state, rng = game.new(seed=seed, players=players), random.Random(seed)
        while not state.is_over:
            seen |= {branch_maps(p) for p in paths(state.view(state.to_play[0]))}
            legal = state.legal_actions()
            assert {a["type"] for a in legal} <= kinds
            state.apply(rng.choice(legal))
    # Not keys: a step into a map ("dominates.ops"), a map by tier, an event's free form
    # (DeckOfSpiesView: `events: list[dict[str, Any]]`, "each a kind and a text").
    seen = {
        p
        for p in seen
        if not p.endswith(ANY) and not p.startswith(("spies_left_by_tier.", f"events{ANY}."))
    }
    assert seen <= listed, sorted(seen - listed)


@pytest.mark.parametrize("game_id", [g for g, _ in GAMES])
def test_every_key_and_action_is_explained_in_words(game_id: str) -> None:
    ref = reference(game_id)
    assert ref["goal"] and ref["name"] == spygames.get_game(game_id).name
    for key in ref["view"]:
        assert key["words"] and key["type"], key
    for action in ref["actions"]:
        assert action["words"], action
        for key in action["keys"]:
            assert key["words"] and key["type"], (action["type"], key)


def test_the_reference_says_what_the_template_needed() -> None:
    """The Espionage template ignored Traitors: the reference tells how a count is made."""
    esp = reference("espionage")
    assert "Traitor" in esp["goal"]
    bid = next(a for a in esp["actions"] if a["type"] == "bid")
    assert "Traitor takes one away" in bid["words"]
    assert [k["path"] for k in bid["keys"]] == ["count", "attribute", "next"]
    sn = reference("spynet")
    assert "from spygames.spynet.cards import card" in sn["goal"]
    keys = {k["path"]: k for k in sn["view"]}
    assert keys[f"tableaus{ANY}.agents{ANY}{ANY}.power"]["type"] == "int"
    assert keys["pending.max_power"]["words"].endswith("(only when it applies)")


def test_the_command_line_prints_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reference", "spynet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# SpyNet: a bot's reference")
    assert '- `{"type": "agent", "card", "branch", "funding"}`' in out
    assert f"| `tableaus{ANY}.funding` | `int` | funding cards in the tableau |" in out


def every_words(ref: dict[str, Any]) -> list[str]:
    """Every text of a reference: how it is won, each key's words, each action's."""
    found = [ref["goal"]] + [key["words"] for key in ref["view"]]
    for action in ref["actions"]:
        found += [action["words"]] + [key["words"] for key in action["keys"]]
    return found


def test_every_word_of_the_reference_is_a_message_to_translate() -> None:
    """Issue 49, "Every word a player reads, translated": the reference's words (the views'
    comments and docstrings) are extracted whole into the template (`make messages`,
    spygames.reference.extract), each as the reference says it."""
    with (i18n.LOCALE_DIR / "spygames.pot").open("rb") as f:
        ids = {m.id for m in read_po(f) if isinstance(m.id, str)}
    suffix = " (only when it applies)"
    missing = []
    for game_id, _players in GAMES:
        for words in every_words(reference(game_id)):
            whole = words[: -len(suffix)] if words.endswith(suffix) else words
            if whole not in ids:
                missing.append((game_id, whole))
    assert not missing, missing
    assert WHEN_IT_APPLIES in ids


def test_the_reference_speaks_the_language_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    """The Lab's reference (the build writes one per language) and the command line's
    `--lang` say it in the reader's language: every text translated, the code kept."""
    english = reference("spynet")
    try:
        i18n.use("fr")
        french = reference("spynet")
    finally:
        i18n.use(i18n.ENGLISH)
    assert [k["path"] for k in french["view"]] == [k["path"] for k in english["view"]]
    assert [k["type"] for k in french["view"]] == [k["type"] for k in english["view"]]
    pairs = list(zip(every_words(english), every_words(french), strict=True))
    assert [en for en, fr in pairs if en == fr] == []
    keys = {k["path"]: k["words"] for k in french["view"]}
    assert "(only when it applies)" not in keys["pending.max_power"]
    assert "card(" in french["goal"]  # code stays code
    try:
        assert main(["--lang", "fr", "reference", "spynet"]) == 0
    finally:
        i18n.use(i18n.ENGLISH)
    out = capsys.readouterr().out
    assert out.startswith("# SpyNet") and "a bot's reference" not in out
    assert keys["seat"] in out


PRINTING = """
def choose(view, legal, rng):
    print("deciding at move", len(legal))
    return legal[-1]
"""


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_game_stepped_through_is_the_matchs_game_decision_by_decision(
    game_id: str, players: int
) -> None:
    match = Match(load(PRINTING), game_id, "normal", 3, players, seed=7)
    played = list(match.play())
    steps: list[dict[str, Any]] = []
    walk = Match(load(PRINTING), game_id, "normal", 3, players, seed=7).walk(2, steps)
    while (ended := next(walk)) is None:
        pass
    game = played[2]
    assert (ended.deal, ended.seat, ended.won, ended.moves) == (
        game.deal, game.seat, game.won, game.moves)  # fmt: skip
    assert ended.record == game.record
    # One step per decision of the bot's seat, each with its view, legal list and choice.
    assert steps and all(s["choice"] == s["legal"][-1] for s in steps)
    assert all(s["view"]["seat"] == game.seat for s in steps)
    assert all(s["printed"] == f"deciding at move {len(s['legal'])}\n" for s in steps)
    assert [s["move"] for s in steps] == sorted(s["move"] for s in steps)
    assert steps[-1]["move"] <= game.moves
    # Each move of the game is the bot's or, told once in words, one of the others'.
    others = sum(len(s["before"]) for s in steps)
    assert len(steps) + others <= game.moves
    if players > 1:
        assert any(s["before"] for s in steps)
        assert all(line.startswith("player ") for s in steps for line in s["before"])
    assert all(s["said"] and s["seen"] for s in steps)
