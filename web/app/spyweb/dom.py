"""The thin DOM layer: the only module that touches the page.

It wires the page's events to `App` (by event delegation on `#app`: elements carry
`data-act`/`data-arg`), puts `App.render()` on the page in one update per event,
adapts localStorage to the `Storage` protocol, and carries what other tabs of the site
say (a BroadcastChannel, the `storage` event) to the app. Any error is shown, never thrown.
"""

from __future__ import annotations

import contextlib
import json
import traceback
from typing import Any

from js import Object
from pyodide.ffi import JsException, create_once_callable, create_proxy, to_js
from pyscript import document, window

import spygames

from . import archives
from .app import App
from .markup import esc
from .screen import typing_in
from .store import StorageFull

MAX_FILE = 2_000_000  # bytes: larger files are not read at all
CHANNEL = "spygames"  # the BroadcastChannel every tab of the site shares


def is_null(value: Any) -> bool:
    """JS null arrives as pyodide's `jsnull` (not None) in this Pyodide."""
    return value is None or type(value).__name__ == "JsNull"


def given(field: Any) -> str:
    """A field's value as the page gave it: its default text, or a list's option marked
    selected (else its first)."""
    if str(field.tagName) != "SELECT":
        return str(field.defaultValue)
    options = field.options
    for i in range(int(options.length)):
        if options.item(i).defaultSelected:
            return str(options.item(i).value)
    return str(options.item(0).value) if int(options.length) else ""


class LocalStorage:
    def get(self, key: str) -> str | None:
        try:
            value = window.localStorage.getItem(key)
        except JsException:
            return None
        return None if is_null(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            window.localStorage.setItem(key, value)
        except JsException as exc:
            if "quota" in str(exc).lower():
                raise StorageFull(key) from exc
            raise

    def remove(self, key: str) -> None:
        with contextlib.suppress(JsException):
            window.localStorage.removeItem(key)

    def list_keys(self) -> list[str]:
        try:
            store = window.localStorage
            return [str(store.key(i)) for i in range(int(store.length))]
        except JsException:
            return []


class Page:
    def __init__(self, app: App, *, tabs: bool = False) -> None:
        self.root = document.getElementById("app")
        self.app = app
        self.channel: Any = None
        self.timer: Any = None
        self.dragging: str | None = None  # the data-arg of what is being dragged
        self.rtc: Any = None  # spyweb.rtc.Connections, once a table is played together
        self.scan: Any = None  # spyweb.scan.Scanner, where the browser can read QR codes
        self._proxies = [
            self._listen(self.root, "click", self.on_click),
            self._listen(self.root, "submit", self.on_submit),
            self._listen(self.root, "change", self.on_change),
            self._listen(self.root, "input", self.on_input),
            self._listen(self.root, "focusin", self.on_focus),
            self._listen(self.root, "dragstart", self.on_drag_start),
            self._listen(self.root, "dragover", self.on_drag_over),
            self._listen(self.root, "drop", self.on_drop),
            self._listen(document, "keydown", self.on_key),
            self._listen(window, "hashchange", self.on_hash),
        ]
        self._tick_proxy = create_proxy(self.on_tick)
        if tabs:
            self._proxies.append(self._listen(window, "storage", self.on_storage))
            if not is_null(getattr(window, "BroadcastChannel", None)):
                self.channel = window.BroadcastChannel.new(CHANNEL)
                self._proxies.append(self._listen(self.channel, "message", self.on_message))
        self.shown: Any = None  # the screen last drawn
        self.said = ""  # the log line last announced
        self.spoken = False  # a screen's own words were said since the last render
        self.live = document.getElementById("announcer")
        if is_null(self.live):
            self.live = document.createElement("div")
            self.live.id = "announcer"
            self.live.className = "sr-only"
            self.live.setAttribute("aria-live", "polite")
            document.body.appendChild(self.live)

    def _listen(self, target: Any, event: str, handler: Any) -> Any:
        proxy = create_proxy(handler)
        target.addEventListener(event, proxy)
        return proxy

    # -- events ------------------------------------------------------------------
    def on_hash(self, _event: Any = None) -> None:
        where = str(window.location.hash)  # routed once its game's code is in (archives.py)
        archives.when_loaded(where, lambda: self.guard(lambda: self.app.route(where)))

    def on_click(self, event: Any) -> None:
        # A form's data-act is for submit, a file input's for change (its click opens
        # the file chooser and must not be prevented).
        element = event.target.closest("[data-act]:not(form):not(input)")
        if is_null(element) or getattr(element, "disabled", False):
            return
        event.preventDefault()
        act, arg = str(element.dataset.act), str(getattr(element.dataset, "arg", None) or "")
        window.performance.mark("spy:input")
        self.guard(lambda: self.app.click(act, arg))

    def on_submit(self, event: Any) -> None:
        if getattr(event.target.dataset, "act", None):
            event.preventDefault()
            self._submit(event.target)

    def on_input(self, event: Any) -> None:
        """Text pasted into a form that says `data-paste-submits` (a friend's reply) is
        sent at once, as if its button had been pressed."""
        form: Any = getattr(event.target, "form", None)
        if str(getattr(event, "inputType", "")) != "insertFromPaste" or is_null(form):
            return
        if form.hasAttribute("data-paste-submits") and getattr(form.dataset, "act", None):
            self._submit(form)

    def _submit(self, form: Any) -> None:
        act = form.dataset.act
        values = {
            str(el.name): str(el.value)
            for el in form.elements
            if el.name and (str(el.type) not in ("checkbox", "radio") or el.checked)
        }
        window.performance.mark("spy:input")
        self.guard(lambda: self.app.submit(str(act), values))

    def on_change(self, event: Any) -> None:
        """A box ticked (a click for the app), or a file chosen for import: read it, then
        hand its text to the screen."""
        target = event.target
        act = getattr(target.dataset, "act", None)
        if str(getattr(target, "type", "")) == "checkbox" and act:
            arg = str(getattr(target.dataset, "arg", None) or "")
            self.guard(lambda: self.app.click(str(act), arg))
            return
        if str(getattr(target, "type", "")) != "file" or not act or not target.files.length:
            return
        file = target.files.item(0)
        target.value = ""  # choosing the same file again fires again
        if int(file.size) > MAX_FILE:
            self.guard(lambda: self.app.submit(str(act), {"too_big": "1"}))
            return

        def loaded(text: Any) -> None:
            self.guard(
                lambda: self.app.submit(str(act), {"name": str(file.name), "text": str(text)})
            )

        file.text().then(create_once_callable(loaded))

    def on_drag_start(self, event: Any) -> None:
        """A card picked up: remember it (the page is not redrawn during a drag)."""
        source = event.target.closest("[draggable=true][data-arg]")
        if is_null(source):
            return
        self.dragging = str(source.dataset.arg)
        event.dataTransfer.setData("text/plain", self.dragging)
        event.dataTransfer.effectAllowed = "move"

    def on_drag_over(self, event: Any) -> None:
        if self.dragging is not None and not is_null(event.target.closest("[data-drop-act]")):
            event.preventDefault()  # this element takes drops

    def on_drop(self, event: Any) -> None:
        target = event.target.closest("[data-drop-act]")
        dragged, self.dragging = self.dragging, None
        if is_null(target) or dragged is None:
            return
        event.preventDefault()
        act = str(target.dataset.dropAct)
        arg = str(getattr(target.dataset, "dropArg", None) or "")
        window.performance.mark("spy:input")
        self.guard(lambda: self.app.drop(dragged, act, arg))

    def on_focus(self, event: Any) -> None:
        """A link field selects itself, ready to copy."""
        target = event.target
        if not is_null(target) and target.hasAttribute("data-select"):
            target.select()

    def on_key(self, event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        if typing_in(str(target.tagName or ""), bool(getattr(target, "isContentEditable", False))):
            return
        key = str(event.key)
        try:
            used = bool(self.app.key(key))
        except Exception as exc:  # the page must survive any bug
            traceback.print_exc()
            self.app.ctx.notify(f"Something went wrong ({type(exc).__name__}: {exc}).")
            used = True
        if not used:
            # Leave the page as it is: re-rendering would replace the focused button
            # and swallow its own Enter/Space activation.
            return
        event.preventDefault()
        window.performance.mark("spy:input")
        self.guard(lambda: None)

    def on_storage(self, event: Any) -> None:
        """Another tab wrote to storage (a cleared storage has no key)."""
        key, value = event.key, event.newValue
        if not is_null(key) and not is_null(value):
            self.quiet_guard(lambda: self.app.storage_changed(str(key)))

    def on_message(self, event: Any) -> None:
        """Another tab said something on the channel (a JSON string)."""
        try:
            message = json.loads(str(event.data))
        except ValueError:
            return
        self.quiet_guard(lambda: self.app.tab_message(message))

    def quiet_guard(self, step: Any) -> None:
        """Like `guard` for what other tabs do: redraw only when it changed this page
        (a redraw would wipe a half-typed form)."""
        try:
            changed = bool(step())
        except Exception as exc:  # the page must survive any bug
            traceback.print_exc()
            self.app.ctx.notify(f"Something went wrong ({type(exc).__name__}: {exc}).")
            changed = True
        for effect in self.app.take_effects():  # a reply from another tab connects a friend
            self.run_effect(effect)
        if changed:
            self.render()
        else:
            self.post()

    def post(self) -> None:
        """Tell the other tabs what this one now plays."""
        for message in self.app.take_posts():
            if self.channel is not None:
                self.channel.postMessage(json.dumps(message))

    def on_tick(self) -> None:
        self.timer = None
        self.guard(self.app.tick)

    # -- output ------------------------------------------------------------------
    def guard(self, step: Any) -> None:
        """Run one event's work, then render once; an error becomes a message."""
        try:
            step()
        except Exception as exc:  # the page must survive any bug
            traceback.print_exc()
            self.app.ctx.notify(f"Something went wrong ({type(exc).__name__}: {exc}).")
        for effect in self.app.take_effects():
            self.run_effect(effect)
        target, in_place = self.app.take_navigation()
        if in_place is not None:
            window.history.replaceState(None, "", in_place)
        if target is not None and target != str(window.location.hash):
            window.location.hash = target  # hashchange routes and renders
            return
        self.render()

    def run_effect(self, effect: tuple[str, ...]) -> None:
        kind, payload = effect[0], effect[1:]
        if kind.startswith("peer-"):
            self.connections().run(kind, payload)
        elif kind.startswith("scan-"):
            self.scanner().run(kind, payload)
        elif kind == "announce":
            self.announce(payload[0])
        elif kind == "copy":
            self.copy(*payload)
        elif kind == "share":
            share = to_js(
                {"url": payload[0], "title": "spygames"}, dict_converter=Object.fromEntries
            )
            window.navigator.share(share).catch(create_proxy(lambda _error: None))
        elif kind == "share-text":
            share = to_js({"text": payload[0]}, dict_converter=Object.fromEntries)
            window.navigator.share(share).catch(create_proxy(lambda _error: None))
        elif kind == "download":
            name, text = payload
            blob = window.Blob.new(
                [text], to_js({"type": "application/json"}, dict_converter=Object.fromEntries)
            )
            url = window.URL.createObjectURL(blob)
            link = document.createElement("a")
            link.href, link.download = url, name
            document.body.appendChild(link)
            link.click()
            link.remove()
            window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)

    def connections(self) -> Any:
        """The page's WebRTC connections, set up on first use (playing together)."""
        if self.rtc is None:
            from .rtc import Connections  # loaded only when a table is played together

            def report(kind: str, key: str, payload: str) -> None:
                self.guard(lambda: self.app.peer(kind, key, payload))

            self.rtc = Connections(report)
        return self.rtc

    def scanner(self) -> Any:
        """The camera's QR code reader (spyweb/scan.py), set up on first use."""
        if self.scan is None:
            from .scan import Scanner  # loaded only where the browser has BarcodeDetector

            def report(kind: str, key: str, payload: str) -> None:
                self.guard(lambda: self.app.scanned(kind, key, payload))

            self.scan = Scanner(report)
        return self.scan

    def copy(self, text: str, field_id: str = "share-link") -> None:
        """The clipboard API where allowed, else the selected field and execCommand."""
        kinds = {
            "share-link": "copy",
            "daily-share": "copy-result",
            "reply-code": "copy-reply",
            "invite-link": "copy-invite",
        }
        kind = kinds.get(field_id, "copy-embed")

        def done(ok: bool) -> None:
            self.guard(lambda: self.app.effect_done(kind, ok))

        def fallback(_error: Any = None) -> None:
            field = document.getElementById(field_id)
            ok = False
            if not is_null(field):
                field.select()
                ok = bool(document.execCommand("copy"))
            done(ok)

        clipboard = getattr(window.navigator, "clipboard", None)
        if is_null(clipboard) or clipboard is None:
            fallback()
            return
        clipboard.writeText(text).then(create_proxy(lambda _v: done(True)), create_proxy(fallback))

    def announce(self, text: str) -> None:
        """Polite words a screen asked for (a bot's move, in words): they stand in for
        the log line this render would otherwise say."""
        self.live.textContent = text
        self.spoken = True

    def render(self) -> None:
        active = document.activeElement
        focused = str(active.id or "") if not is_null(active) else ""
        inside = not is_null(active) and bool(self.root.contains(active))
        screen = getattr(self.app, "screen", None)
        first, new_screen, self.shown = self.shown is None, screen is not self.shown, screen
        try:
            html = self.app.render()
        except Exception as exc:
            traceback.print_exc()
            html = (
                '<div class="notice" role="alert"><p>This screen could not be drawn '
                f"({esc(type(exc).__name__)}: {esc(exc)}).</p>"
                '<p><a href="#/">Back to the home page</a></p></div>'
            )
        typed = {} if new_screen else self.typed()
        if not (first and self.root.innerHTML == html):  # the home drawn before boot
            self.root.innerHTML = html
        for field_id, (value, default) in typed.items():  # what was typed survives a redraw
            field = document.getElementById(field_id)
            if not is_null(field) and given(field) == default and not field.matches("[readonly]"):
                field.value = value
        document.title = self.app.title
        wanted = self.root.querySelector("[data-autofocus]")
        if not is_null(wanted):
            wanted.focus()
        elif inside:
            self.refocus(focused, new_screen)
        self.announce_log(new_screen)
        self.post()
        window.performance.mark("spy:rendered")
        if window.performance.getEntriesByName("spy:input").length:
            window.performance.measure("spy:latency", "spy:input", "spy:rendered")
            window.performance.clearMarks("spy:input")
        self.schedule()

    def typed(self) -> dict[str, tuple[str, str]]:
        """What was typed or chosen in the screen's fields (a reply being pasted, a deal
        number, how many players), by id, with the value the page gave each (`given`): a
        redraw must not wipe it (it is put back where the field still has that value)."""
        found: dict[str, tuple[str, str]] = {}
        fields = self.root.querySelectorAll(
            "textarea:not([readonly]), select, input:not([readonly]):not([type=hidden])"
            ":not([type=checkbox]):not([type=radio]):not([type=file])"
        )
        for i in range(int(fields.length)):
            field = fields.item(i)
            value, default = str(field.value), given(field)
            if field.id and value != default:
                found[str(field.id)] = (value, default)
        return found

    def refocus(self, focused: str, new_screen: bool) -> None:
        """Focus was in the part just redrawn: put it back on the same control if it is
        still there and usable, else on the screen's main action (its first enabled
        primary button), else on its heading; on a new screen, on its heading. Never
        leave it on the page's body, where a keyboard player would start over."""
        again = None if new_screen or not focused else document.getElementById(focused)
        if not is_null(again) and again is not None and not getattr(again, "disabled", False):
            again.focus()
            return
        selectors = ("h1", "h2") if new_screen else (".btn-primary:not([disabled])", "h1", "h2")
        for selector in selectors:
            target = self.root.querySelector(selector)
            if not is_null(target):
                if selector.startswith("h"):
                    target.setAttribute("tabindex", "-1")
                target.focus()
                return

    def announce_log(self, new_screen: bool) -> None:
        """Say the newest line of the screen's log (`[role=log]`, newest first) in the
        polite live region that lives outside `#app`: a region redrawn with the screen
        would be new each time, and screen readers do not announce new regions."""
        entry = self.root.querySelector("[role=log] li")
        text = "" if is_null(entry) else " ".join(str(entry.textContent).split())
        if text and text != self.said and not new_screen and not self.spoken:
            self.live.textContent = text
        self.said, self.spoken = text, False

    def schedule(self) -> None:
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        delay = self.app.pending_delay()
        if delay is not None:
            self.timer = window.setTimeout(self._tick_proxy, max(0, delay))


def start() -> None:
    page = Page(
        App(
            LocalStorage(),
            base_url=str(window.location.href).split("#")[0],
            can_share=bool(getattr(window.navigator, "share", None)),
        ),
        tabs=True,
    )
    motion = window.matchMedia("(prefers-reduced-motion: reduce)")
    page.app.ctx.reduced_motion = bool(motion.matches)
    if not is_null(getattr(window, "BarcodeDetector", None)):
        page.scanner().probe()  # a Scan button where a QR code can be read (scan.py)
    document.getElementById("version").textContent = spygames.__version__
    document.documentElement.dataset.ready = "true"
    page.on_hash()
