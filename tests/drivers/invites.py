"""A friend's tabs opening an invitation (the host's link) and the reply each shows:
for the tests of invitations opened twice and of refused replies."""

from __future__ import annotations

import re

from spyweb.app import App
from spyweb.browser.store import MemoryStorage, Saves

CLOCK = [1_000.0]


def friend_tab(storage: MemoryStorage) -> App:
    app = App(storage)
    app.ctx.saves = Saves(storage, clock=lambda: CLOCK[0])
    return app


def invitation(host: App) -> str:
    host.click("friend-invite", "1")
    (offer,) = [e for e in host.take_effects() if e[0] == "peer-offer"]
    host.peer("described", offer[1], "v=0\r\no=host\r\n")
    link = re.search(r'id="invite-link-1" class="friend-link" readonly value="([^"]+)"',
                     host.render())  # fmt: skip
    assert link is not None
    return "#" + link.group(1).split("#", 1)[1]


def reply_from(tab: App, link: str, sdp: str) -> str:
    """The friend opens `link` in `tab` and presses Join: the reply it shows."""
    CLOCK[0] += 1
    tab.route(link)
    tab.click("join", "")
    tab.take_effects()
    tab.peer("described", "host", f"v=0\r\no=friend {sdp}\r\n")
    reply = re.search(r'<textarea id="reply-code"[^>]*>([^<]+)</textarea>', tab.render())
    assert reply is not None
    return reply.group(1)
