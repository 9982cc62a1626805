"""A friend's Undo goes through the host (issue 38: a friend had no Undo for a mis-tap),
by the engine's own Undo rule for that seat ("Every game — Undo", DESIGN.md: "A player
may take back their own decisions only as far back as nothing new was shown to them
since"), and never takes back another person's move with it."""

from __future__ import annotations

import random

from drivers.together import joined_pair, until_bens_turn
from drivers.together_spynet import click_move as spynet_click
from drivers.together_spynet import seated
from spyweb.games.espionage.table import EspionageTable
from spyweb.games.spynet.table import SpyNetTable
from spyweb.together.join import JoinScreen


def bens_bid(net, next_seat: int) -> dict[str, object]:  # type: ignore[no-untyped-def]
    joined = net.guest.screen
    assert isinstance(joined, JoinScreen) and joined.joined is not None
    scene = joined.joined.scene
    action = next(a for a in scene["legal"] if a["type"] == "bid" and a["next"] == next_seat)
    joined.send(action)
    net.run()
    return action


def test_a_friend_takes_back_a_bid_nobody_has_answered() -> None:
    net = joined_pair(players=3, seed=21)
    until_bens_turn(net, random.Random(2))
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    before = len(table.state.actions)
    bens_bid(net, next_seat=0)  # Ana is to answer it: nobody has played since
    assert len(table.state.actions) == before + 1
    page = net.guest.render()
    assert 'id="esp-undo"' in page and "Undo is off" not in page
    net.guest.click("undo", "")
    net.run()
    assert len(table.state.actions) == before  # taken back, and saved
    assert table.state.to_play == [1]
    assert net.guest.ctx.refusals == []
    assert "Ben took back their bid" in net.host.render()
    joined = net.guest.screen
    assert isinstance(joined, JoinScreen) and joined.joined is not None
    assert joined.joined.n == before and joined.joined.sent is None
    assert 'data-act="bid"' in net.guest.render()  # his turn again


def test_a_friends_undo_never_takes_back_another_persons_move() -> None:
    net = joined_pair(players=3, seed=21)
    until_bens_turn(net, random.Random(2))
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    bens_bid(net, next_seat=0)
    answer = next(a for a in table.state.legal_actions() if a["type"] == "bid")
    assert table.play_for(0, answer) is None  # Ana answers the bid (her click)
    table.hosting.changed()  # type: ignore[union-attr]
    net.run()
    after = len(table.state.actions)
    page = net.guest.render()
    assert "Undo is off: Ana has played since." in page
    net.guest.key("u")  # the key asks all the same: refused in words
    net.run()
    assert net.guest.ctx.refusals[-1] == "Nothing to undo: Ana has played since."
    assert len(table.state.actions) == after


def test_a_spynet_friend_takes_back_a_step_of_their_turn() -> None:
    net = seated(["human", "friend"], seed=6)
    table = net.host.screen
    assert isinstance(table, SpyNetTable) and table.state is not None
    guest = net.guests[1]
    rng = random.Random(6)
    undone = 0
    for _ in range(400):
        state = table.state
        if state.is_over or undone:
            break
        page = guest.render()
        if state.to_play[0] == 1 and 'id="sn-undo"' in page and "Undo is off" not in page:
            before = len(state.actions)
            guest.click("undo", "")
            net.run()
            assert len(table.state.actions) == before - 1
            assert guest.ctx.refusals == [] and "took back" in net.host.render()
            undone += 1
            continue
        app = guest if state.to_play[0] == 1 else net.host
        assert spynet_click(app, rng)
        net.run()
    assert undone == 1


def test_the_hosts_click_that_came_after_a_friends_undo_is_told_not_lost() -> None:
    """Issue 47: "Ana clicked Bid just as Ben's Undo arrived; her bid vanished without a
    word". Her page had her bid ready; Ben's take-back came first: she is told in words."""
    net = joined_pair(players=3, seed=21)
    until_bens_turn(net, random.Random(2))
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    bens_bid(net, next_seat=0)
    page = net.host.render()
    attr = page.split('data-act="attr" data-arg="', 1)[1].split('"', 1)[0]
    net.host.click("attr", attr)  # Ana builds her answer...
    net.guest.click("undo", "")  # ... as Ben's Undo reaches her device first
    net.run()
    assert table.state.to_play == [1]
    before = len(table.state.actions)
    net.host.click("bid", "")  # her click, one moment late
    assert len(table.state.actions) == before
    assert net.host.ctx.refusals == ["That was not played: it is Ben’s turn now."]
    assert "That was not played: it is Ben’s turn now." in net.host.render()


def test_a_spynet_click_that_came_too_late_is_told() -> None:
    net = seated(["human", "friend"], seed=6)
    table = net.host.screen
    assert isinstance(table, SpyNetTable) and table.state is not None
    rng = random.Random(4)
    for _ in range(200):  # until it is Ben's turn
        if table.state.to_play == [1]:
            break
        assert spynet_click(net.host, rng)
        net.run()
    assert table.state.to_play == [1]
    net.host.click("end", "")  # a click of Ana's that arrives on Ben's turn
    assert net.host.ctx.refusals == ["That was not played: it is Ben’s turn now."]
    net.host.click("pick", "a01")  # a choice, not a move: nothing to say
    assert net.host.ctx.refusals == ["That was not played: it is Ben’s turn now."]
