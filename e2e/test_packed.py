"""The .xz copies of the boot's largest files (web/tools/packed.py, web/python.mjs): a
first visit downloads the copies and Python's worker decodes them; once the service
worker is in charge, a visit reads the plain files it keeps and downloads nothing; a copy
that is missing falls back to the plain file; one that is damaged stops the boot with its
message."""

from __future__ import annotations

import pytest
from conftest import BOOT_TIMEOUT, SNAPSHOT_KEPT, Guard, boot, open_page, python_worker, wait_for
from playwright.sync_api import Browser, Page, Request, Route, expect

pytestmark = pytest.mark.fresh  # a first visit's downloads, some routed

PACKED = (
    "vendor/pyodide/pyodide.asm.wasm",
    "vendor/pyodide/python_stdlib.zip",
    "dist/spygames-0.1.0-py3-none-any.whl",
    "app/spyweb.zip",
)


def asked(requests: list[Request], site_url: str) -> set[str]:
    return {r.url.replace(site_url, "").split("?")[0] for r in requests}


def test_a_first_visit_downloads_the_copies_and_a_later_one_the_workers_files(
    page: Page, site_url: str
) -> None:
    requests: list[Request] = []
    page.on("request", lambda r: requests.append(r))
    boot(page, site_url + "#/espionage/new")
    first = asked(requests, site_url)
    assert page.get_attribute("html", "data-download") == "xz"
    for path in PACKED:
        assert path + ".xz" in first and path not in first, path
    assert {"vendor/xz/unxz.js", "vendor/xz/xz.wasm"} <= first
    # decoded in Python's worker, not on the page's main thread (which never loads it)
    python = python_worker(page)
    assert python.evaluate("typeof spygamesUnxz") == "function"
    assert page.evaluate("typeof spygamesUnxz") == "undefined"
    expect(page.locator("#esp-setup-form")).to_be_visible()

    wait_for(page, "navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
    # The other games' archives, which the first visit downloads once the page is drawn:
    # all asked for and in, before the reload that counts what a later visit downloads.
    games = {f"app/games/{game}.zip.xz" for game in ("deck-of-spies", "spynet")}
    for _ in range(BOOT_TIMEOUT // 100):
        if games <= asked(requests, site_url):
            break
        page.wait_for_timeout(100)
    for request in requests:
        if "/app/games/" in request.url:
            request.response()
    assert page.evaluate(SNAPSHOT_KEPT)  # the snapshot's worker, which fetches them too: done
    requests.clear()
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
    again = asked(requests, site_url)
    assert page.get_attribute("html", "data-download") == "plain"
    assert not [p for p in again if p.endswith(".xz") or p.startswith("vendor/xz/")], again
    for r in requests:
        if r.url.replace(site_url, "") in PACKED:
            response = r.response()
            assert response and response.from_service_worker, r.url  # none from the network
    expect(page.locator("#esp-setup-form")).to_be_visible()


@pytest.mark.parametrize(
    ("missing", "plain"),
    [
        ("app/spyweb.zip.xz", {"app/spyweb.zip"}),  # a copy: that file, plain
        ("vendor/xz/unxz.js", set(PACKED)),  # the decoder: every file, plain
    ],
)
def test_what_cannot_be_downloaded_falls_back_to_the_plain_files(
    browser: Browser, guard: Guard, site_url: str, missing: str, plain: set[str]
) -> None:
    page = open_page(browser, guard, service_workers="block")
    page.route(f"**/{missing}", lambda route: route.fulfill(status=404, body="not here"))
    requests: list[Request] = []
    page.on("request", lambda r: requests.append(r))
    boot(page, site_url + "#/espionage/new")
    expect(page.locator("#esp-setup-form")).to_be_visible()
    assert plain <= asked(requests, site_url)  # after the 404
    page.context.close()
    left = [p for p in guard.problems if "404" not in p and "unxz.js" not in p]
    assert not left, "\n".join(left)


def test_a_damaged_copy_stops_the_boot_with_its_message(
    browser: Browser, guard: Guard, site_url: str
) -> None:
    page = open_page(browser, guard, service_workers="block")
    wasm = "vendor/pyodide/pyodide.asm.wasm.xz"
    damaged = bytearray(page.context.request.get(site_url + wasm).body())
    damaged[len(damaged) // 2] ^= 0x10

    def serve(route: Route) -> None:
        route.fulfill(body=bytes(damaged), content_type="application/octet-stream")

    page.route(f"**/{wasm}", serve)
    page.goto(site_url + "#/deck-of-spies")
    box = page.locator("#boot-error")
    expect(box).to_be_visible(timeout=BOOT_TIMEOUT)
    assert "couldn't start" in box.inner_text()
    assert page.get_attribute("html", "data-ready") is None
    page.unroute(f"**/{wasm}")
    page.click("#boot-reload")  # the file as served now: the game starts
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
    expect(page.locator(".dos")).to_be_visible()
    page.context.close()
    left = [p for p in guard.problems if "does not decode" not in p and "wasm" not in p.lower()]
    assert not left, "\n".join(left)
