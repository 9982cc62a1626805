"""The SpyNet table draws from a scene: plain data a seat on another device could draw.

Along seeded games in every seating (one person against bots, pass-and-play with its
hand-over screen, teams of four with people and bots mixed, each played to the end
screen), at every step the table's own page equals `render` of its scene after a JSON
round trip — no `State` in reach — and the scene names no card the seat at the device
may not see: every card id in it appears in that seat's view from the engine (between
two people's turns, in every seat's view). Demo and replay positions likewise.
"""

from __future__ import annotations

import html
import json
import random
import re
from typing import Any

import pytest
from spyweb.app import App
from spyweb.browser.store import MemoryStorage
from spyweb.games.spynet.model import CARD
from spyweb.games.spynet.position import SpyNetPosition, render_position
from spyweb.games.spynet.scene import Scene
from spyweb.games.spynet.table import SpyNetTable
from spyweb.games.spynet.view import render

import spygames

GAME = spygames.get_game("spynet")
CONTROL = re.compile(r'<(?:button|a|div|li|span|section)\b[^>]*\bdata-act="([^"]*)"[^>]*>')
ARG = re.compile(r'\bdata-arg="([^"]*)"')
DISABLED = re.compile(r"\b(disabled|aria-disabled=\"true\")")
LEAVE = {"newtable", "new", "home", "saved", "copy", "webshare", "download", "again", "hint"}
TOKEN = re.compile(r"[a-z]\d\d")


def card_ids(value: Any) -> set[str]:
    """Every card id named anywhere in a JSON value (keys and strings, "a04@ops" too)."""
    if isinstance(value, dict):
        return set().union(*(card_ids(k) | card_ids(v) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(card_ids(v) for v in value))
    if isinstance(value, str):
        return {t for t in TOKEN.findall(value) if t in CARD}
    return set()


def known(state: spygames.State, table: SpyNetTable) -> set[str]:
    """The cards the seat at the device may see: those in its view; with nobody holding
    the device, only those in every seat's view."""
    viewer = table.viewer
    if viewer is not None:
        return card_ids(state.view(viewer))
    if state.is_over:
        return card_ids(state.view(table.bottom()))
    return set.intersection(*(card_ids(state.view(s)) for s in range(state.players)))


def check(table: SpyNetTable) -> None:
    scene = table.scene()
    data = json.loads(json.dumps(scene.to_json()))
    again = Scene.from_json(data)
    assert again == scene
    assert render(again) == table.render()
    state = table.state
    if state is None:
        return
    leaked = card_ids(data) - known(state, table)
    assert not leaked, f"the scene names cards the seat may not see: {sorted(leaked)}"
    hidden = set(CARD) - known(state, table)
    assert state.is_over or hidden  # the check has something to catch


def form(kinds: list[str]) -> dict[str, str]:
    values = {"players": str(len(kinds)), "situation": ""}
    for i, kind in enumerate(kinds):
        values |= {f"seat{i}-kind": kind, f"seat{i}-name": "", f"seat{i}-level": "normal"}
    return values


def controls(page: str) -> list[tuple[str, str]]:
    found = []
    for tag in CONTROL.finditer(page):
        act = html.unescape(tag.group(1))
        if act in LEAVE or DISABLED.search(tag.group(0)):
            continue
        arg = ARG.search(tag.group(0))
        found.append((act, html.unescape(arg.group(1)) if arg else ""))
    return found


def settle(app: App, table: SpyNetTable) -> None:
    for _ in range(400):
        if app.pending_delay() is None:
            return
        app.tick()
        check(table)


@pytest.mark.parametrize(
    ("kinds", "seed"),
    [
        (["human", "bot"], 3),
        (["human", "bot", "bot"], 8),
        (["human", "human", "bot"], 4),
        (["human", "bot", "human", "bot"], 6),
        (["human", "human", "human", "human"], 12),
    ],
)
def test_every_page_is_drawn_from_its_scene_alone(kinds: list[str], seed: int) -> None:
    """Clicks the page's own controls at random (the rules, Share, a card's whole face
    included), then plays on to the end screen; the check runs after every step."""
    rng = random.Random(f"{kinds} {seed}")
    app = App(MemoryStorage())
    app.route(f"#/spynet/deal/{seed}")
    table = app.screen
    assert isinstance(table, SpyNetTable)
    check(table)
    app.submit("start", form(kinds))
    check(table)
    settle(app, table)
    seen_handoff = False
    for step in range(3000):
        state = table.state
        assert state is not None
        if state.is_over:
            break
        seen_handoff |= table.handoff_needed
        options = controls(table.render())
        if step < 120 and options:
            act, arg = rng.choice(options)
        elif table.show_rules or table.show_share:  # closed for the rest: quicker
            act, arg = ("rules" if table.show_rules else "share"), ""
        elif table.handoff_needed:
            act, arg = "show-hand", ""
        else:  # on to the end: the page's moves only, never its looks
            moves = [o for o in options if o[0] not in ("rules", "share", "pace", "read")]
            act, arg = rng.choice(moves or options)
        app.click(act, arg)
        check(table)
        settle(app, table)
    state = table.state
    assert state is not None and state.is_over
    assert 'id="sn-end-title"' in table.render()
    assert seen_handoff == (kinds.count("human") > 1)


def test_a_scene_drops_the_hosts_own_values() -> None:
    """The deal number, the share link and the replay's route are the host's: a scene
    without them still draws the table, and names none of them."""
    app = App(MemoryStorage())
    app.route("#/spynet/deal/5")
    table = app.screen
    assert isinstance(table, SpyNetTable)
    app.submit("start", form(["human", "bot"]))
    app.click("share", "")
    scene = table.scene()
    assert scene.deal == 5 and scene.share_link is not None
    data = scene.to_json() | {"deal": None, "share_link": None, "replay_route": None}
    page = render(Scene.from_json(data))
    assert "Deal #5" in table.render() and 'placeholder="5"' in table.render()
    assert "Deal #5" not in page and 'placeholder="5"' not in page and "#/play/" not in page
    assert 'id="sn-table"' in page


def test_positions_and_replays_draw_from_their_scene() -> None:
    for players, seed in ((2, 1), (4, 2)):
        state = GAME.new(seed=seed, players=players)
        bots = [GAME.bot("easy", seed=spygames.bot_seed(seed, s)) for s in range(players)]
        while not state.is_over:
            seat = state.to_play[0]
            state.apply(bots[seat].advise(state.view(seat), state.legal_actions()).action)
        record = state.record()
        view = SpyNetPosition(record)
        replayed = spygames.replay(record, upto=0)
        for i, action in enumerate(record["actions"]):
            replayed.apply(action)
            if i % 3 and not replayed.is_over:
                continue
            for seat in {i % players, replayed.to_play[0] if replayed.to_play else 0}:
                scene = view.scene(replayed, seat, move=action)
                data = json.loads(json.dumps(scene.to_json()))
                assert render_position(Scene.from_json(data)) == view.render(
                    replayed, seat, move=action
                )
                assert card_ids(data) <= card_ids(replayed.view(seat))


def test_a_reviews_position_marks_the_hard_bots_move_on_the_board() -> None:
    """Issue 47: an opened swing should "mark the suggested card or pile on it": the card
    played from the hand (or flipped, eliminated on a tableau), the pile looked at that
    is taken or passed on, the deck drawn from; each once, nothing else marked."""

    from spyweb.games.spynet.position import SpyNetPosition

    game = spygames.get_game("spynet")
    rng = random.Random(1)
    seen: dict[str, int] = {}
    for seed in range(3):
        state = game.new(seed=seed, players=3)
        while not state.is_over:
            seat, legal = state.to_play[0], state.legal_actions()
            for action in legal:
                if action["type"] in seen:
                    continue
                html = SpyNetPosition(state.record()).render_advised(state, seat, action)
                marked = re.findall(r"<[^>]*data-hinted=\"1\"[^>]*>", html)
                seen[action["type"]] = len(marked)
                if "card" in action and marked:
                    assert f'"{action["card"]}"' in marked[0] or action["card"] in marked[0]
                if action["type"] in ("take", "pass_on"):
                    assert "sn-looking" in marked[0]
                if action["type"] in ("draw", "recruit"):
                    assert 'id="sn-deck"' in marked[0]
            state.apply(rng.choice(legal))
    for kind in ("agent", "mission", "take", "pass_on", "draw", "flip", "eliminate", "recruit"):
        assert seen.get(kind) == 1, (kind, seen)
