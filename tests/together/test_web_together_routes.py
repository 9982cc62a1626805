"""A host's evening, on CPython: the host's app goes to every page of the site and back
between a friend's moves, before and after a reload and a new invitation, and each move
the friend makes is played (issue 38: after a reload and a re-invitation, a detour to
Saved games dropped the friend on the host's side while his page still said connected,
and his taps were lost without a word).

The two apps talk through `Network` (tests/drivers/together.py), the stand-in for the
page's WebRTC connections; a reload is a new `App` on the same storage."""

from __future__ import annotations

import random

from drivers.together import (
    Network,
    connect,
    joined_pair,
    patient_move,
    reload_host,
    saved_moves,
    table_of,
    until_bens_turn,
)
from spyweb.together.join import JoinScreen

import spygames

# Every kind of page the site has, besides the hosted table itself.
ROUTES = [
    "#/",
    "#/saves",
    "#/stats",
    "#/espionage/rules",
    "#/espionage/new",
    "#/spynet",
    "#/spynet/rules",
    "#/deck-of-spies",
    "#/deck-of-spies/deal/5",
    "#/nowhere",
]


def bens_move_is_played(net: Network, rng: random.Random, away_at: str) -> None:
    before = saved_moves(net.host)
    guest = net.guest.screen
    assert isinstance(guest, JoinScreen) and guest.joined is not None
    for _ in range(20):  # a few clicks put a bid together; the last one sends it
        assert patient_move(net.guest, rng), f"Ben's page offers no move (host at {away_at})"
        net.run()
        if saved_moves(net.host) > before:
            break
    assert saved_moves(net.host) == before + 1, f"Ben's move was lost (host at {away_at})"
    assert net.guest.ctx.refusals == []
    assert guest.joined.n == before + 1  # his page shows the position his move made


def test_every_route_between_a_friends_moves_before_and_after_a_reload() -> None:
    rng = random.Random(38)
    net = joined_pair(players=3, seed=21)
    for reloads in range(2):
        for route in ROUTES:
            net.host.route("#/espionage")
            until_bens_turn(net, rng)
            net.host.route(route)
            net.host.render()
            bens_move_is_played(net, rng, f"{route}, after {reloads} reloads")
            net.host.route("#/espionage")
            assert "Ben</b>: at the table" in net.host.render(), route
        if reloads == 0:
            reload_host(net)
            assert "Ben</b>: disconnected" in net.host.render()
            connect(net)
    assert not spygames.replay(table_of(net.host).state.record()).is_over  # type: ignore[union-attr]
