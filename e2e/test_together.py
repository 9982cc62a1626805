"""Playing Espionage together in Chromium: two browser contexts (two devices) on one
machine, connected by WebRTC over loopback with no server between them.

Ana hosts a 3-seat table with Ben on "another device" and a bot; she invites Ben, Ben
opens the link and joins, Ana pastes his reply, and they play a whole game by clicking
their own pages. At every step Ben's page holds no card of another hand that the game
has not shown everyone, and Ben's storage holds no game. Midway Ana reloads: her game is
reopened from its save, Ben's page says the connection was lost, Ana invites him again
and he takes his seat back."""

from __future__ import annotations

import re

from conftest import BOOT_TIMEOUT, Guard, boot, open_page, saved_record, shot
from playwright.sync_api import Browser, Page, expect

import spygames

MOVE_MS = 30_000


def invite(host: Page) -> str:
    host.click("#friend-invite-1")
    link = host.locator("#invite-link-1")
    expect(link).to_have_value(re.compile(r"#/join/spyi1\."), timeout=15_000)
    return str(link.input_value())


def join(host: Page, guest: Page, link: str) -> None:
    """Ben opens Ana's link and joins; Ana pastes his reply; both see the table."""
    boot(guest, link) if guest.url == "about:blank" else guest.goto(link)
    expect(guest.locator("#join-title")).to_have_text("Ana invites you to play Espionage")
    guest.click("#join-go")
    reply = guest.locator("#reply-code")
    expect(reply).to_have_value(re.compile(r"#/answer/spyr1\."), timeout=15_000)
    host.fill("#friend-reply-code-1", reply.input_value())
    host.click("#friend-connect-1")
    expect(host.locator("#friend-status-1")).to_contain_text("at the table", timeout=15_000)
    expect(guest.locator("#join-bar")).to_contain_text("connected", timeout=15_000)
    expect(guest.locator("#esp-table")).to_be_visible()


def hidden_from_ben(host: Page) -> set[str]:
    state = spygames.replay(saved_record(host, "espionage"))
    mine = str(state.view(1))
    return {c for s in (0, 2) for c in state.view(s)["hand"] if c not in mine}


def act(page: Page) -> bool:
    """The page's person makes a move if it is asked for one: look at a showdown, else
    call when a bid stands, else bid what the panel offers."""
    for selector in ("#esp-continue", "#esp-call"):
        button = page.locator(selector)
        if button.count() and button.is_enabled():
            button.click()
            return True
    attribute = page.locator("[data-act=attr]:not([disabled])")
    if not attribute.count():
        return False
    attribute.first.click()
    page.click("#esp-bid")
    return True


def test_two_devices_play_a_whole_game_of_espionage(
    browser: Browser, guard: Guard, site_url: str
) -> None:
    host = open_page(browser, guard)
    guest = open_page(browser, guard, viewport={"width": 375, "height": 812})
    boot(host, f"{site_url}#/espionage/deal/21")
    host.select_option("#esp-players", "3")
    for i, (name, kind) in enumerate([("Ana", "human"), ("Ben", "friend"), ("Cy", "normal")]):
        host.fill(f"#esp-seat{i}-name", name)
        host.select_option(f"#esp-seat{i}-kind", kind)
    host.click("#esp-start")
    expect(host.locator("#friend-status-1")).to_contain_text("not invited yet")
    join(host, guest, invite(host))
    shot(host, "together-host")
    shot(guest, "together-guest")

    reloaded = False
    for step in range(400):
        record = saved_record(host, "espionage")
        state = spygames.replay(record)
        if state.is_over:
            break
        if not reloaded and len(state.actions) >= 4:
            host.reload()
            host.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
            expect(host.locator("#friend-status-1")).to_contain_text("disconnected")
            expect(guest.locator("#join-bar")).to_contain_text("lost", timeout=20_000)
            assert spygames.replay(saved_record(host, "espionage")).actions == state.actions
            join(host, guest, invite(host))
            reloaded = True
            continue
        moved = act(guest) if state.to_play[0] == 1 else act(host)
        if not moved:
            host.wait_for_timeout(200)
        secret = hidden_from_ben(host)
        page_cards = set(re.findall(r'data-card="([^"]+)"', guest.content()))
        assert not page_cards & secret, f"step {step}: Ben's page shows {page_cards & secret}"
    assert spygames.replay(saved_record(host, "espionage")).is_over
    expect(guest.locator("#esp-end-title")).to_be_visible(timeout=MOVE_MS)
    expect(host.locator("#esp-end-title")).to_be_visible(timeout=MOVE_MS)
    assert reloaded
    assert guest.evaluate("Object.keys(localStorage).filter(k => k.includes('slot'))") == []
    shot(guest, "together-guest-end")
    host.context.close()
    guest.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def test_a_damaged_invitation_says_so_plainly(page: Page, site_url: str) -> None:
    boot(page, f"{site_url}#/join/spyi1.AAAAdamaged")
    expect(page.locator("#join-title")).to_have_text("This invitation cannot be used")
    expect(page.locator(".join-problem")).to_contain_text("damaged")
