"""Bad links in the browser (issues 11 and 12): a garbage share link, a link for a game
this version does not have and a 100 KB link each show a clear message in a player's
words (the engine's words folded under Details), the bad address leaves the URL bar so
a reload does not repeat it, and the home page still works."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from conftest import boot, shot
from playwright.sync_api import Page


def pack(record: dict[str, object]) -> str:
    data = zlib.compress(json.dumps(record).encode(), 9)
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


CHESS = {"game": "chess", "format": 1, "seed": 1, "players": 2, "options": {}, "setup": None,
         "actions": []}  # fmt: skip
LINKS = {
    "garbage": ("#/play/this-is-not-a-link!!", "This link is damaged"),
    "unknown-game": ("#/play/" + pack(CHESS), "a game this version of spygames does not have"),
    "100kb": ("#/play/" + "Q" * 100_000, "This link is damaged"),
}


@pytest.mark.parametrize("name", sorted(LINKS))
def test_a_bad_link_says_so_and_home_still_works(page: Page, site_url: str, name: str) -> None:
    address, words = LINKS[name]
    boot(page, site_url + address)
    notice = page.locator(".notice")
    assert words in (notice.locator("p").first.text_content() or "")
    assert page.locator(".tile").count() == 3
    assert page.evaluate("location.hash") == "#/"  # the bad address is gone from the URL bar
    if name == "garbage":
        page.locator(".notice-details summary").click()
        assert "Details for a bug report" in (notice.text_content() or "")
        shot(page, "bad-link")
        page.set_viewport_size({"width": 375, "height": 812})
        shot(page, "bad-link-375")
    page.reload()
    page.wait_for_selector("html[data-ready=true]")
    assert page.locator(".notice").count() == 0  # a reload does not repeat the message
    page.locator('.tile[data-game="deck-of-spies"] a', has_text="New game").click()
    page.wait_for_selector(".dos")
    assert page.locator(".notice").count() == 0


def test_an_unknown_sub_path_says_so(page: Page, site_url: str) -> None:
    boot(page, site_url + "#/deck-of-spies/foo/bar")
    notice = page.locator(".notice").text_content() or ""
    assert "There is no page “deck-of-spies/foo/bar” here, so here is Deck of Spies." in notice
    page.wait_for_selector(".dos")
    assert "foo" not in page.evaluate("location.hash")
