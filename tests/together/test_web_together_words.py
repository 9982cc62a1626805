"""What the pages of a table played together say, in words and signals (issue 47,
"Words and signals"): the tab's title, the notices, the log, the buttons' words.

Two whole apps on CPython over `Network` (tests/drivers/together.py), the stand-in for
the page's WebRTC connections."""

from __future__ import annotations

import html
import json
import random
import re

from drivers.together import (
    bens_turn,
    bid,
    click_move,
    connect,
    host_table,
    invitation_route,
    joined_pair,
)
from drivers.together_spynet import BASE as SPYNET_BASE
from drivers.together_spynet import Network as SpyNetNetwork
from drivers.together_spynet import click_move as spynet_move
from drivers.together_spynet import invite as invite_friend
from drivers.together_spynet import seated
from spyweb.app import App
from spyweb.browser.store import MemoryStorage
from spyweb.games.espionage.table import EspionageTable
from spyweb.games.spynet.table import SpyNetTable
from spyweb.together import wire
from spyweb.together.invite import Invitation, invitation_code
from spyweb.together.join import SEEN_EVERY_S
from spyweb.together.remembered import PREF, joined_tables, remember


def test_after_stop_for_now_the_host_is_told_the_friends_were_told_and_no_turn() -> None:
    """Stop for now: the host's page says which friends were told, and the tab's title
    no longer says "Your turn" (the table is not being played)."""
    net = joined_pair(players=3)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    assert net.host.title.startswith("Your turn — ")
    net.host.click("friend-stop", "")
    net.run()
    target, _ = net.host.take_navigation()
    assert target is not None
    assert "Ben was told you stopped for now." in " ".join(net.host.ctx.messages)
    net.host.route(target)
    assert not net.host.title.startswith("Your turn")
    assert not any(e == ("turn", "1", "hidden") for e in net.host.take_effects())


def test_the_host_who_must_open_the_next_round_is_told_it_is_her_turn() -> None:
    """A showdown on the host's table waits for her Next round (the bots wait for it):
    her tab's title says "Your turn"; while the friend is to play, it does not."""
    net = joined_pair(players=3, seed=21)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    rng = random.Random(5)
    seen = 0
    for _ in range(400):
        state = table.state
        if state.is_over or seen >= 2:
            break
        if table.reveal_pending and not table.stepping:
            waits = not table.seats[state.to_play[0]].away
            assert net.host.title.startswith("Your turn — ") == waits
            seen += waits
            net.host.click("continue", "")
        elif state.to_play[0] == 1:
            assert click_move(net.guest, rng)
        elif not click_move(net.host, rng):
            net.host.click("continue", "")
        net.run()
    assert seen >= 1


def test_the_friends_last_seen_time_is_kept_as_messages_come_not_only_on_a_clean_close() -> None:
    """A page closed at once (no "closed" report ever comes) still has when it was last
    connected right: every message heard keeps the time, at most every `SEEN_EVERY_S`."""
    net = joined_pair(players=3)
    saves = net.guest.ctx.saves
    [first] = joined_tables(saves)
    pong = wire.encode({"kind": "pong", "t": 1})
    for later, kept in ((600, 600), (600 + SEEN_EVERY_S / 2, 600), (900, 900)):
        saves.clock = lambda later=later: first.seen + later
        net.guest.peer("message", "host", pong)
        [entry] = joined_tables(saves)  # the page may close now: this is what is kept
        assert (entry.seen, entry.joined) == (first.seen + kept, first.joined)


def test_a_bots_moves_for_a_friend_are_logged_as_the_bots_and_the_seat_given_back_said() -> None:
    """A bot playing Ben's seat: the log says its moves are a bot's, not Ben's own, and
    says when it took the seat and when Ben had it back — on the host's page and Ben's."""
    net = joined_pair(players=3)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    net.host.peer("closed", "1", "closed")
    net.guest.peer("closed", "host", "closed")
    state = table.state
    rng = random.Random(4)
    for _ in range(50):  # play until it is Ben's turn
        if state.to_play[0] == 1:
            break
        if not click_move(net.host, rng):
            net.host.click("continue", "")
        net.run()
    assert state.to_play[0] == 1
    before = len(table.log)
    net.host.click("friend-bot", "1")
    net.host.click("confirm-yes", "")
    net.run()
    lines = [e.text for e in table.log[before:]]
    assert lines[0] == "A bot plays for Ben from now on."
    assert any(t.startswith("Ben (a bot for now)") for t in lines), lines
    assert not any(t.startswith(("Ben:", "Ben calls", "Ben spots")) for t in lines), lines
    connect(net, "back at the table, watching")
    net.host.click("friend-back", "1")
    net.run()
    assert table.log[-1].text == "Ben has the seat back from the bot."
    assert "Ben has the seat back from the bot." in net.guest.render()


def test_the_friends_own_page_says_his_move_is_being_sent_not_that_he_is_thinking() -> None:
    """Ben's move on its way to the host: his page says so, never "Ben is thinking…"
    about himself (Espionage, then SpyNet)."""
    net, _ = bens_turn()
    bid(net)  # sent; the host's answer has not come yet
    page = net.guest.render()
    assert "Sending your move…" in page
    assert "Ben is thinking" not in page
    spynet = seated(["human", "friend"], 3)
    guest, table = spynet.guests[1], spynet.host.screen
    assert isinstance(table, SpyNetTable) and table.state is not None
    rng = random.Random(1)
    for _ in range(200):
        if table.state.to_play[0] == 1:
            break
        if not spynet_move(spynet.host, rng):
            spynet.host.click("end", "")
        spynet.run()
    assert table.state.to_play[0] == 1 and spynet_move(guest, rng)
    assert guest.screen.joined.sent is not None  # type: ignore[attr-defined]
    page = guest.render()  # the click was sent; nothing was answered yet
    assert "Sending your move…" in page and "Ben is playing" not in page


def test_the_friends_page_says_his_move_was_played_at_which_move() -> None:
    """docs/play-together.md: the answer is "played (at move n)", and the page says so."""
    net, _ = bens_turn()
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    moves = len(table.state.actions)
    bid(net)
    net.run()
    assert len(table.state.actions) == moves + 1
    assert f"your move was played (move {moves + 1})" in net.guest.render()


def test_invite_again_is_said_only_after_an_invitation() -> None:
    """Ben never invited: "Invite Ben", and the table waiting for him says "invite
    them"; his invitation out: nothing says "again" — it is what he is waited for with."""
    host = host_table(players=3)
    table = host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    rng = random.Random(4)
    for _ in range(50):
        if table.state.to_play[0] == 1:
            break
        if not click_move(host, rng):
            host.click("continue", "")
        for _ in range(50):  # the bot's moves, at once
            if host.pending_delay() is None:
                break
            host.tick()
    assert table.state.to_play[0] == 1
    page = host.render()
    assert "Ben</b>: not invited yet" in page and ">Invite Ben<" in page
    assert "Waiting for Ben, who is not connected: invite them, or" in page
    assert "again" not in page
    host.click("friend-invite", "1")
    host.peer("described", "1", "v=0\r\no=host 1\r\n")
    page = host.render()
    assert "Ben</b>: invited: waiting for their reply" in page
    assert "Waiting for Ben to join from your invitation" in page and "again" not in page


def test_the_copy_toasts_words_fit_what_was_copied() -> None:
    """Ana's invitation for Ben: "send it to Ben" (not "paste it into your page"); Ben's
    reply: "send it back to Ana"."""
    net = joined_pair(players=3)
    net.host.click("friend-invite", "1")
    net.run()
    net.host.take_effects()
    net.host.click("friend-copy", "1")
    [copy] = [e for e in net.host.take_effects() if e[0] == "copy"]
    assert copy[2:] == ("invite-link-1", "copy-invite-1")  # the page reports this kind
    net.host.effect_done(copy[3], True)
    assert net.host.ctx.messages[-1] == "Invitation copied — send it to Ben."
    guest = App(MemoryStorage())
    guest.route(invitation_route(net))
    guest.click("join", "")
    guest.peer("described", "host", "v=0\r\no=friend\r\n")
    guest.click("copy-reply", "")
    assert [e[2] for e in guest.take_effects() if e[0] == "copy"] == ["reply-code"]
    guest.effect_done("copy-reply", True)
    assert guest.ctx.messages[-1] == "Reply copied — send it back to Ana."


def test_the_join_page_says_what_joining_does_while_a_bot_holds_the_seat() -> None:
    """Ben left while a bot played his seat: joining again, he watches, and Ana can give
    him the seat back — the page does not promise he takes it back by joining."""
    guest = App(MemoryStorage())
    invitation = Invitation("v=0\r\n", "t" * 16, 1, "espionage", "Ana", "Ben")
    remember(guest.ctx.saves, invitation, bot=True)
    guest.route("#/join/" + invitation_code(invitation))
    page = guest.render()
    assert "join to take your seat back" not in page
    assert (
        "You were Ben at Ana’s table, and a bot was playing your seat: join to watch the "
        "game, and Ana can give you the seat back."
    ) in page


def _rows(page: str) -> list[tuple[str, str]]:
    """Each "Tables you joined" row: its words as read (tags dropped), its Forget's name."""
    rows = []
    for item in page.split('<li class="joined-row"')[1:]:
        item = item.split("</li>")[0]
        label = item.split('aria-label="')[1].split('"')[0]
        words = re.sub(r"<[^>]+>", "", item.split(">", 1)[1])
        rows.append((" ".join(words.split()), label))
    return rows


def test_tables_you_joined_of_the_same_host_game_and_seat_can_be_told_apart() -> None:
    """Three of Ana's Espionage tables where Ben sat in the same seat: each row says
    something the others do not (when joined, which one) — the words and the Forget
    button's name — and the same table stored twice is one row."""
    app = App(MemoryStorage())
    saves = app.ctx.saves
    day = 86400.0
    for n, joined, seen in ((1, 1 * day, 9 * day), (2, 5 * day, 9 * day), (3, 5 * day, 9 * day)):
        remember(saves, Invitation("v=0", f"table{n:011d}", 1, "espionage", "Ana", "Ben"),
                 seen=joined)  # fmt: skip
        remember(saves, Invitation("v=0", f"table{n:011d}", 1, "espionage", "Ana", "Ben"),
                 seen=seen)  # fmt: skip
    remember(saves, Invitation("v=0", "other00000000001", 2, "espionage", "Cy", "Dee"), seen=1)
    saves.clock = lambda: 10 * day
    app.route("#/")
    rows = _rows(app.render())
    assert len(rows) == 4
    assert len({words for words, _ in rows}) == 4, rows
    assert len({label for _, label in rows}) == 4, rows
    cy = [words for words, _ in rows if "Cy’s" in words]
    assert cy == [
        "Cy’s Espionage table — you were Dee, last connected 9 days ago"
        "To take your seat back, ask Cy for a new invitation: the game is kept on Cy’s "
        "device, not on this one.Forget"
    ]  # a table alone of its kind is said as before
    stored = saves.pref(PREF)
    saves.set_pref(PREF, stored.replace("]", "," + stored[1:], 1))  # the list twice
    assert len(_rows(app.render())) == 4


def _undo(page: str) -> tuple[bool, str] | None:
    """The Undo button on a friend's page, if shown: (disabled, why it is off)."""
    button = re.search(r'<button[^>]*data-act="undo"[^>]*>', page)
    if button is None:
        return None
    why = re.search(r'id="(?:sn|esp)-undo-why">Undo is off: ([^<]*)\.<', page)
    off = re.search(r"\sdisabled\b", button.group(0)) is not None
    return off, html.unescape(why.group(1)) if why else ""


def test_undo_is_shown_alike_on_every_friends_page_off_with_its_reason() -> None:
    """Two friends at one SpyNet table: each page shows Undo, off with the reason when it
    cannot be used (another's turn, no move made, a move being sent, a bot playing) —
    never hidden on one page and shown on the other."""
    net = seated(["human", "friend", "friend"], 3)
    table = net.host.screen
    assert isinstance(table, SpyNetTable) and table.state is not None
    ben, cai = net.guests[1], net.guests[2]
    rng = random.Random(1)
    for _ in range(200):
        if table.state.to_play[0] == 1:
            break
        if not spynet_move(net.guests.get(table.state.to_play[0], net.host), rng):
            net.guests.get(table.state.to_play[0], net.host).click("end", "")
        net.run()
    assert table.state.to_play[0] == 1
    assert _undo(cai.render()) == (True, "this is another player's turn")
    assert _undo(ben.render()) is not None
    assert spynet_move(ben, rng)  # sent, not answered yet: held, with the reason
    assert _undo(ben.render()) == (True, "your move is being sent")
    net.run()
    net.host.peer("closed", "2", "closed")
    cai.peer("closed", "host", "closed")
    assert _undo(cai.render()) == (True, "you are not connected to the table")
    held = wire.held_scene(table.scene_for(2))  # what a seat a bot plays is sent
    assert held["undo"] == {"upto": None, "reason": "a bot is playing your seat"}
    esp, _ = bens_turn()  # Espionage alike: Ben's bid on its way
    bid(esp)
    assert _undo(esp.guest.render()) == (True, "your move is being sent")


def test_a_notice_is_said_once_and_a_copied_toast_goes_once_the_game_moves() -> None:
    """Ben dropped three times: Ana's page says "Ben has been disconnected." once, not
    three times. A copied toast (Ben's reply, Ana's invitation) passes: Ben's goes once
    he is at the table, Ana's at the game's next move — not over the table all game."""
    net = joined_pair(players=3)
    for _ in range(3):
        net.host.peer("closed", "1", "closed")
        net.guest.peer("closed", "host", "closed")
        if _ < 2:
            connect(net)
    assert net.host.ctx.messages.count("Ben has been disconnected.") == 1
    assert net.host.render().count("Ben has been disconnected.") == 1
    route = invitation_route(net)
    net.host.effect_done("copy-invite-1", True)
    assert "Invitation copied — send it to Ben." in net.host.render()
    net.guest.route(route)
    net.guest.click("join", "")
    net.run()
    net.guest.effect_done("copy-reply", True)
    assert "Reply copied — send it back to Ana." in net.guest.render()
    reply = re.search(r'<textarea id="reply-code"[^>]*>([^<]+)</textarea>', net.guest.render())
    assert reply is not None
    net.host.submit("friend-reply", {"seat": "1", "reply": reply.group(1)})
    net.run()
    assert "Ben</b>: at the table" in net.host.render()
    assert "Reply copied" not in net.guest.render()  # at the table now
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    moves = len(table.state.actions)
    rng = random.Random(3)
    for _ in range(50):
        if len(table.state.actions) > moves:
            break
        mover = net.guest if table.state.to_play[0] == 1 else net.host
        if not click_move(mover, rng):
            net.host.click("continue", "")
        net.run()
    assert len(table.state.actions) > moves
    assert "Invitation copied" not in net.host.render()
    assert "Ben has been disconnected." in net.host.render()  # news, not a toast: it stays


def test_a_showdown_ben_dismissed_stays_dismissed_when_he_joins_again() -> None:
    """Ben read a round's showdown and moved on from it: joining again (a new invitation,
    or the page reloaded) does not show him that showdown again."""
    net = joined_pair(players=3, seed=21)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    state, rng = table.state, random.Random(7)
    for _ in range(300):
        if 'data-act="continue"' in net.guest.render() or state.is_over:
            break
        mover = net.guest if state.to_play[0] == 1 else net.host
        if not click_move(mover, rng):
            net.host.click("continue", "")
        net.run()
    assert 'data-act="continue"' in net.guest.render()  # Ben's page shows a showdown
    net.guest.click("continue", "")
    assert 'data-act="continue"' not in net.guest.render()
    net.host.peer("closed", "1", "closed")
    net.guest.peer("closed", "host", "closed")
    connect(net)  # a new invitation, opened in the same tab: a new page for the table
    assert 'data-act="continue"' not in net.guest.render()
    reloaded = App(net.guest.ctx.saves.storage)  # the page reloaded: the device remembers
    net.guest = reloaded
    connect(net)
    assert 'data-act="continue"' not in net.guest.render()


def test_after_a_reload_a_friend_never_invited_is_not_invited_yet() -> None:
    """Ana's table with Ben (at the table), Cai (invited, never came) and Dee (never
    invited): after her page reloads, only Ben is "disconnected" with "Invite Ben again";
    Cai's invitation has ended ("Invite Cai again"); Dee is "not invited yet", "Invite
    Dee". A table kept before this was known reads as before (every friend had come)."""
    host = App(MemoryStorage(), base_url=SPYNET_BASE)
    host.route("#/spynet/deal/3")
    host.render()
    values = {"players": "4", "situation": ""}
    for i, kind in enumerate(["human", "friend", "friend", "friend"]):
        values[f"seat{i}-kind"], values[f"seat{i}-name"] = kind, ["Ana", "Ben", "Cai", "Dee"][i]
    host.submit("start", values)
    target, _ = host.take_navigation()
    if target:
        host.route(target)
    table = host.screen
    assert isinstance(table, SpyNetTable) and table.slot is not None
    net = SpyNetNetwork(host)
    invite_friend(net, 1, App(MemoryStorage()))
    host.click("friend-invite", "2")
    net.run()
    assert "Cai</b>: invited" in host.render()
    reloaded = App(host.ctx.saves.storage, base_url=SPYNET_BASE)
    reloaded.route("#/spynet")
    page = reloaded.render()
    assert "Ben</b>: disconnected" in page and ">Invite Ben again<" in page
    assert "Cai</b>: disconnected" not in page and ">Invite Cai again<" in page
    assert "Dee</b>: not invited yet" in page and ">Invite Dee<" in page
    key = "together-" + table.slot
    older = json.loads(host.ctx.saves.pref(key))
    for new in set(older) - {"table", "away", "bots", "played"}:
        del older[new]
    host.ctx.saves.set_pref(key, json.dumps(older))
    reloaded = App(host.ctx.saves.storage, base_url=SPYNET_BASE)
    reloaded.route("#/spynet")
    assert "Dee</b>: disconnected" in reloaded.render()  # as it was read before
