"""A rematch with the same friends (issue 38: Play again dropped every friend, who was
told the finished game "is kept", and a rematch needed the whole two-link handshake
again). Play again and New deal keep each connected friend seated in the new game once
the host says yes; the friend is told who started it; the friend's end screen offers
the game's replay and Home, and says the host may start another."""

from __future__ import annotations

import random

from drivers.together import Network, click_move, joined_pair, until_bens_turn
from drivers.together_spynet import seated
from spyweb.games.espionage.table import EspionageTable
from spyweb.games.spynet.table import SpyNetTable
from spyweb.together.join import JoinScreen


def yes_new_game(net: Network) -> None:
    """The host says yes to the new game: the table goes to its new slot's address."""
    net.host.click("confirm-yes", "")
    target, _ = net.host.take_navigation()
    if target:
        net.host.route(target)
    net.run()


def play_to_the_end(net: Network, rng: random.Random) -> None:
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    for _ in range(3000):
        state = table.state
        assert state is not None
        if state.is_over:
            return
        page = net.guest if state.to_play[0] == 1 else net.host
        if not click_move(page, rng):
            net.host.click("continue", "")
        net.run()
    raise AssertionError("the game did not end")


def test_play_again_keeps_the_friend_seated_in_the_new_game() -> None:
    rng = random.Random(5)
    net = joined_pair(players=3, seed=22)
    play_to_the_end(net, rng)
    net.run()
    end = net.guest.render()
    assert "the game is over. Ana may start another one here" in end
    assert 'href="#/"' in end and 'href="#/replay/' in end  # Home, and the replay
    first = net.host.screen
    assert isinstance(first, EspionageTable) and first.slot is not None
    first_slot = first.slot
    net.host.click("again", "")
    assert "Start a new game with Ben?" in net.host.render()
    assert first.state is not None and first.state.is_over  # nothing happened yet
    yes_new_game(net)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    assert table.slot != first_slot and len(table.state.actions) <= 2
    assert "Ben</b>: at the table" in net.host.render()
    assert not [e for e in net.host.ctx.effects if e[0] == "peer-close"]
    joined = net.guest.screen
    assert isinstance(joined, JoinScreen) and joined.joined is not None
    assert "Ana started a new game at this table." in net.guest.ctx.messages
    assert joined.joined.n == len(table.state.actions)
    assert "stopped playing" not in net.guest.render()
    assert "game is over" not in net.guest.render()
    # ... and Ben plays the new game: a move of his is played.
    until_bens_turn(net, rng)
    before = len(table.state.actions)
    while len(table.state.actions) == before:
        assert click_move(net.guest, rng)
        net.run()
    assert net.guest.ctx.refusals == []


def test_a_new_deal_mid_game_asks_first_and_says_the_game_is_kept() -> None:
    net = joined_pair(players=3, seed=21)
    until_bens_turn(net, random.Random(1))  # a game in progress
    net.host.click("again", "")
    page = net.host.render()
    assert "Start a new game with Ben?" in page and "kept under Saved games" in page
    net.host.click("confirm-no", "")
    assert "Start a new game with Ben?" not in net.host.render()
    net.host.click("again", "")
    yes_new_game(net)
    assert "Ben</b>: at the table" in net.host.render()
    assert "Ana started a new game at this table." in net.guest.ctx.messages


def test_a_move_sent_for_the_old_game_is_told_it_was_not_played() -> None:
    net = joined_pair(players=3, seed=21)
    joined = net.guest.screen
    assert isinstance(joined, JoinScreen) and joined.joined is not None
    joined.send({"type": "call"})  # sent, not yet answered, when the new game starts
    net.guest.take_effects()
    net.host.click("again", "")
    net.host.click("confirm-yes", "")
    net.run()
    assert net.guest.ctx.refusals[-1] == (
        "Your last move was not played: Ana started a new game at this table."
    )
    assert joined.joined.sent is None


def test_a_new_spynet_deal_keeps_the_friends_seated() -> None:
    net = seated(["human", "friend", "friend"], seed=4)
    table = net.host.screen
    assert isinstance(table, SpyNetTable) and table.slot is not None
    first = table.slot
    net.host.click("again", "")
    assert "Start a new game with Ben and Cai?" in net.host.render()
    yes_new_game(net)
    table = net.host.screen
    assert isinstance(table, SpyNetTable) and table.state is not None and table.slot != first
    page = net.host.render()
    assert "Ben</b>: at the table" in page and "Cai</b>: at the table" in page
    for seat in (1, 2):
        guest = net.guests[seat]
        joined = guest.screen
        assert isinstance(joined, JoinScreen) and joined.joined is not None
        assert "Ana started a new game at this table." in guest.ctx.messages
        assert joined.joined.n == len(table.state.actions)
        assert 'id="sn-table"' in guest.render()


def test_a_deal_from_the_deal_box_keeps_the_friend_seated() -> None:
    """Issue 47: "Play deal #N … drop every friend … a new deal at the same table keeps
    the friends seated as Play again does"."""
    net = joined_pair(players=3, seed=21)
    until_bens_turn(net, random.Random(1))  # a game in progress
    first = net.host.screen
    assert isinstance(first, EspionageTable) and first.slot is not None
    first_slot = first.slot
    net.host.submit("deal", {"deal": "77"})
    page = net.host.render()
    assert "Play deal #77 with Ben?" in page and "kept under Saved games" in page
    yes_new_game(net)
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    assert table.state.seed == 77 and table.slot != first_slot
    assert "Ben</b>: at the table" in net.host.render()
    assert not [e for e in net.host.ctx.effects if e[0] == "peer-close"]
    joined = net.guest.screen
    assert isinstance(joined, JoinScreen) and joined.joined is not None
    assert "Ana started deal #77 at this table." in net.guest.ctx.messages
    assert joined.joined.n == len(table.state.actions)
    assert "stopped playing" not in net.guest.render()


def test_a_new_table_says_the_friends_leave_it_and_tells_them() -> None:
    """Issue 47: "a new table says so plainly in the confirmation and on the friends'
    pages" (not Ben told Ana "stopped playing for now")."""
    net = joined_pair(players=3, seed=21)
    until_bens_turn(net, random.Random(1))
    net.host.click("newtable", "")
    page = net.host.render()
    assert "Set up a new table?" in page
    assert "Ben leaves this table: they are told you set up a new one" in page
    net.host.click("confirm-no", "")
    assert "Ben</b>: at the table" in net.host.render()  # nothing happened
    net.host.click("newtable", "")
    yes_new_game(net)
    net.run()
    told = net.guest.render()
    assert "Ana set up a new table" in told and "stopped playing" not in told
    assert all(not h.live for h in net.host.ctx.hostings.tables())
