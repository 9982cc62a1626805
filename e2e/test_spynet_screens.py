"""SpyNet's screens in Chromium: the end screen opens at its headline (2 and 4 players,
desktop and phone) and offers Replay and Embed; every card's face can be read by a tap;
the Rules page's demo on a desktop; the demo in a small frame; the replay on a desktop.

Positions come from the engine (bots playing a deal), never from card ids."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import boot, open_page, shot
from playwright.sync_api import Browser, Page, expect
from spyweb import links

import spygames

GAME = spygames.get_game("spynet")


def seats(players: int) -> list[dict[str, str]]:
    return [{"name": "Ann", "kind": "human", "level": "normal"}] + [
        {"name": name, "kind": "bot", "level": "normal"} for name in ("Bo", "Cy", "Di")
    ][: players - 1]


def played(players: int, seed: int) -> spygames.State:
    """Deal #seed played to its end by bots, Ann's seat included."""
    state = GAME.new(seed=seed, players=players, options={"seats": seats(players)})
    bots = [GAME.bot("easy", seed=spygames.bot_seed(seed, s, "screens")) for s in range(4)]
    while not state.is_over:
        seat = state.to_play[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state


def one_click_from_the_end(players: int) -> dict[str, Any]:
    """A record whose next move, Ann's End turn, ends the game."""
    for seed in range(1, 60):
        state = played(players, seed)
        record = state.record()
        before = spygames.replay(record, upto=len(record["actions"]) - 1)
        if before.to_play == [0] and record["actions"][-1]["type"] == "end_turn":
            return before.record()
    raise AssertionError(f"no {players}-player deal ends on Ann's End turn")


def in_viewport(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_end_screen_opens_at_its_headline_with_replay_and_embed(
    browser: Browser, guard: Any, site_url: str, players: int, size: str
) -> None:
    """Ann's End turn ends the game: the headline is in view (not Play again at the foot
    of the page), and Replay and Embed open this game's replay."""
    record = one_click_from_the_end(players)
    if size == "phone":
        page = open_page(
            browser, guard, viewport={"width": 375, "height": 812}, device_scale_factor=2,
            is_mobile=True, has_touch=True,
        )  # fmt: skip
    else:
        page = open_page(browser, guard, viewport={"width": 1280, "height": 800})
    try:
        boot(page, f"{site_url}#/play/{links.encode(record)}")
        page.click("#sn-end")
        expect(page.locator("#sn-end-title")).to_be_visible()
        assert in_viewport(page, "#sn-end-title"), page.locator("#sn-end-title").bounding_box()
        shot(page, f"spynet-end-{players}p-{size}")
        finished = spygames.replay({**record, "actions": [*record["actions"], {"type": "end_turn"}]})
        route = links.replay_route(finished.record(), 0)
        expect(page.locator("#btn-replay")).to_have_attribute("href", route)
        expect(page.locator("#btn-embed-replay")).to_have_attribute("href", f"{route}/embed")
        page.click("#btn-replay")
        expect(page.locator("#replay")).to_be_visible()
    finally:
        page.context.close()
    assert not guard.problems, "\n".join(guard.problems)
