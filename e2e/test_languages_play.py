"""Playing in another language (issue 49): a French and a Japanese player each finish a
game of each of the three games (from a share link a few moves before its end, as the
short whole games of test_espionage.py and test_spynet.py do), reading no English on the
table at any step nor on the end screen; a German player plays the guided first game of
Espionage through; the footer's language switch changes the page's language and keeps it.

A page's English is found as the pseudo-locale walk finds it (test_languages.py), but a
word counts only if it is English and not the language's (a list of English words the
tables use, never one of the translation's own words)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import (
    BOOT_TIMEOUT,
    boot,
    no_horizontal_scroll,
    play_first_dos_action,
    saved_record,
    saved_record_js,
    wait_for,
)
from drivers.espionage import BOT_MOVES_MS, wait_for_me
from drivers.languages import english
from drivers.records import link, play
from drivers.spynet import choosing_with_deck, next_step, play_step
from playwright.sync_api import Page, expect

import spygames
from spygames.guides import get_guide

SEATS = [
    {"name": "Ann", "kind": "human", "level": "normal"},
    {"name": "Rook", "kind": "bot", "level": "easy"},
    {"name": "Vesper", "kind": "bot", "level": "normal"},
]


def opened(page: Page, site_url: str, lang: str, game: str, state: Any) -> None:
    """`state`'s game opened from its share link in `lang`: the page boots once, the
    next games open on it as a link opened there does (its address changes, no reload)."""
    address = f"{site_url}?lang={lang}{link(state)}"
    if page.url.startswith(f"{site_url}?lang={lang}#"):
        page.goto(address)
    else:
        boot(page, address)
    expect(page).to_have_url(re.compile(f".*#/{re.escape(game)}$"))
    assert page.evaluate("document.documentElement.lang") == lang


def finished_dos(page: Page) -> None:
    state = spygames.replay(page.evaluate(SAVED_DOS))
    steps = 0
    while not state.is_over:
        play_first_dos_action(page, state)
        steps += 1
        if steps % 3 == 1:
            assert english(page) == []
    expect(page.locator(".dos-end, .end")).to_be_visible()


SAVED_DOS = (
    "(() => { const id = localStorage.getItem('spygames:current:deck-of-spies');"
    " return JSON.parse(localStorage.getItem('spygames:slot:' + id)).record; })()"
)


def finished_espionage(page: Page) -> None:
    steps = 0
    while (what := wait_for_me(page)) != "end":
        steps += 1
        if steps % 2 == 1:
            assert english(page) == []
        if what == "reveal":
            if page.locator("#esp-continue").count():
                page.click("#esp-continue")
            continue
        if what == "handoff":
            page.click("#esp-show-hand")
            continue
        before = len(saved_record(page, "espionage")["actions"])
        if page.locator("#esp-call:not([disabled])").count():
            page.click("#esp-call")
        else:
            page.locator(".esp-groups .esp-pick:not([disabled])").first.click()
            page.click("#esp-bid")
        wait_for(page, f"{saved_record_js('espionage')}.actions.length > {before}")
    expect(page.locator("#esp-again")).to_be_visible(timeout=BOT_MOVES_MS)


def finished_spynet(page: Page) -> None:
    turn = 0
    while (what := next_step(page)) != "end":
        turn += 1
        if turn % 3 == 1:
            assert english(page) == []
        play_step(page, what, turn)


def late_espionage(state: spygames.State) -> bool:
    showdowns = sum(a["type"] in ("call", "spot") for a in state.actions)
    return showdowns >= 5 and state.to_play == [0]


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_a_player_finishes_each_game_in_their_language(
    page: Page, site_url: str, lang: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    whole = play("deck-of-spies", 7, None, lambda s: False).record()
    dos = spygames.replay({**whole, "actions": whole["actions"][:-6]})
    opened(page, site_url, lang, "deck-of-spies", dos)
    finished_dos(page)
    assert english(page) == []

    esp = play("espionage", 21, SEATS, late_espionage)
    assert not esp.is_over
    opened(page, site_url, lang, "espionage", esp)
    page.click("#esp-pace-fast")
    finished_espionage(page)
    assert english(page) == []

    seats = [*SEATS, {"name": "Cy", "kind": "bot", "level": "easy"}]
    sn = play("spynet", 2024, seats, choosing_with_deck(6))
    opened(page, site_url, lang, "spynet", sn)
    page.click("#sn-pace-fast")
    finished_spynet(page)
    assert english(page) == []


def test_a_german_player_learns_espionage_by_playing(page: Page, site_url: str) -> None:
    """The guided first game through, pressing only what the page points at, in German."""
    guide = get_guide("espionage")
    assert guide is not None
    boot(page, f"{site_url}?lang=de#/espionage/learn")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert english(page) == []
    steps = 0
    while len(saved_record(page, "espionage")["actions"]) < len(guide.steps):
        target = page.locator("[data-guide=next]")
        expect(target).to_have_count(1, timeout=BOT_MOVES_MS)
        pressed = target.get_attribute("id")
        target.click()
        steps += 1
        assert steps < 40
        wait_for(
            page,
            """(pressed) => document.querySelector('[data-guide=next]')?.id !== pressed
                || document.querySelector('.guide-where') === null""",
            pressed,
        )
        assert english(page) == []
    assert guide.follows(saved_record(page, "espionage"))


def test_the_language_switch_changes_the_page_and_is_kept(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 375, "height": 812})
    boot(page, f"{site_url}#/")
    assert page.evaluate("document.documentElement.lang") == "en"
    switch = page.locator("#lang-switch")
    expect(switch).to_be_visible()
    with page.expect_navigation():
        switch.select_option("fr")
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert english(page) == []
    assert no_horizontal_scroll(page)  # French's longer labels on a phone (the top bar's)
    assert page.evaluate("localStorage.getItem('spygames:pref:lang')") == "fr"
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
    assert page.evaluate("document.documentElement.lang") == "fr"  # kept
    with page.expect_navigation():
        page.locator("#lang-switch").select_option("en")
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
    assert page.evaluate("document.documentElement.lang") == "en"


# Whether this scope's cache holds a French catalogue (sw.js keeps a language's files
# once a page reads it, not before).
FRENCH_KEPT = """async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const keys = await cache.keys();
    if (keys.some((r) => /\\/locale\\/fr\\.[0-9a-f]+\\.mo$/.test(r.url))) return true;
  }
  return false;
}"""


def test_a_french_players_offline_copy_is_french(page: Page, site_url: str) -> None:
    boot(page, f"{site_url}?lang=fr#/")
    wait_for(page, "navigator.serviceWorker.controller !== null", timeout=60_000)
    wait_for(page, FRENCH_KEPT, timeout=60_000)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
    assert page.evaluate("document.documentElement.lang") == "fr"
    expect(page.locator(".tile")).to_have_count(3)
    assert english(page) == []
