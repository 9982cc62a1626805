"""The host's game in two tabs of her browser (issue 47: "with Ben at the table, Ana
opens the game in another tab and presses Take over here; Ben's page keeps 'connected …
Ana is thinking' at the old move while the new tab waits for Ben"). A friend's
connection lives in the tab that made it and cannot move: the tab that lets the game go
tells each friend at the table where it went, and the tab that took it over says so and
offers Invite again, from which the friend plays on."""

from __future__ import annotations

import json
import random

from drivers.together import Network, click_move, connect, joined_pair
from spyweb.app import App
from spyweb.games.espionage.table import EspionageTable
from spyweb.together.join import JoinScreen


def deliver(tabs: list[App], sender: App) -> None:
    """`sender` redraws: its messages to the other tabs, and theirs in turn, arrive (the
    storage events too), as the browser delivers them."""
    before = dict(sender.ctx.saves.storage.data)  # type: ignore[attr-defined]
    sender.render()
    queue = [(sender, m) for m in sender.take_posts()]
    after = sender.ctx.saves.storage.data  # type: ignore[attr-defined]
    for other in tabs:
        if other is not sender:
            for key in [k for k, v in after.items() if before.get(k) != v]:
                other.storage_changed(key)
    while queue:
        source, message = queue.pop(0)
        for other in tabs:
            if other is not source:
                other.tab_message(json.loads(json.dumps(message)))
                other.render()
                queue += [(other, m) for m in other.take_posts()]


def go(tab: App, route: str) -> None:
    tab.route(route)
    for _ in range(5):
        target, _ = tab.take_navigation()
        if target is None:
            return
        tab.route(target)


def second_tab(net: Network) -> App:
    """Ana opens her game in a second tab: it finds the game played in the first."""
    second = App(net.host.ctx.saves.storage, base_url="https://example.org/spygames/")
    go(second, "#/espionage")
    deliver([net.host, second], second)
    assert second.away and not net.host.away
    return second


def take_over(tabs: list[App], tab: App) -> None:
    tab.click("take-over", "")
    tab.take_navigation()
    deliver(tabs, tab)


def test_taking_the_game_over_in_another_tab_tells_ben_and_offers_invite_again() -> None:
    net = joined_pair(players=3, seed=21)
    first = net.host
    second = second_tab(net)
    take_over([first, second], second)
    assert first.away and not second.away
    net.run()  # the first tab's goodbye reaches Ben
    told = net.guest.render()
    bar = told.split("</p>", 1)[0]
    assert 'id="join-bar" role="alert"' in bar and "Ana moved this game to another tab" in bar
    assert "is thinking" not in told and "Not connected to Ana’s table." in told
    assert ("peer-close", "1") in [e[:2] for e in first.ctx.effects] or not first.ctx.hostings
    page = second.render()
    assert "Ben was at the table in your other tab" in page
    assert 'data-act="friend-invite" data-arg="1"' in page
    # Ana invites Ben again from the tab that plays the game, and he plays on there.
    net.host = second
    connect(net)
    table = second.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    rng = random.Random(3)
    for _ in range(200):
        if table.state.to_play[0] == 1:
            break
        assert click_move(second, rng) or table.state.is_over
        net.run()
    before = len(table.state.actions)
    for _ in range(20):  # Ben builds his move, click by click, until it is played
        if len(table.state.actions) > before:
            break
        assert click_move(net.guest, rng)
        net.run()
    assert len(table.state.actions) > before
    assert isinstance(net.guest.screen, JoinScreen)
    assert net.guest.ctx.refusals == []


def test_taking_it_back_in_the_first_tab_offers_invite_again_there() -> None:
    net = joined_pair(players=3, seed=21)
    first = net.host
    second = second_tab(net)
    take_over([first, second], second)
    take_over([first, second], first)
    assert second.away and not first.away
    page = first.render()
    assert 'data-act="friend-invite" data-arg="1"' in page
    assert "Ben</b>: at the table" not in page
    connect(net)  # Ben is invited again by the first tab, and is at its table


def test_a_tab_hosting_from_another_page_keeps_the_game_until_taken_over() -> None:
    """The first tab shows Saved games while its friends play on at its table: a second
    tab opening the game steps back, as at the table itself; taking over tells Ben."""
    net = joined_pair(players=3, seed=21)
    first = net.host
    go(first, "#/saves")
    second = second_tab(net)
    take_over([first, second], second)
    net.run()
    assert "Ana moved this game to another tab" in net.guest.render()
    assert "Ben was at the table in your other tab" in second.render()


def test_a_closed_spynet_table_says_not_connected_not_who_is_playing() -> None:
    """On a friend's page whose table closed (Stop for now, here), nobody is "playing…":
    the table is not connected."""
    from drivers.together_spynet import seated

    net = seated(["human", "friend"], seed=4)
    net.host.click("friend-stop", "")
    net.run()
    page = net.guests[1].render()
    assert "stopped playing this table for now" in page
    table = page.split('id="join-bar"', 1)[1].split("</p>", 1)[1]
    assert "Your move cannot be sent now." in table  # Ben drafts first in this deal
    assert "Ana is" not in table and "Ben is" not in table
