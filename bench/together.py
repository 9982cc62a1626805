"""Playing together, timed: a friend's action on their device -> applied by the host's
engine -> every friend's screen showing the new position.

Two or three Chromium contexts of one browser stand for the devices, connected by
WebRTC over loopback (no server, as on one network). Ana hosts an Espionage table with
`friends` friends on other devices and a bot; each friend's move is timed from the
click on their page until the host's autosave holds it and every friend's page shows
the scene of that move (`#join-bar[data-move]`). A friend always calls a standing bid
(or bids what the panel offers), so rounds are short and every friend moves often.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser, Page

from .browser import TIMEOUT, StepFailed, saved_record_js, wait_for

NAMES = ("Ana", "Ben", "Cleo", "Dev")


def _open(browser: Browser, url: str, **options: Any) -> Page:
    page = browser.new_context(**options).new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", timeout=TIMEOUT)
    return page


def _seat(host: Page, guest: Page, seat: int) -> None:
    """Invite the friend in `seat`, join from their page, paste their reply."""
    host.click(f"#friend-invite-{seat}")
    wait_for(host, f"document.getElementById('invite-link-{seat}')?.value.includes('#/join/')")
    link = host.locator(f"#invite-link-{seat}").input_value()
    guest.goto(link)
    guest.click("#join-go")
    wait_for(guest, "document.getElementById('reply-code')?.value.includes('spyr1.')")
    host.fill(f"#friend-reply-code-{seat}", guest.locator("#reply-code").input_value())
    host.click(f"#friend-connect-{seat}")
    guest.wait_for_selector("#join-bar[data-move]", timeout=TIMEOUT)


def _moves(host: Page) -> int:
    return int(host.evaluate(f"({saved_record_js('espionage')} || {{actions: []}}).actions.length"))


def _turn(host: Page) -> int:
    """The seat to play, from the host's page (the seat marked To play)."""
    seat = host.locator(".esp-seat:has(.esp-status-turn)").first.get_attribute("data-seat")
    return int(seat) if seat is not None else -1


def _look_on(pages: list[Page]) -> bool:
    """Each page that shows a showdown moves on from it; True when one did."""
    looked = False
    for page in pages:
        if page.locator("#esp-continue").count():
            page.click("#esp-continue")
            looked = True
    return looked


def _play(page: Page) -> bool:
    """The page's person moves if it is their turn: call a standing bid, else bid the
    panel's offer."""
    if page.locator("#esp-call").count():
        page.click("#esp-call")
        return True
    attribute = page.locator("[data-act=attr]:not([disabled])")
    if not attribute.count():
        return False
    attribute.first.click()
    page.click("#esp-bid")
    return True


def run(browser: Browser, url: str, friends: int = 2, moves: int | None = 40) -> dict[str, Any]:
    host = _open(browser, f"{url}#/espionage/deal/31")
    guests = [
        _open(browser, f"{url}#/", viewport={"width": 375, "height": 812}) for _ in range(friends)
    ]
    players = friends + 2
    host.select_option("#esp-players", str(players))
    for i in range(players):
        kind = "human" if i == 0 else "friend" if i <= friends else "normal"
        host.fill(f"#esp-seat{i}-name", NAMES[i] if i <= friends else "Bot")
        host.select_option(f"#esp-seat{i}-kind", kind)
    host.click("#esp-start")
    for seat, guest in enumerate(guests, start=1):
        _seat(host, guest, seat)
    timed: list[float] = []
    deadline = time.monotonic() + 600
    while (moves is None or len(timed) < moves) and time.monotonic() < deadline:
        if host.locator("#esp-end-title").count():
            break
        if _look_on([host, *guests]):
            continue
        seat = _turn(host)
        if 1 <= seat <= friends:
            guest, done = guests[seat - 1], _moves(host)
            started = time.monotonic()
            if not _play(guest):
                host.wait_for_timeout(50)
                continue
            wait_for(host, f"({saved_record_js('espionage')}).actions.length > {done}")
            for page in guests:
                wait_for(
                    page,
                    f"+document.getElementById('join-bar').dataset.move > {done}",
                    timeout=TIMEOUT,
                )
            timed.append((time.monotonic() - started) * 1000)
        elif not (seat == 0 and _play(host)):
            host.wait_for_timeout(50)  # a bot is thinking
    if not timed:
        raise StepFailed("no friend's move went round the table")
    for page in (host, *guests):
        page.context.close()
    return {"friends": friends, "round_trip_ms": timed}
