"""The app's side of the page, run in a worker: Python never runs on the page's main
thread, so a click or a scroll on the page drawn before boot is answered while Python
starts (web/page.mjs is the page's side; web/worker.mjs starts Python and carries the
messages).

The page sends what happened as plain messages (`on`: a click, a form's values, a key,
an address, another tab's write...), and gets back what to do (`send`): a *frame* per
event — the screen's HTML and title, the effects a screen asked for (copy, share, a
connection to another device, the camera), where to navigate, the keys the screen now
answers (the page must decide at once whether a key press is the app's) — and each
write to storage as it is made. Nothing here touches the page or imports `js`: it runs
on CPython in the unit tests as it runs in the worker.

`localStorage` exists only on the page: the worker keeps a copy (`PageStorage`), given
whole when the page starts it and kept in step by every write (sent at once) and by
what other tabs write (the page forwards the `storage` event). A write the browser
refuses (its quota used up) is reported back; the table then says it isn't saving, as
it did when the refusal was synchronous.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .browser.markup import esc

if TYPE_CHECKING:
    from .app import App

# The app's modules are imported by `begin`, once the standard library's safety net is in
# (spyweb/browser/stdlib.py): this module is imported first, and must import nothing the trimmed
# standard library might lack.
Send = Callable[[dict[str, Any]], None]


class PageStorage:
    """The `Storage` protocol over the worker's copy of the page's localStorage; None
    as `items` for a page whose browser stores nothing (every write is refused)."""

    def __init__(self, items: dict[str, str] | None, send: Send) -> None:
        self.items = items
        self.send = send
        self.full = False  # the page's last write was refused for want of room

    def get(self, key: str) -> str | None:
        return None if self.items is None else self.items.get(key)

    def set(self, key: str, value: str) -> None:
        if self.items is None:
            raise PermissionError("this browser does not let the page store anything")
        self.send({"t": "store", "key": key, "value": value})
        if self.full:  # refused, as the page's last write was; tried there all the same,
            from .browser.store import StorageFull  # and the page says when one fits again

            raise StorageFull(key)
        self.items[key] = value

    def remove(self, key: str) -> None:
        if self.items is not None and self.items.pop(key, None) is not None:
            self.send({"t": "store", "key": key, "value": None})

    def list_keys(self) -> list[str]:
        return [] if self.items is None else list(self.items)

    def changed(self, key: str | None, value: str | None, items: dict[str, str] | None) -> None:
        """The page's storage as it now is: one key (another tab's write, or what the page
        kept after refusing ours), or every key (`items`, after a clear)."""
        if self.items is None:
            return
        if key is None:
            self.items = dict(items or {})
        elif value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = value


class Link:
    """One page's app, driven by the page's messages."""

    def __init__(self, app: App, send: Send, storage: PageStorage | None = None) -> None:
        self.app = app
        self.send = send
        self.storage = storage
        self.shown: Any = None  # the screen last drawn
        self.screen = 0  # its number: the page keeps what was typed while it stays
        self.delay: int | None = None  # the timer the page's worker keeps for `tick`
        self.where = "#/"  # the page's address (its hash), as the page last said
        self.seen = 0  # the number of the page's last message (each frame says it)
        self.answered = False  # whether a frame has answered the message being handled
        # Until the first frame (`begin`: the opened game's archive is in), the page's
        # messages wait here, in order.
        self.started = True
        self.early: list[dict[str, Any]] = []

    # -- what the page says ----------------------------------------------------------
    def on_page(self, text: str) -> None:
        """A message from the page, as JSON (web/worker.mjs)."""
        self.on(json.loads(text))

    def on(self, message: dict[str, Any]) -> None:
        """Each message is answered by a frame (the page waits for one), but an address
        whose game's code is still downloading: its frame comes once it is in."""
        if not self.started:
            self.early.append(message)
            return
        self.seen = int(message.get("seq") or self.seen)
        self.answered = False
        self.dispatch(message)
        if not self.answered and message.get("t") != "hash":
            self.frame([], navigation=(None, None))

    def archive(self, game: str, data: Any, problem: str = "") -> None:
        """The worker's download of a game's archive (spyweb/browser/archives.py): its bytes (a
        buffer of the page's, or bytes), or None and why not."""
        from .browser import archives

        if archives.ACTIVE is not None:
            content = None if data is None else bytes(getattr(data, "to_bytes", lambda: data)())
            archives.ACTIVE.arrived(game, content, problem)

    def dispatch(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        app = self.app
        if kind == "hash":
            self.where = str(message["hash"])
            self.route(self.where)
        elif kind == "click":
            self.guard(lambda: app.click(str(message["act"]), str(message.get("arg") or "")))
        elif kind == "submit":
            values = {str(k): str(v) for k, v in dict(message["values"]).items()}
            self.guard(lambda: app.submit(str(message["act"]), values))
        elif kind == "drop":
            dragged, act = str(message["dragged"]), str(message["act"])
            self.guard(lambda: app.drop(dragged, act, str(message.get("arg") or "")))
        elif kind == "key":
            self.key(str(message["key"]))
        elif kind == "tick":
            self.delay = None
            self.guard(app.tick, quiet=True)
        elif kind == "done":
            self.guard(lambda: app.effect_done(str(message["kind"]), bool(message["ok"])))
        elif kind == "peer":
            self.guard(lambda: app.peer(*self._report(message)))
        elif kind == "scanned":
            self.guard(lambda: app.scanned(*self._report(message)))
        elif kind == "storage":
            self.stored_elsewhere(message)
        elif kind == "stored":
            self.stored(bool(message["ok"]))
        elif kind == "tab":
            self.heard(str(message["data"]))
        elif kind == "resume":
            self.resume(message)
        elif kind == "yours":  # your bot's answer (web/yours.mjs): the table takes it
            from .tables import yours

            _, key, payload = self._report(message)
            self.guard(lambda: yours.answered(app.ctx, key, payload))
        elif kind == "yours-games":  # the tab's bots from the Lab, the page shown again
            app.ctx.yours = {str(g) for g in message.get("games") or []}

    @staticmethod
    def _report(message: dict[str, Any]) -> tuple[str, str, str]:
        return str(message["kind"]), str(message["key"]), str(message.get("payload") or "")

    def route(self, where: str) -> None:
        """Show the screen for an address, once its game's code is in (browser/archives.py)."""
        from .browser import archives

        archives.when_loaded(
            where, lambda: self.guard(lambda: self.app.route(where)), lambda: self.where
        )

    def key(self, key: str) -> None:
        """A key pressed outside the page's fields: one the last frame listed as the app's,
        or one pressed before the app had answered what came before. A key the app does
        not take leaves the page as it is: a redraw would replace the focused button and
        swallow its own Enter or Space."""
        try:
            used = bool(self.app.key(key))
        except Exception as exc:  # the page must survive any bug
            traceback.print_exc()
            self.app.ctx.notify(went_wrong(exc))
            used = True
        if used:
            self.guard(lambda: None)
        else:
            self.frame([], navigation=(None, None))

    def stored_elsewhere(self, message: dict[str, Any]) -> None:
        """Another tab wrote to storage (a cleared storage has no key)."""
        key, value = message.get("key"), message.get("value")
        if self.storage is not None:
            self.storage.changed(key, value, message.get("items"))
        if key is not None and value is not None:
            self.quiet_guard(lambda: self.app.storage_changed(str(key)))

    def stored(self, ok: bool) -> None:
        """The page refused a write for want of room (`ok` False), or, after refusing,
        stored one again. The copy keeps what the app wrote until then, which the app goes
        on from (the table plays on); from then on a write is refused at once, as the
        browser's own refusal was, until the page says one fitted. (That one, which the
        app took as refused, is on the page but not in the copy: the next write, made from
        the copy, replaces it.)"""
        if self.storage is None:
            return
        from .browser.store import FULL

        saves = self.app.ctx.saves
        if not ok:
            self.storage.full = True
            if saves.failing != FULL:
                saves.failing = FULL
                self.guard(lambda: None)
        elif self.storage.full:
            self.storage.full = False
            if saves.failing == FULL:
                saves.failing = None
                self.guard(lambda: None)

    def resume(self, message: dict[str, Any]) -> None:
        """In a frame: carry on from the step the reader is on, and do what they pressed
        while Python was loading (embed.js stepped through the demo until now)."""
        resume = getattr(self.app, "resume", None)
        if resume is not None:
            step, playing = int(message.get("step") or 0), bool(message.get("playing"))
            pressed = str(message.get("pressed") or "")
            self.guard(lambda: resume(step, playing=playing, pressed=pressed))

    def heard(self, data: str) -> None:
        """Another tab said something on the channel (a JSON string)."""
        try:
            message = json.loads(data)
        except ValueError:
            return
        self.quiet_guard(lambda: self.app.tab_message(message))

    # -- what the page is told -------------------------------------------------------
    def guard(self, step: Callable[[], Any], *, quiet: bool = False) -> None:
        """Run one event's work, then draw once; an error becomes a message. With `quiet`,
        a step that returns False (nothing the screen shows has changed) and asks for
        nothing else is not drawn: the page is left as it is and the next timed step is
        asked for (a review's slices between two marks of its progress: issue 50, a
        SpyNet review drew its screen after each 30 ms slice, some 400 times, to move its
        bar 52 times)."""
        try:
            unchanged = step() is False and quiet
        except Exception as exc:  # the page must survive any bug
            traceback.print_exc()
            self.app.ctx.notify(went_wrong(exc))
            unchanged = False
        effects = self.app.take_effects()
        target, in_place = self.app.take_navigation()
        if unchanged and not effects and target is None and in_place is None:
            self.frame([], navigation=(None, None))
            self.schedule()
            return
        if in_place is not None:
            self.where = in_place
        if target is not None and target != self.where:
            # The page goes there (a new history entry); its hashchange routes and draws.
            self.frame(effects, navigation=(target, in_place))
            return
        self.frame(effects, navigation=(None, in_place), draw=True)

    def quiet_guard(self, step: Callable[[], Any]) -> None:
        """Like `guard` for what other tabs do: draw only when it changed this page (a
        redraw would wipe a half-typed form)."""
        try:
            changed = bool(step())
        except Exception as exc:  # the page must survive any bug
            traceback.print_exc()
            self.app.ctx.notify(went_wrong(exc))
            changed = True
        self.frame(self.app.take_effects(), navigation=(None, None), draw=changed)

    def frame(
        self,
        effects: list[tuple[str, ...]],
        *,
        navigation: tuple[str | None, str | None],
        draw: bool = False,
    ) -> None:
        self.answered = True
        if draw and effects:
            # The effects go ahead of the drawing, which they would precede on the page
            # anyway: a move for another device is on its way while this screen is drawn
            # (a frame with no `seen` answers nothing yet: the page still waits).
            self.send(
                {"t": "frame", "effects": [list(e) for e in effects], "navigation": [None, None]}
            )
            effects = []
        frame: dict[str, Any] = {"t": "frame", "effects": [list(e) for e in effects]}
        frame["seen"] = self.seen
        frame["navigation"] = list(navigation)
        if draw:
            screen = getattr(self.app, "screen", None)
            if screen is not self.shown:
                self.shown, self.screen = screen, self.screen + 1
            frame.update(html=self.draw(), title=self.app.title, screen=self.screen)
            frame["keys"] = self.app.keys()
        self.send(frame)
        for message in self.app.take_posts():  # what this tab now plays, for the others
            self.send({"t": "tab", "data": json.dumps(message)})
        if draw:
            self.schedule()

    def draw(self) -> str:
        try:
            return self.app.render()
        except Exception as exc:
            traceback.print_exc()
            from spygames.i18n import _

            # translators: {error} is the error's name and its words, in English (a bug)
            said = _(
                "This screen could not be drawn ({error}).",
                error=f"{esc(type(exc).__name__)}: {esc(exc)}",
            )
            back = _("Back to the home page")
            return (
                f'<div class="notice" role="alert"><p>{said}</p>'
                f'<p><a href="#/">{back}</a></p></div>'
            )

    def schedule(self) -> None:
        """Ask for a `tick` when the screen has a timed step (a bot to move)."""
        delay = self.app.pending_delay()
        if delay is not None or self.delay is not None:
            self.delay = None if delay is None else max(0, delay)
            self.send({"t": "timer", "delay": self.delay})


def went_wrong(exc: Exception) -> str:
    """What the player is told of a bug: its error's name and words, for a report."""
    from spygames.i18n import _  # here: this module imports nothing of the app's first

    # translators: {error} is the error's name and its words, in English (a bug)
    return _("Something went wrong ({error}).", error=f"{type(exc).__name__}: {exc}")


def begin(started: dict[str, Any], send: Send) -> Link:
    """Start the app for the page that said `started` (web/page.mjs): its address, its
    storage, what its browser can do. A standard module the site's trimmed standard
    library left out is then fetched from the full one (`spyweb/browser/stdlib.py`), and a game's
    modules from that game's archive (`spyweb/browser/archives.py`): the worker downloads the one
    the address opens before the first frame, the others once the first is drawn (but in
    an embed). The page's messages wait until the first frame has been drawn, as they
    came."""
    from .browser.stdlib import install

    base, where = str(started["base"]), str(started["hash"])
    install(base)
    import spygames

    from .app import App
    from .browser import archives

    def request(game: str, url: str, soon: bool) -> None:
        send({"t": "archive", "game": game, "url": url, "soon": soon})

    games = archives.install(base, request)
    opened = archives.opened_by(where)
    ready = {"t": "ready", "version": spygames.__version__}
    if started.get("embed") is not None:
        link = embedded(started, send)

        def first() -> None:
            link.app.route(link.where)
            send(ready)  # the page answers: "resume"

    else:
        storage = PageStorage(started.get("storage"), send)
        app = App(storage, base_url=str(started["href"]), can_share=bool(started["share"]))
        app.ctx.can_vibrate = started.get("vibrate") is True
        app.ctx.reduced_motion = bool(started.get("reducedMotion"))
        app.ctx.yours = {str(g) for g in started.get("yours") or []}
        link = Link(app, send, storage)
        link.where = where

        def first() -> None:
            send(ready)  # the page is then marked ready (and keeps a snapshot of Python)
            link.route(link.where)

    link.started = False

    def start() -> None:
        for game in opened:
            spygames.get_game(game)  # its rules, imported here rather than in the first draw
        send({"t": "mark", "name": "spy:imported"})
        link.started = True
        first()
        for message in link.early:
            link.on(message)
        link.early.clear()

    if games is None:
        start()
        return link
    games.want(opened, start)
    if started.get("embed") is None:  # a rules demo on someone's page plays its game only
        games.want([g for g in spygames.GAMES if g not in opened], soon=False)
    return link


def embedded(started: dict[str, Any], send: Send) -> Link:
    """embed.html's frame: everything in memory (no localStorage at all). It picks up
    where the page's script left the reader (the page's `resume`: the step shown and the
    button pressed while Python was loading)."""
    from .embed import EmbedApp

    app = EmbedApp(base_url=str(started["href"]))
    link = Link(app, send)
    link.where = str(started["hash"])
    return link


def speak(lang: str, catalogue: Any) -> None:
    """Speak `lang` from the first frame on: its compiled catalogue, as the page
    downloaded it (a JavaScript Uint8Array). A catalogue that is not one raises (the
    page then stays in English)."""
    from spygames import i18n

    i18n.use(lang, bytes(catalogue.to_py()) if hasattr(catalogue, "to_py") else catalogue)


def begin_from_page(text: str, send_text: Callable[[str], None]) -> Link:
    """`begin` as web/worker.mjs calls it (each message a JSON string)."""
    return begin(json.loads(text), lambda message: send_text(json.dumps(message)))
