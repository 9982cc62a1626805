"""A finished game's review in Chromium (issue 41, "Review a finished game"): opened from
a replay and from an end screen, worked out with a progress bar and Cancel, the three
swings opening their positions in the replay with the hard bot's move beside, and Deck of
Spies' "Try again from here" playing the deal on from there."""

from __future__ import annotations

import time

import pytest
from conftest import BOOT_TIMEOUT as BOOT_MS
from conftest import boot, saved_record_js, shot, wait_for
from drivers.records import finished
from playwright.sync_api import Page, expect
from spyweb.browser import links
from spyweb.browser.store import MemoryStorage, Saves
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
from spyweb.tables.screen import Context

import spygames

DONE_MS = 120_000
# Reviews run the hard bot's search for minutes of Python: a player's tiered browser
# (conftest.py), 38 CPU-s here against 62 on the baseline compiler alone.
pytestmark = pytest.mark.tiered


def test_a_deck_of_spies_game_reviewed_from_its_replay_and_tried_again(
    page: Page, site_url: str
) -> None:
    record = finished("deck-of-spies", 13)
    boot(page, f"{site_url}#/replay/{links.encode(record)}")
    page.click("#btn-review")
    review = page.locator("#review")
    expect(review).to_be_visible()
    started = time.perf_counter()
    expect(review).to_have_attribute("data-state", "done", timeout=DONE_MS)
    print(f"Deck of Spies review: {time.perf_counter() - started:.1f} s")
    expect(page.locator(".review-verdict")).to_contain_text("You lost.")
    expect(page.locator(".review-chart svg")).to_be_visible()
    swings = page.locator(".review-swing")
    count = swings.count()
    assert 1 <= count <= 3
    expect(page.locator(".review-mark")).to_have_count(count)
    shot(page, "review-dos")

    first = page.locator("#review-show-1")
    move = int(first.get_attribute("data-arg") or "")
    first.click()
    alt = page.locator("#review-alt")
    expect(alt).to_be_focused()
    expect(alt).to_contain_text("The hard bot would play")
    expect(alt).to_contain_text("to win after it")
    expect(first).to_have_attribute("aria-pressed", "true")
    # the position faced: the replay stands before the move played there
    expect(page.locator("#replay")).to_have_attribute("data-move", str(move))
    shot(page, "review-dos-swing")

    # Issue 47: on a phone the position comes first, the hard bot's cards marked on it
    page.set_viewport_size({"width": 375, "height": 812})
    page.click("#review-show-2" if count > 1 else "#review-show-1")
    page.click("#review-show-1")
    expect(alt).to_be_focused()
    stage = page.locator("#review-alt .replay-stage").bounding_box()
    words = page.locator("#review-alt p").first.bounding_box()
    assert stage is not None and words is not None
    assert 0 <= stage["y"] < 812 / 2 and stage["y"] < words["y"], (stage, words)
    hinted = page.locator("#review-alt .replay-stage .pcard.hinted")
    assert hinted.count() >= 1
    box = hinted.first.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 812, box
    shot(page, "review-dos-swing-phone")
    page.set_viewport_size({"width": 1280, "height": 800})

    page.click("#review-retry")
    expect(page.locator(".dos-hand")).to_be_visible(timeout=30_000)
    # the new game's save is written just after its table is drawn
    kept = wait_for(page, saved_record_js("deck-of-spies"))
    assert kept["actions"] == record["actions"][:move]
    assert kept["seed"] == record["seed"]
    page.goto(f"{site_url}#/saves")
    expect(page.locator(".saves-row").first).to_contain_text("tried again from a review")


def test_a_long_review_can_be_cancelled_and_go_on(page: Page, site_url: str) -> None:
    record = finished("spynet", 3, players=2)
    boot(page, f"{site_url}#/review/{links.encode(record)}")
    review = page.locator("#review")
    expect(review).to_have_attribute("data-state", "working")
    bar = page.locator("#review-bar")
    expect(bar).to_be_visible()
    wait_for(page, "Number(document.querySelector('#review-bar').value) >= 2")
    page.click("#review-cancel")
    expect(review).to_have_attribute("data-state", "stopped")
    stopped = int(bar.get_attribute("value") or "0")
    expect(page.locator("#review-status")).to_contain_text(f"stopped after {stopped} of")
    page.wait_for_timeout(500)
    assert int(bar.get_attribute("value") or "0") == stopped  # it really stopped
    shot(page, "review-stopped")
    page.click("#review-resume")
    expect(review).to_have_attribute("data-state", "done", timeout=DONE_MS)
    expect(page.locator(".review-table tbody tr")).to_have_count(
        int(page.locator(".review-all summary").inner_text().split("(")[1].rstrip(")"))
    )


def test_an_espionage_review_is_of_the_seat_watched(page: Page, site_url: str) -> None:
    """The replay watched as the second seat reviews that seat's decisions."""
    record = finished("espionage", 4, players=2)
    state = spygames.replay(record)
    assert state.is_over
    boot(page, f"{site_url}#/replay/{links.encode(record)}/1")
    page.click("#btn-review")
    expect(page.locator("#review")).to_have_attribute("data-state", "done", timeout=DONE_MS)
    assert page.url.endswith("/1")
    won = 1 in state.result["winners"]
    ending = "Player 2 won." if won else "Player 2 lost."
    expect(page.locator(".review-verdict")).to_contain_text(ending)
    page.set_viewport_size({"width": 375, "height": 812})
    shot(page, "review-espionage-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the review is {width} px wide on a phone"


def test_a_tampered_review_link_is_refused_with_words(page: Page, site_url: str) -> None:
    record = finished("deck-of-spies", 13)
    record["actions"][2] = {"type": "assassinate", "ace": "KS"}
    boot(page, f"{site_url}#/review/{links.encode(record)}")
    expect(page.locator(".notice")).to_contain_text("its game cannot be opened")
    expect(page.locator(".notice")).to_contain_text("action 2")


# Put a browser's stored items into the page's localStorage (the page is then reloaded).
PUT = "(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }"
KEPT_KEYS = "Object.keys(localStorage).filter((k) => k.startsWith('spygames:review:'))"


def test_a_saved_games_review_is_kept_with_it_and_opens_at_once_after_a_reload(
    page: Page, site_url: str
) -> None:
    """Issue 50: "a review once worked out is kept, not worked out again on every
    opening" — kept beside the game's save, said on the page, gone with the save."""
    state = spygames.replay(finished("deck-of-spies", 13))
    storage = MemoryStorage()
    DeckOfSpiesTable(Context(Saves(storage)), state=state)._save()  # played in this browser
    boot(page, f"{site_url}#/saves")
    page.evaluate(PUT, storage.data)
    page.goto(f"{site_url}#/review/{links.encode(state.record())}")
    page.reload()
    review = page.locator("#review")
    expect(review).to_have_attribute("data-state", "working", timeout=BOOT_MS)
    expect(review).to_have_attribute("data-state", "done", timeout=DONE_MS)
    kept = page.locator("#review-kept")
    expect(kept).to_contain_text("Kept with this game in Saved games: it opens at once")
    assert len(page.evaluate(KEPT_KEYS)) == 1
    verdict = page.locator(".review-verdict").inner_text()

    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_MS)
    assert review.get_attribute("data-state") == "done"  # at once: no slice worked
    expect(kept).to_contain_text("it opened at once")
    shot(page, "review-kept")
    page.set_viewport_size({"width": 375, "height": 812})
    shot(page, "review-kept-phone")
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.locator(".review-verdict")).to_have_text(verdict)

    page.goto(f"{site_url}#/saves")
    page.locator(".saves-row [data-act=delete]").first.click()
    page.click("#confirm-yes")
    expect(page.locator(".saves-row")).to_have_count(0)
    assert page.evaluate(KEPT_KEYS) == []  # gone with its game
