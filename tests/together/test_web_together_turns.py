"""Whose turn it is, on each device (issue 38: a friend got no sign that it was his turn;
the tab's title stayed "Join a table"). The tab's title, the installed app's badge and,
where the player allowed it, one vibration: the friend's whenever their turn comes, the
host's while the tab is hidden (`App._signal_turn`, web/page.mjs `turn`)."""

from __future__ import annotations

import itertools
import random

from drivers.together import click_move, joined_pair
from spyweb.app import App
from spyweb.browser.store import MemoryStorage
from spyweb.games.espionage.table import EspionageTable


def turn_effects(app: App) -> list[tuple[str, ...]]:
    return [e for e in app.ctx.effects if e[0] == "turn"]


def test_each_device_is_told_when_it_is_its_turn() -> None:
    """The tab's title, the app's badge and (if allowed) one vibration say whose turn it
    is: the friend's whenever the turn comes, the host's while the tab is hidden."""
    net = joined_pair(players=3, seed=21)
    net.guest.ctx.can_vibrate = net.host.ctx.can_vibrate = True
    net.guest.click("turn-vibrate", "")
    assert 'id="turn-vibrate" checked' in net.guest.render()
    net.host.click("turn-vibrate", "")
    assert 'id="turn-vibrate" checked' in net.host.render()  # on the Friends panel
    seen: dict[str, list[tuple[str, ...]]] = {"host": [], "guest": []}
    for name, app in (("host", net.host), ("guest", net.guest)):
        take = app.take_effects

        def keep(take=take, name=name) -> list[tuple[str, ...]]:  # type: ignore[no-untyped-def]
            effects = take()
            seen[name] += [e for e in effects if e[0] == "turn"]
            return effects

        app.take_effects = keep  # type: ignore[method-assign]
    table = net.host.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    rng = random.Random(3)
    titles = set()
    for _ in range(60):
        state = table.state
        if state.is_over or min(len(seen["guest"]), len(seen["host"])) >= 3:
            break
        mine = state.to_play[0] == 1
        titles.add((mine, net.guest.title))
        assert net.guest.title == ("Your turn — " if mine else "") + "Ana’s table — spygames"
        assert net.host.title.startswith("Your turn — ") == (state.to_play[0] == 0)
        page = net.guest if mine else net.host
        if not click_move(page, rng):
            net.host.click("continue", "")
        net.run()
    assert {m for m, _ in titles} == {True, False}
    assert ("turn", "1", "always") in seen["guest"] and ("turn", "0", "") in seen["guest"]
    assert ("turn", "1", "hidden") in seen["host"] and ("turn", "0", "") in seen["host"]
    for effects in seen.values():  # each change said once: on, off, on, off...
        assert all(a[1] != b[1] for a, b in itertools.pairwise(effects))


def test_a_table_played_alone_sends_no_turn_signal() -> None:
    app = App(MemoryStorage())
    app.route("#/espionage/deal/21")
    app.submit("start", {"players": "2", "seat0-kind": "human", "seat1-kind": "normal"})
    app.take_effects()
    assert not app.title.startswith("Your turn") and turn_effects(app) == []
