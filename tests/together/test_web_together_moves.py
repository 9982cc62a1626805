"""Every move a friend makes is accounted for (issue 38): played exactly once, or the
friend is told it was not — across a dropped connection, a new invitation and the
host's reload — and the friend's controls are off whenever a move cannot be sent, with
the reason in view.

Two whole apps on CPython over `Network` (tests/drivers/together.py), the stand-in for
the page's WebRTC connections; here some of its messages are lost on purpose."""

from __future__ import annotations

import json

import pytest
from drivers.together import (
    Network,
    bens_turn,
    bid,
    connect,
    joined_pair,
    reload_host,
    saved_moves,
    screen,
)
from spyweb.app import App
from spyweb.games.espionage.table import EspionageTable
from spyweb.together import waiting, wire

MOVES = ('data-act="bid"', 'data-act="call"', 'data-act="spot"', 'data-act="attr"')


def deliver_to_host(net: Network) -> None:
    """What Ben's page sent reaches the host; nothing the host sends reaches Ben."""
    for effect in net.guest.take_effects():
        if effect[0] == "peer-send":
            net.host.peer("message", "1", effect[2])
    net.host.take_effects()


def drop(net: Network) -> None:
    """The connection drops at both ends."""
    net.host.peer("closed", "1", "closed")
    net.guest.peer("closed", "host", "closed")
    net.host.take_effects()
    net.guest.take_effects()


def sent_kinds(texts: list[str]) -> list[str]:
    return [json.loads(t)["kind"] for t in texts]


def test_a_move_whose_answer_was_lost_is_answered_again_not_played_twice() -> None:
    net, _ = bens_turn()
    before = saved_moves(net.host)
    bid(net)
    page = net.guest.render()
    assert "sending your move…" in page
    assert not any(m in page for m in MOVES), "the controls stay on while a move is sent"
    deliver_to_host(net)
    assert saved_moves(net.host) == before + 1  # played; Ben never heard so
    drop(net)
    page = net.guest.render()
    assert "Your last move has not reached Ana’s table yet" in page
    assert not any(m in page for m in MOVES)
    net.sent_to_guest.clear()
    connect(net)  # a new invitation, opened in the same tab: the move is sent again
    assert saved_moves(net.host) == before + 1, "the move was played twice"
    joined = screen(net.guest).joined
    assert joined is not None and joined.sent is None and joined.played == before
    assert "played" in sent_kinds(net.sent_to_guest)
    assert net.guest.ctx.refusals == []
    assert "sending your move" not in net.guest.render()


def test_a_move_lost_on_its_way_is_played_once_the_friend_is_back() -> None:
    net, _ = bens_turn()
    before = saved_moves(net.host)
    action = bid(net)
    net.guest.take_effects()  # the act never reaches the host
    drop(net)
    assert saved_moves(net.host) == before
    connect(net)
    assert saved_moves(net.host) == before + 1
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    assert table.state.actions[before] == action
    assert screen(net.guest).joined.sent is None  # type: ignore[union-attr]


def test_a_move_answered_before_the_hosts_reload_is_not_played_again_after_it() -> None:
    net, _ = bens_turn()
    before = saved_moves(net.host)
    bid(net)
    deliver_to_host(net)
    reload_host(net)  # the host's page reloads before Ben heard that his bid was played
    net.guest.take_effects()
    connect(net)
    assert saved_moves(net.host) == before + 1, "the move was played twice"
    assert screen(net.guest).joined.played == before  # type: ignore[union-attr]


def test_a_move_resent_once_the_table_has_moved_on_is_refused_in_words() -> None:
    net, _ = bens_turn()
    before = saved_moves(net.host)
    bid(net)
    net.guest.take_effects()  # lost
    drop(net)
    net.host.click("friend-bot", "1")  # a bot plays for Ben meanwhile
    net.host.click("confirm-yes", "")
    net.run()
    assert saved_moves(net.host) > before
    net.host.click("friend-back", "1")
    connect(net)
    joined = screen(net.guest).joined
    assert joined is not None and joined.sent is None
    assert net.guest.ctx.refusals[-1] == "The table has moved on since that move was chosen."


def test_the_friends_controls_are_off_while_the_connection_is_not_open() -> None:
    net, _ = bens_turn()
    assert any(m in net.guest.render() for m in MOVES)
    net.guest.peer("unsteady", "host", "")
    page = net.guest.render()
    assert not any(m in page for m in MOVES) and "Reconnecting" in page
    screen(net.guest).send({"type": "call"})  # a tap that was on its way
    assert "wavering, so that move was not sent" in net.guest.ctx.refusals[-1]
    net.guest.peer("steady", "host", "")
    assert any(m in net.guest.render() for m in MOVES)
    drop(net)
    page = net.guest.render()
    assert not any(m in page for m in MOVES) and "was lost" in page
    net.guest.click("call", "")
    assert "not connected to Ana’s table, so that move was not sent" in net.guest.ctx.refusals[-1]
    assert not [e for e in net.guest.take_effects() if e[0] == "peer-send"]


def test_a_second_move_waits_for_the_answer_to_the_first() -> None:
    net, _ = bens_turn()
    bid(net)
    screen(net.guest).send({"type": "call"})
    assert net.guest.ctx.refusals[-1] == "Your last move has not been answered yet: wait for it."
    sent = [json.loads(e[2]) for e in net.guest.take_effects() if e[0] == "peer-send"]
    assert [m["kind"] for m in sent] == ["act"]


def test_an_action_id_used_again_for_another_move_is_refused() -> None:
    net, _ = bens_turn()
    before = saved_moves(net.host)
    bid(net)
    (act,) = [e for e in net.guest.take_effects() if e[0] == "peer-send"]
    net.host.peer("message", "1", act[2])
    assert saved_moves(net.host) == before + 1
    forged = json.loads(act[2]) | {"action": {"type": "call"}, "n": before + 1}
    net.host.take_effects()
    net.host.peer("message", "1", json.dumps(forged))
    (answer,) = [
        wire.decode(e[2], wire.FROM_HOST) for e in net.host.take_effects() if e[0] == "peer-send"
    ]
    assert answer["kind"] == "refused" and "used for another move" in answer["reason"]
    assert saved_moves(net.host) == before + 1


def test_a_move_lost_on_its_way_is_played_once_from_a_new_tab_after_closing_this_one() -> None:
    """Issue 47: a friend's waiting move "is lost if he closes the tab": it is kept on
    his device, and sent once he is back at its table, whichever tab he opens."""
    net, _ = bens_turn()
    before = saved_moves(net.host)
    action = bid(net)
    net.guest.take_effects()  # the act never reaches the host
    drop(net)
    net.guest = App(net.guest.ctx.saves.storage)  # Ben closed the tab; a new one opens
    connect(net)
    assert saved_moves(net.host) == before + 1
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    assert table.state.actions[before] == action
    assert screen(net.guest).joined.sent is None  # type: ignore[union-attr]
    net.guest = App(net.guest.ctx.saves.storage)  # answered: nothing is sent again
    connect(net)
    assert saved_moves(net.host) == before + 1


def test_a_move_waiting_for_one_table_is_told_when_joining_another() -> None:
    """Issue 47: "Ben joins the new table in that tab: the waiting move is never
    mentioned again". His page says it waits for the other table, and sends it there."""
    net, _ = bens_turn()
    bid(net)
    net.guest.take_effects()
    drop(net)
    net.host.click("newtable", "")
    net.host.click("confirm-yes", "")
    net.host.route(net.host.take_navigation()[0] or "")
    net.host.submit("start", {"players": "2", "seat0-kind": "human", "seat0-name": "Ana",
                              "seat1-kind": "friend", "seat1-name": "Ben"})  # fmt: skip
    net.host.route(net.host.take_navigation()[0] or "")
    net.host.take_effects()
    connect(net)  # Ben opens the new table's invitation in the same tab
    page = net.guest.render()
    assert "Your last move at Ana’s other Espionage table has not reached it" in page
    assert net.guest.ctx.refusals == []


@pytest.mark.parametrize(
    "stored",
    ["{", "[1, 2]", '[{"table": "x"}]', json.dumps([{"table": "a" * 16, "host": "Ana",
     "game": "espionage", "id": 0, "n": 3, "action": {}}]), "[" * 5000],
)  # fmt: skip
def test_a_damaged_waiting_move_costs_nothing_but_itself(stored: str) -> None:
    """A hand-edited `together-waiting` is read as no move on its way: Ben joins and
    plays as if nothing were kept."""
    net = joined_pair(players=3, seed=21)
    net.guest.ctx.saves.set_pref(waiting.PREF, stored)
    net.guest = App(net.guest.ctx.saves.storage)
    connect(net)
    assert screen(net.guest).joined.sent is None  # type: ignore[union-attr]
    assert "has not reached it" not in net.guest.render()
