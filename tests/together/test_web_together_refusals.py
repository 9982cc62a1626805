"""A refusal between the host's tabs is decided by its kind, never by its words (issue
48): a reply for another table leaves it to that table's tab; any other refusal is
answered, in the words shown to the host, whatever those words happen to hold (a
friend's name, say)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from drivers.invites import friend_tab, invitation, reply_from
from spyweb.app import App
from spyweb.browser.store import MemoryStorage
from spyweb.together.hosting import Hosting
from spyweb.together.invite import Reply, reply_code

FRIEND = "another invitation"  # a friend's name that holds the words of another refusal


def host_with(friend: str) -> App:
    """Ana's table, seat 1 held by `friend` on another device."""
    app = App(MemoryStorage(), base_url="https://example.org/spygames/")
    app.route("#/espionage/deal/21")
    app.submit("start", {"players": "3", "seat0-kind": "human", "seat0-name": "Ana",
                         "seat1-kind": "friend", "seat1-name": friend,
                         "seat2-kind": "normal", "seat2-name": ""})  # fmt: skip
    target, _ = app.take_navigation()
    if target:
        app.route(target)
    return app


def opened_in_a_tab(host: App, reply: str) -> list[dict[str, object]]:
    """The host opens the reply link in a new tab: what the table's tab says back."""
    tab = App(host.ctx.saves.storage)
    tab.route("#" + reply.split("#", 1)[1])
    for message in tab.take_posts():
        host.tab_message(message)
    return [p for p in host.take_posts() if p.get("kind") == "reply-taken"]


def test_a_refusal_whose_words_say_another_invitation_is_still_answered() -> None:
    """The friend's reply opened twice: the second time the table says the friend is
    connecting already — in words that hold the friend's name, "another invitation" —
    and the tab that opened it hears so (it is not a reply for another table)."""
    host = host_with(FRIEND)
    reply = reply_from(friend_tab(MemoryStorage()), invitation(host), "tab")
    (first,) = opened_in_a_tab(host, reply)
    assert first["taken"] == "yes"
    (second,) = opened_in_a_tab(host, reply)
    assert second["taken"] == "no"
    assert second["words"] == f"{FRIEND} is connecting with this reply already."


@pytest.mark.parametrize("words", ["Not for this table.", "Sent to another invitation."])
def test_a_refusals_decision_holds_whatever_its_words(
    words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The words of every refusal changed: a reply for another table is still left to
    that table's tab, and one the table refuses for another reason is still answered,
    in the new words."""
    taken = Hosting.take_reply

    def reworded(self: Hosting, code: str, seat: int | None = None, *, tab: str = "") -> object:
        refusal = taken(self, code, seat, tab=tab)
        return None if refusal is None else replace(refusal, words=words)  # type: ignore[type-var]

    monkeypatch.setattr(Hosting, "take_reply", reworded)
    host = host_with("Ben")
    reply = reply_from(friend_tab(MemoryStorage()), invitation(host), "tab")
    other = reply_code(Reply("v=0", "x" * 16, 1))  # a reply to another table's invitation
    assert opened_in_a_tab(host, f"https://example.org/#/answer/{other}") == []
    (first,) = opened_in_a_tab(host, reply)
    assert first["taken"] == "yes"
    (again,) = opened_in_a_tab(host, reply)  # connecting with this reply already
    assert again["taken"] == "no" and again["words"] == words
