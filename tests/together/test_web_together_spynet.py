"""Playing SpyNet together, through whole apps on CPython: the host's and each friend's,
as each page drives them, over a stand-in for the page's WebRTC connections (the
`peer-…` effects and `App.peer` reports of web/peers.mjs).

The host seats friends, invites them, each friend opens their link and joins, the host
pastes the replies, and a whole game is played by clicks (and drops) on every page: a
two-player game against one friend, and team games of four with bots and friends on
either side. At every step each friend's page and every text it received hold no card
their seat's engine view does not show (other hands, the deck, the piles' contents, a
partner's face-down missions) and nothing from the record."""

from __future__ import annotations

import html
import json
import random

import pytest
from drivers.together_spynet import (
    BASE,
    Network,
    click_move,
    invite,
    leaks,
    seated,
    watch_scenes,
)
from spyweb.app import App
from spyweb.games.spynet.deploy import Selection, every_refusal, for_pick, refusals
from spyweb.games.spynet.guest import SpyNetGuest
from spyweb.games.spynet.model import DeployChoices
from spyweb.games.spynet.table import SpyNetTable
from spyweb.together.join import JoinScreen

import spygames
from spygames.spynet.rules import SpyNetState


def drop_move(app: App, state: spygames.State, rng: random.Random) -> bool:
    """Drop a hand card where the engine allows it with no funding: False when none."""
    places = [
        a
        for a in state.legal_actions()
        if (a["type"] == "agent" and not a["funding"]) or a["type"] in ("mission", "pass")
    ]
    if not places:
        return False
    action = rng.choice(places)
    where = ("pass", "") if action["type"] == "pass" else ("place", action["branch"])
    app.drop(action["card"], *where)
    return True


def assert_nothing_leaked(net: Network, state: spygames.State, seat: int) -> None:
    """The friend's page now, and every text the host sent them (the scenes were checked
    as they were made), hold nothing the seat may not know."""
    assert net.leaks == []
    assert leaks(net.guests[seat].render(), state, seat) == []
    for text in net.sent.get(seat, []):
        if '"kind":"scene"' not in text:
            assert leaks(text, state, seat) == []
        assert not [r for r in ("Deal #", '"seed"', "#/play/") if r in text]
        assert "#/replay/" not in text or state.is_over


def play_whole_game(net: Network, seed: int) -> dict[int, int]:
    """Click every page's own controls to the end; each friend's moves, by seat."""
    table = net.host.screen
    assert isinstance(table, SpyNetTable) and table.state is not None
    state = table.state
    rng = random.Random(seed)
    moves = {seat: 0 for seat in net.guests}
    for _ in range(6000):
        if state.is_over:
            break
        for sent in net.sent.values():
            sent.clear()
        seat = state.to_play[0]
        before = len(state.actions)
        if seat in net.guests:
            guest = net.guests[seat]
            if rng.random() < 0.1 and drop_move(guest, state, rng):
                net.run()
                assert len(state.actions) > before, "the friend's drop was not played"
            else:
                assert click_move(guest, rng), "the friend's page offers no move on their turn"
            net.run()
            moves[seat] += len(state.actions) > before
        else:
            assert click_move(net.host, rng), "the host's page offers no move on their turn"
            net.run()
        for friend in net.guests:
            assert_nothing_leaked(net, state, friend)
            assert net.guests[friend].ctx.refusals == []
    assert state.is_over
    return moves


@pytest.mark.parametrize("seed", [5, 6])
def test_a_whole_two_player_game_against_a_friend(seed: int) -> None:
    net = seated(["human", "friend"], seed=seed)
    moves = play_whole_game(net, seed)
    assert moves[1] > 0
    net.run()
    end = net.guests[1].render()
    assert "wins!" in end or "shared win" in end
    assert 'data-act="newtable"' not in end and 'data-act="again"' not in end
    # The friend's way on: the game's replay (nothing is secret once it is over), Home,
    # and the host may start another.
    assert 'href="#/replay/' in end and 'href="#/"' in end
    assert "Ana may start another one here" in end


@pytest.mark.parametrize(
    ("kinds", "seed"),
    [
        (["human", "friend", "normal", "easy"], 7),  # host and a bot against Ben and a bot
        (["human", "easy", "friend", "friend"], 8),  # Cai is Ana's partner; Dee is Ben's
    ],
)
def test_a_whole_team_game_with_friends(kinds: list[str], seed: int) -> None:
    net = seated(kinds, seed)
    moves = play_whole_game(net, seed)
    assert all(n > 0 for n in moves.values())


def test_a_friend_sees_none_of_the_hosts_tools() -> None:
    net = seated(["human", "friend"], seed=5)
    page = net.guests[1].render()
    assert "sn-table" in page and 'id="sn-rules"' in page
    for tool in ("pace", "share", "newtable", "hint", "again", "deal"):
        assert f'data-act="{tool}"' not in page, tool
    assert "Undo is off: the opening draft" in html.unescape(page)  # his own, via the host
    assert "friend-invite" not in page  # the Friends panel is the host's
    host = net.host.render()
    assert 'id="sn-share"' in host and "Ben</b>: at the table" in host


def test_a_friends_illegal_or_stale_action_is_refused_with_the_engines_reason() -> None:
    net = seated(["human", "friend"], seed=5)
    table = net.host.screen
    assert isinstance(table, SpyNetTable) and table.state is not None
    state = table.state
    joined = net.guests[1].screen
    assert isinstance(joined, JoinScreen)
    before = json.dumps(state.record())
    joined.send({"type": "keep", "card": "a01"})  # the draft opens with Ana
    net.run()
    assert net.guests[1].ctx.refusals[-1] == "It is not your turn."
    while state.to_play[0] != 1:
        assert click_move(net.host, random.Random(1))
        net.run()
    before = json.dumps(state.record())
    illegal = {"type": "mission", "card": "m01", "branch": "ops"}
    reason = state.why_illegal(illegal)
    assert reason
    joined.send(illegal)
    net.run()
    assert net.guests[1].ctx.refusals[-1] == f"That move is not allowed: {reason}."
    assert json.dumps(state.record()) == before
    joined.joined.n -= 1  # a click on a position that has since moved on
    joined.send(state.legal_actions()[0])
    net.run()
    assert net.guests[1].ctx.refusals[-1] == "The table has moved on since that move was chosen."
    assert json.dumps(state.record()) == before


def test_the_friends_own_choices_stay_on_their_device() -> None:
    """The rules panel, an open card and a pick change the friend's page only."""
    net = seated(["human", "friend"], seed=5)
    table = net.host.screen
    assert isinstance(table, SpyNetTable) and table.state is not None
    state = table.state
    rng = random.Random(2)
    while state.to_play[0] != 1 or state.view(1)["phase"] != "deploy":
        app = net.guests[1] if state.to_play[0] == 1 else net.host
        assert click_move(app, rng)
        net.run()
    guest = net.guests[1]
    joined = guest.screen
    assert isinstance(joined, JoinScreen) and isinstance(joined.guest, SpyNetGuest)
    sent, moves = len(net.sent[1]), len(state.actions)
    card = state.view(1)["hand"][0]
    guest.click("rules", "")
    guest.click("read", card)
    guest.click("pick", card)
    net.run()
    page = guest.render()
    assert 'id="sn-rules-panel"' in page and not table.show_rules and table.reading is None
    assert joined.guest.sel.card == card and table.sel.card is None
    assert f'id="sn-hand-{card}"' in page and "sn-picked" in page
    assert len(net.sent[1]) == sent and len(state.actions) == moves  # nothing went or came


@pytest.mark.parametrize("seed", [3, 4])
def test_a_friends_reasons_for_each_pick_are_the_hosts(seed: int) -> None:
    """Whatever a friend picks (a card, funding on it), the reasons their page shows
    are the ones the host's table would show for that pick (`deploy.every_refusal`)."""
    state = spygames.get_game("spynet").new(seed=seed, players=4)
    assert isinstance(state, SpyNetState)
    bot = spygames.get_game("spynet").bot("easy", seed=seed)
    checked, told = 0, set()
    while not state.is_over and len(state.actions) < 400:
        seat = state.to_play[0]
        view, legal = state.view(seat), state.legal_actions()
        if view["phase"] in ("choose", "deploy"):
            every = every_refusal(state, view, legal)
            choices = DeployChoices.from_legal(legal)
            for card in view["hand"]:
                sets = {()} | {f for by in choices.agents.get(card, {}).values() for f in by}
                for funding in sets:
                    sel = Selection(card, list(funding))
                    reasons = refusals(state, view, legal, sel)
                    assert for_pick(every, sel) == reasons
                    checked += 1
                    told |= {key.split(":")[0] for key in reasons}
        state.apply(bot.choose(view, legal))
    assert checked > 100 and told >= {"agent", "mission"}, told


def test_the_host_reopens_the_table_and_the_friend_takes_their_seat_back() -> None:
    net = seated(["human", "friend", "easy", "normal"], seed=9)
    table = net.host.screen
    assert isinstance(table, SpyNetTable) and table.state is not None
    rng = random.Random(9)
    while len(table.state.actions) < 12:
        seat = table.state.to_play[0]
        assert click_move(net.guests[1] if seat == 1 else net.host, rng)
        net.run()
    record = json.dumps(table.state.record())
    log = list(table.log)
    host = App(net.host.ctx.saves.storage, base_url=BASE)  # the host's page reloaded
    host.route("#/spynet")
    net.host = host
    again = host.screen
    assert isinstance(again, SpyNetTable) and again.state is not None
    assert json.dumps(again.state.record()) == record and again.log == log
    assert again.hosting is not None and 1 not in again.bots
    assert "Ben</b>: disconnected" in host.render()
    net.guests[1].peer("closed", "host", "closed")
    assert "The connection to Ana’s table was lost" in net.guests[1].render()
    while again.state.to_play[0] != 1:  # Ana plays on until it is Ben's turn
        assert click_move(host, rng)
        net.run()
    page = host.render()  # the table waits for Ben, and says so (not "Ben is playing")
    assert 'id="sn-waiting"' in page and "Waiting for Ben, who is not connected" in page
    net.sent.clear()
    watch_scenes(net, again)
    invite(net, 1, net.guests[1])
    moves = play_whole_game(net, 9)
    assert moves[1] > 0


def test_the_friends_keyboard_shortcuts_are_the_tables() -> None:
    """R, D, T, P, E and X work on the friend's page as on the host's; Escape closes an
    open card; H (the host's Hint) does nothing there, and U asks the host for the
    friend's Undo (refused in words with nothing to undo)."""
    net = seated(["human", "friend"], seed=5)
    table = net.host.screen
    assert isinstance(table, SpyNetTable) and table.state is not None
    state = table.state
    rng = random.Random(3)
    while state.to_play[0] != 1 or state.view(1)["phase"] != "choose":
        assert click_move(net.guests[1] if state.to_play[0] == 1 else net.host, rng)
        net.run()
    guest, moves = net.guests[1], len(state.actions)
    for key in ("u", "h", "t", "e"):  # not now: recruit or deploy first
        guest.key(key)
        net.run()
    assert len(state.actions) == moves
    assert guest.ctx.refusals[-1].startswith("Nothing to undo: ")
    guest.click("dismiss", "")
    guest.key("R")
    net.run()
    assert state.actions[-1] == {"type": "recruit"} and len(state.actions) == moves + 1
    guest.click("read", state.view(1)["hand"][0])
    assert 'id="sn-read"' in guest.render()
    guest.key("Escape")
    assert 'id="sn-read"' not in guest.render()
