"""Invitations that cannot trap anyone (issue 38): an invitation opened twice pasted the
first tab's reply and left the host "connecting…" for over 75 s, pointing at buttons that
were not there, while the first tab never said its reply no longer worked.

Now the newest reply counts: a friend's older tab is told in words (the browser's tabs
share a channel), the host refuses an older reply and, given a newer one while an older
one connects, stops that attempt and says to invite again; a reply that does not connect
in time (web/peers.mjs, `CONNECT_S`) leaves the host with Invite again in view."""

from __future__ import annotations

import re
from pathlib import Path

from drivers.invites import friend_tab, invitation, reply_from
from drivers.together import host_table
from spyweb.app import App
from spyweb.browser.store import MemoryStorage
from spyweb.together.invite import read_reply
from spyweb.together.join import JoinScreen


def status(host: App) -> str:
    found = re.search(r'id="friend-status-1">(.*?)</p>', host.render())
    assert found is not None
    return re.sub("<[^>]+>", "", found.group(1))


def test_the_friends_older_tab_says_its_reply_no_longer_works() -> None:
    host = host_table(players=3)
    link = invitation(host)
    storage = MemoryStorage()
    first, second = friend_tab(storage), friend_tab(storage)
    reply_from(first, link, "first")
    reply_from(second, link, "second")
    for message in second.take_posts():
        first.tab_message(message)
    page = first.render()
    assert "This reply no longer works: you opened Ana’s invitation again in another tab" in page
    assert 'id="reply-code"' not in page and 'id="join-go"' in page
    assert ("peer-close", "host") in first.take_effects()
    for message in first.take_posts():  # the newer tab hears nothing that changes it
        assert not second.tab_message(message)
    assert 'id="reply-code"' in second.render()
    screen = first.screen
    assert isinstance(screen, JoinScreen)
    first.click("join", "")  # the player makes this tab's reply the newest after all
    assert screen.stage == "answering"


def test_an_older_reply_is_refused_and_a_newer_one_stops_the_attempt_in_words() -> None:
    host = host_table(players=3)
    link = invitation(host)
    storage = MemoryStorage()
    older = reply_from(friend_tab(storage), link, "first")
    newer = reply_from(friend_tab(storage), link, "second")
    assert read_reply(newer).made > read_reply(older).made
    host.submit("friend-reply", {"seat": "1", "reply": newer})
    assert status(host) == "Ben: connecting…"
    host.take_effects()
    host.submit("friend-reply", {"seat": "1", "reply": older})
    assert "older than the one Ben is connecting with" in host.ctx.refusals[-1]
    assert status(host) == "Ben: connecting…" and not host.take_effects()
    host.submit("friend-reply", {"seat": "1", "reply": newer})
    assert host.ctx.refusals[-1] == "Ben is connecting with this reply already."

    # The other way round: the older reply was taken first, then the newer one comes.
    host = host_table(players=3)
    link = invitation(host)
    older = reply_from(friend_tab(storage), link, "third")
    newer = reply_from(friend_tab(storage), link, "fourth")
    host.submit("friend-reply", {"seat": "1", "reply": older})
    host.take_effects()
    host.submit("friend-reply", {"seat": "1", "reply": newer})
    words = "Ben sent a newer reply (they opened your invitation again)"
    assert host.ctx.refusals[-1].startswith(words)
    assert ("peer-close", "1") in host.take_effects()
    page = host.render()
    # Issue 47: not "not invited yet" above "Invite Ben again": the words agree.
    assert status(host) == "Ben: not connected: the last invitation did not work"
    assert words in page and ">Invite Ben again</button>" in page
    host.peer("failed", "1", "failed")  # what the closed attempt's browser says late
    assert status(host) == "Ben: not connected: the last invitation did not work"


def test_a_reply_that_does_not_connect_in_time_leaves_invite_again_in_view() -> None:
    host = host_table(players=3)
    link = invitation(host)
    reply = reply_from(friend_tab(MemoryStorage()), link, "gone")
    host.submit("friend-reply", {"seat": "1", "reply": reply})
    assert status(host) == "Ben: connecting…"
    host.peer("failed", "1", "no answer within 20 seconds")
    page = host.render()
    assert status(host) == "Ben: not connected: the last invitation did not work"
    assert "Ben’s device could not be reached (no answer within 20 seconds)" in page
    assert ">Invite Ben again</button>" in page
    # Every button the row's words point at is there.
    assert "Invite Ben again" in page.split('id="friend-status-1"')[1]


def test_the_reply_mentions_scanning_only_where_the_hosts_browser_can_scan() -> None:
    for can_scan in (False, True):
        host = host_table(players=3)
        host.ctx.can_scan = can_scan
        link = invitation(host)
        tab = friend_tab(MemoryStorage())
        reply_from(tab, link, "scan")
        page = tab.render()
        assert ('id="join-qr"' in page) == can_scan
        assert ("Or let Ana scan it" in page) == can_scan


def test_the_reply_links_tab_says_when_the_friend_is_at_the_table() -> None:
    host = host_table(players=3)
    link = invitation(host)
    reply = reply_from(friend_tab(MemoryStorage()), link, "tab")
    tab = App(host.ctx.saves.storage)  # the host opens the reply link: a new tab
    tab.route("#" + reply.split("#", 1)[1])
    for message in tab.take_posts():
        host.tab_message(message)
    for message in host.take_posts():
        tab.tab_message(message)
    assert "Your friend is connecting" in tab.render()
    host.peer("open", "1", "")
    for message in host.take_posts():
        tab.tab_message(message)
    page = tab.render()
    assert "Your friend is at the table" in page
    assert "Ben is at the table." in page and "You can close this tab" in page


def test_the_home_page_and_footer_say_what_leaves_the_page_when_playing_together() -> None:
    app = App(MemoryStorage())
    page = app.render()
    assert "play together from your own devices (only the moves go between them)" in page
    footer = (Path(__file__).parents[2] / "index.html").read_text()
    assert "nothing leaves this page, but the moves of a table you share" in footer
