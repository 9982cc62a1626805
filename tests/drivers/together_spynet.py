"""Playing SpyNet together through whole apps on CPython: the host's and each friend's,
over their own `Network` (the stand-in for the page's WebRTC connections), friends seated
and invited, and moves clicked from the page's own controls."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field

from spyweb.app import App
from spyweb.browser.store import MemoryStorage
from spyweb.games.spynet.table import SpyNetTable
from spyweb.together.join import JoinScreen

import spygames
import spygames.spynet as engine

TAG = re.compile(r"<[a-z]+\b[^>]*\bdata-act=\"[^\"]*\"[^>]*>")


CARD_ID = re.compile(r"\b([amf]\d\d)\b")


FINISHING = {
    "keep", "recruit", "deploy", "take", "pass_on", "agent", "mission", "pass",
    "discard_card", "discard", "flip", "eliminate", "draw", "skip", "target",
}  # fmt: skip


TURN = FINISHING | {"pick", "fund", "end"}


SOON_MS = 10_000  # a page's timed step the harness runs at once (a reply's 3 minutes: not)


@dataclass
class Network:
    """The page's connections between the host's app and each friend's, in memory."""

    host: App
    guests: dict[int, App] = field(default_factory=dict)
    sent: dict[int, list[str]] = field(default_factory=dict)  # every text each friend got
    leaks: list[str] = field(default_factory=list)  # what a scene held that it should not
    offers: int = 0

    def run(self) -> None:
        """Carry out every effect the apps asked for until all are quiet."""
        apps = [(self.host, None), *((app, seat) for seat, app in self.guests.items())]
        for _ in range(400):
            moved = False
            for app, seat in apps:
                for effect in app.take_effects():
                    moved = True
                    self.effect(app, seat, effect)
            for app, _ in apps:  # a timed step, once its messages are out
                delay = app.pending_delay()
                if delay is not None and delay <= SOON_MS:  # a longer one is for later
                    app.tick()
                    moved = True
            if not moved:
                return
        raise AssertionError("the pages never went quiet")

    def effect(self, app: App, seat: int | None, effect: tuple[str, ...]) -> None:
        kind, payload = effect[0], effect[1:]
        if kind == "peer-offer":
            self.offers += 1
            app.peer("described", payload[0], f"v=0\r\no=host {self.offers}\r\n")
        elif kind == "peer-answer":
            app.peer("described", payload[0], "v=0\r\no=friend\r\n")
        elif kind == "peer-accept":
            app.peer("open", payload[0], "")
            self.guests[int(payload[0])].peer("open", "host", "")
        elif kind == "peer-send" and seat is None:
            self.sent.setdefault(int(payload[0]), []).append(payload[1])
            self.guests[int(payload[0])].peer("message", "host", payload[1])
        elif kind == "peer-send":
            self.host.peer("message", str(seat), payload[1])


NAMES = ["Ana", "Ben", "Cai", "Dee"]


BASE = "https://example.org/spygames/"


def seated(kinds: list[str], seed: int) -> Network:
    """The host's table seated as `kinds` (human, friend or a bot's level), with every
    friend invited and at the table."""
    host = App(MemoryStorage(), base_url=BASE)
    host.route(f"#/spynet/deal/{seed}")
    page = host.render()
    assert '<option value="friend">A friend, on another device</option>' in page
    values = {"players": str(len(kinds)), "situation": ""}
    for i, kind in enumerate(kinds):
        values[f"seat{i}-kind"] = kind
        values[f"seat{i}-name"] = NAMES[i]
    host.submit("start", values)
    target, _ = host.take_navigation()
    if target:
        host.route(target)
    table = host.screen
    assert isinstance(table, SpyNetTable) and table.hosting is not None
    net = Network(host)
    watch_scenes(net, table)
    for seat in (i for i, k in enumerate(kinds) if k == "friend"):
        invite(net, seat, App(MemoryStorage()))
    return net


def invite(net: Network, seat: int, guest: App, *, english: bool = True) -> None:
    """The host invites `seat`; the friend opens the link on `guest`, joins and replies;
    the host takes the reply and the friend is at the table (the pages' words checked
    when both speak `english`)."""
    host, name = net.host, NAMES[seat]
    host.click("friend-invite", str(seat))
    net.run()
    link = re.search(
        rf'id="invite-link-{seat}" class="friend-link" readonly value="([^"]+)"', host.render()
    )
    assert link is not None
    net.guests[seat] = guest
    guest.route("#" + link.group(1).split("#", 1)[1])
    assert isinstance(guest.screen, JoinScreen)
    assert not english or "Ana invites you to play SpyNet" in guest.render()
    guest.click("join", "")
    net.run()
    reply = re.search(r'<textarea id="reply-code"[^>]*>([^<]+)</textarea>', guest.render())
    assert reply is not None
    host.submit("friend-reply", {"seat": str(seat), "reply": reply.group(1)})
    net.run()
    assert not english or f"{name}</b>: at the table" in host.render()


def controls(page: str) -> list[tuple[str, str]]:
    """The page's enabled controls for the turn: (act, arg)."""
    out = []
    for tag in TAG.findall(page):
        if re.search(r"\sdisabled\b", tag):
            continue
        act = re.search(r'data-act="([^"]*)"', tag)
        arg = re.search(r'data-arg="([^"]*)"', tag)
        if act is not None and act.group(1) in TURN:
            out.append((act.group(1), arg.group(1) if arg else ""))
    return out


def click_move(app: App, rng: random.Random) -> bool:
    """Click one of the page's own turn controls; False when it shows none."""
    found = controls(app.render())
    if not found:
        return False
    finishing = [c for c in found if c[0] in FINISHING]
    picks = [c for c in found if c[0] in ("pick", "fund")]
    ends = [c for c in found if c[0] == "end"]
    roll = rng.random()
    if finishing and roll < 0.6:
        choice = rng.choice(finishing)
    elif picks and roll < 0.9:
        choice = rng.choice(picks)
    elif ends:
        choice = ends[0]
    else:
        choice = rng.choice(found)
    app.click(*choice)
    return True


def unseen(state: spygames.State, seat: int) -> set[str]:
    """Every card id `seat`'s engine view does not show now."""
    shown = set(CARD_ID.findall(json.dumps(state.view(seat))))
    return set(engine.DECK) - shown


def leaks(text: str, state: spygames.State, seat: int) -> list[str]:
    """What `text`, drawn or sent for `seat` now, holds that the seat may not know (once
    the game is over nothing is secret: the friend gets its replay)."""
    out = [f"hidden card {c}" for c in sorted(set(CARD_ID.findall(text)) & unseen(state, seat))]
    record = ("Deal #", '"seed"', "#/play/") + (() if state.is_over else ("#/replay/",))
    return out + [r for r in record if r in text]


def watch_scenes(net: Network, table: SpyNetTable) -> None:
    """Check every scene the host makes for a friend against the game at that moment
    (a scene may wait in the outbox while the bots move on)."""
    made = table.scene_for

    def checked(seat: int) -> dict[str, object]:
        data = made(seat)
        assert table.state is not None
        found = leaks(json.dumps(data), table.state, seat)
        net.leaks.extend(
            f"seat {seat}'s scene at move {len(table.state.actions)}: {f}" for f in found
        )
        return data

    table.scene_for = checked  # type: ignore[method-assign]
