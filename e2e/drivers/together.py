"""Playing together in the browser, the host's page and a friend's: seat the host's
Espionage table, invite a friend, and the friend joins (e2e/test_together.py and the
evenings, chaos and camera built on it: test_together_evening.py, test_together_chaos.py,
test_together_scan.py). `RECEIVED` keeps what a friend's page receives, for the test to
read; `bid_or_go_on` keeps a round going; `DETOURS` are the pages a host visits between
a friend's moves."""

from __future__ import annotations

import re

from conftest import boot
from playwright.sync_api import Page, expect

MOVE_MS = 30_000
ANA_BEN_CY = [("Ana", "human"), ("Ben", "friend"), ("Cy", "normal")]


def seat_table(host: Page, url: str, seats: list[tuple[str, str]]) -> None:
    """Open Espionage's deal at `url` on the host's page and start it with these seats
    (name, kind: human, friend or a bot's level)."""
    boot(host, url)
    host.select_option("#esp-players", str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        host.fill(f"#esp-seat{i}-name", name)
        host.select_option(f"#esp-seat{i}-kind", kind)
    host.click("#esp-start")


def invite(host: Page, seat: int = 1) -> str:
    host.click(f"#friend-invite-{seat}")
    link = host.locator(f"#invite-link-{seat}")
    expect(link).to_have_value(re.compile(r"#/join/spyi1\."), timeout=15_000)
    return str(link.input_value())


def join(
    host: Page,
    guest: Page,
    link: str,
    game: str = "Espionage",
    table: str = "#esp-table",
    seat: int = 1,
    *,
    paste: bool = False,
) -> None:
    """A friend (Ben in seat 1) opens Ana's link and joins; Ana puts the reply in its box
    and presses Connect (or, with `paste`, pastes it: that alone connects); both see the
    table."""
    boot(guest, link) if guest.url == "about:blank" else guest.goto(link)
    expect(guest.locator("#join-title")).to_have_text(f"Ana invites you to play {game}")
    guest.click("#join-go")
    reply = guest.locator("#reply-code")
    expect(reply).to_have_value(re.compile(r"#/answer/spyr1\."), timeout=15_000)
    if paste:  # what a paste does to the box: its text, then an input event saying so
        host.locator(f"#friend-reply-code-{seat}").evaluate(
            "(box, text) => { box.value = text; box.dispatchEvent(new InputEvent('input',"
            " {bubbles: true, inputType: 'insertFromPaste', data: text})); }",
            reply.input_value(),
        )
    else:
        host.fill(f"#friend-reply-code-{seat}", reply.input_value())
        host.click(f"#friend-connect-{seat}")
    expect(host.locator(f"#friend-status-{seat}")).to_contain_text("at the table", timeout=15_000)
    expect(guest.locator("#join-bar")).to_contain_text("connected", timeout=15_000)
    expect(guest.locator(table)).to_be_visible()


# What a friend's page receives over its connection, kept for the test to read: every
# message handed to the page's data channel listeners (web/peers.mjs listens with one).
RECEIVED = """
window.received = [];
window.channels = [];  // the page's data channels, for a test to send what it likes
const wrapped = new WeakMap();
const add = RTCDataChannel.prototype.addEventListener;
const remove = RTCDataChannel.prototype.removeEventListener;
RTCDataChannel.prototype.addEventListener = function (type, listener, ...rest) {
  if (!window.channels.includes(this)) window.channels.push(this);
  if (type !== "message") return add.call(this, type, listener, ...rest);
  const keep = (event) => { window.received.push(String(event.data)); listener(event); };
  wrapped.set(listener, keep);
  return add.call(this, type, keep, ...rest);
};
RTCDataChannel.prototype.removeEventListener = function (type, listener, ...rest) {
  return remove.call(this, type, wrapped.get(listener) || listener, ...rest);
};
"""


# Pages of the site the host goes to between the friend's moves (the hosted table is
# Espionage's): home, saved games, stats, the rules, another game's table.
DETOURS = ["#/saves", "#/", "#/espionage/rules", "#/spynet", "#/stats"]


def bid_or_go_on(page: Page) -> bool:
    """The page's person keeps the round going: bids on the first attribute the panel
    allows, else calls (a showdown not yet looked at is looked at first: that is no
    move). False when the page offers no move."""
    button = page.locator("#esp-continue")
    if button.count() and button.is_enabled():
        button.click()
    attribute = page.locator("[data-act=attr]:not([disabled])")
    if attribute.count():
        attribute.first.click()
        page.click("#esp-bid")
        return True
    call = page.locator("#esp-call")
    if call.count() and call.is_enabled():
        call.click()
        return True
    return False
