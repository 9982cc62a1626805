"""Playing Espionage together, through two whole apps on CPython: the host's and a
friend's, as each page drives them, over a stand-in for the page's WebRTC connections
(the `peer-…` effects and `App.peer` reports of web/peers.mjs).

The host seats a friend, invites them, the friend opens the link and joins, the host
pastes the reply, and a whole game is played by clicks on both pages; at every step the
friend's page and every text it received hold no card of another hand (unless a
showdown showed it) and nothing from the record."""

from __future__ import annotations

import json
import random
import re

import pytest
from drivers.together import (
    Network,
    click_move,
    connect,
    host_table,
    invitation_route,
    joined_pair,
)
from spyweb.app import App
from spyweb.browser.store import MemoryStorage
from spyweb.games.espionage.table import EspionageTable
from spyweb.together.invite import Reply, reply_code
from spyweb.together.join import JoinScreen

import spygames

CARD_ID = re.compile(r"\b([a-z]+-[a-z]+-[a-z]+|traitor-\d|mercenary-\d|[a-z]+-\d)\b")


def hidden(state: spygames.State, seat: int) -> set[str]:
    """Card ids of the hands `seat` does not see now."""
    mine = json.dumps(state.view(seat))
    return {
        card
        for other in range(state.players)
        if other != seat
        for card in state.view(other)["hand"]
        if card not in mine
    }


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_a_whole_game_with_a_friend_on_another_device(seed: int) -> None:
    net = joined_pair(players=3, seed=seed)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    state = table.state
    rng = random.Random(seed)
    guest_moves = 0
    for _ in range(3000):
        if state.is_over:
            break
        net.sent_to_guest.clear()
        seat = state.to_play[0]
        if seat == 1:
            before = len(state.actions)
            assert click_move(net.guest, rng), "the friend's page offers no move on their turn"
            net.run()
            guest_moves += len(state.actions) > before
        elif not click_move(net.host, rng):
            net.host.click("continue", "")
        net.run()
        page = net.guest.render()
        secret = hidden(state, 1)
        for text in [page, *net.sent_to_guest]:
            assert not {c for c in CARD_ID.findall(text) if c in secret}, "a hidden card leaked"
            assert "Deal #" not in text and '"seed"' not in text and "#/play/" not in text
        assert net.guest.ctx.refusals == []
    assert state.is_over and guest_moves > 0
    net.run()
    end = net.guest.render()
    assert "wins!" in end or "You win!" in end
    assert 'data-act="newtable"' not in end and 'data-act="again"' not in end


def test_the_friends_seat_is_never_shown_or_played_on_the_hosts_device() -> None:
    net = joined_pair(players=3)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    assert table.here == [0] and table.humans == [0, 1] and not table.pass_and_play
    assert 1 not in table.bots and table.viewer == 0
    assert table.scene().viewer == 0  # the host's own hand, never Ben's


def test_a_friends_illegal_or_stale_action_is_refused_and_told() -> None:
    net = joined_pair(players=3)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    joined = net.guest.screen
    assert isinstance(joined, JoinScreen)
    before = json.dumps(table.state.record())
    joined.send({"type": "spot"})  # not Ben's turn: seat 0 opens
    net.run()
    assert net.guest.ctx.refusals[-1] == "It is not your turn."
    assert json.dumps(table.state.record()) == before


def test_a_dropped_friend_is_told_and_the_host_can_invite_again() -> None:
    net = joined_pair(players=3)
    net.host.peer("closed", "1", "closed")
    net.guest.peer("closed", "host", "closed")
    assert "Ben</b>: disconnected" in net.host.render()
    assert 'id="friend-invite-1"' in net.host.render()
    assert "The connection to Ana’s table was lost" in net.guest.render()
    net.host.click("friend-invite", "1")
    net.run()
    assert "Ben</b>: invited: waiting for their reply" in net.host.render()


def test_a_wavering_connection_says_reconnecting_then_recovers_or_drops() -> None:
    """web/peers.mjs reports a "disconnected" connection as unsteady (it often comes back by
    itself): both pages say it is reconnecting, and the friend still counts as at the
    table; back, all is as before; closed, the host waits for them to come back."""
    net = joined_pair(players=3)
    net.host.peer("unsteady", "1", "")
    net.guest.peer("unsteady", "host", "")
    assert "Ben</b>: at the table, reconnecting…" in net.host.render()
    assert "Reconnecting to Ana’s table…" in net.guest.render()
    assert 'id="friend-invite-1"' not in net.host.render()  # nothing to do yet: wait
    assert "esp-waiting" not in net.host.render()
    net.host.peer("steady", "1", "")
    net.guest.peer("steady", "host", "")
    assert "Ben</b>: at the table</p>" in net.host.render()
    assert "Reconnecting" not in net.guest.render()
    assert "· connected" in net.guest.render()
    net.host.peer("unsteady", "1", "")
    net.guest.peer("unsteady", "host", "")
    net.host.peer("closed", "1", "no answer")
    net.guest.peer("closed", "host", "no answer")
    assert "Ben</b>: disconnected: waiting for them to come back" in net.host.render()
    guest_page = net.guest.render()
    assert "Reconnecting" not in guest_page and "was lost" in guest_page


def test_a_waver_before_the_connection_opened_does_not_outlive_it() -> None:
    """A "disconnected" the browser reports while the connection is being made (an e2e
    rejoin showed "Reconnecting…" over a working table): once it opens, the friend's
    page says connected."""
    net = Network(host_table(players=3), App(MemoryStorage()), waver_before_open=True)
    connect(net)
    page = net.guest.render()
    assert "Reconnecting" not in page and "· connected" in page


def test_a_hello_the_host_took_before_open_is_said_again() -> None:
    """The host's page may hear Ben's hello before it is told the connection is open
    (an e2e rejoin waited on "Waiting for the table to arrive…"): Ben's page says hello
    again until it is welcomed, and gets his seat's table."""
    host = host_table(players=3)
    net = Network(host, App(MemoryStorage()), hello_before_open=True)
    connect(net)
    joined = net.guest.screen
    assert isinstance(joined, JoinScreen) and joined.joined is not None
    assert joined.joined.welcomed and joined.pending_delay() is None
    assert 'id="esp-table"' in net.guest.render()


def test_the_host_stops_for_now_and_the_game_is_kept_for_later() -> None:
    """Stop for now: every friend is told the game is kept, the connections close, the
    host goes home; back at the table, the friend's seat waits for a new invitation."""
    net = joined_pair(players=3)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    moves = len(table.state.actions)
    net.host.click("friend-stop", "")
    assert ("peer-close", "1") in net.host.ctx.effects
    net.run()
    assert "Ana has stopped playing this table for now" in net.guest.render()
    target, _ = net.host.take_navigation()
    assert target == "#/"
    assert "Your game is kept on this device" in " ".join(net.host.ctx.messages)
    net.host.route("#/espionage")
    page = net.host.render()
    assert "Ben</b>: disconnected" in page and 'id="friends-stop"' not in page
    assert len(net.host.screen.state.actions) == moves  # type: ignore[attr-defined]
    connect(net)  # Ben takes his seat again where the game stands
    assert 'id="esp-table"' in net.guest.render()
    assert "stopped playing" not in net.guest.render()


def test_hosting_a_second_table_ends_the_first_tables_connections() -> None:
    """One table is hosted at a time in a tab: the friends of the first are told and
    their connections close (their seats wait, kept with its save)."""
    net = joined_pair(players=3)
    first = net.host.screen
    assert isinstance(first, EspionageTable) and first.slot is not None
    net.host.route("#/espionage/deal/22")
    values = {"players": "2", "seat0-kind": "human", "seat0-name": "Ana"}
    net.host.submit("start", values | {"seat1-kind": "friend", "seat1-name": "Cy"})
    target, _ = net.host.take_navigation()
    if target:
        net.host.route(target)
    assert ("peer-close", "1") in net.host.ctx.effects
    net.run()
    assert "Ana has stopped playing this table for now" in net.guest.render()
    assert list(net.host.ctx.hostings) == [net.host.screen.slot]  # type: ignore[attr-defined]


def test_a_lost_connection_stays_lost_when_the_browser_then_reports_it_failed() -> None:
    """A host reloading closes the channel ("closed") and the connection may then go
    "failed": the friend's page still shows the table and that it was lost."""
    net = joined_pair(players=3)
    net.guest.peer("closed", "host", "closed")
    net.guest.peer("failed", "host", "failed")
    page = net.guest.render()
    assert "The connection to Ana’s table was lost" in page and 'id="join-bar"' in page


def test_a_reply_for_another_table_or_garbled_is_refused_in_words() -> None:
    net = joined_pair(players=3)
    net.host.click("friend-invite", "1")
    net.run()
    net.host.submit("friend-reply", {"seat": "1", "reply": "spyr1.garbage!!"})
    assert net.host.ctx.refusals[-1] == "This reply is damaged: part of it is missing or changed."
    net.host.submit("friend-reply", {"seat": "1", "reply": "hello"})
    assert net.host.ctx.refusals[-1].startswith("This is not a reply")


def test_a_bot_plays_a_friends_seat_once_asked_and_gives_it_back_after_a_reload() -> None:
    """Issue 38: "Let a bot play for Ben" took his seat for good with one click. Now it
    asks first; the panel says a bot is playing for Ben; after a reload too, Ben invited
    again watches his seat played by the bot (his moves refused in words), and the host
    gives it back: the bot's moves stay in the game, and Ben plays on."""
    net = joined_pair(players=3)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    net.host.peer("closed", "1", "closed")
    net.guest.peer("closed", "host", "closed")
    state = table.state
    rng = random.Random(4)
    for _ in range(50):  # play until it is Ben's turn: the host's page waits for him
        if state.to_play[0] == 1:
            break
        if not click_move(net.host, rng):
            net.host.click("continue", "")
        net.run()
    assert state.to_play[0] == 1
    assert "Waiting for Ben, who is not connected" in net.host.render()
    net.host.click("friend-bot", "1")
    net.run()
    assert "Let a bot play for Ben?" in net.host.render()
    assert state.to_play[0] == 1 and table.seats[1].is_human  # nothing happened yet
    net.host.click("confirm-no", "")
    assert "Let a bot play for Ben?" not in net.host.render() and table.seats[1].is_human
    net.host.click("friend-bot", "1")
    net.host.click("confirm-yes", "")
    net.run()
    page = net.host.render()
    assert "A bot plays for Ben now." in page
    assert "Ben</b>: a bot is playing for them" in page and 'id="friend-invite-1"' in page
    assert 'id="friend-bot-1"' not in page
    assert state.is_over or state.to_play[0] != 1  # the bot has played for Ben
    bot_moves = len(state.actions)
    net.host.route("#/espionage")  # the page reloaded: the table reopens from its save
    reopened = net.host.screen
    assert isinstance(reopened, EspionageTable) and reopened.state is not None
    assert reopened.seats[1].kind == "bot" and reopened.hosting is not None
    assert "Ben</b>: a bot is playing for them" in net.host.render()
    connect(net, "back at the table, watching")
    guest = net.guest.render()
    assert "A bot is playing for you" in guest
    assert not any(f'data-act="{a}"' in guest for a in ("bid", "call", "spot"))
    page = net.host.render()
    assert "Ben</b>: back at the table, watching: a bot is playing for them" in page
    net.host.click("friend-back", "1")
    net.run()
    assert reopened.seats[1].is_human and reopened.seats[1].away and 1 not in reopened.bots
    assert "Ben</b>: at the table</p>" in net.host.render()
    assert "A bot is playing for you" not in net.guest.render()
    assert len(reopened.state.actions) >= bot_moves  # the bot's moves stay in the game
    for _ in range(50):  # Ben plays his seat again
        if reopened.state.is_over or reopened.state.to_play[0] == 1:
            break
        if not click_move(net.host, rng):
            net.host.click("continue", "")
        net.run()
    if not reopened.state.is_over:
        before = len(reopened.state.actions)
        while len(reopened.state.actions) == before:
            assert click_move(net.guest, rng)
            net.run()
        assert net.guest.ctx.refusals == []


def test_a_reply_opened_as_a_link_in_another_tab_connects_the_friend() -> None:
    """The friend sends the reply back as a link; the host opens it in a new tab of the
    same browser, which passes it to the table's tab over the tabs' channel."""
    host = host_table(players=3)
    net = Network(host, App(MemoryStorage()))
    net.guest.route(invitation_route(net))
    net.guest.click("join", "")
    net.run()
    reply = re.search(r'<textarea id="reply-code"[^>]*>([^<]+)</textarea>', net.guest.render())
    assert reply is not None and "#/answer/spyr1." in reply.group(1)
    tab = App(host.ctx.saves.storage)  # the new tab the link opens, on the host's device
    tab.route("#" + reply.group(1).split("#", 1)[1])
    assert "Passing the reply to your table…" in tab.render()
    for message in tab.take_posts():
        assert host.tab_message(message)
    net.run()
    assert "Ben</b>: at the table" in host.render()
    for message in host.take_posts():
        tab.tab_message(message)
    assert "Your friend is at the table" in tab.render()  # connected by then


def test_a_reply_no_open_table_takes_says_what_to_do_instead() -> None:
    tab = App(MemoryStorage())
    tab.route(f"#/answer/{reply_code(Reply('v=0', 'x' * 16, 1))}")
    assert tab.pending_delay() is not None
    tab.tick()
    page = tab.render()
    assert "No open table took this reply" in page and 'id="answer-copy"' in page
    tab.route("#/answer/garbage")
    assert "This reply cannot be used" in tab.render()


def test_the_host_looking_at_another_page_still_plays_a_friends_move() -> None:
    net = joined_pair(players=3)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    state = table.state
    rng = random.Random(9)
    for _ in range(50):
        if state.to_play[0] == 1:
            break
        if not click_move(net.host, rng):
            net.host.click("continue", "")
        net.run()
    before = len(state.actions)
    net.host.route("#/saves")  # Ana looks at her saved games; Ben plays
    assert click_move(net.guest, rng)
    net.run()
    assert len(state.actions) == before + 1
    net.host.route("#/espionage")  # back at the table: the move is there, saved
    assert len(net.host.screen.state.actions) == before + 1  # type: ignore[attr-defined]


def test_a_connection_that_fails_after_the_reply_is_told_as_such() -> None:
    net = Network(host_table(players=3), App(MemoryStorage()))
    guest = App(MemoryStorage())
    guest.route(invitation_route(net))
    guest.peer("failed", "host", "no path")  # before any reply: the reply was not made
    assert "Your device could not make a reply (no path)." in guest.render()
    guest.click("join", "")
    guest.peer("described", "host", "v=0\r\n")
    guest.peer("failed", "host", "failed")  # after the reply: the connection failed
    page = guest.render()
    assert "The connection to Ana’s table could not be made (failed)." in page
    assert "could not make a reply" not in page


def test_a_replay_or_review_on_the_hosts_device_never_shows_a_friends_hand() -> None:
    """Issue 47: "during a live game played together, Saved games → Replay → Watch as Ben
    shows Ben's face-down cards on the host's device". A replay of the game while it is
    played shows only the host's own seats, its review only theirs; Saved games marks it."""
    net = joined_pair(players=3)
    host, table = net.host, net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    state = table.state
    rng = random.Random(5)
    while len(state.actions) < 4 and not state.is_over:  # a few moves, Ben's among them
        app = net.guest if state.to_play[0] == 1 else host
        assert click_move(app, rng) or app is host
        net.run()
    bens = set(state.view(1)["hand"]) - set(state.view(0)["hand"])
    assert bens
    host.route("#/saves")
    saves = host.render()
    assert "Espionage · on the table · with friends" in saves
    slot = re.search(r'data-act="replay" data-arg="([^"]+)"', saves)
    assert slot
    host.click("replay", slot.group(1))
    target, _ = host.take_navigation()
    for route in (target, target + "/1"):  # as the button opens it, and as Ben by hand
        host.route(route)
        page = host.render()
        assert (
            'id="replay-seat-1"' in page and "disabled" in page.split('id="replay-seat-1"')[1][:200]
        )
        assert "Ben’s cards stay hidden here until it is over" in page
        assert not {c for c in CARD_ID.findall(page) if c in bens}, "Ben's hand is shown"
        host.click("replay-seat", "1")  # refused: still Ana's view
        assert not {c for c in CARD_ID.findall(host.render()) if c in bens}
    host.route("#/review/" + target.removeprefix("#/replay/") + "/1")  # Ben's review
    assert "/review/" not in host.hash and "plays this game on another device" in host.render()


def test_deleting_the_live_game_tells_the_friend_and_stops_the_table() -> None:
    """Issue 47: Saved games → Delete of a game played with Ben "does not mention Ben,
    does not stop the table, and his next move brings the game back"."""
    net = joined_pair(players=3)
    host = net.host
    table = host.screen
    assert isinstance(table, EspionageTable) and table.slot is not None
    slot = table.slot
    host.route("#/saves")
    host.click("delete", slot)
    assert "Ben plays it from another device: it ends for them too." in host.render()
    host.click("confirm-yes", "")
    net.run()
    assert host.ctx.saves.slot(slot) is None and slot not in host.ctx.hostings
    assert "Deleted. Ben was told." in " ".join(host.ctx.messages)
    assert "Ana deleted this game: it is over, for everyone at the table." in net.guest.render()
    assert host.ctx.saves.pref("together-" + slot, "") == ""
    # Ben's page still holds a move to send: it reaches no table, and no game comes back.
    joined = net.guest.screen
    assert isinstance(joined, JoinScreen) and joined.joined is not None
    legal = joined.joined.scene.get("legal") or [{"type": "call"}]
    joined.send(legal[0])
    net.run()
    assert host.ctx.saves.slot(slot) is None and not host.ctx.saves.has("espionage")
    host.route("#/espionage")
    assert "Your turn" not in host.render()


def test_a_reply_the_host_never_took_says_what_to_do_after_three_minutes() -> None:
    """Issue 47: "when the host refused the reply (old invitation, or an older of two
    replies), the friend's page keeps saying 'Now send this reply back to Ana' forever"."""
    net = Network(host_table(players=3), App(MemoryStorage()))
    route = invitation_route(net)
    now = [1_000_000.0]
    net.guest.ctx.saves.clock = lambda: now[0]  # type: ignore[method-assign]
    net.guest.route(route)
    net.guest.click("join", "")
    net.run()  # the reply is made; Ana never takes it (her table refused it)
    page = net.guest.render()
    assert "Now send this reply back to Ana" in page and "Still not at the table" not in page
    assert net.guest.pending_delay() == 180_000  # the page looks again then
    now[0] += 179
    assert "Still not at the table" not in net.guest.render()
    now[0] += 1  # the boundary: three minutes
    net.guest.tick()
    page = net.guest.render()
    assert "Still not at the table 3 minutes after this reply was made" in page
    assert "Ask Ana for a new invitation link and open it here" in page
    assert net.guest.pending_delay() is None
    net.guest.click("join", "")  # Make a new reply
    net.run()
    assert "Still not at the table" not in net.guest.render()
