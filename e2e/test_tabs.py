"""One game open in two tabs of one browser (two pages of one context share its storage,
its `storage` events and its BroadcastChannel): the second tab says the game is open in
the other one instead of writing over it, and "Take over here" moves the game across
with its newest position."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import boot, play_first_dos_action, saved_record, shot
from playwright.sync_api import Page, expect

import spygames

pytestmark = pytest.mark.fresh  # two tabs of one context, one muted by an init script

DOS = "#/deck-of-spies"
ELSEWHERE = "This game is open in another tab"
# The site's own channel says nothing (others keep working).
MUTE = """(() => {
    const post = BroadcastChannel.prototype.postMessage;
    BroadcastChannel.prototype.postMessage = function (message) {
        if (this.name !== "spygames") return post.call(this, message);
    };
})();"""


def play(page: Page, moves: int) -> None:
    """Make `moves` moves by clicks, from the position the page shows (its saved one)."""
    for _ in range(moves):
        state = spygames.replay(saved_record(page, "deck-of-spies"))
        done = len(state.actions)
        expect(page.locator(".dos")).to_have_attribute("data-actions", str(done))
        play_first_dos_action(page, state)


def hear_the_next_write(page: Page) -> Callable[[], None]:
    """What waits until `page` has heard of the next save another tab makes. A person
    takes a game over once the other tab's last move has reached this one, not within
    the same milliseconds: under load a `storage` event can come late, and a take-over
    before it loads the position before that move; the event then sets this tab aside
    too (both tabs aside, nothing lost: Take over here again)."""
    page.evaluate(
        """() => { window.spygamesWrite = new Promise((heard) => {
            const hear = (event) => {
                if (!(event.key || "").startsWith("spygames:slot:")) return;
                removeEventListener("storage", hear);
                heard();
            };
            addEventListener("storage", hear);
        }); }"""
    )
    return lambda: page.evaluate("window.spygamesWrite")


def saved_moves(page: Page) -> int:
    return len(saved_record(page, "deck-of-spies")["actions"])


def test_a_second_tab_steps_back_and_can_take_over(page: Page, site_url: str) -> None:
    boot(page, f"{site_url}{DOS}/deal/71")
    play(page, 2)
    second = page.context.new_page()
    boot(second, f"{site_url}{DOS}")  # the same game, resumed in a second tab
    expect(second.locator("#elsewhere")).to_contain_text(ELSEWHERE)
    expect(second.locator(".dos")).to_have_count(0)  # no table to play on here
    shot(second, "tabs-elsewhere")
    expect(page.locator("#elsewhere")).to_have_count(0)  # the first tab plays on
    heard = hear_the_next_write(second)
    play(page, 1)
    assert saved_moves(page) == 3

    heard()
    second.click("#btn-take-over")  # the newest position, and the first tab steps back
    expect(second.locator(".dos")).to_have_attribute("data-actions", "3")
    expect(page.locator("#elsewhere")).to_contain_text(ELSEWHERE)
    heard = hear_the_next_write(page)
    play(second, 1)
    heard()  # another tab's write reaches this one's storage a moment later
    assert saved_moves(page) == 4

    page.click("#btn-take-over")
    expect(page.locator(".dos")).to_have_attribute("data-actions", "4")
    expect(second.locator("#elsewhere")).to_be_visible()
    second.set_viewport_size({"width": 375, "height": 812})
    shot(second, "tabs-elsewhere-phone")
    play(page, 1)
    assert saved_moves(page) == 5
    second.close()


def test_with_the_tabs_messages_lost_a_write_in_another_tab_still_stops_this_one(
    page: Page, site_url: str
) -> None:
    """Nothing said on the site's channel arrives (as in a browser without
    BroadcastChannel): the `storage` event of the other tab's first write sets this
    table aside before it can write an older position."""
    page.context.add_init_script(MUTE)
    boot(page, f"{site_url}{DOS}/deal/72")
    play(page, 1)
    second = page.context.new_page()
    boot(second, f"{site_url}{DOS}")
    expect(second.locator(".dos")).to_have_attribute("data-actions", "1")  # nobody told it
    play(second, 2)
    expect(page.locator("#elsewhere")).to_contain_text(ELSEWHERE)
    assert saved_moves(second) == 3
    page.click("#btn-take-over")
    expect(page.locator(".dos")).to_have_attribute("data-actions", "3")
    second.close()
