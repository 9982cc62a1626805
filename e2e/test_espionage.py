"""Espionage in Chromium: a whole game against a bot, reload mid-round, pass-and-play
secrecy and the phone layout. The engine (CPython) replays the autosave to check that
the bid panel offers exactly the legal bids."""

from __future__ import annotations

import time

from conftest import SHOTS, boot, no_horizontal_scroll, saved_record, saved_record_js, shot
from playwright.sync_api import Page

import spygames
from spygames.espionage.cards import ATTRIBUTES

MY_CARDS = ".esp-seat-mine .esp-hand [data-card]"


def start(page: Page, *seats: tuple[str, str]) -> None:
    page.wait_for_selector("#esp-setup-form")
    page.select_option("#esp-players", str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        page.fill(f"#esp-seat{i}-name", name)
        page.select_option(f"#esp-seat{i}-kind", kind)
    page.click("#esp-start")
    page.wait_for_selector("#esp-table")


def saved_state(page: Page) -> spygames.State:
    return spygames.replay(saved_record(page, "espionage"))


def wait_for_me(page: Page, timeout: float = 30) -> str:
    """Wait until a person has something to do; say what it is."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for selector, what in (
            ("#esp-again", "end"),
            ("#esp-continue", "reveal"),
            ("#esp-show-hand", "handoff"),
            ("#esp-bid", "bid"),
        ):
            if page.locator(selector).count():
                return what
        page.wait_for_timeout(60)
    raise AssertionError("nobody asked the person to act")


def check_panel_against_engine(page: Page) -> None:
    """The enabled buttons are exactly the engine's legal choices at the shown count."""
    state = saved_state(page)
    count = int(page.text_content("#esp-count") or "0")
    legal = [a for a in state.legal_actions() if a["type"] == "bid"]
    for attribute in ATTRIBUTES:
        enabled = page.locator(f"#esp-attr-{attribute}").is_enabled()
        assert enabled == any(a["count"] == count and a["attribute"] == attribute for a in legal)
    shown = {int(i.split("-")[-1]) for i in page.eval_on_selector_all(
        "[id^=esp-next-]", "els => els.map(e => e.id)")}  # fmt: skip
    assert shown == {a["next"] for a in legal if a["count"] == count}


def play_turn(page: Page, *, call: bool = True) -> None:
    """Call when a bid stands (if asked), else bid on the first attribute allowed."""
    if call and page.locator("#esp-call:not([disabled])").count():
        page.click("#esp-call")
        return
    before = len(saved_state(page).actions)
    page.locator(".esp-groups .esp-pick:not([disabled])").first.click()
    page.click("#esp-bid")
    page.wait_for_function(f"{saved_record_js('espionage')}.actions.length > {before}")
    last = saved_state(page).actions[-1]
    assert last["type"] == "bid"


def test_full_game_against_a_bot_with_reload_mid_round(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1200, "height": 900})
    boot(page, site_url + "#/espionage/new")
    shot(page, "espionage-setup")
    start(page, ("Ann", "human"), ("Rook", "easy"), ("Vesper", "normal"))
    assert page.evaluate("location.hash") == "#/espionage"
    page.click("#esp-pace-fast")
    assert page.get_attribute("#esp-pace-fast", "aria-pressed") == "true"
    while (what := wait_for_me(page)) == "reveal":  # the bots may settle a round first
        page.click("#esp-continue")
        page.wait_for_selector("#esp-continue", state="detached")
    assert what == "bid"
    check_panel_against_engine(page)
    page.click("#esp-odds")
    shot(page, "espionage-table")

    # reload mid-round: the same deal, the same hand, the same turn
    hand = page.eval_on_selector_all(MY_CARDS, "els => els.map(e => e.dataset.card)")
    actions = len(saved_state(page).actions)
    assert hand and set(hand) == set(saved_state(page).view(0)["hand"])
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=90_000)
    page.wait_for_selector("#esp-table")
    assert page.eval_on_selector_all(MY_CARDS, "els => els.map(e => e.dataset.card)") == hand
    assert len(saved_state(page).actions) == actions
    assert page.get_attribute("#esp-pace-fast", "aria-pressed") == "true"  # a saved pref

    # play on to the end: bids through the panel (checked against the engine), or a call
    reveals = turns = 0
    while True:
        what = wait_for_me(page)
        if what == "end":
            break
        if what == "reveal":
            reveals += 1
            line = page.text_content("#esp-count-line") or ""
            assert "match" in line and "Mercenar" in line and "Traitor" in line and "=" in line
            if reveals == 1:
                page.wait_for_timeout(800)  # let the showdown animation settle
                shot(page, "espionage-reveal")
            page.click("#esp-continue")
            page.wait_for_selector("#esp-continue", state="detached")
            continue
        turns += 1
        if turns % 3 == 1:
            check_panel_against_engine(page)
        play_turn(page, call=turns % 2 == 0)
        assert not page.locator(".notice").count(), page.text_content(".notice")
    assert reveals >= 2
    assert page.locator(".esp-scores").is_visible()
    assert "wins" in (page.text_content(".esp-end-reason") or "") or "win" in (
        page.text_content(".esp-end-reason") or ""
    )
    assert saved_state(page).is_over
    shot(page, "espionage-end")
    page.click("#esp-again")
    page.wait_for_selector(".esp-seat-mine")
    assert not saved_state(page).is_over
    assert page.locator(".esp-name", has_text="Rook").count() == 1


def test_pass_and_play_hides_hands_on_a_phone(phone: Page, site_url: str) -> None:
    page = phone
    boot(page, site_url + "#/espionage/new")
    assert no_horizontal_scroll(page)
    start(page, ("Ann", "human"), ("Bo", "human"), ("Cy", "hard"))
    page.click("#esp-pace-fast")
    page.click("#esp-rules")
    page.wait_for_selector("#esp-rules-panel .esp-example")
    assert no_horizontal_scroll(page)
    page.locator("#esp-rules-panel").screenshot(path=str(SHOTS / "espionage-rules-375.png"))
    page.click("#esp-rules-close")
    page.wait_for_selector("#esp-rules-panel", state="detached")
    seen: dict[str, list[str]] = {}
    handoffs = 0
    for _ in range(12):
        what = wait_for_me(page)
        if what == "end":
            break
        if what == "reveal":
            page.click("#esp-continue")
            continue
        if what == "handoff":
            handoffs += 1
            title = page.text_content("#esp-handoff-title") or ""
            assert title.startswith("Pass the device to ")
            who = title.removeprefix("Pass the device to ")
            assert page.locator("[data-card]").count() == 0  # not even hidden by CSS
            if handoffs == 1:
                assert no_horizontal_scroll(page)
                shot(page, "espionage-handoff-375")
            page.click("#esp-show-hand")
            hand = page.eval_on_selector_all(MY_CARDS, "els => els.map(e => e.dataset.card)")
            assert hand, "the holder sees their own hand"
            seen[who] = hand
            html = page.content()
            state = saved_state(page)
            other = next(s for s in range(2) if s != state.to_play[0])
            for card in state.view(other)["hand"]:
                assert card not in html
            if handoffs == 2:
                assert no_horizontal_scroll(page)
                shot(page, "espionage-375")
            continue
        play_turn(page, call=False)
    assert handoffs >= 3 and set(seen) == {"Ann", "Bo"}
    assert no_horizontal_scroll(page)
