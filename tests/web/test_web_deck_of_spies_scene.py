"""The Deck of Spies table draws from its Scene alone: a scene that went through JSON,
with no `State` in reach, draws the very page the table does, at every step of seeded
games played through the table's own controls (picks, payments, retires, Undo, the
Hint, the panels, the end with its search for a winning line); and what the scene
holds for the player's device never names a card the player cannot see."""

from __future__ import annotations

import dataclasses
import html
import json
import random
import re
from typing import Any

import pytest
from spyweb.app import App
from spyweb.browser.store import MemoryStorage
from spyweb.games.deck_of_spies import table as table_module
from spyweb.games.deck_of_spies.position import DeckOfSpiesPosition, Position, draw, position_scene
from spyweb.games.deck_of_spies.scene import Scene
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
from spyweb.games.deck_of_spies.view import render

import spygames
import spygames.hints
from spygames.deck_of_spies.deck import NAMES

GAME = spygames.get_game("deck-of-spies")
CARD = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")
CONTROL = re.compile(r'<(?:button|a)\b[^>]*\bdata-act="([^"]*)"[^>]*>')
ARG = re.compile(r'\bdata-arg="([^"]*)"')
LEAVES = {"new", "again", "deal", "copy", "webshare"}  # a new deal, or the page's own
# What only the device holding the game may see: each tells the order of hidden cards.
HOST_ONLY = ("deal", "daily_day", "daily_result", "share_link", "replay_route")


def through_json(scene: Scene) -> Scene:
    return Scene.from_json(json.loads(json.dumps(scene.to_json())))


def for_another_device(scene: Scene) -> dict[str, Any]:
    """The scene without the host's fields (and the lost deal's winning line)."""
    data = scene.to_json()
    for name in HOST_ONLY:
        data.pop(name)
    if data["verdict"] is not None:
        data["verdict"] = {**data["verdict"], "route": None}
    return data


def hidden_cards(state: spygames.State) -> tuple[list[str], list[str]]:
    """The engine's own piles: the spies under the one turned up, and the draw deck in
    its true order."""
    table = state.table  # type: ignore[attr-defined]
    return [NAMES[c] for c in table.spies[:-1]], [NAMES[c] for c in table.draw]


def assert_nothing_hidden(data: dict[str, Any], state: spygames.State) -> None:
    text = json.dumps(data)
    spies, draw = hidden_cards(state)
    named = set(CARD.findall(text))
    assert not named & set(spies), "a spy not yet turned up is named"
    shown = state.view(0)["draw_cards"]
    if len(draw) > 1 and draw != shown:
        assert json.dumps(draw)[1:-1] not in text, "the draw deck's order is in the scene"


def controls(page: str) -> list[tuple[str, str]]:
    found = []
    for tag in CONTROL.finditer(page):
        act = html.unescape(tag.group(1))
        if act in LEAVES or " disabled" in tag.group(0):
            continue
        arg = ARG.search(tag.group(0))
        found.append((act, html.unescape(arg.group(1)) if arg else ""))
    return found


def check(app: App) -> None:
    table = app.screen
    assert isinstance(table, DeckOfSpiesTable)
    scene = table.scene()
    again = through_json(scene)
    assert again == scene
    assert render(again) == table.render()
    assert_nothing_hidden(for_another_device(scene), table.state)


@pytest.fixture
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Hint of a fixed number of playouts (no clock), a pause after every round."""
    monkeypatch.setattr(spygames.get_game("deck-of-spies"), "hint_budget", spygames.Budget(8, None))
    monkeypatch.setattr(table_module, "HINT_SLICE_S", 0.0)


@pytest.mark.usefixtures("quick_hints")
@pytest.mark.parametrize("seed", [7, 42, 2024])
def test_every_page_of_a_game_is_drawn_from_its_scene_alone(seed: int) -> None:
    rng = random.Random(seed)
    app = App(MemoryStorage(), base_url="https://example.test/spygames/")
    app.route(f"#/deck-of-spies/deal/{seed}")
    table = app.screen
    assert isinstance(table, DeckOfSpiesTable)
    seen: set[str] = set()
    for _ in range(1000):
        check(app)
        if table.state.is_over:
            break
        options = controls(table.render())
        plays = [o for o in options if o[0] not in ("panel", "four", "hint", "undo")]
        draw_lots = rng.random()
        if draw_lots < 0.1:
            act, arg = "hint", ""
        elif draw_lots < 0.4 and ("undo", "") in options:
            act, arg = "undo", ""
        elif draw_lots < 0.7:  # the engine's own choice, through the table's controls
            legal = table.state.legal_actions()
            retires = [m for m in legal if m["type"] == "retire"]  # Undo can take one back
            move = rng.choice(retires if retires and rng.random() < 0.5 else legal)
            if table.selected:
                app.click("clear", "")
            for card in move.get("cards", []):
                app.click("pick", card)
                check(app)
            act, arg = move["type"], move.get("ace", "")
        else:
            act, arg = rng.choice(plays if plays and rng.random() < 0.8 else options)
        app.click(act, arg)
        seen.add(act)
        while app.pending_delay() is not None:  # the Hint, in slices
            app.tick()
            check(app)
    assert table.state.is_over
    for name in ("draw", "rules", "share"):
        app.click("panel", name)
        check(app)
    while app.pending_delay() is not None:  # a lost deal: the search for a winning line
        app.tick()
    check(app)
    assert {"pick", "undo", "hint"} <= seen


def test_a_lost_deal_and_a_daily_deal_are_drawn_from_their_scene() -> None:
    storage = MemoryStorage()
    seed = 5
    entry = {"day": "2026-11-30", "number": 334, "seed": seed, "won": None, "score": None}
    storage.set("spygames:daily:deck-of-spies:2026-11-30", json.dumps(entry))
    app = App(storage, base_url="https://example.test/spygames/")
    app.route(f"#/deck-of-spies/deal/{seed}")
    table = app.screen
    assert isinstance(table, DeckOfSpiesTable)
    assert table.scene().daily_day == "2026-11-30"
    while not table.state.is_over:
        done = len(table.state.actions)
        move = table.state.legal_actions()[-1]
        for card in move.get("cards", []):
            app.click("pick", card)
        app.click(move["type"], move.get("ace", ""))
        assert len(table.state.actions) == done + 1, f"not played: {move}"  # never a hang
        check(app)
    scene = table.scene()
    assert scene.daily_result is not None and 'data-testid="daily-result"' in render(scene)
    if not table.state.result["won"]:
        assert scene.verdict is not None and scene.verdict.kind == "pending"
        while app.pending_delay() is not None:
            app.tick()
        assert table.scene().verdict.kind != "pending"
    check(app)


def played(seed: int) -> spygames.State:
    state = GAME.new(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", [5, 8])
def test_every_position_of_a_replay_is_drawn_from_its_scene_alone(seed: int) -> None:
    record = played(seed).record()
    shown = DeckOfSpiesPosition(record)
    state = spygames.replay(record, upto=0)
    moves: list[dict[str, Any] | None] = [None, *record["actions"]]
    for number, move in enumerate(moves):
        if move is not None:
            state.apply(move)
        for fresh in (True, False):
            position = position_scene(state, move=move, fresh=fresh)
            again = Position.from_json(json.loads(json.dumps(position.to_json())))
            assert again == position
            assert draw(again) == shown.render(state, 0, move=move, fresh=fresh)
            assert_nothing_hidden(dataclasses.asdict(position), state)
        if not state.is_over and number % 7 == 0:  # a refused move shows the cards it tried
            tried = {"type": "counter", "cards": state.view(0)["hand"][:1]}
            reason = state.why_illegal(tried)
            if reason is not None:
                position = position_scene(state, move=tried, refused=reason)
                assert position.scene.selected == tuple(tried["cards"])
                again = Position.from_json(json.loads(json.dumps(position.to_json())))
                assert draw(again) == shown.render(state, 0, move=tried, refused=reason)
