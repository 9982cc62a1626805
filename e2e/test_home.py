"""The home page boots Python, shows the engine version and the games (offline: test_offline)."""

from __future__ import annotations

import re

from conftest import boot, no_horizontal_scroll, shot
from playwright.sync_api import Page, expect


def test_home_boots_and_shows_engine_version(page: Page, site_url: str) -> None:
    page.goto(site_url)
    # Before Python runs, the tiles are there and the boot stages show progress.
    assert page.locator("#boot-stages li").count() == 4
    assert page.locator(".tile").count() == 3
    page.wait_for_selector("html[data-ready=true]", timeout=90_000)
    version = page.text_content("#version") or ""
    assert re.fullmatch(r"\d+\.\d+\.\d+", version), version
    assert page.is_hidden("#boot")
    assert page.locator(".boot-stages li.done").count() == 4
    shot(page, "home")


def test_tiles_say_honestly_what_is_playable(page: Page, site_url: str) -> None:
    boot(page, site_url)
    tiles = page.locator(".tile")
    assert tiles.count() == 3
    names = [t.strip() for t in page.locator(".tile h2").all_text_contents()]
    assert names == ["Deck of Spies", "Espionage", "SpyNet"]
    assert "Not built yet" not in (page.text_content(".tiles") or "")
    for game in ("deck-of-spies", "espionage", "spynet"):
        assert page.locator(f'.tile[data-game="{game}"] a', has_text="New game").is_visible()


def test_unknown_route_and_bad_link_fall_back_home(page: Page, site_url: str) -> None:
    boot(page, site_url + "#/no-such-page")
    assert "no page" in (page.text_content(".notice") or "")
    page.goto(site_url + "#/play/not-a-real-link")  # the same page: the old notice stays until
    expect(page.locator(".notice")).to_contain_text("damaged")  # the app answers the new address
    assert page.locator(".tile").count() == 3


def test_home_fits_a_phone(phone: Page, site_url: str) -> None:
    boot(phone, site_url)
    assert no_horizontal_scroll(phone)
    shot(phone, "home-375")
