"""Playing Espionage together through two whole apps on CPython: `Network`, the stand-in
for the page's WebRTC connections (the `peer-…` effects and `App.peer` reports of
web/peers.mjs), a host's table with Ben seated and joined, and the clicks and reloads of an
evening at the table."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from spyweb.app import App
from spyweb.browser.store import MemoryStorage
from spyweb.games.espionage.table import EspionageTable
from spyweb.together.invite import Invitation
from spyweb.together.join import JoinScreen

ACT = re.compile(r'data-act="([^"]+)"(?: data-arg="([^"]*)")?')


SOON_MS = 10_000  # a page's timed step the harness runs at once (a reply's 3 minutes: not)


@dataclass
class Network:
    """The page's connections between the two apps, in memory."""

    host: App
    guest: App
    to_guest: list[str] = field(default_factory=list)
    sent_to_guest: list[str] = field(default_factory=list)
    offers: int = 0
    hello_before_open: bool = False  # the friend's hello reaches the host before "open"
    waver_before_open: bool = False  # the friend's page hears "unsteady" before "open"

    def run(self) -> None:
        """Carry out every effect both apps asked for until both are quiet."""
        for _ in range(200):
            moved = False
            for app, other in ((self.host, self.guest), (self.guest, self.host)):
                for effect in app.take_effects():
                    moved = True
                    self.effect(app, other, effect)
            for app in (self.host, self.guest):  # a timed step, once its messages are out
                delay = app.pending_delay()
                if delay is not None and delay <= SOON_MS:  # a longer one is for later
                    app.tick()
                    moved = True
            if not moved:
                return
        raise AssertionError("the two pages never went quiet")

    def effect(self, app: App, other: App, effect: tuple[str, ...]) -> None:
        kind, payload = effect[0], effect[1:]
        if kind == "peer-offer":
            self.offers += 1
            app.peer("described", payload[0], f"v=0\r\no=host {self.offers}\r\n")
        elif kind == "peer-answer":
            app.peer("described", payload[0], "v=0\r\no=friend\r\n")
        elif kind == "peer-accept" and self.hello_before_open:
            other.peer("open", "host", "")
            for said in other.take_effects():  # the hello, to a page not yet told "open"
                self.effect(other, app, said)
            app.peer("open", payload[0], "")
        elif kind == "peer-accept":
            if self.waver_before_open:
                other.peer("unsteady", "host", "")
            app.peer("open", payload[0], "")
            other.peer("open", "host", "")
        elif kind == "peer-send":
            if app is self.host:
                self.sent_to_guest.append(payload[1])
                other.peer("message", "host", payload[1])
            else:
                other.peer("message", "1", payload[1])


def host_table(players: int = 3, seed: int = 21) -> App:
    app = App(MemoryStorage(), base_url="https://example.org/spygames/")
    app.route(f"#/espionage/deal/{seed}")
    values = {"players": str(players)}
    kinds = ["human", "friend", "normal", "hard"][:players]
    for i, kind in enumerate(kinds):
        values[f"seat{i}-kind"] = "normal" if kind == "hard" else kind
        values[f"seat{i}-name"] = ["Ana", "Ben", "", ""][i]
    app.submit("start", values)
    target, _ = app.take_navigation()
    if target:
        app.route(target)
    return app


def joined_pair(players: int = 3, seed: int = 21) -> Network:
    host = host_table(players, seed)
    table = host.screen
    assert isinstance(table, EspionageTable) and table.hosting is not None
    assert "Ben</b>: not invited yet" in host.render()
    net = Network(host, App(MemoryStorage()))
    connect(net)
    return net


def invitation_route(net: Network) -> str:
    """Ana invites Ben: the address of her invitation, for Ben's page to open."""
    net.host.click("friend-invite", "1")
    net.run()
    page = net.host.render()
    link = re.search(r'id="invite-link-1" class="friend-link" readonly value="([^"]+)"', page)
    assert link is not None
    return "#" + link.group(1).split("#", 1)[1]


def connect(net: Network, where: str = "at the table") -> None:
    """Ana invites Ben (again), Ben joins from the link, Ana pastes his reply; her panel
    then says where he is."""
    host = net.host
    route = invitation_route(net)
    assert "Ben</b>: invited: waiting for their reply" in host.render()
    net.guest.route(route)
    assert isinstance(net.guest.screen, JoinScreen)
    assert "Ana invites you to play Espionage" in net.guest.render()
    net.guest.click("join", "")
    net.run()
    reply = re.search(r'<textarea id="reply-code"[^>]*>([^<]+)</textarea>', net.guest.render())
    assert reply is not None
    host.submit("friend-reply", {"seat": "1", "reply": reply.group(1)})
    net.run()
    assert f"Ben</b>: {where}" in host.render()


def click_move(app: App, rng: random.Random) -> bool:
    """Click one of the page's own move controls; False when it shows none."""
    page = app.render()
    found = [(a, g or "") for a, g in ACT.findall(page)]
    moves = [c for c in found if c[0] in ("bid", "call", "spot", "count", "attr", "next")]
    if ("continue", "") in found:
        app.click("continue", "")
        return True
    if not moves:
        return False
    finishing = [c for c in moves if c[0] in ("call", "spot", "bid")]
    act, arg = rng.choice(finishing if finishing and rng.random() < 0.6 else moves)
    app.click(act, arg)
    return True


def table_of(app: App) -> EspionageTable:
    table = app.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    return table


def saved_moves(app: App) -> int:
    """The actions in the host's saved game (what a reload would reopen)."""
    slot = app.ctx.saves.current("espionage")
    assert slot is not None and slot.record is not None
    return len(slot.record["actions"])


def patient_move(app: App, rng: random.Random) -> bool:
    """Click a move that keeps the round going (the lowest bid on some attribute) where
    the page offers one, so that one game lasts a whole walk round the site."""
    found = [(a, g or "") for a, g in ACT.findall(app.render())]
    if ("continue", "") in found:
        app.click("continue", "")
        return True
    attributes = [c for c in found if c[0] == "attr"]
    if attributes and ("bid", "") in found:
        app.click(*rng.choice(attributes))
        app.click("bid", "")
        return True
    return click_move(app, rng)


def until_bens_turn(net: Network, rng: random.Random) -> None:
    """The host's table plays (Ana by clicks, the bot by its ticks) until Ben is to play."""
    for _ in range(200):
        state = table_of(net.host).state
        assert state is not None and not state.is_over
        if state.to_play[0] == 1:
            return
        if state.to_play[0] == 0 and not patient_move(net.host, rng):
            net.host.click("continue", "")
        net.run()
    raise AssertionError("Ben's turn never came")


def reload_host(net: Network) -> None:
    """The host's page reloads: a new app on the same storage opens the table."""
    net.host = App(net.host.ctx.saves.storage, base_url=net.host.ctx.base_url)
    net.host.route("#/espionage")
    net.guest.peer("closed", "host", "closed")  # the reload closed the connection


def screen(app: App) -> JoinScreen:
    joined = app.screen
    assert isinstance(joined, JoinScreen) and joined.joined is not None
    return joined


def bens_turn() -> tuple[Network, random.Random]:
    rng = random.Random(7)
    net = joined_pair(players=3, seed=21)
    until_bens_turn(net, rng)
    return net, rng


def bid(net: Network) -> dict[str, object]:
    """Ben puts a bid together and sends it; the act is left in his page's effects."""
    page = screen(net.guest)
    scene = page.joined.scene  # type: ignore[union-attr]
    assert scene is not None
    action = next(a for a in scene["legal"] if a["type"] == "bid")
    page.send(action)
    return action


def table_id(n: int) -> str:
    return f"table{n:011d}"


def invitation(n: int, seat: int = 1, name: str = "Ben", host: str = "Ana") -> Invitation:
    return Invitation("v=0\r\n", table_id(n), seat, "espionage", host, name)
