"""Playing together in Chromium: two browser contexts (two devices) on one machine,
connected by WebRTC over loopback with no server between them.

Ana hosts a 3-seat table with Ben on "another device" and a bot; she invites Ben, Ben
opens the link and joins, Ana pastes his reply, and they play a whole game by clicking
their own pages. At every step Ben's page holds no card of another hand that the game
has not shown everyone, and Ben's storage holds no game (only the table's public words,
which his home page lists at the end). Midway Ana reloads: her game is
reopened from its save, Ben's page says the connection was lost, Ana invites him again
and he takes his seat back.

SpyNet, a team game of four: Ana and a bot against Ben (on his phone) and a bot. They
play the opening draft and six moves of Ben's at least by clicking their own pages — within a
couple of minutes, not a whole game — and Ben's page never holds a card his seat has
not seen (his partner's face-down missions, the others' hands, the deck, the piles)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from conftest import (
    BOOT_TIMEOUT,
    SHOTS,
    Guard,
    boot,
    no_horizontal_scroll,
    open_page,
    saved_record,
    saved_record_js,
    shot,
    wait_for,
)
from drivers.spynet import HAND, next_step
from drivers.spynet import start as start_spynet
from drivers.together import ANA_BEN_CY, MOVE_MS, RECEIVED, invite, join, seat_table
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from spyweb.games.spynet.model import CARD
from spyweb.together import wire
from spyweb.together.invite import read_invitation

import spygames
import spygames.spynet as spynet
from spygames.espionage.cards import DECK, card_name

CARD_ID = re.compile(r'"([afm]\d\d)"')  # a SpyNet card's id in a view's JSON


def cards_shown(markup: str) -> set[str]:
    """The cards a page's markup shows (each card's `data-card`)."""
    return set(re.findall(r'data-card="([^"]+)"', markup))


def hidden_from_ben(host: Page, moves: int | None = None) -> set[str]:
    """The cards in Ana's and Cy's hands that Ben's view does not show, now (or after the
    game's first `moves` moves)."""
    record = saved_record(host, "espionage")
    if moves is not None:
        record = {**record, "actions": record["actions"][:moves]}
    state = spygames.replay(record)
    mine = str(state.view(1))
    return {c for s in (0, 2) for c in state.view(s)["hand"] if c not in mine}


def received_by_ben(host: Page, guest: Page) -> set[str]:
    """The hidden cards in what Ben's device has received since last asked: each scene
    against the cards hidden from him at the move it was drawn at (a showdown shows
    cards that a later deal may put in another hand), any other message against now."""
    found = set()
    for text in guest.evaluate("window.received.splice(0)"):
        message = json.loads(text)
        assert "seed" not in text and "actions" not in text  # nothing of the record
        moves = message["n"] if message["kind"] == "scene" else None
        found |= {c for c in hidden_from_ben(host, moves) if re.search(rf"\b{c}\b", text)}
    return found


def act(page: Page) -> str:
    """The page's person does what it asks of them: "looked" at a showdown, or "moved"
    (call when a bid stands, else bid what the panel offers); "" when it asks nothing."""
    button = page.locator("#esp-continue")
    if button.count() and button.is_enabled():
        try:
            button.click(timeout=10_000)
        except PlaywrightTimeoutError:
            # the newest scene came first and took the showdown away (a friend's page
            # follows the host's game); a Continue still shown but not taking the click fails
            expect(button).to_have_count(0)
        return "looked"
    button = page.locator("#esp-call")
    if button.count() and button.is_enabled():
        button.click()
        return "moved"
    attribute = page.locator("[data-act=attr]:not([disabled])")
    if not attribute.count():
        return ""
    attribute.first.click()
    page.click("#esp-bid")
    return "moved"


def take_turn(host: Page, page: Page, n: int, friend: bool) -> str:
    """`page`'s person acts (see `act`) at move `n`: a friend's page may still show the
    scene of an earlier move, so it is waited for; a move is waited for until it has
    reached the host's game (else the next look would find the same turn, and click a
    button the arriving scene takes away)."""
    if friend:
        expect(page.locator("#join-bar")).to_have_attribute("data-move", str(n))
    done = act(page)
    if done == "moved":
        wait_for(host, f"({saved_record_js('espionage')}).actions.length > {n}")
    return done


def test_two_devices_play_a_whole_game_of_espionage(
    browser: Browser, guard: Guard, site_url: str
) -> None:
    host = open_page(browser, guard)
    guest = open_page(browser, guard, viewport={"width": 375, "height": 812})
    guest.context.add_init_script(RECEIVED)
    seat_table(host, f"{site_url}#/espionage/deal/21", ANA_BEN_CY)
    expect(host.locator("#friend-status-1")).to_contain_text("not invited yet")
    join(host, guest, invite(host))
    shot(host, "together-host")
    shot(guest, "together-guest")

    tampered(host, guest)
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
            join(host, guest, invite(host), paste=True)
            reloaded = True
            continue
        seat = state.to_play[0]
        done = take_turn(host, guest if seat == 1 else host, len(state.actions), seat == 1)
        if not done:
            host.wait_for_timeout(200)
        page = guest.content()  # against the cards hidden at the move its scene shows
        drawn_at = re.search(r'id="join-bar"[^>]*data-move="(\d+)"', page)
        secret = hidden_from_ben(host, int(drawn_at.group(1)) if drawn_at else None)
        page_cards = cards_shown(page)
        assert not page_cards & secret, f"step {step}: Ben's page shows {page_cards & secret}"
        sent = received_by_ben(host, guest)
        assert not sent, f"step {step}: Ben's device received {sent}"
    assert spygames.replay(saved_record(host, "espionage")).is_over
    expect(guest.locator("#esp-end-title")).to_be_visible(timeout=MOVE_MS)
    expect(host.locator("#esp-end-title")).to_be_visible(timeout=MOVE_MS)
    assert reloaded
    assert guest.evaluate("Object.keys(localStorage).filter(k => k.includes('slot'))") == []
    shot(guest, "together-guest-end")
    # Ben's device remembers the table, in its public words only: his home page lists it,
    # and his storage holds that one entry and no card (by id or by name).
    guest.goto(f"{site_url}#/")
    expect(guest.locator("#joined")).to_contain_text(
        re.compile(r"Ana’s Espionage table — you were Ben, last connected (just now|1 min ago)")
    )
    expect(guest.locator("#joined")).to_contain_text("That game had ended.")
    stored = guest.evaluate("JSON.stringify(Object.assign({}, localStorage))")
    assert [k for k in json.loads(stored) if k.startswith("spygames:")] == [
        "spygames:pref:together-joined"
    ]
    assert not [c for c in DECK if c in stored or card_name(c) in stored]
    shot(guest, "together-guest-home")
    host.context.close()
    guest.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def tampered(host: Page, guest: Page) -> None:
    """Ben's device sends what a page of ours never would, over the real connection:
    too long, not JSON, an unknown kind, a field too many, a move out of turn (Ana
    opens), a move for another seat. The host refuses each, answers the move out of
    turn with the engine's words, and its game is untouched."""
    before = saved_record(host, "espionage")
    n = len(before["actions"])
    spot = {"type": "spot"}
    for text in (
        "x" * 5_000,
        '{"v":1,"kind":"act"',
        wire.encode({"kind": "boom"}),
        wire.encode({"kind": "act", "id": 1, "n": n, "action": spot, "seat": 0}),
        wire.encode({"kind": "act", "id": 2, "n": n, "action": {"type": "bid", "seat": 0}}),
        wire.encode({"kind": "act", "id": 3, "n": n, "action": spot}),
    ):
        guest.evaluate("text => window.channels[0].send(text)", text)
    # Answered by its id (the page shows only the answers to its own moves).
    wait_for(
        guest,
        "() => window.received.some(t => t.includes('\"id\":3') && t.includes('not your turn'))",
        timeout=MOVE_MS,
    )
    host.wait_for_timeout(500)
    assert saved_record(host, "espionage") == before
    expect(host.locator("#friend-status-1")).to_contain_text("at the table")


def test_four_devices_play_a_round_of_espionage(
    browser: Browser, guard: Guard, site_url: str
) -> None:
    """Ana hosts; Ben, Cleo and Dev each join from their own device (four browser
    contexts). They play until a showdown has been seen on every page; no friend's page
    ever holds another hand before the showdown shows it."""
    host = open_page(browser, guard)
    friends = [open_page(browser, guard, viewport={"width": 375, "height": 812}) for _ in range(3)]
    boot(host, f"{site_url}#/espionage/deal/8")
    host.select_option("#esp-players", "4")
    for i, name in enumerate(["Ana", "Ben", "Cleo", "Dev"]):
        host.fill(f"#esp-seat{i}-name", name)
        host.select_option(f"#esp-seat{i}-kind", "human" if i == 0 else "friend")
    host.click("#esp-start")
    for seat, page in enumerate(friends, start=1):
        join(host, page, invite(host, seat), seat=seat)
    pages = [host, *friends]
    for step in range(120):
        state = spygames.replay(saved_record(host, "espionage"))
        if state.view(0)["last_round"] is not None and all(
            p.locator("#esp-continue").count() == 0 for p in pages
        ):
            break  # a showdown was played and every page has moved on from it
        for seat, page in enumerate(friends, start=1):
            shown = cards_shown(page.content())
            if len(spygames.replay(saved_record(host, "espionage")).actions) != len(state.actions):
                continue  # the game moved while the page was read: look again next step
            mine = set(re.findall(r"'([a-z0-9-]+)'", str(state.view(seat))))
            secret = {c for s in range(4) if s != seat for c in state.view(s)["hand"]}
            assert not shown & (secret - mine), f"step {step}: seat {seat} sees {shown & secret}"
        moved = any(act(p) for p in pages if p.locator("#esp-continue").count())
        if not moved:
            turn = state.to_play[0]
            moved = take_turn(host, pages[turn], len(state.actions), turn != 0)
        if not moved:
            host.wait_for_timeout(200)
    else:
        raise AssertionError("no showdown came round the table")
    shot(friends[2], "together-four-dev")
    for page in pages:
        page.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def test_a_reply_being_pasted_survives_the_bots_playing_on(page: Page, site_url: str) -> None:
    """The whole table is redrawn after every move: what the host has typed into a
    friend's reply box (or the deal box) stays there while the bots play."""
    boot(page, f"{site_url}#/espionage/deal/23")  # Cy, a bot, opens
    page.select_option("#esp-players", "4")
    for i, (name, kind) in enumerate([("Ana", "human"), ("Ben", "friend"), ("Cy", "easy"),
                                      ("Di", "easy")]):  # fmt: skip
        page.fill(f"#esp-seat{i}-name", name)
        page.select_option(f"#esp-seat{i}-kind", kind)
    page.click("#esp-start")
    invite(page)
    page.fill("#friend-reply-code-1", "half a reply")
    page.fill("#deal-number", "77")
    log = page.locator(".esp-log li").count()
    page.click("#esp-pace-slow")  # Cy bids (a redraw), at the pace's own moment
    expect(page.locator(".esp-log li")).not_to_have_count(log, timeout=MOVE_MS)
    expect(page.locator("#friend-reply-code-1")).to_have_value("half a reply")
    expect(page.locator("#deal-number")).to_have_value("77")


def test_the_host_changes_the_stun_servers(page: Page, site_url: str) -> None:
    """The STUN servers under "Connect over the internet": a TURN relay is refused in
    words and what was typed stays (through a bot's move too); a good list is saved and
    the next invitation carries it."""
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(page, f"{site_url}#/espionage/deal/23")  # Cy, a bot, opens
    page.select_option("#esp-players", "4")
    for i, (name, kind) in enumerate([("Ana", "human"), ("Ben", "friend"), ("Cy", "easy"),
                                      ("Di", "easy")]):  # fmt: skip
        page.fill(f"#esp-seat{i}-name", name)
        page.select_option(f"#esp-seat{i}-kind", kind)
    page.click("#esp-start")
    stun = page.locator(".friends-stun textarea")
    expect(stun).not_to_be_visible()
    page.click("#friend-stun-open")
    expect(stun).to_have_value("stun:stun.l.google.com:19302")
    stun.fill("turn:relay.example.org")
    page.click("#friend-stun-save")
    expect(page.locator(".notice")).to_contain_text("is a TURN relay, not a STUN server")
    expect(stun).to_have_value("turn:relay.example.org")
    stun.fill("stun:a.example.org:3478\nstuns:b.example.org")
    log = page.locator(".esp-log li").count()
    page.click("#esp-pace-slow")  # Cy bids: the table is redrawn
    expect(page.locator(".esp-log li")).not_to_have_count(log, timeout=MOVE_MS)
    expect(stun).to_be_visible()
    expect(stun).to_have_value("stun:a.example.org:3478\nstuns:b.example.org")
    shot(page, "together-stun-desktop")
    page.set_viewport_size({"width": 375, "height": 812})
    # The panel in view by the page's own scroll: a bot's move may redraw the table under
    # a Playwright handle ("Element is not attached to the DOM" on a loaded machine).
    page.evaluate("document.getElementById('friends').scrollIntoView({block: 'nearest'})")
    page.screenshot(path=str(SHOTS / "together-stun-phone.png"))  # the panel in view
    assert no_horizontal_scroll(page)
    page.click("#friend-stun-save")
    expect(page.locator(".notice")).to_contain_text(
        "Saved: the next invitation uses stun:a.example.org:3478, stuns:b.example.org"
    )
    expect(page.locator("#friends")).to_contain_text(
        "(stun:a.example.org:3478, stuns:b.example.org)"
    )
    page.check("[data-act=friend-internet]")
    link = invite(page)
    assert read_invitation(link).ice == ("stun:a.example.org:3478", "stuns:b.example.org")


def test_a_damaged_invitation_says_so_plainly(page: Page, site_url: str) -> None:
    boot(page, f"{site_url}#/join/spyi1.AAAAdamaged")
    expect(page.locator("#join-title")).to_have_text("This invitation cannot be used")
    expect(page.locator(".join-problem")).to_contain_text("damaged")


def played(host: Page, page: Page, click: Callable[[], None]) -> None:
    """Click on `page` (the host's or the friend's), then wait for the host's save to
    hold one more action and for `page` to draw the table it makes."""
    before = len(saved_record(host, "spynet")["actions"])
    drawn = page.inner_html("#sn-table")
    click()
    wait_for(host, f"{saved_record_js('spynet')}.actions.length > {before}", timeout=MOVE_MS)
    wait_for(
        page, "s => document.querySelector('#sn-table').innerHTML !== s", arg=drawn, timeout=MOVE_MS
    )


def spynet_step(host: Page, page: Page, what: str, turn: int, look: bool = False) -> None:
    """One decision for the person at `page`: keep the first draft card, deploy when
    something can go, else recruit (taking a pile every third time); in a deploy, the
    first playable agent where it may go, then End turn. `look`: screenshots of the
    friend's turn with an agent picked."""
    if what == "draft":
        played(host, page, page.locator(".sn-draft [data-act=keep]").first.click)
    elif what == "choose":
        offered = page.locator("#sn-deploy").count()  # only with something to play
        choice = "#sn-deploy" if offered and turn % 2 else "#sn-recruit"
        played(host, page, lambda: page.click(choice))
    elif what == "recruit":
        played(host, page, lambda: page.click("#sn-take" if turn % 3 == 0 else "#sn-pass-on"))
    elif what == "deploy":
        agent = page.locator("#sn-hand .sn-playable[data-kind=agent]").first
        if agent.count():
            agent.click()
            target = page.locator(".sn-targets button").first
            expect(target).to_be_visible()
            if look:
                shot(page, "together-spynet-guest")
                shot(host, "together-spynet-host")
            played(host, page, target.click)
            return  # the turn goes on (or an effect first): the next step reads it
        played(host, page, lambda: page.click("#sn-end"))
    elif what == "discard":
        played(host, page, page.locator(HAND).first.click)
    elif what == "effect":
        played(host, page, lambda: page.click("#sn-skip"))
    else:
        raise AssertionError(what)


class Seen:
    """The cards Ben's seat has been shown so far (`ever_seen`, kept up as the game goes:
    the record's new actions are applied one by one)."""

    def __init__(self, record: dict[str, Any], seat: int = 1) -> None:
        self.seat = seat
        self.state = spygames.replay({**record, "actions": []})
        self.cards = set(CARD_ID.findall(json.dumps(self.state.view(seat))))

    def update(self, record: dict[str, Any]) -> set[str]:
        for action in record["actions"][len(self.state.actions) :]:
            self.state.apply(action)
            self.cards |= set(CARD_ID.findall(json.dumps(self.state.view(self.seat))))
        return self.cards


def ben_knows_too_much(host: Page, guest: Page, seen: Seen) -> list[str]:
    """The cards (ids or names) Ben's page shows, or its connection brought, that his
    seat has never seen. The page is read first: the host saves each move before it
    sends Ben the scene it makes."""
    markup, text, received = guest.evaluate(
        "() => { const app = document.querySelector('#app');"
        " return [app.innerHTML, app.innerText, window.received.splice(0).join(' ')]; }"
    )
    secret = sorted(set(spynet.DECK) - seen.update(saved_record(host, "spynet")))
    words = text + " " + " ".join(re.findall(r'="([^"]*)"', markup)) + " " + received
    found = [card for card in secret if re.search(rf"\b{card}\b", markup + received)]
    return found + [
        CARD[c]["name"] for c in secret if re.search(rf"\b{re.escape(CARD[c]['name'])}\b", words)
    ]


@pytest.mark.parametrize(
    "whole", [False, pytest.param(True, marks=pytest.mark.long)], ids=["opening", "whole"]
)
def test_two_devices_play_a_team_game_of_spynet(
    browser: Browser, guard: Guard, site_url: str, whole: bool
) -> None:
    """In `make test`, the opening: the draft and six of Ben's moves. `make e2e-long`
    plays the same game to its end (about 230 moves, 60 of them Ben's)."""
    host = open_page(browser, guard, viewport={"width": 1280, "height": 800})
    guest = open_page(browser, guard, viewport={"width": 375, "height": 812})
    guest.context.add_init_script(RECEIVED)
    boot(host, f"{site_url}#/spynet/deal/2024")
    host.select_option("#sn-players", "4")
    start_spynet(host, ("Ana", "human"), ("Ben", "friend"), ("Cy", "easy"), ("Dee", "easy"))
    expect(host.locator("#friend-status-1")).to_contain_text("not invited yet")
    join(host, guest, invite(host), "SpyNet", "#sn-table")
    expect(guest.locator("#sn-rules")).to_be_visible()
    for tool in ("#sn-share", "#sn-newtable", "#sn-pace-fast", ".deal-form", "#friend-invite-1"):
        expect(guest.locator(tool)).to_have_count(0)

    seen = Seen(saved_record(host, "spynet"))
    deadline = time.monotonic() + (1500 if whole else 80)
    turn = ben_moves = 0
    looked = False
    while time.monotonic() < deadline and (whole or not (ben_moves >= 6 and looked)):
        record = saved_record(host, "spynet")
        state = spygames.replay(record)
        if state.is_over:
            break
        seat = state.to_play[0]
        if seat in (0, 1):
            page = host if seat == 0 else guest
            what = next_step(page)
            look = seat == 1 and what == "deploy" and not looked
            turn += 1
            spynet_step(host, page, what, turn, look)
            looked = looked or look
            ben_moves += seat == 1
        else:  # a bot's move
            wait_for(
                host,
                f"{saved_record_js('spynet')}.actions.length > {len(state.actions)}",
                timeout=MOVE_MS,
            )
        assert not ben_knows_too_much(host, guest, seen), f"turn {turn}"
        assert not guest.locator(".notice").count(), guest.text_content(".notice")
    assert ben_moves >= 6 and looked, (ben_moves, looked)
    if whole:
        assert spygames.replay(saved_record(host, "spynet")).is_over, f"{ben_moves} moves"
        for page in (host, guest):
            expect(page.locator("#sn-end-title")).to_be_visible(timeout=MOVE_MS)
        assert not ben_knows_too_much(host, guest, seen), "the end"
        shot(guest, "together-spynet-guest-end")
        print(f"\nSpyNet team game across two devices: {turn} moves by people, {ben_moves} Ben's")
    assert guest.evaluate("Object.keys(localStorage).filter(k => k.includes('slot'))") == []
    host.context.close()
    guest.context.close()
    assert not guard.problems, "\n".join(guard.problems)
