"""Words on screen in Chromium: card names wrap only between their words at the phone's
and the desktop's width (in English; in German and Spanish, whose words are longer; in
Japanese), "Link copied" shows above the Share sheet's overlay, "Your other
game is kept…" can be turned off for good, and a daily deal's table says so."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import SHOTS, boot, open_page, play_first_dos_action
from drivers.words import broken_words
from playwright.sync_api import Browser, Page, expect


# English at both sizes; German's and Spanish's longest words (soft hyphens where they may
# break) and Japanese's lines at the phone's, where the cards are narrowest
@pytest.mark.parametrize(
    ("lang", "width", "height"),
    [("en", 375, 812), ("en", 1280, 800), ("de", 375, 812), ("es", 375, 812), ("ja", 375, 812)],
)
def test_spynet_card_names_never_break_inside_a_word(
    browser: Browser, guard: Any, site_url: str, width: int, height: int, lang: str
) -> None:
    page = open_page(browser, guard, viewport={"width": width, "height": height})
    try:
        boot(page, f"{site_url}?lang={lang}#/spynet/rules")
        page.wait_for_selector(".sn-gallery-cards .sn-name")
        assert broken_words(page, ".sn-gallery-cards .sn-name") == []  # large cards
        # the same cards drawn at the hand's size (the markup differs only by its class)
        page.evaluate(
            "document.querySelectorAll('.sn-gallery-cards .sn-lg')"
            ".forEach(c => c.classList.replace('sn-lg', 'sn-md'))"
        )
        assert broken_words(page, ".sn-gallery-cards .sn-name") == []
        if lang == "en":
            longest = page.locator(".sn-gallery-cards li", has_text="Quartermaster").first
            longest.screenshot(path=str(SHOTS / f"words-md-{width}.png"))
    finally:
        page.context.close()
    assert not guard.problems, "\n".join(guard.problems)


@pytest.mark.fresh  # grants the clipboard to its context
def test_link_copied_shows_above_the_share_sheet(page: Page, site_url: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    boot(page, site_url + "#/deck-of-spies/deal/5")
    page.click("#btn-share")
    expect(page.locator(".sheet-backdrop")).to_be_visible()
    page.click("#btn-copy")
    notice = page.locator(".notice")
    expect(notice).to_contain_text("copied")
    box = notice.bounding_box()
    assert box is not None
    on_top = page.evaluate(
        "([x, y]) => !!document.elementFromPoint(x, y)?.closest('.notice')",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    page.screenshot(path=str(SHOTS / "words-link-copied.png"))
    assert on_top, "the notice is under the sheet's overlay"
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]  # type: ignore[index]


def new_game_over_a_move(page: Page, site_url: str, deal: int) -> None:
    import spygames

    page.goto(f"{site_url}#/deck-of-spies/deal/{deal}")
    expect(page.locator(".dos")).to_have_attribute("data-actions", "0")
    play_first_dos_action(page, spygames.get_game("deck-of-spies").new(seed=deal))
    page.click("#btn-new")
    page.click("#confirm-yes")
    expect(page.locator(".dos")).to_have_attribute("data-actions", "0")


@pytest.mark.parametrize(("width", "height"), [(375, 812), (1280, 800)])
def test_dont_show_again_silences_the_kept_notice_for_good(
    browser: Browser, guard: Any, site_url: str, width: int, height: int
) -> None:
    page = open_page(browser, guard, viewport={"width": width, "height": height})
    try:
        boot(page, site_url)
        new_game_over_a_move(page, site_url, 5)
        notice = page.locator(".notice")
        expect(notice).to_contain_text("Your other game is kept under Saved games")
        page.screenshot(path=str(SHOTS / f"words-kept-{width}.png"))
        page.click("#never-kept")
        expect(notice).to_have_count(0)
        page.reload()
        page.wait_for_selector("html[data-ready=true]")
        new_game_over_a_move(page, site_url, 6)
        expect(page.locator("text=Your other game is kept")).to_have_count(0)
    finally:
        page.context.close()
    assert not guard.problems, "\n".join(guard.problems)
