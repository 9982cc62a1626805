"""Chaos at a table played together (issue 38): Ana hosts Espionage for Ben (on his own
device) and a bot, and they play seeded random games while the harness, at random
moments, reloads Ana's page, walks her across the site and back, closes Ben's page (and
opens a new one), drops Ben's connection (sometimes right after he tapped a move), makes
it waver for a few seconds and come back (`BLIP`), opens an invitation twice, and presses
Play again at each game's end. At set moments (`SCRIPTED`, issue 47) Ana opens her game
in a second tab and takes it over there, opens a reply to an invitation her reload
closed (refused, in words), and deals a number from the Deal # box; at the end she
deletes the live game from Saved games and Ben is told.

After the run, against Ana's saves: every move Ben's pages were told was played is in
the game's record at the move it was told, made by Ben's seat, exactly once; Ben's live
page has no move left unanswered; no page raised an error or loaded anything from
elsewhere. Printed: games played, faults injected, moves checked; the seed and the
fault schedule with any failure.

`make test` runs a short evening (two games, `SCRIPTED`); `make e2e-long` and `make chaos`
a long one (`CHAOS_GAMES` games). (One game with its scripted moments moved into it saved
13 s of 70 but met none of the connection faults — a friend's page closed, a dropped
connection, one dropped mid-move — which no other test of `make test` plays in a
browser: not worth it.)"""

from __future__ import annotations

import json
import os
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from conftest import (
    ANSWERED,
    BOOT_TIMEOUT,
    Guard,
    boot,
    open_page,
    saved_record,
    saved_record_js,
    shot,
    wait_for,
)
from drivers.together import DETOURS, RECEIVED, bid_or_go_on, seat_table
from playwright.sync_api import Browser, BrowserContext, Page, expect

import spygames

SENT = """
window.sent = [];  // every message the page put on a data channel, for the test to read
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
  window.sent.push(String(data));
  return send.call(this, data);
};
"""
# A blip on Ben's network, as his browser lives it: the connection says "disconnected"
# while his Wi-Fi wavers, what either side sends waits (SCTP keeps it), and when the
# network comes back the connection says "connected" and what waited arrives, in order.
# Ahead of RECEIVED and SENT: a message counts as received when the page gets it.
BLIP = """
window.blip = { on: false, peers: [], incoming: [], outgoing: [] };
const Native = window.RTCPeerConnection;
window.RTCPeerConnection = class extends Native {
  constructor(...args) { super(...args); window.blip.peers.push(this); }
  get connectionState() { return window.blip.on ? "disconnected" : super.connectionState; }
};
const nativeSend = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
  if (window.blip.on) window.blip.outgoing.push([this, data]);
  else nativeSend.call(this, data);
};
const nativeAdd = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, listener, ...rest) {
  if (type !== "message") return nativeAdd.call(this, type, listener, ...rest);
  const hold = (event) => {
    if (window.blip.on) window.blip.incoming.push([listener, event]);
    else listener(event);
  };
  return nativeAdd.call(this, type, hold, ...rest);
};
window.waver = (on) => {
  window.blip.on = on;
  for (const peer of window.blip.peers) peer.dispatchEvent(new Event("connectionstatechange"));
  if (on) return;
  for (const [channel, data] of window.blip.outgoing.splice(0)) nativeSend.call(channel, data);
  for (const [listener, event] of window.blip.incoming.splice(0)) listener(event);
};
"""
FAULTS = (
    "reload-host", "detour", "close-ben", "drop", "drop-mid-move", "blip", "blip-mid-move",
    "twice",
)  # fmt: skip
STEP_MS = 30_000
# (game, step in it): a fault played there, so that every run meets each of them once
SCRIPTED = {(0, 3): "second-tab", (0, 8): "refused-reply", (1, 6): "deal-box"}


@dataclass
class Evening:
    """What happened, kept on this side: Ben's actions by id (with the game they were
    sent in), the answers his pages got, the games (Ana's slots) in order, the faults."""

    host: Page
    ben: Page
    site: str
    rng: random.Random
    guard: Guard
    games: list[str] = field(default_factory=list)
    sent: dict[int, tuple[dict[str, Any], int]] = field(default_factory=dict)
    played: dict[int, int] = field(default_factory=dict)  # action id: the move it became
    answered: set[int] = field(default_factory=set)
    faults: list[str] = field(default_factory=list)
    page_ids: set[int] = field(default_factory=set)  # ids Ben's live page sent
    steps: int = 0  # the steps taken in the game on Ana's table

    def note(self, what: str) -> None:
        moves = len(saved_record(self.host, "espionage")["actions"])
        self.faults.append(f"{len(self.faults)}: {what} (game {len(self.games)}, move {moves})")

    def drain(self, page: Page | None = None) -> None:
        """What Ben's page sent and heard since last asked."""
        page = page or self.ben
        sent, heard = page.evaluate("[window.sent.splice(0), window.received.splice(0)]")
        for text in sent:
            message = json.loads(text)
            if message["kind"] == "act":
                self.sent.setdefault(message["id"], (message["action"], len(self.games) - 1))
                if page is self.ben:
                    self.page_ids.add(message["id"])
        for text in heard:
            message = json.loads(text)
            if message["kind"] in ("played", "refused") and message["id"]:
                self.answered.add(message["id"])
            if message["kind"] == "played":
                assert self.played.setdefault(message["id"], message["n"]) == message["n"], (
                    f"action {message['id']} was told played at two moves"
                )

    def at_table(self) -> None:
        if "#/espionage" not in self.host.url or "/rules" in self.host.url:
            self.host.goto(f"{self.site}#/espionage")
        expect(self.host.locator("#esp-table")).to_be_visible(timeout=STEP_MS)

    def connected(self) -> bool:
        self.at_table()  # the table drawn (after Back, a frame is on its way)
        wait_for(self.host, ANSWERED, timeout=STEP_MS)
        status = self.host.locator("#friend-status-1")
        bar = self.ben.locator("#join-bar")
        return (
            status.count() == 1
            and (status.text_content() or "").endswith("at the table")
            and bar.count() == 1
            and bar.get_attribute("data-link") == "open"
        )

    def invite(self, twice: bool = False) -> None:
        """Ana invites Ben again; he opens the link (in two tabs, with `twice`) and the
        newest reply connects."""
        self.at_table()
        status = self.host.locator("#friend-status-1")
        if "at the table" in (status.text_content() or ""):  # Ana's side has not heard yet
            expect(status).not_to_contain_text("at the table", timeout=STEP_MS)
        self.host.click("#friend-invite-1")
        link = self.host.locator("#invite-link-1")
        expect(link).to_have_value(re.compile(r"#/join/spyi1\."), timeout=STEP_MS)
        pages = [self.ben] + ([self.ben.context.new_page()] if twice else [])
        replies = []
        for page in pages:
            if page.url == "about:blank":
                boot(page, link.input_value())
            else:
                page.goto(link.input_value())
            expect(page.locator("#join-go")).to_be_visible(timeout=STEP_MS)
            page.click("#join-go")
            reply = page.locator("#reply-code")
            expect(reply).to_have_value(re.compile(r"#/answer/spyr1\."), timeout=STEP_MS)
            replies.append(reply.input_value())
        if twice:  # the first tab is told its reply no longer works; Ben uses the second
            expect(pages[0].locator("#join-replaced")).to_be_visible(timeout=STEP_MS)
            self.drain(pages[0])
            pages[0].close()
            self.ben = pages[1]
            self.page_ids = set()
        self.host.fill("#friend-reply-code-1", replies[-1])
        self.host.click("#friend-connect-1")
        status = self.host.locator("#friend-status-1")
        expect(status).not_to_contain_text("connecting", timeout=STEP_MS)
        if twice and "at the table" not in (status.text_content() or ""):
            # An offer answered on two pages often cannot connect (the older page's DTLS
            # hello reaches Ana's device first): the app says so, and Ana invites again.
            expect(self.host.locator(".friend-problem")).to_contain_text("opened on two pages")
            self.note("twice-failed (invited again)")
            self.invite()
            return
        expect(status).to_contain_text("at the table", timeout=STEP_MS)
        expect(self.ben.locator("#join-bar")).to_have_attribute(
            "data-link", "open", timeout=STEP_MS
        )

    def new_ben_page(self) -> None:
        self.drain()
        context: BrowserContext = self.ben.context
        self.ben.close()
        self.ben = context.new_page()
        self.page_ids = set()

    def drop(self) -> None:
        """Ben's connection drops: its channel closes under the page (both ends hear)."""
        self.ben.evaluate("window.channels.forEach(c => c.close())")
        expect(self.ben.locator("#join-bar")).to_have_attribute(
            "data-link", "lost", timeout=STEP_MS
        )

    def blip(self, moved: bool = False) -> None:
        """Ben's network wavers for a few seconds (well inside peers.mjs's RECOVER_S), his
        page says so and offers no move, then it comes back and what waited arrives."""
        self.ben.evaluate("window.waver(true)")
        bar = self.ben.locator("#join-bar")
        expect(bar).to_have_attribute("data-link", "wavering", timeout=STEP_MS)
        if not moved:  # a move sent just before waits for the network, as the bar says
            expect(self.ben.locator("#esp-bid, #esp-call, #esp-spot")).to_have_count(0)
        self.ben.wait_for_timeout(self.rng.uniform(1_000, 5_000))
        self.ben.evaluate("window.waver(false)")
        expect(bar).to_have_attribute("data-link", "open", timeout=STEP_MS)

    def ben_moves(self, fault: str | None) -> None:
        n = len(saved_record(self.host, "espionage")["actions"])
        bar = self.ben.locator("#join-bar")
        expect(bar).to_have_attribute("data-move", str(n), timeout=STEP_MS)
        if not move(self.ben, self.rng):
            return
        if fault == "drop-mid-move":  # the connection drops as the move goes
            self.note("drop-mid-move")
            self.drop()
            self.drain()
            return
        if fault == "blip-mid-move":  # the network wavers as the move goes, and comes back
            self.note("blip-mid-move")
            self.blip(moved=True)
        wait_for(
            self.host,
            f"({saved_record_js('espionage')}).actions.length > {n}"
            " || !!document.querySelector('#friend-status-1:not(:empty)')"
            " && !document.querySelector('#friend-status-1').textContent.endsWith('table')",
            timeout=STEP_MS,
        )
        self.drain()

    def step(self) -> bool:
        """One step of the evening; False once the game on Ana's table is over."""
        state = spygames.replay(saved_record(self.host, "espionage"))
        if state.is_over:
            return False
        scripted = SCRIPTED.get((len(self.games) - 1, self.steps))
        self.steps += 1
        if scripted == "deal-box":
            self.deal_box()
            return True
        if scripted == "second-tab":
            self.second_tab()
        elif scripted == "refused-reply":
            self.refused_reply()
        fault = self.rng.choice(FAULTS) if self.rng.random() < 0.15 and not scripted else None
        if fault == "reload-host":
            self.note(fault)
            self.host.reload()
            self.host.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
        elif fault == "close-ben":
            self.note(fault)
            self.new_ben_page()
        elif fault == "drop":
            self.note(fault)
            self.drop()
        elif fault == "blip" and self.connected():
            self.note(fault)
            self.blip()
        if not self.connected():
            twice = fault == "twice" or self.rng.random() < 0.2
            if twice:
                self.note("twice")
            self.invite(twice=twice)
        seat = state.to_play[0]
        if seat == 1:
            if fault == "detour":  # Ana looks at another page while Ben plays
                where = self.rng.choice(DETOURS)
                self.note(f"detour {where}")
                self.host.goto(f"{self.site}{where}")
                self.ben_moves(None)
                self.host.go_back()
                self.at_table()
            else:
                self.ben_moves(fault if fault in ("drop-mid-move", "blip-mid-move") else None)
        elif seat == 0:
            self.at_table()
            n = len(state.actions)
            if move(self.host, self.rng):
                wait_for(self.host, f"({saved_record_js('espionage')}).actions.length > {n}")
        else:  # the bot plays once Ana has looked at a showdown
            self.at_table()
            n = len(state.actions)
            if self.host.locator("#esp-continue").count():
                self.host.click("#esp-continue")
            wait_for(
                self.host,
                f"({saved_record_js('espionage')}).actions.length > {n}",
                timeout=STEP_MS,
            )
        return True

    def play_again(self) -> None:
        self.at_table()
        self.host.click("#esp-again")
        confirm = self.host.locator("#confirm-yes")
        if confirm.count():
            confirm.click()
        wait_for(self.host, f"localStorage.getItem('spygames:current:espionage') !== "
                            f"{json.dumps(self.games[-1])}")  # fmt: skip
        self.games.append(self.current())
        self.steps = 0
        self.note("play-again")

    def new_tab(self) -> Page:
        """Another tab of Ana's browser, watched as her first one is."""
        tab = self.host.context.new_page()
        tab.on("request", self.guard.request)
        tab.on("console", self.guard.console)
        tab.on("pageerror", self.guard.page_error)
        return tab

    def second_tab(self) -> None:
        """Ana opens her game in a second tab and takes it over there: Ben's connection
        stays in the first tab, which tells him where the game went; the new tab offers
        to invite him again (and `step` does, from there)."""
        self.note("second-tab")
        self.at_table()
        was_here = self.connected()
        tab = self.new_tab()
        boot(tab, f"{self.site}#/espionage")
        tab.click("#btn-take-over")
        expect(tab.locator("#esp-table")).to_be_visible(timeout=STEP_MS)
        expect(self.host.locator("#elsewhere")).to_be_visible(timeout=STEP_MS)
        if was_here:
            expect(self.ben.locator("#join-bar")).to_contain_text(
                "Ana moved this game to another tab", timeout=STEP_MS
            )
            expect(tab.locator("#friend-invite-1")).to_be_visible(timeout=STEP_MS)
        self.drain()
        self.host.close()
        self.host = tab

    def refused_reply(self) -> None:
        """Ben answers an invitation that Ana's reload then closed; Ana opens his reply
        as a link: the answer tab says her table refused it, and what to do."""
        self.note("refused-reply")
        if self.connected():
            self.drop()
        self.at_table()
        self.host.click("#friend-invite-1")
        link = self.host.locator("#invite-link-1")
        expect(link).to_have_value(re.compile(r"#/join/spyi1\."), timeout=STEP_MS)
        self.drain()
        self.ben.goto(link.input_value())
        expect(self.ben.locator("#join-go")).to_be_visible(timeout=STEP_MS)
        self.ben.click("#join-go")
        reply = self.ben.locator("#reply-code")
        expect(reply).to_have_value(re.compile(r"#/answer/spyr1\."), timeout=STEP_MS)
        self.host.reload()  # Ana's invitation closes with her page
        self.host.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
        answer = self.new_tab()
        boot(answer, reply.input_value())
        expect(answer.locator("#answer-outcome")).to_contain_text(
            "no longer open: invite Ben again first", timeout=STEP_MS
        )
        answer.close()
        self.page_ids = set()

    def deal_box(self) -> None:
        """Ana deals a number from the Deal # box mid-game: a new game at this table,
        Ben (if connected) seated in it as Play again keeps him."""
        self.at_table()
        was_here = self.connected()
        deal = self.rng.randrange(1, 100_000)
        self.note(f"deal-box #{deal}")
        self.host.fill("#deal-number", str(deal))
        self.host.click("#btn-deal")
        expect(self.host.locator("#confirm-yes")).to_be_visible(timeout=STEP_MS)
        question = " with Ben?" if was_here else "?"
        expect(self.host.locator(".confirm")).to_contain_text(f"Play deal #{deal}{question}")
        self.host.click("#confirm-yes")
        wait_for(self.host, f"localStorage.getItem('spygames:current:espionage') !== "
                            f"{json.dumps(self.games[-1])}")  # fmt: skip
        self.games.append(self.current())
        self.steps = 0
        assert saved_record(self.host, "espionage")["seed"] == deal
        if was_here:  # Ben stays at the table: no new invitation
            expect(self.host.locator("#friend-status-1")).to_contain_text(
                "at the table", timeout=STEP_MS
            )
            assert self.connected()

    def delete_live(self) -> None:
        """Ana deletes the live game (just dealt) from Saved games: the question names Ben,
        and Ben is told it is over for everyone."""
        self.note("delete-live")
        slot = self.games[-1]
        self.host.goto(f"{self.site}#/saves")
        self.host.click(f"#del-{slot}")
        expect(self.host.locator(".confirm")).to_contain_text("Ben", timeout=STEP_MS)
        self.host.click("#confirm-yes")
        expect(self.ben.locator("#join-bar")).to_contain_text(
            "Ana deleted this game", timeout=STEP_MS
        )

    def current(self) -> str:
        return str(self.host.evaluate("localStorage.getItem('spygames:current:espionage')"))

    def records(self) -> dict[str, dict[str, Any]]:
        found = self.host.evaluate(
            "Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith("
            "'spygames:slot:')).map(k => [k.slice(14), JSON.parse(localStorage.getItem(k))"
            ".record]))"
        )
        return dict(found)


def move(page: Page, rng: random.Random) -> bool:
    """A seeded player: calls a standing bid one time in three, else keeps the round
    going (`bid_or_go_on`); False when the page offers no move."""
    call = page.locator("#esp-call")
    if rng.random() < 0.35 and call.count() and call.is_enabled():
        if page.locator("#esp-continue").count():
            page.click("#esp-continue")
        call.click()
        return True
    return bid_or_go_on(page)


def check(evening: Evening, records: dict[str, dict[str, Any]]) -> int:
    """Every move Ben was told was played is in its game's record, his seat's, once."""
    checked = 0
    by_game: dict[int, dict[int, int]] = {}
    for action_id, n in evening.played.items():
        action, game = evening.sent[action_id]
        record = records[evening.games[game]]
        assert record["actions"][n] == action, f"action {action_id} is not move {n} of game {game}"
        before = spygames.replay({**record, "actions": record["actions"][:n]})
        assert before.to_play == [1], f"move {n} of game {game} was not Ben's"
        assert n not in by_game.setdefault(game, {}), f"move {n} of game {game} told twice"
        by_game[game][n] = action_id
        checked += 1
    for action_id in evening.page_ids:  # his live page: every move it sent was answered
        assert action_id in evening.answered, f"action {action_id} was never answered"
    return checked


@pytest.mark.parametrize(
    "games", [2, pytest.param(int(os.environ.get("CHAOS_GAMES", "6")), marks=pytest.mark.long)],
    ids=["short", "long"],
)  # fmt: skip
def test_an_evening_of_chaos_loses_no_move(
    browser: Browser, guard: Guard, site_url: str, games: int
) -> None:
    seed = int(os.environ.get("CHAOS_SEED", "38"))
    host = open_page(browser, guard)
    ben = open_page(browser, guard, viewport={"width": 375, "height": 812})
    ben.context.add_init_script(BLIP + RECEIVED + SENT)
    seats = [("Ana", "human"), ("Ben", "friend"), ("Cy", "easy")]
    seat_table(host, f"{site_url}#/espionage/deal/{seed}", seats)
    host.click("#esp-pace-fast")
    evening = Evening(host, ben, site_url, random.Random(seed), guard)
    evening.games.append(evening.current())
    started = time.monotonic()
    try:
        evening.invite()
        while True:
            for _ in range(400):
                if not evening.step():
                    break
            else:
                raise AssertionError("a game did not end in 400 steps")
            if len(evening.games) >= games:
                break
            if not evening.connected():
                evening.invite()
            evening.play_again()
        # Ben's live page: whatever it sent is answered once he is at the table.
        if not evening.connected():
            evening.invite()
        deadline = time.monotonic() + 20
        evening.drain()
        while not evening.page_ids <= evening.answered and time.monotonic() < deadline:
            host.wait_for_timeout(200)
            evening.drain()
        records = evening.records()
        if not evening.connected():
            evening.invite()
        evening.play_again()  # a live game with Ben at the table, which Ana deletes
        evening.delete_live()
        checked = check(evening, records)
    except BaseException:
        print(f"\nchaos seed {seed}; faults:\n" + "\n".join(evening.faults))
        for name, page in (("host", evening.host), ("ben", evening.ben)):
            if not page.is_closed():
                shot(page, f"chaos-{name}")
                bar = page.locator("#join-bar, .friend-status")
                print(name, page.url, bar.all_inner_texts() if bar.count() else "")
        raise
    kinds = Counter(f.split(": ", 1)[1].split(" ")[0] for f in evening.faults)
    print(
        f"\nchaos (seed {seed}): {len(evening.games)} games, {len(evening.faults)} faults "
        f"({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}), {checked} of Ben's "
        f"moves checked, {time.monotonic() - started:.0f} s"
    )
    assert checked > 0
    reached = len(evening.games)
    missed = {what for (game, _), what in SCRIPTED.items() if game < reached} - set(kinds)
    assert not missed, f"scripted moments that never came: {missed}"
    host.context.close()
    ben.context.close()
    assert not guard.problems, "\n".join(guard.problems)
