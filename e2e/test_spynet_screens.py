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
    bots = [{"name": name, "kind": "bot", "level": "normal"} for name in ("Bo", "Cy", "Di")]
    return [{"name": "Ann", "kind": "human", "level": "normal"}, *bots[: players - 1]]


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
        actions = [*record["actions"], {"type": "end_turn"}]
        finished = spygames.replay({**record, "actions": actions})
        route = links.replay_route(finished.record(), 0)
        expect(page.locator("#btn-replay")).to_have_attribute("href", route)
        expect(page.locator("#btn-embed-replay")).to_have_attribute("href", f"{route}/embed")
        page.click("#btn-replay")
        expect(page.locator("#replay")).to_be_visible()
    finally:
        page.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def position(players: int, seed: int, stop: Any) -> dict[str, Any]:
    """Deal #seed played by bots up to the first position where `stop(state)` holds."""
    state = GAME.new(seed=seed, players=players, options={"seats": seats(players)})
    bots = [GAME.bot("easy", seed=spygames.bot_seed(seed, s, "screens")) for s in range(4)]
    while not state.is_over and not stop(state):
        seat = state.to_play[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    assert not state.is_over
    return state.record()


def looking_at_two(state: spygames.State) -> bool:
    view = state.view(0)
    return (
        state.to_play == [0] and view["phase"] == "recruit" and len(view["looking_at"] or []) >= 2
    )


def late_deploy(state: spygames.State) -> bool:
    return state.to_play == [0] and len(state.actions) > 120 and state.view(0)["phase"] == "deploy"


def read_by_tap(page: Page, card: Any) -> None:
    """Tap a card: its whole face opens (name, text); a tap on Close shuts it."""
    name = card.get_attribute("data-card")
    card.tap()
    dialog = page.locator("#sn-read[role=dialog]")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-card-open", str(name))
    text = spygames.spynet.text.card_text(str(name)).split(" — ", 1)[-1]
    expect(dialog.locator(".sn-text")).to_have_text(text)
    expect(page.locator("#sn-read-close")).to_be_focused()


def test_a_tap_opens_every_cards_whole_face_on_a_phone(
    browser: Browser, guard: Any, site_url: str
) -> None:
    """On a touch screen (no hover, so no title tooltip): a pile's card while recruiting
    and an opponent's agent open whole by a tap, and close by a tap or Escape."""
    page = open_page(
        browser, guard, viewport={"width": 375, "height": 812}, device_scale_factor=2,
        is_mobile=True, has_touch=True,
    )  # fmt: skip
    try:
        boot(page, f"{site_url}#/play/{links.encode(position(3, 5, looking_at_two))}")
        expect(page.locator("#sn-take")).to_be_visible()
        read_by_tap(page, page.locator("#sn-reveal [data-card]").first)
        shot(page, "spynet-read-pile-375")
        page.locator("#sn-read-close").tap()
        expect(page.locator("#sn-read")).to_have_count(0)
        read_by_tap(page, page.locator("#sn-reveal [data-card]").last)
        page.keyboard.press("Escape")
        expect(page.locator("#sn-read")).to_have_count(0)
        boot(page, f"{site_url}#/play/{links.encode(position(4, 7, late_deploy))}")
        agent = page.locator(".sn-other .sn-stack [data-card]").first
        agent.scroll_into_view_if_needed()
        read_by_tap(page, agent)
        page.locator(".sn-read-backdrop").tap(position={"x": 5, "y": 5})
        expect(page.locator("#sn-read")).to_have_count(0)
    finally:
        page.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def test_the_others_agents_are_named_whole_at_four_on_a_desktop(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(page, f"{site_url}#/play/{links.encode(position(4, 7, late_deploy))}")
    names = page.locator(".sn-other .sn-stack .sn-name")
    expect(names.first).to_be_visible()
    shot(page, "spynet-4p-others-1280")
    cut = page.eval_on_selector_all(
        ".sn-other .sn-stack .sn-name",
        """els => els.filter(e => e.scrollWidth > e.clientWidth + 1
                  || getComputedStyle(e).textOverflow === 'ellipsis'
                     && getComputedStyle(e).whiteSpace === 'nowrap')
                 .map(e => e.textContent)""",
    )
    assert names.count() >= 8 and cut == [], cut
