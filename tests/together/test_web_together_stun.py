"""The STUN servers of "Connect over the internet", as the host changes them in the
Friends panel: only `stun:`/`stuns:` addresses, at most four, each refusal naming what
was wrong and changing nothing; Save keeps them (the panel and the next invitation use
them), Reset to the default brings back Google's."""

from __future__ import annotations

import json
import re

import pytest
from drivers.together import host_table
from spyweb.app import App
from spyweb.browser.store import MemoryStorage
from spyweb.together.hosting import STUN_PREF
from spyweb.together.invite import MAX_SERVERS, STUN, read_invitation

FIELD = re.compile(r'<textarea id="friend-stun-list-(\d+)" name="stun"[^>]*>([^<]*)</textarea>')


def stun_field(app: App) -> tuple[str, str]:
    """The id number and the text of the STUN servers' field on the page."""
    found = FIELD.search(app.render())
    assert found is not None
    return found.group(1), found.group(2)


def servers(app: App) -> str | None:
    return app.ctx.saves.pref(STUN_PREF, "") or None


def test_the_form_is_folded_until_asked_for_and_stays_open_across_redraws() -> None:
    host = host_table()
    page = host.render()
    assert '<details class="friends-stun" id="friends-stun">' in page
    assert stun_field(host)[1] == "\n".join(STUN)
    host.click("friend-stun-open", "")
    assert '<details class="friends-stun" id="friends-stun" open>' in host.render()
    host.click("pace", "fast")  # another click on the table: the whole page is redrawn
    assert 'id="friends-stun" open>' in host.render()
    host.click("friend-stun-open", "")
    assert 'id="friends-stun" open>' not in host.render()


def test_saved_servers_are_shown_and_carried_by_the_next_invitation() -> None:
    host = host_table()
    host.click("friend-stun-open", "")
    chosen = "stun:a.example.org:3478\n  stuns:b.example.org  stun:a.example.org:3478"
    host.submit("friend-stun", {"stun": chosen})
    assert servers(host) == "stun:a.example.org:3478 stuns:b.example.org"
    page = host.render()
    assert "Saved: the next invitation uses stun:a.example.org:3478, stuns:b.example.org" in page
    assert "public STUN server (stun:a.example.org:3478, stuns:b.example.org)" in page
    number, text = stun_field(host)
    assert (number, text) == ("1", "stun:a.example.org:3478\nstuns:b.example.org")
    assert 'id="friends-stun" open>' not in page  # folded again once saved

    host.click("friend-internet", "")
    host.click("friend-invite", "1")
    offers = [e for e in host.take_effects() if e[0] == "peer-offer"]
    chosen_ice = ["stun:a.example.org:3478", "stuns:b.example.org"]
    assert [json.loads(e[2]) for e in offers] == [chosen_ice]
    host.peer("described", "1", "v=0\r\n")
    link = re.search(r'id="invite-link-1" class="friend-link" readonly value="([^"]+)"',
                     host.render())  # fmt: skip
    assert link is not None
    invitation = read_invitation(link.group(1))
    assert invitation.ice == ("stun:a.example.org:3478", "stuns:b.example.org")
    guest = App(MemoryStorage())
    guest.route("#" + link.group(1).split("#", 1)[1])  # the friend is told which servers
    assert "public STUN server (stun:a.example.org:3478, stuns:b.example.org)" in guest.render()


def test_four_servers_are_taken() -> None:
    host = host_table()
    four = " ".join(f"stun:s{i}.example.org" for i in range(MAX_SERVERS))
    host.submit("friend-stun", {"stun": four})
    assert servers(host) == four
    host.click("friend-internet", "")
    host.click("friend-invite", "1")
    offer = next(e for e in host.take_effects() if e[0] == "peer-offer")
    assert json.loads(offer[2]) == four.split()


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("turn:relay.example.org", "“turn:relay.example.org” is a TURN relay, not a STUN server"),
        ("stun:a.example.org turns:relay.example.org", "“turns:relay.example.org” is a TURN"),
        ("http://stun.example.org", "“http://stun.example.org” is not a STUN server's address"),
        ("stun:", "“stun:” is not a STUN server's address"),
        ("stun:a.example.org;rm", "“stun:a.example.org;rm” is not a STUN server's address"),
        (" ".join(f"stun:s{i}.example.org" for i in range(5)), "That is 5 STUN servers: at most 4"),
    ],
)
def test_anything_but_up_to_four_stun_servers_is_refused_and_changes_nothing(
    typed: str, words: str
) -> None:
    host = host_table()
    host.submit("friend-stun", {"stun": "stun:mine.example.org"})
    host.click("friend-stun-open", "")
    before = stun_field(host)
    host.submit("friend-stun", {"stun": typed})
    page = host.render()
    assert f"The STUN servers were not changed. {words}" in page.replace("&#x27;", "'")
    assert servers(host) == "stun:mine.example.org"
    assert stun_field(host) == before  # the same field: what was typed stays to be fixed
    assert 'id="friends-stun" open>' in page
    host.click("friend-internet", "")
    host.click("friend-invite", "1")
    offer = next(e for e in host.take_effects() if e[0] == "peer-offer")
    assert json.loads(offer[2]) == ["stun:mine.example.org"]


def test_reset_and_an_empty_list_bring_back_the_default() -> None:
    host = host_table()
    host.submit("friend-stun", {"stun": "stun:mine.example.org"})
    assert stun_field(host) == ("1", "stun:mine.example.org")
    host.click("friend-stun-reset", "")
    assert servers(host) == " ".join(STUN)
    assert stun_field(host) == ("2", "\n".join(STUN))  # a fresh field, with the default
    host.submit("friend-stun", {"stun": "stun:mine.example.org"})
    host.submit("friend-stun", {"stun": "  \n "})
    assert servers(host) == " ".join(STUN)
    assert f"public STUN server ({STUN[0]})" in host.render()


def test_the_servers_are_kept_in_the_browser() -> None:
    host = host_table()
    host.submit("friend-stun", {"stun": "stuns:kept.example.org"})
    again = App(host.ctx.saves.storage)  # the page reloaded: the table reopens
    again.route("#/espionage")
    assert "public STUN server (stuns:kept.example.org)" in again.render()
