"""SpyNet at a glance in a real browser: the "since your turn" strip and the stars at the
top on a phone and a laptop, each placement's outcome, and the Hint."""

from __future__ import annotations

from conftest import boot, no_horizontal_scroll, shot
from playwright.sync_api import Page, expect
from test_spynet import acted, next_step, start


def play_to_a_turn_after_the_bots(page: Page) -> str:
    """Play (recruit, passing piles on) until the person's turn comes after the bots
    have had theirs; the step then."""
    for _ in range(12):
        what = next_step(page)
        if what == "draft":
            acted(page, page.locator(".sn-draft [data-act=keep]").first.click)
        elif what == "recruit":
            acted(page, lambda: page.click("#sn-pass-on"))
        elif what == "choose" and page.locator("#sn-since li b").count() >= 2:
            return what
        elif what == "choose":
            acted(page, lambda: page.click("#sn-recruit"))
        elif what == "deploy":
            acted(page, lambda: page.click("#sn-end"))
        else:
            return what
    raise AssertionError("the bots never both played")


def test_since_your_turn_tops_the_phone_and_leaves_the_hand_in_view(
    phone: Page, site_url: str
) -> None:
    page = phone
    page.set_viewport_size({"width": 375, "height": 812})
    boot(page, site_url + "#/spynet/deal/5")
    start(page, ("Ann", "human"), ("Rook", "normal"), ("Cy", "normal"))
    assert play_to_a_turn_after_the_bots(page) == "choose"
    strip = page.locator("#sn-since")
    expect(strip).to_be_visible()
    expect(strip.locator("li b")).to_have_text(["Rook", "Cy"])
    expect(page.locator("#sn-stars")).to_contain_text("Your stars:")
    box, hand = strip.bounding_box(), page.locator("#sn-hand").bounding_box()
    piles = page.locator(".sn-piles").bounding_box()
    assert box and hand and piles
    assert box["y"] + box["height"] <= min(hand["y"], piles["y"])  # above the piles too
    assert box["height"] < 110, box  # one line per seat and the stars
    assert hand["y"] + hand["height"] <= 812, hand  # the hand is still on screen
    assert no_horizontal_scroll(page)
    shot(page, "spynet-since-375")


def test_since_your_turn_and_placement_outcomes_on_a_laptop(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(page, site_url + "#/spynet/deal/5")
    start(page, ("Ann", "human"), ("Rook", "normal"), ("Cy", "normal"))
    assert play_to_a_turn_after_the_bots(page) == "choose"
    expect(page.locator("#sn-since")).to_be_in_viewport()
    if page.locator("#sn-deploy").count():
        acted(page, lambda: page.click("#sn-deploy"))
        agent = page.locator("#sn-hand .sn-playable[data-kind=agent]").first
        if agent.count():
            agent.click()
            expect(page.locator(".sn-targets .sn-outcome").first).to_contain_text(
                "dominate"
            ) if page.locator(".sn-targets .sn-outcome").first.inner_text().find(
                "keeps"
            ) < 0 else None
    shot(page, "spynet-since-1280")
