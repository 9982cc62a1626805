"""The app's side of the page in Python's worker (`spyweb/worker.py`) on CPython: what each
message from the page (web/page.mjs) makes the app send back — frames, writes to storage,
the timer, messages for other tabs — without a browser (the e2e suite drives the real
page)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from spyweb.app import App
from spyweb.browser.store import FULL, StorageFull
from spyweb.worker import Link, PageStorage, begin

DEAL = "#/deck-of-spies/deal/61"


class Page:
    """What the worker sent the page, in order."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def __call__(self, message: dict[str, Any]) -> None:
        json.dumps(message)  # everything sent must cross as JSON
        self.sent.append(message)

    def take(self, kind: str | None = None) -> list[dict[str, Any]]:
        sent, self.sent = self.sent, []
        return [m for m in sent if kind is None or m["t"] == kind]


def opened(where: str = DEAL, items: dict[str, str] | None = None) -> tuple[Link, Page]:
    page = Page()
    storage = PageStorage({} if items is None else items, page)
    link = Link(App(storage, base_url="https://example.org/spygames/"), page, storage)
    link.on({"t": "hash", "hash": where})
    return link, page


def test_an_address_draws_its_screen_with_its_title_number_and_keys() -> None:
    link, page = opened()
    (frame,) = page.take("frame")
    assert 'data-testid="deal"' in frame["html"] and "Deal #61" in frame["html"]
    assert frame["title"] == link.app.title and frame["screen"] == 1
    assert frame["keys"] == link.app.keys() and frame["keys"]  # the table's shortcuts
    # A deal's address becomes the game's (a reload resumes it), in place.
    assert frame["navigation"] == [None, "#/deck-of-spies"] and frame["effects"] == []
    assert link.where == "#/deck-of-spies"


def test_a_key_the_app_does_not_take_leaves_the_page_as_it_is() -> None:
    """A key sent before the app had answered the page's last message may be one the
    screen does not use: no redraw (it would swallow a focused button's Enter)."""
    link, page = opened()
    page.take()
    assert " " not in list(link.app.keys())  # not one of the screen's keys
    link.on({"t": "key", "key": " ", "seq": 7})
    (frame,) = page.take("frame")
    assert "html" not in frame and frame["seen"] == 7  # the page learns it was heard


def test_a_new_screen_gets_a_new_number_and_a_redraw_keeps_it() -> None:
    link, page = opened()
    page.take()
    link.on({"t": "done", "kind": "copy", "ok": True})  # the same table, drawn again
    assert [f["screen"] for f in page.take("frame")] == [1]
    link.on({"t": "hash", "hash": "#/saves"})
    assert [f["screen"] for f in page.take("frame")] == [2]


def test_every_write_goes_to_the_page_at_once() -> None:
    link, page = opened()
    writes = page.take("store")
    assert writes and all(w["value"] for w in writes)
    current = next(w for w in writes if w["key"] == "spygames:current:deck-of-spies")
    assert link.storage is not None and link.storage.items[current["key"]] == current["value"]
    link.storage.remove(current["key"])
    assert page.take("store") == [{"t": "store", "key": current["key"], "value": None}]
    link.storage.remove(current["key"])  # nothing there: nothing to say
    assert page.take("store") == []


def test_a_refused_write_says_the_table_is_not_saving_until_one_is_stored_again() -> None:
    """e2e/test_storage.py: "Your progress isn't being saved (browser storage is full)"."""
    link, page = opened()
    assert link.storage is not None
    key = next(k for k in link.storage.items if k.startswith("spygames:slot:"))
    page.take()
    link.on({"t": "stored", "ok": False, "key": key})
    assert link.app.ctx.saves.failing == FULL and key in link.storage.items  # as the app wrote it
    (frame,) = page.take("frame")
    assert "isn't being saved" in frame["html"]
    with pytest.raises(StorageFull):  # the page refuses for want of room: still asked
        link.storage.set("x", "1")
    assert page.take("store") == [{"t": "store", "key": "x", "value": "1"}]
    assert "x" not in link.storage.items  # refused, as far as the app knows
    link.on({"t": "stored", "ok": True, "key": "x"})  # room again
    assert link.app.ctx.saves.failing is None and not link.storage.full
    assert "isn't being saved" not in page.take("frame")[0]["html"]
    link.on({"t": "stored", "ok": True, "key": "x", "seq": 9})  # not full: nothing to redraw
    (frame,) = page.take("frame")
    assert "html" not in frame and frame["seen"] == 9  # but the message is answered


def test_a_browser_that_stores_nothing_refuses_every_write() -> None:
    page = Page()
    storage = PageStorage(None, page)
    with pytest.raises(PermissionError):
        storage.set("k", "v")
    assert storage.get("k") is None and storage.list_keys() == [] and page.sent == []


def test_what_other_tabs_write_is_kept_in_step() -> None:
    link, _ = opened()
    assert link.storage is not None
    link.on({"t": "storage", "key": "spygames:pref:x", "value": "1"})
    assert link.storage.get("spygames:pref:x") == "1"
    link.on({"t": "storage", "key": "spygames:pref:x", "value": None})
    assert link.storage.get("spygames:pref:x") is None
    link.on({"t": "storage", "key": None, "items": {"a": "b"}})  # cleared, then one key
    assert link.storage.items == {"a": "b"}


def test_a_link_the_app_follows_is_left_to_the_page_and_drawn_when_it_arrives() -> None:
    link, page = opened()
    page.take()
    link.guard(lambda: setattr(link.app.ctx, "goto", "#/saves"))
    (frame,) = page.take("frame")
    assert frame["navigation"] == ["#/saves", None] and "html" not in frame
    link.guard(lambda: setattr(link.app.ctx, "goto", link.where))  # already there: drawn
    (frame,) = page.take("frame")
    assert frame["navigation"] == [None, None] and "html" in frame


def test_a_bot_to_move_asks_for_a_tick_and_no_more_once_it_has_moved() -> None:
    values = {"players": "4", "seat0-kind": "human", "seat0-name": "Ann"}
    for seat in (1, 2, 3):
        values |= {f"seat{seat}-kind": "normal", f"seat{seat}-name": f"Bot {seat}"}
    for _ in range(30):  # a table where a bot opens (who opens is dealt at random)
        link, page = opened("#/espionage/new")
        page.take()
        link.on({"t": "submit", "act": "start", "values": values})
        target = page.take("frame")[-1]["navigation"][0]
        if target is not None:  # the page follows the link: routed, drawn
            link.on({"t": "hash", "hash": target})
        if link.app.pending_delay() is not None:
            break
    timers = [m for m in page.sent if m["t"] == "timer"]
    page.take()
    assert timers and timers[-1]["delay"] == max(0, link.app.pending_delay() or 0)
    for _ in range(40):  # the bots play until it is Ann's turn: each move asks for the next
        link.on({"t": "tick"})
        if link.app.pending_delay() is None:
            break
        assert page.take("timer")[-1]["delay"] is not None
    assert link.app.pending_delay() is None and page.take("timer") == []  # none was left set
    link.on({"t": "hash", "hash": "#/saves"})
    assert page.take("timer") == []
    link.on({"t": "hash", "hash": "#/espionage"})  # Ann's turn: still no timer
    assert page.take("timer") == []


def test_a_timer_set_for_a_screen_that_went_away_is_cancelled() -> None:
    link, page = opened("#/espionage/new")
    link.delay = 900  # the page holds a timer for a bot's move...
    link.on({"t": "hash", "hash": "#/saves"})  # ... and the table is gone
    assert page.take("timer") == [{"t": "timer", "delay": None}]


def test_what_this_tab_plays_is_said_to_the_others() -> None:
    _, page = opened()
    said = [json.loads(m["data"]) for m in page.take("tab")]
    assert said and all(isinstance(m, dict) for m in said)


def test_a_bug_becomes_a_message_on_the_page() -> None:
    link, page = opened()
    page.take()

    def broken() -> None:
        raise RuntimeError("boom")

    link.guard(broken)
    assert "Something went wrong (RuntimeError: boom)" in page.take("frame")[0]["html"]


def test_a_frame_picks_up_from_the_step_the_reader_is_on() -> None:
    """embed.html: Python takes over from embed.js at the step shown, and plays on."""
    page = Page()
    started = {"base": "https://example.org/spygames/embed.html",
               "href": "https://example.org/spygames/embed.html", "hash": "#/demo/dos-counter",
               "embed": {}, "share": False}  # fmt: skip
    link = begin(started, page)
    assert [m["t"] for m in page.take()] == ["mark", "ready"]
    link.on({"t": "resume", "step": 2, "playing": False, "pressed": ""})
    (frame,) = page.take("frame")
    assert 'data-step="2"' in frame["html"]


def test_the_page_waits_for_the_opened_games_code_and_its_early_messages_wait_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A first visit: the worker downloads the opened game's archive before the first
    frame (spyweb/browser/archives.py); what the page says meanwhile is answered after it, in
    order, and the other games' archives are asked for to come later."""
    from spyweb.browser import archives

    finder = archives.GameArchives("https://example.org/spygames/app/games", lambda url: b"")
    monkeypatch.setattr(finder, "unpack", lambda game, data: finder.loaded.add(game))

    def install(page: str, request: archives.Request, root: str = ".") -> archives.GameArchives:
        finder.request = request
        return finder

    monkeypatch.setattr(archives, "install", install)
    page = Page()
    started = {"base": "https://example.org/spygames/", "href": "https://example.org/spygames/",
               "hash": "#/espionage/new", "storage": {}, "share": False}  # fmt: skip
    link = begin(started, page)
    assert [(m["game"], m["soon"]) for m in page.take("archive")] == [
        ("espionage", True), ("deck-of-spies", False), ("spynet", False)
    ]  # fmt: skip
    link.on({"t": "hash", "hash": "#/", "seq": 1})  # the player went home meanwhile
    assert page.take("frame") == [] and page.take("ready") == []
    finder.arrived("espionage", b"PK")
    sent = page.take()
    assert [m["t"] for m in sent] == ["mark", "ready", "frame", "frame"]
    assert "esp-setup-form" in sent[2]["html"] and sent[3]["seen"] == 1
    assert "esp-setup-form" not in sent[3]["html"]  # then home, as the page asked


def test_a_frames_effects_go_ahead_of_its_drawing() -> None:
    """A move for a friend's device (a `peer-send`) leaves before the host's screen is
    drawn (issue 50: the friends wait on it, not on the host's redraw), in a frame with no
    `seen`, which the page takes as answering nothing yet (web/page.mjs keeps waiting)."""
    link, page = opened()
    page.take()
    rendered, render = [], link.app.render

    def counted() -> str:
        rendered.append(len(page.sent))  # what the page had been sent when the drawing began
        return render()

    link.app.render = counted  # type: ignore[method-assign]
    sends = lambda act, arg: link.app.ctx.effect("peer-send", "1", "move")  # noqa: E731
    link.app.click = sends  # type: ignore[method-assign,assignment]
    link.on({"t": "click", "act": "anything", "seq": 9})
    ahead, drawn = page.take("frame")
    assert ahead == {"t": "frame", "effects": [["peer-send", "1", "move"]],
                     "navigation": [None, None]}  # fmt: skip
    assert rendered == [1]  # drawn once the effects were on their way
    assert drawn["effects"] == [] and drawn["seen"] == 9 and "html" in drawn
    link.app.click = lambda act, arg: None  # type: ignore[method-assign,assignment]
    link.on({"t": "click", "act": "nothing", "seq": 10})  # no effect: one frame, as before
    (alone,) = page.take("frame")
    assert alone["seen"] == 10 and alone["effects"] == [] and "html" in alone


def test_a_timed_step_that_changed_nothing_is_not_drawn_and_the_next_is_asked_for() -> None:
    """A screen's `tick` that returns False (a review's slice between two marks of its
    progress) gets a frame with no drawing, and the next tick is asked for at once; one
    that returns None is drawn, as before."""
    link, page = opened()
    page.take()
    link.app.pending_delay = lambda: 0  # type: ignore[method-assign]
    link.app.tick = lambda: False  # type: ignore[method-assign,assignment]
    link.on({"t": "tick"})
    frame, timer = page.take()
    assert "html" not in frame and frame["effects"] == [] and frame["t"] == "frame"
    assert timer == {"t": "timer", "delay": 0}
    link.app.tick = lambda: None  # type: ignore[method-assign,assignment]
    link.on({"t": "tick"})
    assert "html" in page.take("frame")[0]
