"""The host scans a friend's reply with the camera, where the browser can.

Chromium on desktop Linux has no `BarcodeDetector`, so these tests give the host's page
one (an init script: it "sees" whatever text the test puts in `window.scanned`) and a
camera (Chromium's fake device: `--use-fake-device-for-media-stream`, in a browser of
their own). The page must offer Scan there, open the camera in an overlay, connect Ben
from the code it reads, and stop the camera whatever happens (a code that is not a
reply, a refused camera, Cancel). Where the browser has no `BarcodeDetector` (the
shared browser, as shipped), there is no Scan button at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import (
    FLAGS,
    SHOTS,
    TESTED,
    Guard,
    boot,
    no_horizontal_scroll,
    open_page,
    wait_for,
)
from drivers.together import invite
from playwright.sync_api import Browser, Page, expect

FAKE_DETECTOR = """
window.scanned = null;  // what the fake camera's QR code says: the test sets it
window.BarcodeDetector = class BarcodeDetector {
  constructor(options) { this.formats = (options && options.formats) || []; }
  static async getSupportedFormats() { return ["qr_code"]; }
  async detect(source) {
    if (!(source instanceof HTMLVideoElement) || source.readyState < 2) {
      throw new DOMException("no picture yet", "InvalidStateError");
    }
    return window.scanned ? [{ rawValue: window.scanned, format: "qr_code" }] : [];
  }
};
window.cameraStreams = [];  // every stream the page opened, to see it stopped
const openCamera = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
navigator.mediaDevices.getUserMedia = async (constraints) => {
  window.cameraAsked = constraints;
  const stream = await openCamera(constraints);
  window.cameraStreams.push(stream);
  return stream;
};
"""
CAMERA_OFF = (
    "window.cameraStreams.length > 0 && "
    "window.cameraStreams.every(s => s.getTracks().every(t => t.readyState === 'ended'))"
)


@pytest.fixture(scope="module")
def camera_browser(browser: Browser) -> Iterator[Browser]:
    """A Chromium with a fake camera (a test pattern) that needs no one to allow it,
    launched by the shared browser's Playwright (one Playwright per process)."""
    flags = [*FLAGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]
    camera = browser.browser_type.launch(executable_path=TESTED, args=flags)
    yield camera
    camera.close()


def host_with_ben(page: Page, site_url: str) -> None:
    """Ana's table of three (Ben on another device, a bot), Ben invited."""
    boot(page, f"{site_url}#/espionage/deal/21")
    page.select_option("#esp-players", "3")
    for i, (name, kind) in enumerate([("Ana", "human"), ("Ben", "friend"), ("Cy", "normal")]):
        page.fill(f"#esp-seat{i}-name", name)
        page.select_option(f"#esp-seat{i}-kind", kind)
    page.click("#esp-start")


def scan(host: Page, text: str | None) -> None:
    """Press Scan; the camera shows in the overlay; then it "sees" `text` (if any)."""
    host.evaluate("() => { window.scanned = null; }")
    host.click("#friend-scan-1")
    expect(host.locator("#scan")).to_be_visible()
    wait_for(host, "document.querySelector('#scan-video')?.readyState >= 2", timeout=60_000)
    if text is not None:
        host.evaluate("text => { window.scanned = text; }", text)


def test_the_host_scans_bens_reply_and_ben_is_at_the_table(
    camera_browser: Browser, guard: Guard, site_url: str
) -> None:
    host = open_page(camera_browser, guard, viewport={"width": 1280, "height": 800})
    host.context.grant_permissions(["camera"])
    host.context.add_init_script(FAKE_DETECTOR)
    guest = open_page(camera_browser, guard, viewport={"width": 375, "height": 812})
    host_with_ben(host, site_url)
    link = invite(host)
    boot(guest, link)
    guest.click("#join-go")
    reply = guest.locator("#reply-code")
    expect(reply).to_have_value(re.compile(r"#/answer/spyr1\."), timeout=15_000)

    host.fill("#friend-reply-code-1", "half a reply")  # nothing typed is lost
    scan(host, None)  # Cancel: the camera stops, nothing is said
    host.click("#scan-cancel")
    expect(host.locator("#scan")).to_have_count(0)
    wait_for(host, CAMERA_OFF)
    expect(host.locator(".notice")).to_have_count(0)
    expect(host.locator("#friend-scan-1")).to_be_focused()

    scan(host, "https://example.org/not-a-reply")  # a code that is not a reply
    expect(host.locator(".notice")).to_contain_text("The code you scanned cannot connect Ben.")
    expect(host.locator("#scan")).to_have_count(0)
    wait_for(host, CAMERA_OFF)
    expect(host.locator("#friend-status-1")).to_contain_text("invited")
    expect(host.locator("#friend-reply-code-1")).to_have_value("half a reply")

    host.evaluate(  # the camera refused, once
        "() => { const open = navigator.mediaDevices.getUserMedia;"
        " navigator.mediaDevices.getUserMedia = () => {"
        " navigator.mediaDevices.getUserMedia = open;"
        " return Promise.reject(new DOMException('denied', 'NotAllowedError')); }; }"
    )
    host.click("#friend-scan-1")
    expect(host.locator(".notice")).to_contain_text("The camera was not allowed")
    expect(host.locator("#scan")).to_have_count(0)
    expect(host.locator("#friend-reply-code-1")).to_have_value("half a reply")

    scan(host, None)
    assert host.evaluate("window.cameraAsked.video.facingMode") == "environment"
    host.screenshot(path=str(SHOTS / "together-scan-desktop.png"))
    host.set_viewport_size({"width": 375, "height": 812})
    host.screenshot(path=str(SHOTS / "together-scan-phone.png"))
    assert no_horizontal_scroll(host)
    host.evaluate("text => { window.scanned = text; }", reply.input_value())
    expect(host.locator("#friend-status-1")).to_contain_text("at the table", timeout=15_000)
    expect(host.locator("#scan")).to_have_count(0)
    wait_for(host, CAMERA_OFF)
    expect(guest.locator("#join-bar")).to_contain_text("connected", timeout=15_000)
    expect(guest.locator("#esp-table")).to_be_visible()
    assert host.evaluate("window.cspViolations") == []
    host.context.close()
    guest.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def test_no_scan_button_where_the_browser_cannot_read_qr_codes(page: Page, site_url: str) -> None:
    host_with_ben(page, site_url)
    invite(page)
    assert page.evaluate("'BarcodeDetector' in window") is False
    expect(page.locator("#friend-reply-code-1")).to_be_visible()
    page.wait_for_timeout(500)  # the page had time to look for a camera
    expect(page.locator("#friend-scan-1")).to_have_count(0)


# The detector answers which formats it reads only when the test says so: the page's
# check (web/scanner.mjs's probe) then reports, and the screen is redrawn.
LATE_DETECTOR = FAKE_DETECTOR.replace(
    'static async getSupportedFormats() { return ["qr_code"]; }',
    "static async getSupportedFormats() {"
    " await new Promise((done) => { window.answerFormats = done; }); return ['qr_code']; }",
)


def test_choices_on_the_seats_form_survive_a_redraw(
    camera_browser: Browser, guard: Guard, site_url: str
) -> None:
    """A redraw of the seats form (here: the page learns it can scan) keeps how many
    players were chosen, each seat's kind and the names typed: nothing the player set
    goes back to what the page first drew."""
    page = open_page(camera_browser, guard, viewport={"width": 375, "height": 812})
    page.add_init_script(LATE_DETECTOR)
    boot(page, f"{site_url}#/espionage/deal/21")
    page.select_option("#esp-players", "3")
    page.select_option("#esp-seat1-kind", "friend")
    page.fill("#esp-seat2-name", "Cy")
    page.evaluate("document.querySelector('#esp-players').dataset.old = 'yes'")
    wait_for(page, "typeof window.answerFormats === 'function'")
    page.evaluate("window.answerFormats()")
    wait_for(page, "!document.querySelector('#esp-players').dataset.old")  # redrawn
    expect(page.locator("#esp-players")).to_have_value("3")
    expect(page.locator("#esp-seat1-kind")).to_have_value("friend")
    expect(page.locator("#esp-seat2-name")).to_be_visible()
    expect(page.locator("#esp-seat2-name")).to_have_value("Cy")
    page.context.close()
    assert not guard.problems, "\n".join(guard.problems)
