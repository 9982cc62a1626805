"""The tables a friend's device joined, remembered for the home page and the next
invitation (`spyweb/together/remembered.py`), through whole apps on CPython over the
stand-in network of tests/drivers/together.py.

The friend's device keeps only the table's public words — its id, the game, the two
names, the seat, when it joined and was last connected, whether the game had ended, the
number of what the player dismissed there (a round's showdown) — never a card, a hand,
the log or anything else from the host's scenes; at most five tables; and a damaged or
hand-edited list costs nothing but itself."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from drivers.together import click_move, invitation, joined_pair, table_id
from spyweb.app import App
from spyweb.browser.store import MemoryStorage
from spyweb.games.espionage.table import EspionageTable
from spyweb.together import wire
from spyweb.together.invite import Invitation, invitation_code
from spyweb.together.join import JoinScreen
from spyweb.together.remembered import KEEP, PREF, joined_tables, remember

import spygames
from spygames.espionage.cards import DECK, card_name

KEY = "spygames:pref:" + PREF
ALLOWED = {"table", "game", "host", "seat", "name", "joined", "seen", "over", "bot", "dismissed"}


def stored(app: App) -> list[dict[str, Any]]:
    raw = app.ctx.saves.storage.get(KEY)
    assert raw is not None
    data = json.loads(raw)
    assert isinstance(data, list)
    return data


def assert_no_cards(raw: str, state: spygames.State) -> None:
    """No card of any seat's hand (nor any other card of the deck) by id or by name."""
    hands = {c for seat in range(state.players) for c in state.view(seat)["hand"]}
    assert hands, "the check must look at some cards"
    for card in hands | set(DECK):
        assert card not in raw and card_name(card) not in raw, card


def test_joining_keeps_the_tables_public_words_only_and_the_end_of_the_game() -> None:
    net = joined_pair(players=3, seed=21)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    assert table.hosting is not None
    state = table.state
    guest = net.guest.ctx.saves.storage
    assert guest.list_keys() == [KEY]  # the friend's device stores nothing else
    [entry] = stored(net.guest)
    assert set(entry) == ALLOWED
    assert_no_cards(guest.get(KEY) or "", state)
    assert entry["table"] == table.hosting.table and entry["game"] == "espionage"
    assert (entry["host"], entry["seat"], entry["name"]) == ("Ana", 1, "Ben")
    assert entry["joined"] == entry["seen"] and entry["over"] is False
    rng = random.Random(21)
    for _ in range(3000):  # play to the end: the entry learns the game has ended
        if state.is_over:
            break
        seat = state.to_play[0]
        if not click_move(net.guest if seat == 1 else net.host, rng) and seat != 1:
            net.host.click("continue", "")
        net.run()
        assert_no_cards(guest.get(KEY) or "", state)
    assert state.is_over
    net.run()
    [entry] = stored(net.guest)
    assert set(entry) == ALLOWED and entry["over"] is True
    assert_no_cards(guest.get(KEY) or "", state)
    assert guest.list_keys() == [KEY]
    net.guest.route("#/")
    assert "That game had ended. Ana can invite you to a new table." in net.guest.render()


def test_a_dropped_connection_is_when_the_table_was_last_seen() -> None:
    """ "Last connected" is the last time the connection carried a message, not when the
    browser got round to reporting it closed (a locked phone reports it on waking)."""
    net = joined_pair(players=3)
    [first] = stored(net.guest)
    net.guest.ctx.saves.clock = lambda: first["seen"] + 600
    net.guest.peer("message", "host", wire.encode({"kind": "pong", "t": 1}))
    net.guest.ctx.saves.clock = lambda: first["seen"] + 7200
    net.guest.peer("closed", "host", "closed")
    [entry] = stored(net.guest)
    assert entry["seen"] == first["seen"] + 600
    assert entry["joined"] == first["joined"]
    net.guest.ctx.saves.clock = lambda: first["seen"] + 600 + 3 * 3600  # 3 h after
    net.guest.route("#/")
    page = net.guest.render()
    assert "Ana’s Espionage table</strong> <span>— you were Ben, last connected 3 h ago" in page
    assert "ask Ana for a new invitation: the game is kept on Ana’s device" in page


def test_home_shows_each_table_and_forget_drops_that_one_only() -> None:
    app = App(MemoryStorage())
    app.ctx.saves.clock = lambda: 1000.0
    remember(app.ctx.saves, invitation(1))
    remember(app.ctx.saves, invitation(2, seat=2, name="Dee", host="Cy"))
    app.ctx.saves.set_pref("colour", "blue")
    app.route("#/")
    page = app.render()
    assert "Tables you joined" in page
    assert "Ana’s Espionage table" in page and "Cy’s Espionage table" in page
    assert f'data-act="forget-table" data-arg="{table_id(1)}"' in page
    app.click("forget-table", table_id(1))
    page = app.render()
    assert "Ana’s Espionage table" not in page and "Cy’s Espionage table" in page
    assert [t.table for t in joined_tables(app.ctx.saves)] == [table_id(2)]
    app.click("forget-table", "no-such-table")  # nothing to forget: nothing changes
    assert [t.table for t in joined_tables(app.ctx.saves)] == [table_id(2)]
    app.click("forget-table", table_id(2))
    assert 'id="joined"' not in app.render() and joined_tables(app.ctx.saves) == []
    assert app.ctx.saves.pref("colour") == "blue"


def test_five_tables_are_kept_and_a_sixth_drops_the_one_seen_longest_ago() -> None:
    saves = App(MemoryStorage()).ctx.saves
    for n in range(1, KEEP + 1):
        saves.clock = lambda n=n: 100.0 * n
        remember(saves, invitation(n))
    assert [t.table for t in joined_tables(saves)] == [table_id(n) for n in (5, 4, 3, 2, 1)]
    saves.clock = lambda: 600.0
    remember(saves, invitation(1))  # the same table again: first, still five, joined kept
    tables = joined_tables(saves)
    assert [t.table for t in tables] == [table_id(n) for n in (1, 5, 4, 3, 2)]
    assert (tables[0].joined, tables[0].seen) == (100.0, 600.0)
    saves.clock = lambda: 700.0
    remember(saves, invitation(6))  # a sixth: table 2, seen longest ago, goes
    assert [t.table for t in joined_tables(saves)] == [table_id(n) for n in (6, 1, 5, 4, 3)]
    assert len(json.loads(saves.pref(PREF))) == KEEP


GOOD = {
    "table": table_id(9),
    "game": "espionage",
    "host": "Ana",
    "seat": 1,
    "name": "Ben",
    "joined": 5.0,
    "seen": 6.0,
    "over": False,
}
DAMAGED = [
    "not json",
    "{",
    "null",
    "{}",
    '"a list?"',
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[" * 200,
    "[1, null, []]",
    json.dumps([{**GOOD, "seat": True}]),
    json.dumps([{**GOOD, "seat": 9}]),
    json.dumps([{**GOOD, "seat": "1"}]),
    json.dumps([{**GOOD, "dismissed": -1}]),
    json.dumps([{**GOOD, "dismissed": 2.0}]),
    json.dumps([{**GOOD, "joined": "yesterday"}]),
    json.dumps([{**GOOD, "joined": True}]),
    json.dumps([{**GOOD, "seen": -1}]),
    json.dumps([{**GOOD, "over": "yes"}]),
    json.dumps([{**GOOD, "table": "../../etc"}]),
    json.dumps([{**GOOD, "game": "poker"}]),
    json.dumps([{**GOOD, "host": ""}]),
    json.dumps([{**GOOD, "name": "x" * 500}]),
    json.dumps([{**GOOD, "hand": ["hacker-bureau-london"]}]),  # a key of no entry's
    json.dumps([{k: v for k, v in GOOD.items() if k != "over"}]),
    '[{"table": "table00000000009", "seen": NaN}]',
    "[" + ",".join([json.dumps({**GOOD, "seen": 1e400})] * 3) + "]",
    json.dumps([{**GOOD, "host": "<script>alert(1)</script>"[:40]}]) + "x",
]


@pytest.mark.parametrize("raw", DAMAGED, ids=range(len(DAMAGED)))
def test_a_damaged_list_is_read_as_no_tables_and_nothing_else_is_lost(raw: str) -> None:
    app = App(MemoryStorage())
    app.ctx.saves.set_pref("colour", "blue")
    app.ctx.saves.storage.set(KEY, raw)
    assert joined_tables(app.ctx.saves) == []
    app.route("#/")
    page = app.render()
    assert 'id="joined"' not in page and "<script>" not in page
    app.route("#/join/" + invitation_code(invitation(9)))
    assert 'id="join-known"' not in app.render()
    remember(app.ctx.saves, invitation(1))  # writing again replaces the damaged list
    assert [t.table for t in joined_tables(app.ctx.saves)] == [table_id(1)]
    assert app.ctx.saves.pref("colour") == "blue"


def test_a_damaged_entry_is_left_out_and_the_others_are_kept() -> None:
    app = App(MemoryStorage())
    saves = app.ctx.saves
    other = {**GOOD, "table": table_id(8), "seen": 7.0}
    saves.storage.set(KEY, json.dumps([{**GOOD, "seat": "x"}, other, 42, GOOD]))
    assert [t.table for t in joined_tables(saves)] == [table_id(8), table_id(9)]
    saves.clock = lambda: 10.0
    remember(saves, invitation(1))
    assert [t.table for t in joined_tables(saves)] == [table_id(n) for n in (1, 8, 9)]
    assert all(set(e) == ALLOWED for e in stored(app))


def test_an_invitation_to_a_table_joined_before_says_so() -> None:
    net = joined_pair(players=3)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.hosting is not None
    tid = table.hosting.table
    net.guest.peer("closed", "host", "closed")

    def opened(seat: int, name: str, table: str = tid) -> str:
        code = invitation_code(Invitation("v=0\r\n", table, seat, "espionage", "Ana", name))
        net.guest.route("#/join/" + code)
        assert isinstance(net.guest.screen, JoinScreen)
        return net.guest.render()

    same = opened(1, "Ben")
    assert (
        '<p class="join-known" id="join-known">You were Ben at Ana’s table: join to take '
        "your seat back where the game stands.</p>"
    ) in same
    other = opened(2, "Cy")
    assert (
        "You were at Ana’s table before, as Ben. This invitation is for another seat: Cy."
    ) in other
    assert 'id="join-known"' not in opened(1, "Ben", table="z" * 16)
    net.guest.click("forget-table", tid)  # a join screen does not forget
    net.guest.route("#/")
    net.guest.click("forget-table", tid)
    assert 'id="join-known"' not in opened(1, "Ben")


def test_a_full_storage_keeps_no_table_and_says_nothing_of_it() -> None:
    saves = App(MemoryStorage(limit=40)).ctx.saves
    remember(saves, invitation(1))  # a reminder that cannot be kept is no one's worry
    assert joined_tables(saves) == [] and saves.messages == []
