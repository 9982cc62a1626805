"""The host scans a friend's reply with the camera (the `scan-…` effects and
`App.scanned` reports of web/scanner.mjs): offered only once the page said it can, the
code read is taken exactly like a pasted reply, and a code that is not a reply or a
camera that cannot be used is said in words and changes nothing."""

from __future__ import annotations

import re

from drivers.together import Network, host_table
from spyweb.app import App
from spyweb.browser.store import MemoryStorage

SCAN = 'id="friend-scan-1"'


def invited() -> tuple[Network, str]:
    """Ana's table with Ben invited, and the reply Ben's page made (a link)."""
    net = Network(host_table(), App(MemoryStorage()))
    net.host.click("friend-invite", "1")
    net.run()
    link = re.search(r'id="invite-link-1" class="friend-link" readonly value="([^"]+)"',
                     net.host.render())  # fmt: skip
    assert link is not None
    net.guest.route("#" + link.group(1).split("#", 1)[1])
    net.guest.click("join", "")
    net.run()
    reply = re.search(r'<textarea id="reply-code"[^>]*>([^<]+)</textarea>', net.guest.render())
    assert reply is not None
    return net, reply.group(1)


def test_scan_is_offered_only_where_the_page_can_read_a_code() -> None:
    net, _ = invited()
    assert SCAN not in net.host.render()
    net.host.scanned("able", "", "")
    page = net.host.render()
    assert f'{SCAN} class="btn">Scan Ben’s reply</button>' in page.replace(
        'data-act="friend-scan" data-arg="1" ', ""
    )
    net.host.click("friend-scan", "1")
    assert net.host.take_effects() == [("scan-start", "1", "Scan Ben’s reply")]


def test_no_scan_before_an_invitation_or_once_ben_is_connecting() -> None:
    host = host_table()
    host.scanned("able", "", "")
    assert SCAN not in host.render()  # nothing to scan yet
    host.click("friend-scan", "1")
    assert not [e for e in host.take_effects() if e[0] == "scan-start"]


def test_a_reply_read_by_the_camera_connects_ben() -> None:
    net, reply = invited()
    net.host.scanned("able", "", "")
    net.host.scanned("read", "1", reply)
    assert ("scan-stop", "1") in net.host.ctx.effects
    net.run()
    assert "Ben</b>: at the table" in net.host.render()
    assert SCAN not in net.host.render()


def test_a_code_that_is_not_bens_reply_is_refused_and_changes_nothing() -> None:
    net, reply = invited()
    net.host.scanned("able", "", "")
    for code, why in [
        ("https://example.org/menu", "This is not a reply: it should start with “spyr1.”."),
        (reply[:-30], "This reply is damaged"),
        (reply.replace("spyr1.", "spyi1."), "This is an invitation, not a reply"),
    ]:
        net.host.scanned("read", "1", code)
        page = net.host.render()
        assert f"The code you scanned cannot connect Ben. {why}" in page
        assert "Ben</b>: invited: waiting for their reply" in page and SCAN in page
        assert not [e for e in net.host.take_effects() if e[0] == "peer-accept"]


def test_a_camera_that_cannot_be_used_is_told_in_words() -> None:
    net, _ = invited()
    for reason, words in [
        ("NotAllowedError", "The camera was not allowed: allow it for this site"),
        ("NotFoundError", "No camera was found on this device: paste Ben’s reply instead."),
        ("NotReadableError", "The camera could not be started (another app may be using it)"),
        ("TypeError", "The camera could not be used (TypeError): paste Ben’s reply instead."),
    ]:
        net.host.scanned("failed", "1", reason)
        assert words in net.host.render()
    net.host.scanned("cancelled", "1", "")
    assert "Ben</b>: invited: waiting for their reply" in net.host.render()
    net.host.scanned("read", "7", "spyr1.x")  # no such seat: nothing
