"""Espionage in Chromium: a whole game against a bot, reload mid-round, pass-and-play
secrecy and the phone layout, Hint and Undo, a share link opened elsewhere. The engine
(CPython) replays the autosave to check that the bid panel offers exactly the legal bids."""

from __future__ import annotations

import json
import time

from conftest import SHOTS, boot, no_horizontal_scroll, saved_record, saved_record_js, shot
from playwright.sync_api import Page, expect
from spyweb import links  # the app's own link format

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
            page.wait_for_selector("#esp-verdict")  # the count is made step by step
            line = page.text_content("#esp-count-line") or ""
            assert "match" in line and "Mercenar" in line and "Traitor" in line and "=" in line
            if reveals == 1:
                page.wait_for_timeout(800)  # let the showdown animation settle
                shot(page, "espionage-reveal")
            if page.locator("#esp-continue").count():  # none after the last showdown
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


def saved_actions(page: Page) -> list[dict[str, object]]:
    return saved_state(page).record()["actions"]  # type: ignore[no-any-return]


def test_hint_then_undo_on_a_fixed_deal(page: Page, site_url: str) -> None:
    """Deal #7, Ann against Vesper (hard): Vesper opens; the hint's bid is set up in the
    panel so one click plays it; Vesper answers with a bid; Undo takes both back; a call
    then shows the hands, and Undo is off with the reason on show."""
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(page, site_url + "#/espionage/deal/7")
    expect(page.locator(".setup-deal")).to_contain_text("Deal #7")
    start(page, ("Ann", "human"), ("Vesper", "hard"))
    page.click("#esp-pace-fast")
    expect(page.locator("#esp-bid")).to_be_visible()  # Vesper has opened
    assert len(saved_actions(page)) == 1
    first = saved_actions(page)[0]
    expect(page.locator("#esp-undo")).to_be_disabled()
    expect(page.locator("#esp-undo-why")).to_have_text("Undo is off: you have made no move yet.")
    expect(page.locator("#esp-hint-box")).to_have_count(0)

    page.keyboard.press("h")
    box = page.locator("#esp-hint-box")
    expect(box).to_be_visible()
    hint = json.loads(box.get_attribute("data-hint") or "{}")
    assert hint == {"type": "bid", "count": 3, "attribute": "moscow", "next": 1}
    expect(box).to_contain_text("Bid at least 3 spies in Moscow and pass to Vesper")
    expect(box.locator(".esp-hint-why")).to_contain_text(
        "Counting your own cards and reading the others’ bids, there is "
    )
    expect(box.locator(".esp-hint-why")).to_contain_text("chance that Vesper calls it.")
    expect(page.locator("#esp-count")).to_have_text("3")
    expect(page.locator("#esp-attr-moscow")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#esp-next-1")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#esp-bid")).to_have_class("btn btn-primary esp-bidbtn esp-hinted")
    shot(page, "espionage-hint")

    page.click("#esp-bid")  # one click plays the hint
    expect(box).to_have_count(0)
    page.wait_for_function(f"{saved_record_js('espionage')}.actions.length >= 3")
    expect(page.locator("#esp-bid")).to_be_visible()  # Vesper raised: your turn again
    actions = saved_actions(page)
    assert actions[:2] == [first, hint] and len(actions) == 3 and actions[2]["type"] == "bid"

    expect(page.locator("#esp-undo")).to_be_enabled()
    page.keyboard.press("u")
    page.wait_for_function(f"{saved_record_js('espionage')}.actions.length === 1")
    assert saved_actions(page) == [first]  # the autosave is the position before your bid
    expect(page.locator("#esp-log li").first).to_have_text(
        "Ann took back their bid: at least 3 spies in Moscow → Vesper (and the bid after it)"
    )
    expect(page.locator("#esp-log li.esp-log-undone")).to_have_count(1)
    expect(page.locator("#esp-undo")).to_be_disabled()

    page.click("#esp-call")  # the hands are shown: no going back past that
    expect(page.locator("#esp-continue")).to_be_visible()
    expect(page.locator("#esp-undo")).to_be_disabled()
    expect(page.locator("#esp-undo-why")).to_have_text(
        "Undo is off: the hands have been shown since."
    )
    expect(page.locator("#esp-hint")).to_be_disabled()


def test_a_share_link_opens_the_same_table_elsewhere(page: Page, site_url: str) -> None:
    """A link made on one device (two people, two bots) opens in a fresh browser with
    the same names, people and bots, bot levels and deal; the autosave keeps them."""
    seats = [
        {"name": "Ann", "kind": "human", "level": "normal"},
        {"name": "Bo", "kind": "human", "level": "normal"},
        {"name": "Cy", "kind": "bot", "level": "easy"},
        {"name": "Di", "kind": "bot", "level": "hard"},
    ]
    state = spygames.get_game("espionage").new(seed=34, players=4, options={"seats": seats})
    record = state.record()
    boot(page, f"{site_url}#/play/{links.encode(record)}")
    expect(page.locator("#esp-table")).to_be_visible()
    page.click("#esp-pace-fast")
    for seat, (name, tag) in enumerate(
        [("Ann", "Person"), ("Bo", "Person"), ("Cy", "Bot · easy"), ("Di", "Bot · hard")]
    ):
        expect(page.locator(f"#esp-seat-{seat} .esp-name")).to_have_text(name)
        if seat >= 2:
            expect(page.locator(f"#esp-seat-{seat} .esp-tag")).to_have_text(tag)
    expect(page.locator("#esp-show-hand")).to_be_visible()  # the bots play up to a person
    saved = saved_state(page)
    assert saved.record()["options"] == record["options"] and saved.seed == 34
    assert len(saved.actions) >= 1  # a bot opened this deal, then named a person
    who = saved.to_play[0]
    assert who in (0, 1) and saved.view(who)["round"] == 1
    expect(page.locator("#esp-handoff-title")).to_have_text(
        f"Pass the device to {seats[who]['name']}"
    )
    page.click("#esp-show-hand")
    expect(page.locator(MY_CARDS).first).to_be_visible()
    hand = page.eval_on_selector_all(MY_CARDS, "els => els.map(e => e.dataset.card)")
    assert hand == saved_state(page).view(who)["hand"] == state.view(who)["hand"]  # same deal
    expect(page.locator("#esp-undo")).to_have_count(0)  # no Undo with two people
    expect(page.locator("#esp-hint")).to_be_enabled()
