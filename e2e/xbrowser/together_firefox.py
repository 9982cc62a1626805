"""Play together across engines: a Chromium host (Playwright, as in e2e/) and a Firefox
friend (friend.mjs, headless over WebDriver BiDi), two browsers on one machine joined by
WebRTC with no server. Run with `make smoke-firefox`.

Ana hosts Espionage with Ben "on another device" and Cy, a bot. Firefox opens Ana's
invitation, Ben joins, and the reply Firefox's page shows is pasted into Ana's panel. Ben
then makes a bid on his own page: Ana's table shows it, and Ben's page shows the move
after it (Ana's or Cy's). Ben's page never holds a card of another hand that the game has
not shown everyone (the check of e2e/test_together.py).

Both browsers run with their WebRTC settings as they come: each hides its addresses
behind random `.local` names (mDNS), and each resolves the other's. The candidates of
both descriptions are printed, so a failure to connect shows them. Were mDNS to fail
somewhere, Firefox's `media.peerconnection.ice.obfuscate_host_addresses` (false) would
give its real address; it was not needed here.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import engines
import plan
from playwright.sync_api import Browser, expect
from smoke import HERE, OUT, engine_or_skip
from spyweb.together.invite import read_invitation, read_reply

import spygames
from spygames.espionage.cards import bid_words


def _chromium_helpers() -> Any:
    """e2e/conftest.py, the Chromium suite's fixtures (which pytest gives this directory
    too) and helpers. pytest imports every conftest.py as `conftest`, so this directory's
    own shadows it; e2e/test_together.py imports it by that name, so it is put back for
    that import."""
    spec = importlib.util.spec_from_file_location("e2e_conftest", HERE.parent / "conftest.py")
    assert spec and spec.loader
    chromium = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(chromium)
    here = sys.modules.get("conftest")
    sys.modules["conftest"] = chromium
    try:
        return chromium, importlib.import_module("test_together")
    finally:
        if here is None:
            del sys.modules["conftest"]
        else:
            sys.modules["conftest"] = here


e2e, together = _chromium_helpers()
boot, open_page, saved_record, shot = e2e.boot, e2e.open_page, e2e.saved_record, e2e.shot
act, cards_shown, hidden_from_ben, invite = (
    together.act, together.cards_shown, together.hidden_from_ben, together.invite
)  # fmt: skip

SECONDS = 240  # the Firefox driver's whole life, its boot included; the test takes 1–1.5 min
PLAY_SECONDS = 90  # from the connection to Ben's bid and the move after it


class Friend:
    """Ben's device: friend.mjs driving one Firefox page, a JSON line each way."""

    def __init__(self, node: str, firefox: str, tmp: Path) -> None:
        (tmp / "watch.js").write_text(plan.WATCH)
        self.driver = subprocess.Popen(
            [node, str(HERE / "friend.mjs"), firefox, str(tmp / "watch.js")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            start_new_session=True,  # so the watchdog ends Firefox with its driver
        )
        self.watchdog = threading.Timer(SECONDS, os.killpg, (self.driver.pid, signal.SIGKILL))
        self.watchdog.start()
        self.version = self.answer()

    def send(self, **step: Any) -> None:
        assert self.driver.stdin
        self.driver.stdin.write(json.dumps(step) + "\n")
        self.driver.stdin.flush()

    def answer(self) -> Any:
        assert self.driver.stdout
        line = self.driver.stdout.readline()
        if not line:
            raise AssertionError(f"the Firefox driver ended (or ran over {SECONDS} s)")
        said = json.loads(line)
        if "error" in said:
            raise AssertionError(f"Firefox: {said['error']}")
        return said["ok"]

    def do(self, **step: Any) -> Any:
        self.send(**step)
        return self.answer()

    def until(self, js: str, what: str, seconds: float = 20) -> None:
        self.do(do="until", js=js, what=what, seconds=seconds)

    def close(self) -> None:
        if self.driver.stdin:
            self.driver.stdin.close()
        try:
            self.driver.wait(timeout=30)
        finally:
            self.watchdog.cancel()
            if self.driver.poll() is None:
                os.killpg(self.driver.pid, signal.SIGKILL)


def candidates(description: str) -> list[str]:
    """The addresses a WebRTC description offers (printed: shown when the test fails)."""
    return [line[12:] for line in description.splitlines() if line.startswith("a=candidate:")]


def log_lines(friend: Friend) -> list[str]:
    """The friend's log, newest first."""
    lines = friend.do(do="eval", js="[...document.querySelectorAll('.esp-log li')]"
                                    ".map(li => li.textContent)")  # fmt: skip
    return [str(line) for line in lines]


def shown_after(lines: list[str], said: str, mover: str) -> bool:
    """The log (newest first) has a line saying `said`, and a later one of `mover`'s."""
    mine = next((i for i, line in enumerate(lines) if line.startswith(said)), -1)
    return mine > 0 and any(line.startswith(mover) for line in lines[:mine])


def ben_bids(friend: Friend) -> None:
    """Ben looks at a showdown if one is shown, then bids what his panel offers first."""
    friend.until("document.querySelector('#esp-continue, [data-act=attr]:not([disabled])')",
                 "Ben's move to be offered")  # fmt: skip
    if friend.do(do="eval", js="!!document.querySelector('#esp-continue')"):
        friend.do(do="click", css="#esp-continue", seconds=10)
    friend.do(do="click", css="[data-act=attr]:not([disabled])", seconds=10)
    friend.do(do="click", css="#esp-bid", seconds=10)


def test_a_firefox_friend_joins_a_chromium_host_and_bids(
    browser: Browser,
    guard: Any,  # e2e/conftest.py's Guard
    site_url: str,
    tmp_path: Path,
) -> None:
    firefox = engine_or_skip(engines.ensure_firefox)
    node = shutil.which("node")
    assert node, "Node is needed to drive Firefox (npm puppeteer-core)"
    OUT.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    friend = Friend(node, firefox, tmp_path)
    try:
        print(f"Firefox {friend.version}")
        friend.send(do="goto", url=site_url, seconds=plan.BOOT_SECONDS)  # boots alongside
        host = open_page(browser, guard)
        boot(host, f"{site_url}#/espionage/deal/21")
        host.select_option("#esp-players", "3")
        for i, (name, kind) in enumerate([("Ana", "human"), ("Ben", "friend"), ("Cy", "normal")]):
            host.fill(f"#esp-seat{i}-name", name)
            host.select_option(f"#esp-seat{i}-kind", kind)
        host.click("#esp-start")
        link = invite(host)
        friend.answer()  # Firefox has booted
        print(f"both booted in {time.monotonic() - started:.0f} s")

        friend.do(do="goto", url=link, seconds=30)
        friend.until("document.querySelector('#join-title')?.textContent === "
                     "'Ana invites you to play Espionage'", "the invitation")  # fmt: skip
        friend.do(do="click", css="#join-go", seconds=10)
        friend.until(r"/#\/answer\/spyr1\./.test(document.querySelector('#reply-code')?.value)",
                     "Ben's reply")  # fmt: skip
        reply = friend.do(do="eval", js="document.querySelector('#reply-code').value")
        print("Chromium's candidates:", *candidates(read_invitation(link).description), sep="\n  ")
        print("Firefox's candidates:", *candidates(read_reply(reply).description), sep="\n  ")
        host.fill("#friend-reply-code-1", reply)
        host.click("#friend-connect-1")
        expect(host.locator("#friend-status-1")).to_contain_text("at the table", timeout=20_000)
        friend.until("document.querySelector('#join-bar')?.textContent.includes('connected')"
                     " && document.querySelector('#esp-table')", "Ben's seat")  # fmt: skip
        print(f"connected at {time.monotonic() - started:.0f} s")

        deadline = time.monotonic() + PLAY_SECONDS
        bid_at: int | None = None  # the index of Ben's bid among the actions
        while True:
            assert time.monotonic() < deadline, "no bid of Ben's and move after it in time"
            state = spygames.replay(saved_record(host, "espionage"))
            assert not state.is_over
            shown = cards_shown(friend.do(do="eval", js="document.documentElement.outerHTML"))
            secret = hidden_from_ben(host)
            assert not shown & secret, f"Ben's page shows {shown & secret}"
            if bid_at is not None and len(state.actions) > bid_at + 1:
                break
            seat = state.to_play[0]
            if seat == 1 and bid_at is None:
                ben_bids(friend)
                bid_at = len(state.actions)
            elif not (seat == 0 and act(host)):
                host.wait_for_timeout(200)

        record = saved_record(host, "espionage")
        bid = record["actions"][bid_at]
        assert bid["type"] == "bid", bid
        said = f"Ben: at least {bid_words(bid['count'], bid['attribute'])}"
        expect(host.locator(".esp-log")).to_contain_text(said)  # Ana's table shows Ben's bid
        mover = ("Ana", "Ben", "Cy")[spygames.replay(record, bid_at + 1).to_play[0]]
        until = time.monotonic() + 20
        while not shown_after(lines := log_lines(friend), said, mover):
            assert time.monotonic() < until, (
                f"Ben's page shows no move of {mover}'s after his bid; its log: {lines}"
            )
            time.sleep(0.2)
        shot(host, "together-firefox-host")
        friend.do(do="shot", path=str(OUT / "together-firefox-friend.png"))
        problems = friend.do(do="events") + friend.do(do="eval", js=plan.PROBLEMS)
        assert not problems, "Ben's page (Firefox):\n" + "\n".join(problems)
        host.context.close()
        assert not guard.problems, "Ana's page (Chromium):\n" + "\n".join(guard.problems)
        print(f"done in {time.monotonic() - started:.0f} s")
    finally:
        friend.close()
