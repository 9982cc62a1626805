"""Playing together, timed: a friend's action on their device -> applied by the host's
engine -> every friend's screen showing the new position.

Two or three Chromium contexts of one browser stand for the devices, connected by
WebRTC over loopback (no server, as on one network). Ana hosts an Espionage table with
`friends` friends on other devices and a bot, and plays again at each game's end. A
friend always calls a standing bid (or bids what the panel offers), so rounds are short
and every friend moves often. Each move is timed by the pages themselves (web/page.mjs
and web/peers.mjs stamp when a frame came and was drawn and when a message left and
came, on a page where the bench made the list): from the click on the friend's page to
the last friend's page drawn at that move (`#join-bar[data-move]`), stage by stage
(`STAGES`). The same round as the bench sees it (its own clicks and polling) is kept
beside it, for comparison.
"""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Browser, Page

from .browser import TIMEOUT, StepFailed, saved_record_js, wait_for

NAMES = ("Ana", "Ben", "Cleo", "Dev")


# The page's stamps (web/page.mjs, web/peers.mjs): [time since the epoch in ms, what, key,
# the first characters of a message].
STAMPS = "window.spygamesTimes = []"


def _open(browser: Browser, url: str, **options: Any) -> Page:
    context = browser.new_context(**options)
    context.add_init_script(STAMPS)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", timeout=TIMEOUT)
    return page


def _seat(host: Page, guest: Page, seat: int) -> None:
    """Invite the friend in `seat`, join from their page, paste their reply."""
    host.click(f"#friend-invite-{seat}")
    wait_for(host, f"document.getElementById('invite-link-{seat}')?.value.includes('#/join/')")
    link = host.locator(f"#invite-link-{seat}").input_value()
    guest.goto(link)
    guest.click("#join-go")
    wait_for(guest, "document.getElementById('reply-code')?.value.includes('spyr1.')")
    host.fill(f"#friend-reply-code-{seat}", guest.locator("#reply-code").input_value())
    host.click(f"#friend-connect-{seat}")
    guest.wait_for_selector("#join-bar[data-move]", timeout=TIMEOUT)


SHOWN = "document.getElementById('join-bar').dataset.move"
CLEAR = "window.spygamesTimes.length = 0; performance.clearMeasures('spy:latency')"
READ = """[window.spygamesTimes.splice(0),
    performance.getEntriesByName('spy:latency').map(m => performance.timeOrigin + m.startTime)]"""

# A friend's move, stage by stage (ms), as the pages stamped it; the stages add up to the
# total: the click, its frame and the move on the wire from the friend's page; the wire;
# the host's page and worker (the referee, the engine, the save, every friend's scene)
# until the last scene is on the wire; the wire; the slowest friend's worker and draw.
STAGES = {
    "friend": "the friend's device: click -> move sent",
    "to_host": "the connection, friend -> host",
    "host": "the host's device: move heard -> every scene sent",
    "to_friends": "the connection, host -> the last friend",
    "drawn": "the last friend's device: scene heard -> drawn",
    "total": "click -> every friend's page drawn",
}


def _said(stamp: list[Any]) -> tuple[str, int]:
    """The kind of message a `sent` or `heard` stamp noted, and its number (an action's
    id, a scene's move), from its text's first characters ('{"v":1,"kind":"act","id":4…')."""
    head = str(stamp[3]) if len(stamp) > 3 else ""
    kind = re.search(r'"kind":"(\w+)"', head)
    number = re.search(r'"(?:id|n)":(\d+)', head)
    return (kind.group(1) if kind else "", int(number.group(1)) if number else -1)


def _first(
    stamps: list[list[Any]], what: str, key: str, kind: str, number: int, above: bool = False
) -> list[Any]:
    """The first `what` stamp of a message of `kind` to or from `key` numbered `number` (or
    above it)."""
    for stamp in stamps:
        if stamp[1] == what and stamp[2] == key:
            said, n = _said(stamp)
            if said == kind and (n > number if above else n == number):
                return stamp
    raise StepFailed(f"no '{what}' stamp of a '{kind}' numbered {number} ({key}): {stamps}")


def _stages(host: Page, guests: list[Page], seat: int, shown: list[int]) -> dict[str, float]:
    """Where the time of the friend's move went (STAGES), from every page's stamps. The
    messages are matched by their numbers; their times, since the epoch, are compared
    across the pages of one machine."""
    told = host.evaluate(READ)[0]
    mover_stamps, inputs = guests[seat - 1].evaluate(READ)
    act = next(s for s in mover_stamps if s[1] == "sent" and _said(s)[0] == "act")
    sent, action = act[0], _said(act)[1]
    clicked = max(t for t in inputs if t <= sent)
    heard = _first(told, "heard", str(seat), "act", action)[0]
    ends = []
    for friend, page in enumerate(guests, start=1):
        stamps = mover_stamps if friend == seat else page.evaluate(READ)[0]
        scene = _first(stamps, "heard", "host", "scene", shown[friend - 1], above=True)
        came, move = scene[0], _said(scene)[1]
        out = _first(told, "sent", str(friend), "scene", move)[0]
        drawn = next(
            t for t, what, *key in stamps
            if what == "drawn" and t >= came and key and key[0] and int(key[0]) >= move
        )  # fmt: skip
        ends.append((drawn, out, came))
    drawn, out, came = max(ends)
    last_out = max(e[1] for e in ends)
    return {
        "friend": sent - clicked,
        "to_host": heard - sent,
        "host": last_out - heard,
        "to_friends": came - last_out,
        "drawn": drawn - came,
        "total": drawn - clicked,
    }


def _again(host: Page) -> None:
    """Ana plays again at the same table (she is asked first: friends are at it)."""
    host.click("#esp-again")
    confirm = host.locator("#confirm-yes")
    if confirm.count():
        confirm.click()
    wait_for(host, "!document.getElementById('esp-end-title')")


def _moves(host: Page) -> int:
    return int(host.evaluate(f"({saved_record_js('espionage')} || {{actions: []}}).actions.length"))


def _turn(host: Page) -> int:
    """The seat to play, from the host's page (the seat marked To play)."""
    seat = host.evaluate(
        "document.querySelector('.esp-seat .esp-status-turn')?.closest('.esp-seat').dataset.seat"
    )
    return int(seat) if seat is not None else -1  # none between two deals, or at the end


def _look_on(pages: list[Page]) -> bool:
    """Each page that shows a showdown moves on from it; True when one did."""
    looked = False
    for page in pages:
        if page.locator("#esp-continue").count():
            page.click("#esp-continue")
            looked = True
    return looked


def _play(page: Page) -> bool:
    """The page's person moves if it is their turn: call a standing bid, else bid the
    panel's offer."""
    if page.locator("#esp-call").count():
        page.click("#esp-call")
        return True
    attribute = page.locator("[data-act=attr]:not([disabled])")
    if not attribute.count():
        return False
    attribute.first.click()
    page.click("#esp-bid")
    return True


def run(browser: Browser, url: str, friends: int = 2, moves: int | None = 40) -> dict[str, Any]:
    host = _open(browser, f"{url}#/espionage/deal/31")
    guests = [
        _open(browser, f"{url}#/", viewport={"width": 375, "height": 812}) for _ in range(friends)
    ]
    players = friends + 2
    host.select_option("#esp-players", str(players))
    for i in range(players):
        kind = "human" if i == 0 else "friend" if i <= friends else "normal"
        host.fill(f"#esp-seat{i}-name", NAMES[i] if i <= friends else "Bot")
        host.select_option(f"#esp-seat{i}-kind", kind)
    host.click("#esp-start")
    for seat, guest in enumerate(guests, start=1):
        _seat(host, guest, seat)
    observed: list[float] = []
    stages: list[dict[str, float]] = []
    deadline = time.monotonic() + 600
    while (moves is None or len(stages) < moves) and time.monotonic() < deadline:
        if host.locator("#esp-end-title").count():
            _again(host)  # the friends stay seated for the next game
            continue
        if _look_on([host, *guests]):
            continue
        seat = _turn(host)
        if 1 <= seat <= friends:
            guest, done = guests[seat - 1], _moves(host)
            for page in (host, *guests):
                page.evaluate(CLEAR)
            shown = [int(page.evaluate(SHOWN)) for page in guests]  # the move each page shows
            started = time.monotonic()
            if not _play(guest):
                host.wait_for_timeout(50)
                continue
            wait_for(host, f"({saved_record_js('espionage')}).actions.length > {done}")
            for page, move in zip(guests, shown, strict=True):
                drawn = f"window.spygamesTimes.some(s => s[1] === 'drawn' && +s[2] > {move})"
                wait_for(page, drawn, timeout=TIMEOUT)
            observed.append((time.monotonic() - started) * 1000)
            stages.append(_stages(host, guests, seat, shown))
        elif not (seat == 0 and _play(host)):
            host.wait_for_timeout(50)  # a bot is thinking
    if not stages:
        raise StepFailed("no friend's move went round the table")
    for page in (host, *guests):
        page.context.close()
    return {
        "friends": friends,
        "round_trip_ms": [s["total"] for s in stages],
        "stages_ms": {name: [s[name] for s in stages] for name in STAGES},
        "observed_ms": observed,
    }
