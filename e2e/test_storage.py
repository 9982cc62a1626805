"""A full storage in a real browser: `localStorage.setItem` throws QuotaExceededError, as
Chromium's does when the origin's quota is used up. The game goes on (every move still
applies), the table says its progress isn't being saved for as long as that is true,
and nothing breaks."""

from __future__ import annotations

from conftest import boot, play_first_dos_action, saved_record, shot
from playwright.sync_api import Locator, Page, expect

import spygames

DOS = "#/deck-of-spies"
FULL = "Your progress isn't being saved (browser storage is full)"

# Chromium's own error when the quota is used up, from every later setItem; the
# page counts the refusals so the test knows the browser really said no.
FILL_UP = """() => {
    window.__refused = 0;
    window.__setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key) {
        window.__refused += 1;
        throw new DOMException(
            "Failed to execute 'setItem' on 'Storage': Setting the value of '" + key
            + "' exceeded the quota.", "QuotaExceededError");
    };
}"""
ROOM_AGAIN = "() => { Storage.prototype.setItem = window.__setItem; }"


def open_deal(page: Page, url: str, seed: int) -> spygames.State:
    """Open deal `seed`; the engine's own copy of it, to know the cards."""
    boot(page, f"{url}{DOS}/deal/{seed}")
    expect(page.locator('[data-testid="deal"]')).to_have_text(f"Deal #{seed}")
    return spygames.get_game("deck-of-spies").new(seed=seed)


def play(page: Page, state: spygames.State, moves: int) -> None:
    """Make `moves` moves by clicks (the engine's first legal action each time); each
    must apply on the page, which then shows the engine's hand."""
    for _ in range(moves):
        play_first_dos_action(page, state)
    for card in state.view(0)["hand"]:
        expect(page.locator(f"#card-{card}")).to_be_visible()


def told(page: Page) -> Locator:
    """The table's standing notice that its progress isn't being saved."""
    return page.locator("#save-status")


def test_storage_fills_up_while_playing(page: Page, site_url: str) -> None:
    state = open_deal(page, site_url, 61)
    play(page, state, 2)
    assert len(saved_record(page, "deck-of-spies")["actions"]) == 2  # saving works so far
    page.evaluate(FILL_UP)

    play(page, state, 1)
    expect(told(page)).to_have_text(
        FULL + ". The game goes on; delete old games under Saved games to make room."
    )
    shot(page, "storage-full")
    play(page, state, 4)  # the game goes on, the notice stays, once, and no alert piles up
    expect(told(page)).to_have_count(1)
    expect(page.locator(".notice")).to_have_count(0)
    assert page.evaluate("window.__refused") >= 5  # every move tried to save, and could not
    assert len(saved_record(page, "deck-of-spies")["actions"]) == 2  # the last good save

    page.evaluate(ROOM_AGAIN)  # room again: the next move saves, and the notice goes
    play(page, state, 1)
    expect(told(page)).to_have_count(0)
    assert len(saved_record(page, "deck-of-spies")["actions"]) == 8
    expect(page.locator(".dos")).to_have_attribute("data-actions", "8")


def test_storage_already_full_when_the_page_opens(page: Page, site_url: str) -> None:
    """Full before Python starts (a context script, before any page script): the deal
    opens, plays, and says once that it is not being saved."""
    page.add_init_script(f"({FILL_UP})()")
    page.set_viewport_size({"width": 375, "height": 812})
    state = open_deal(page, site_url, 62)
    play(page, state, 5)
    expect(told(page)).to_contain_text(FULL)
    expect(told(page)).to_have_count(1)
    shot(page, "storage-full-phone")
    assert page.evaluate("window.__refused") >= 5
    assert page.evaluate("localStorage.length") == 0  # nothing was stored, all along
