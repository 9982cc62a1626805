"""The Espionage table is drawn from its scene alone, and the scene holds only what the
seat at the device may know.

Along seeded games in every seating (you against bots, pass-and-play with its
hand-over screen, four seats with two people and two bots), played by clicking the
page's own controls and ticking the bots and the showdown's steps, at every step: the
scene sent through JSON (no `State` in reach) draws the very page the table draws, and
the JSON holds no card of a hand the seat's own view hides. Positions (demos, replays)
build their scene the same way.
"""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest
from spyweb.browser.store import MemoryStorage, Saves
from spyweb.games.espionage.felt import felt_html
from spyweb.games.espionage.scene import Scene
from spyweb.games.espionage.seats import Seat, seat_options
from spyweb.games.espionage.table import EspionageTable
from spyweb.games.espionage.view import render
from spyweb.tables.position import view_for
from spyweb.tables.screen import Context

import spygames

GAME = spygames.get_game("espionage")
CONTROL = re.compile(r'<(?:button|a|form)\b[^>]*\bdata-act="([^"]*)"[^>]*>')
ARG = re.compile(r'\bdata-arg="([^"]*)"')
# Controls that leave the table, ask a question first, or want a form's values.
SKIP = {"newtable", "again", "copy", "webshare", "deal", "start"}


def roundtrip(scene: Scene) -> Scene:
    return Scene.from_json(json.loads(json.dumps(scene.to_json())))


def public_cards(state: spygames.State) -> set[str]:
    """The cards every seat has seen: the hands shown at the showdowns in the view."""
    view = state.view(0)
    return {
        card
        for shown in (view["revealed"], view["last_round"])
        if shown is not None
        for hand in shown["hands"]
        for card in hand
    }


def hidden_cards(state: spygames.State, viewer: int | None) -> set[str]:
    """The cards in hands the seat at the device may not see (every hand between
    pass-and-play turns), apart from cards every seat has seen."""
    hands = state.hands  # type: ignore[attr-defined]  # the engine's full state, to check
    secret = {card for seat, hand in enumerate(hands) if seat != viewer for card in hand}
    return secret - public_cards(state)


def leaked(data: dict[str, Any], state: spygames.State, viewer: int | None) -> set[str]:
    text = json.dumps(data)
    return {card for card in hidden_cards(state, viewer) if f'"{card}"' in text}


def check(table: EspionageTable) -> None:
    """The scene through JSON draws the table's page, and tells no hidden card."""
    assert table.state is not None
    scene = table.scene()
    data = scene.to_json()
    again = roundtrip(scene)
    assert again == scene
    assert render(again) == table.render()
    assert not leaked(data, table.state, scene.viewer)
    if scene.viewer is None:
        assert data["view"]["hand"] == []


def controls(page: str) -> list[tuple[str, str]]:
    found = []
    for tag in CONTROL.finditer(page):
        act = html.unescape(tag.group(1))
        if act in SKIP or " disabled" in tag.group(0):
            continue
        arg = ARG.search(tag.group(0))
        found.append((act, html.unescape(arg.group(1)) if arg else ""))
    return found


def walk(kinds: list[str], seed: int, steps: int, *, hints: bool = False) -> EspionageTable:
    """A game played by random clicks on the page's controls, checked at every step."""
    rng = random.Random(seed)
    table = EspionageTable(Context(Saves(MemoryStorage())), seed=seed)
    values = {"players": str(len(kinds))}
    for i, kind in enumerate(kinds):
        values[f"seat{i}-kind"], values[f"seat{i}-name"] = kind, ""
    table.submit("start", values)
    assert table.state is not None
    for _ in range(steps):
        check(table)
        if table.pending_delay() is not None:
            table.tick()
            continue
        options = [
            (act, arg)
            for act, arg in controls(table.render())
            if hints or act != "hint"
            if act not in ("odds", "rules", "share", "pace") or rng.random() < 0.1
        ]
        if not options:
            break
        table.handle(*rng.choice(options))
    check(table)
    return table


SEATINGS = [
    pytest.param(["human", "normal", "easy"], 5, id="solo"),
    pytest.param(["human", "human", "normal"], 9, id="pass-and-play"),
    pytest.param(["human", "normal", "human", "easy"], 11, id="four"),
    pytest.param(["human", "human"], 3, id="two-people"),
]


@pytest.mark.parametrize(("kinds", "seed"), SEATINGS)
def test_every_page_is_drawn_from_the_scene_alone(kinds: list[str], seed: int) -> None:
    table = walk(kinds, seed, 1500)
    assert table.state is not None and table.state.is_over  # the end screen was checked


def test_the_hint_and_undo_travel_in_the_scene() -> None:
    """You against a bot, with the Hint pressed now and then (its advice and figures go
    through JSON too) and Undo on offer."""
    table = walk(["human", "easy"], 21, 150, hints=True)
    assert table.state is not None


def test_the_handoff_scene_has_no_hand() -> None:
    """Between pass-and-play turns the scene holds nobody's hand, though the table
    takes the public view from seat 0's."""
    table = EspionageTable(Context(Saves(MemoryStorage())), seed=9)
    table.submit("start", {"players": "2", "seat0-kind": "human", "seat1-kind": "human"})
    assert table.handoff_needed
    scene = table.scene()
    assert scene.viewer is None and scene.handoff and scene.view["hand"] == []
    assert table.state is not None
    assert hidden_cards(table.state, None) >= set(table.state.view(0)["hand"])
    assert not leaked(scene.to_json(), table.state, None)


def test_the_leak_check_finds_a_hand() -> None:
    """The check is not a formality: seat 0's hand in a hand-over scene is found."""
    state = GAME.new(seed=9, players=2)
    view = state.view(0)
    assert leaked({"view": view}, state, None) == set(view["hand"])
    assert not leaked({"view": view}, state, 0)


def test_positions_draw_the_felt_from_their_scene() -> None:
    """A replay's positions, every seat, every step: the scene through JSON draws the
    same felt and holds only that seat's hand."""
    seats = [Seat("Ann", "human"), Seat("Bob", "bot", "normal"), Seat("Cy", "human")]
    state = GAME.new(seed=8, players=3, options=seat_options(seats))
    rng = random.Random(8)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    record = state.record()
    position = view_for(record)
    assert position is not None
    replayed = spygames.replay(record, upto=0)
    for k in range(len(record["actions"]) + 1):
        move = record["actions"][k - 1] if k else None
        for seat in range(3):
            scene = position.scene(  # type: ignore[attr-defined]
                replayed, seat, showdown=move is not None and move["type"] != "bid"
            )
            assert roundtrip(scene) == scene
            assert felt_html(roundtrip(scene)) in position.render(replayed, seat, move=move)
            assert not leaked(scene.to_json(), replayed, seat)
        if k < len(record["actions"]):
            replayed.apply(record["actions"][k])
