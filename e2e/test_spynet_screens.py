"""SpyNet's screens in Chromium: the end screen opens at its headline (2 and 4 players,
desktop and phone) and offers Replay and Embed; every card's face can be read by a tap;
the Rules page's demo on a desktop; the demo in a small frame; the replay on a desktop.

Positions come from the engine (bots playing a deal), never from card ids."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import SHOTS, boot, open_page, shot
from playwright.sync_api import Browser, Page, expect
from spyweb.browser import links

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


OVERLAPS = """sel => {
    const boxes = [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length)
        .map(e => [e.className, e.getBoundingClientRect()]);
    const hits = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const [a, r] = boxes[i], [b, s] = boxes[j];
        const across = r.left < s.right - 1 && s.left < r.right - 1;
        if (across && r.top < s.bottom - 1 && s.top < r.bottom - 1)
            hits.push(a + ' / ' + b);
    }
    return hits;
}"""
OUTSIDE = """() => [...document.querySelectorAll('.demo .sn-col > *, .demo .sn-tab-head > *')]
    .filter(e => e.getClientRects().length)
    .filter(e => {
        const r = e.getBoundingClientRect(), p = e.parentElement.getBoundingClientRect();
        return r.left < p.left - 1 || r.right > p.right + 1;
    }).map(e => e.className + ': ' + e.textContent.trim().slice(0, 30))"""


def test_the_rules_demo_lays_out_on_a_desktop_and_try_it_plays_a_bot(
    page: Page, site_url: str
) -> None:
    """At 1280x800 the demo sits in the Rules page's column: its hand, tableaus, piles and
    the recruit never lie over one another, no label spills out of its column; Try it
    yourself then seats you against the demo's bot (no device to pass), right there and
    saving nothing until Keep this game."""
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(page, f"{site_url}#/spynet/rules/sn-recruit")
    demo = page.locator("#demo")
    for step in range(int(str(demo.get_attribute("data-steps")))):
        expect(demo).to_have_attribute("data-step", str(step))
        blocks = ".demo .sn-hand, .demo .sn-tableau, .demo .sn-piles, .demo .sn-act"
        assert page.evaluate(OVERLAPS, blocks) == [], step
        assert page.evaluate(OUTSIDE) == [], step
        if step == 2:
            page.locator(".rules-demos").screenshot(path=str(shot_path("spynet-rules-demo-1280")))
        if step < int(str(demo.get_attribute("data-steps"))) - 1:
            page.click("#demo-next")
    page.click("#demo-try")
    expect(page.locator("#demo-live #sn-table")).to_be_visible()
    expect(page.locator("#demo-live .demo-title")).to_be_focused()  # scrolled to the game
    expect(page.locator("#demo-live .demo-title")).to_be_in_viewport()
    expect(page.locator("#sn-tableau-1 .sn-ptag")).to_contain_text("Bot")
    expect(page.locator("#sn-show-hand")).to_have_count(0)
    expect(page.locator("#sn-hand")).to_be_visible()
    assert "/rules/" in page.url  # played on the Rules page, as in the embed ...
    saved = "Object.keys(localStorage).filter(k => k.startsWith('spygames:slot:'))"
    assert page.evaluate(saved) == []  # ... and nothing under Saved games
    page.screenshot(path=str(shot_path("spynet-rules-try-1280")))
    page.click("#demo-keep")  # until it is kept: then it is the game's table
    expect(page.locator("#demo-live")).to_have_count(0)
    expect(page.locator("#sn-table")).to_be_visible()
    assert page.url.endswith("#/spynet") and len(page.evaluate(saved)) == 1


def shot_path(name: str) -> Any:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS / f"{name}.png"


SMALL_TEXT = """() => {
    const zoom = e => {
        let z = 1;
        for (; e; e = e.parentElement) z *= parseFloat(e.style.zoom) || 1;
        return z;
    };
    const texts = [...document.querySelectorAll('#app *')].filter(e => e.getClientRects().length
        && !e.closest('.sr-only, svg')
        && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()));
    return {
        small: texts
            .map(e => [e.textContent.trim().slice(0, 24),
                       parseFloat(getComputedStyle(e).fontSize) * zoom(e)])
            .filter(([, px]) => px < 11),
        cut: [...document.querySelectorAll('#app button, #app .btn, #app .demo-head > *')]
            .filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1)
            .map(e => e.textContent.trim()),
        wide: document.documentElement.scrollWidth > window.innerWidth,
    };
}"""


@pytest.mark.parametrize("demo", [d.id for d in spygames.all_demos("spynet")])
def test_a_small_frame_shows_the_demo_in_a_small_layout_not_a_zoom(
    page: Page, site_url: str, demo: str
) -> None:
    """embed.html at 320x480, every step: no word under 11 px, no cut button or heading
    ("St…"), nothing wider than the frame."""
    page.set_viewport_size({"width": 320, "height": 480})
    page.goto(f"{site_url}embed.html#/demo/{demo}")
    shown = page.locator(".demo")
    expect(shown).to_have_attribute("data-step", "0")
    steps = int(str(shown.get_attribute("data-steps")))
    for step in range(steps):
        expect(shown).to_have_attribute("data-step", str(step))
        page.wait_for_timeout(50)  # embed.js fits the table after each step is drawn
        found = page.evaluate(SMALL_TEXT)
        assert found == {"small": [], "cut": [], "wide": False}, (step, found)
        if step == 1:
            page.screenshot(path=str(shot_path(f"spynet-embed-320-{demo}")))
        if step < steps - 1:
            page.click("#demo-next")


def test_the_replay_on_a_desktop_shows_the_hand_in_a_row_and_whole_names(
    page: Page, site_url: str
) -> None:
    state = played(4, 7)
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(page, f"{site_url}{links.replay_route(state.record(), 0)}")
    page.fill("#replay-move", "150")
    page.click("#replay-go")
    expect(page.locator("[data-testid=replay-move]")).to_have_text("150")
    shot(page, "spynet-replay-1280")
    tops = page.eval_on_selector_all(
        "#replay .sn-hand-cards > li",
        "els => els.map(e => Math.round(e.getBoundingClientRect().top))",
    )
    assert len(tops) >= 2 and len(set(tops)) == 1, tops  # one row
    cut = page.eval_on_selector_all(
        "#replay .sn-name",
        """els => els.filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1)
               .map(e => e.textContent)""",
    )
    assert cut == [], cut
