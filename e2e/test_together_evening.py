"""Playing together through an ordinary evening, in Chromium (issue 38): the host reloads,
invites the friend again, and goes to other pages of the site between the friend's
moves; every move the friend makes is played once, and while the connection is lost the
friend's page offers no move and says why.

Two browser contexts (two devices) over WebRTC on loopback, as in test_together.py."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path

import pytest
from conftest import (
    BOOT_TIMEOUT,
    Guard,
    boot,
    copy_site,
    open_page,
    origin_of,
    saved_record,
    saved_record_js,
    wait_for,
)
from drivers.offline import worker_caches
from drivers.together import ANA_BEN_CY, DETOURS, MOVE_MS, bid_or_go_on, invite, join, seat_table
from playwright.sync_api import Browser, Page, expect
from server import SiteServer

import spygames


def moves(host: Page) -> int:
    return len(saved_record(host, "espionage")["actions"])


def until_bens_turn(host: Page) -> None:
    """At the table, Ana plays and the bot plays until Ben is to play."""
    for _ in range(60):
        state = spygames.replay(saved_record(host, "espionage"))
        assert not state.is_over, "the game ended before the evening did"
        if state.to_play[0] == 1:
            return
        n = len(state.actions)
        if state.to_play[0] == 0 and bid_or_go_on(host):
            wait_for(host, f"({saved_record_js('espionage')}).actions.length > {n}")
        else:
            host.wait_for_timeout(200)
    raise AssertionError("Ben's turn never came")


def ben_plays(host: Page, guest: Page, where: str) -> None:
    n = moves(host)
    expect(guest.locator("#join-bar")).to_have_attribute("data-move", str(n), timeout=MOVE_MS)
    assert bid_or_go_on(guest), f"Ben's page offers no move (host at {where})"
    wait_for(host, f"({saved_record_js('espionage')}).actions.length > {n}", timeout=MOVE_MS)
    expect(guest.locator("#join-bar")).to_have_attribute("data-move", str(n + 1), timeout=MOVE_MS)
    assert moves(host) == n + 1, f"Ben's move was played {moves(host) - n} times"
    assert not guest.locator(".notice").count(), guest.text_content(".notice")


def test_the_host_walks_the_site_between_a_friends_moves_before_and_after_a_reload(
    browser: Browser, guard: Guard, site_url: str
) -> None:
    host = open_page(browser, guard)
    guest = open_page(browser, guard, viewport={"width": 375, "height": 812})
    seat_table(host, f"{site_url}#/espionage/deal/21", ANA_BEN_CY)
    join(host, guest, invite(host))
    for reloaded in (False, True):
        for where in DETOURS:
            until_bens_turn(host)
            host.goto(f"{site_url}{where}")
            ben_plays(host, guest, where)
            host.go_back()  # Back to the table
            expect(host.locator("#friend-status-1")).to_contain_text("at the table")
        if not reloaded:
            until_bens_turn(host)
            host.reload()
            host.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
            expect(guest.locator("#join-bar")).to_contain_text("lost", timeout=20_000)
            # Lost: Ben's page offers no move, and says why.
            expect(guest.locator("#esp-bid")).to_have_count(0)
            expect(guest.locator("[data-act=attr]")).to_have_count(0)
            join(host, guest, invite(host), paste=True)
    expect(host.locator("#friend-status-1")).to_have_text(re.compile(r"Ben: at the table$"))
    host.context.close()
    guest.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def test_same_wifi_no_internet_after_one_visit(browser: Browser, tmp_path: Path) -> None:
    """Issue 38, "Same Wi-Fi, no internet": Ana and Ben each visited the site once; then
    the web server is stopped (the site comes from each device's offline copy only), and
    they still host, join and play: WebRTC on one network needs nothing else."""
    site = copy_site(tmp_path / "site")
    server = SiteServer(site).__enter__()
    url = server.url
    guard = Guard(origin_of(url))
    host = open_page(browser, guard)
    ben = open_page(browser, guard, viewport={"width": 375, "height": 812})
    for page in (host, ben):  # one visit each: the offline copy is made
        boot(page, url)
        worker_caches(page)
        wait_for(page, "navigator.serviceWorker.controller !== null")
    server.__exit__(None, None, None)  # the web server is gone
    with pytest.raises(OSError):  # nothing answers at the site's address any more
        urllib.request.urlopen(url, timeout=5)
    seat_table(host, f"{url}#/espionage/deal/21", ANA_BEN_CY)
    ben.goto("about:blank")
    join(host, ben, invite(host))
    until_bens_turn(host)
    ben_plays(host, ben, "offline")
    host.context.close()
    ben.context.close()
    assert not guard.problems, "\n".join(guard.problems)
