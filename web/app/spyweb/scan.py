"""Scanning a QR code with the device's camera, for playing together: the host scans a
friend's reply. Another module that touches the page (beside dom.py and rtc.py), and
only for this; loaded only where the browser has a `BarcodeDetector`.

Scanning is offered only where it can work: `probe()` reports `able` once the browser's
`BarcodeDetector` reads `qr_code` and a camera is there (else it says nothing, and the
page shows no Scan button). A screen asks for the camera with page effects:

- `scan-start KEY TITLE`: open the camera (the back one on a phone) in an overlay with
  TITLE, a video and Cancel, and look for a QR code every EVERY_S seconds;
- `scan-stop KEY`: close it, if it scans for KEY.

What happens comes back to `App.scanned(kind, key, payload)`: `able`; `read` (the text
of the first QR code seen, once the camera is stopped); `failed` (the browser's reason,
as its error's name: `NotAllowedError` for a camera refused, `NotFoundError` for none...)
and `cancelled`. The overlay lives outside `#app`, so the page's redraws (a bot's move)
leave the video alone; whatever happens, the camera is stopped before it is reported.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from js import Object, document, navigator, window
from pyodide.ffi import JsException, create_proxy, to_js

from .markup import esc

EVERY_S = 0.2  # between two looks for a code in the video

Report = Callable[[str, str, str], None]


def _js(value: Any) -> Any:
    return to_js(value, dict_converter=Object.fromEntries)


def _missing(value: Any) -> bool:
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def _reason(exc: BaseException) -> str:
    """The name of the browser's error (`NotAllowedError`...), else its words."""
    name = getattr(exc, "name", None)
    return str(name) if isinstance(name, str) and name else str(exc).split(":")[0][:80]


class Scanner:
    def __init__(self, report: Report) -> None:
        self.report = report
        self.key = ""  # what the scan is for (a seat's number), while one is open
        self.stream: Any = None  # the camera's MediaStream, while it runs
        self.overlay: Any = None
        self.back = ""  # the id of the control to give the focus back to
        self.listening: list[tuple[Any, str, Any]] = []
        self.working: set[asyncio.Future[None]] = set()

    def probe(self) -> None:
        """Report `able` if a QR code can be scanned here (once; nothing if not)."""
        self._spawn(self._probe())

    async def _probe(self) -> None:
        detector: Any = getattr(window, "BarcodeDetector", None)
        media: Any = getattr(navigator, "mediaDevices", None)
        if _missing(detector) or _missing(media) or _missing(getattr(media, "getUserMedia", None)):
            return
        formats = await detector.getSupportedFormats()
        if "qr_code" not in [str(f) for f in formats]:
            return
        with contextlib.suppress(JsException, AttributeError):  # cannot tell: try it
            devices = await media.enumerateDevices()
            if not any(str(device.kind) == "videoinput" for device in devices):
                return
        self.report("able", "", "")

    def run(self, kind: str, payload: tuple[str, ...]) -> None:
        """Carry out one `scan-…` effect."""
        if kind == "scan-start":
            key, title = payload[0], payload[1]
            self.stop()
            self.key, self.back = key, str(document.activeElement.id or "")
            self._show(title)
            self._spawn(self._scan(key))
        elif kind == "scan-stop" and self.key and payload[:1] in ((), (self.key,)):
            self.stop()

    def _spawn(self, work: Any) -> None:
        async def guarded() -> None:
            try:
                await work
            except Exception as exc:  # any browser refusal: told, never thrown
                if self.key:
                    key = self.key
                    self.stop()
                    self.report("failed", key, _reason(exc))

        task = asyncio.ensure_future(guarded())
        self.working.add(task)  # held until done (a task only weakly held may vanish)
        task.add_done_callback(self.working.discard)

    def _listen(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        target.addEventListener(event, proxy)
        self.listening.append((target, event, proxy))

    def _show(self, title: str) -> None:
        overlay = document.createElement("div")
        overlay.id, overlay.className = "scan", "scan-overlay"
        overlay.setAttribute("role", "dialog")
        overlay.setAttribute("aria-modal", "true")
        overlay.setAttribute("aria-labelledby", "scan-title")
        overlay.innerHTML = (
            f'<div class="scan-box"><h2 id="scan-title">{esc(title)}</h2>'
            '<video id="scan-video" class="scan-video" muted playsinline autoplay></video>'
            '<p class="scan-status" id="scan-status">Starting the camera…</p>'
            '<button type="button" class="btn" id="scan-cancel">Cancel</button></div>'
        )
        document.body.appendChild(overlay)
        self.overlay = overlay
        cancel = overlay.querySelector("#scan-cancel")
        self._listen(cancel, "click", lambda _event: self._cancel())
        self._listen(overlay, "keydown", self._key)
        cancel.focus()

    def _key(self, event: Any) -> None:
        """Keys in the overlay are its own (not the table's shortcuts); Escape cancels,
        Tab stays on Cancel, the only control."""
        event.stopPropagation()
        if str(event.key) in ("Escape", "Tab"):
            event.preventDefault()
            if str(event.key) == "Escape":
                self._cancel()

    def _say(self, words: str) -> None:
        if self.overlay is not None:
            self.overlay.querySelector("#scan-status").textContent = words

    async def _scan(self, key: str) -> None:
        constraints = {"video": {"facingMode": "environment"}, "audio": False}
        stream = await navigator.mediaDevices.getUserMedia(_js(constraints))
        if self.key != key or self.overlay is None:  # cancelled while the camera started
            for track in stream.getTracks():
                track.stop()
            return
        self.stream = stream
        video = self.overlay.querySelector("#scan-video")
        video.srcObject = stream
        with contextlib.suppress(JsException):
            await video.play()
        self._say("Hold the code steady in the frame, about an arm’s length away.")
        detector = window.BarcodeDetector.new(_js({"formats": ["qr_code"]}))
        while self.stream is stream:
            await asyncio.sleep(EVERY_S)
            if self.stream is not stream:
                return
            try:
                codes = await detector.detect(video)
            except JsException:
                continue  # no picture yet
            if self.stream is stream and codes.length:
                text = str(codes[0].rawValue)
                self.stop()
                self.report("read", key, text)
                return

    def _cancel(self) -> None:
        key = self.key
        self.stop()
        self.report("cancelled", key, "")

    def stop(self) -> None:
        """Stop the camera and close the overlay (silently: nothing is reported)."""
        stream, self.stream, self.key = self.stream, None, ""
        if stream is not None:
            for track in stream.getTracks():
                track.stop()
        loop = asyncio.get_event_loop()
        for target, event, proxy in self.listening:
            target.removeEventListener(event, proxy)
            loop.call_soon(proxy.destroy)  # not while it runs (Cancel's click stops)
        self.listening.clear()
        overlay, self.overlay = self.overlay, None
        if overlay is not None:
            overlay.querySelector("#scan-video").srcObject = None
            overlay.remove()
            back: Any = document.getElementById(self.back) if self.back else None
            if not _missing(back):
                back.focus()
