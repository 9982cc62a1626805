"""Deck of Spies in the browser: a whole game by clicks, reasons, undo, reload, phone, keys.

The whole game by the Hint is `make e2e-long`'s; `make test` follows the Hint for a new
deal's first moves, then through the last turns of the same deal opened from a share
link (each Hint is the hard bot's search: the whole game is some 50 of them)."""

from __future__ import annotations

import pytest
from conftest import boot, no_horizontal_scroll, shot, wait_for
from drivers.records import dos_late, open_late
from playwright.sync_api import Page, expect

import spygames

TABLE = "#/deck-of-spies"


def deal(seed: int) -> spygames.State:
    """The same deal as the page's "Deal #seed", to know its cards."""
    return spygames.get_game("deck-of-spies").new(seed=seed)


def retires_after(state: spygames.State, move: dict[str, object]) -> list[dict[str, object]]:
    """The retires that `move` leaves open in the same turn."""
    after = spygames.replay(state.record())
    after.apply(move)
    return [a for a in after.legal_actions() if a["type"] == "retire"]


def actions_done(page: Page) -> int:
    return int(page.get_attribute(".dos", "data-actions") or "0")


def wait_actions(page: Page, count: int) -> None:
    page.wait_for_selector(f'.dos[data-actions="{count}"]')


def open_deal(page: Page, site_url: str, seed: int) -> None:
    boot(page, f"{site_url}{TABLE}/deal/{seed}")
    page.wait_for_selector(f'.dos [data-testid="deal"]:text("Deal #{seed}")')
    wait_for(page, "location.hash === '#/deck-of-spies'")


@pytest.mark.parametrize(
    "whole", [False, pytest.param(True, marks=pytest.mark.long)], ids=["late", "whole"]
)
def test_a_whole_game_by_following_the_hint(page: Page, site_url: str, whole: bool) -> None:
    open_deal(page, site_url, 2)
    shot(page, "dos-desktop-start")
    for move in range(200):
        if not whole and move == 3:  # the same deal's last turns, from a share link
            open_late(page, site_url, "deck-of-spies", dos_late(2, 8))
        if page.locator('[data-testid="end"]').count():
            break
        done = actions_done(page)
        if page.get_attribute(".dos", "data-phase") == "after":
            page.click("#act-end-turn")
            wait_actions(page, done + 1)
            continue
        page.click("#btn-hint")
        hint = page.wait_for_selector(".dos-hint")
        kind = hint.get_attribute("data-hint-type")
        if kind == "assassinate":
            page.click(f"#act-assassinate-{hint.get_attribute('data-hint-ace')}")
        else:
            for card in (hint.get_attribute("data-hint-cards") or "").split():
                # the hint has picked its cards: one more click plays it
                assert page.get_attribute(f"#card-{card}", "aria-pressed") == "true"
            if done == 0:
                shot(page, "dos-desktop-hint")
            page.click(f"#act-{kind}")
        wait_actions(page, done + 1)
    end = page.locator('[data-testid="end"]')
    assert end.is_visible()
    text = end.inner_text()
    assert ("You won!" in text) or ("The spies won" in text)
    assert "of 12 face cards" in text
    assert page.locator("#btn-again").is_visible() and page.locator("#btn-new-end").is_visible()
    assert page.locator(".dos-log-list li").count() > 10
    shot(page, "dos-desktop-end")
    page.click("#btn-again")
    wait_actions(page, 0)
    assert page.locator('[data-testid="end"]').count() == 0


def test_illegal_selection_undo_and_reload(page: Page, site_url: str) -> None:
    seed = 7
    state = deal(seed)
    view = state.view(0)
    need = view["spy_value"]
    lowest = min(view["hand"], key=lambda c: spygames.Card.parse(c).value)
    assert spygames.Card.parse(lowest).value < need
    open_deal(page, site_url, seed)

    # An illegal selection explains itself, and trying it anyway changes nothing.
    page.click(f"#card-{lowest}")
    assert page.is_disabled("#act-counter")
    why = page.inner_text("#why-counter")
    assert "more" in why or "not needed" in why, why
    page.keyboard.press("c")
    expect(page.locator(".notice")).to_contain_text("Counter")
    assert actions_done(page) == 0
    page.click("#btn-clear")

    # Undo never goes back past something that showed a card (DESIGN "Every game —
    # Undo"): paying for the spy shows the next one (the spy deck lies face up), so Undo
    # is off, with the engine's reason; a retire shows nothing, and Undo takes it back.
    move, retire = next(
        (move, after[0]) for move in state.legal_actions() if (after := retires_after(state, move))
    )
    assert page.is_disabled("#btn-undo")
    for card in move["cards"]:
        page.click(f"#card-{card}")
    page.click(f"#act-{move['type']}")
    wait_actions(page, 1)
    assert page.get_attribute(".dos", "data-phase") == "after"
    assert page.is_disabled("#btn-undo")
    assert page.get_attribute("#btn-undo", "title") == (
        "Undo is off: the next spy has been shown since."
    )
    hand_html = page.inner_html(".dos-hand")
    for card in retire["cards"]:
        page.click(f"#card-{card}")
    page.click("#act-retire")
    wait_actions(page, 2)
    page.click("#btn-undo")
    wait_actions(page, 1)
    assert page.get_attribute(".dos", "data-phase") == "after"
    assert page.inner_html(".dos-hand").replace(" fresh", "") == hand_html.replace(" fresh", "")

    # Play on a little; a reload resumes exactly there.
    page.click("#act-end-turn")
    wait_actions(page, 2)
    assert page.is_disabled("#btn-undo")
    page.keyboard.press("u")
    expect(page.locator(".notice")).to_contain_text("Nothing to undo: a new turn has begun")
    before = page.inner_html(".dos-hand").replace(" fresh", "")
    log = page.inner_text(".dos-log-list")
    page.reload()
    page.wait_for_selector('html[data-ready=true] .dos[data-actions="2"]', timeout=90_000)
    assert page.inner_html(".dos-hand").replace(" fresh", "") == before
    assert page.inner_text(".dos-log-list") == log


def test_phone_layout_and_one_turn_by_keyboard(phone: Page, site_url: str) -> None:
    seed = 11
    state = deal(seed)
    open_deal(phone, site_url, seed)
    assert no_horizontal_scroll(phone)
    shot(phone, "dos-phone-375")
    hand = state.view(0)["hand"]
    move = state.legal_actions()[0]
    keys = [str(hand.index(card) + 1) for card in move["cards"]]
    # The first card by focusing it and pressing Space (cards are real buttons)...
    first = move["cards"][0]
    phone.focus(f"#card-{first}")
    phone.keyboard.press("Space")
    expect(phone.locator(f"#card-{first}")).to_have_attribute("aria-pressed", "true")
    # ...the rest by their number keys, then the letter of the action.
    for key in keys[1:]:
        phone.keyboard.press(key)
    total = sum(spygames.Card.parse(c).value for c in move["cards"])
    expect(phone.locator('[data-testid="selected-total"]')).to_have_text(str(total))
    phone.keyboard.press("c" if move["type"] == "counter" else "r")
    wait_actions(phone, 1)
    phone.keyboard.press("h")
    phone.wait_for_selector(".dos-hint")
    phone.keyboard.press("e")
    wait_actions(phone, 2)
    assert phone.get_attribute(".dos", "data-turn") == "2"
    assert no_horizontal_scroll(phone)
    phone.click("#btn-rules")
    phone.wait_for_selector(".dos-rules")
    assert no_horizontal_scroll(phone)
    shot(phone, "dos-phone-rules")


def test_a_phone_shows_every_ace_to_sacrifice_within_its_width(phone: Page, site_url: str) -> None:
    """Issue 47: "the Assassinate buttons sit in one row that does not wrap; the page
    becomes 516 px wide on a 375 px screen". A position with four Aces to choose from
    (deal 1, 39 random moves in: the spy is 10♥, the hand A♠ A♥ A♣ 2♦ 3♠) opened by its
    link: every Ace's button on the screen, nothing sideways."""
    import random

    from spyweb.browser import links

    state, rng = deal(1), random.Random(1)
    while not (state.view(0)["must_assassinate"] and len(state.view(0)["owned_aces"]) == 4):
        state.apply(rng.choice(state.legal_actions()))
    boot(phone, f"{site_url}#/play/{links.encode(state.record())}")
    aces = phone.locator("[id^='act-assassinate-']")
    expect(aces).to_have_count(4)
    width = phone.evaluate("innerWidth")
    for box in (aces.nth(i).bounding_box() for i in range(4)):
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert no_horizontal_scroll(phone)
    shot(phone, "dos-phone-aces")
