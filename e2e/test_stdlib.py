"""The trimmed standard library's safety net in a real browser (spyweb/browser/stdlib.py): a page
whose trimmed zip lacks a module the app imports fetches the full zip once and plays on.
(Every other e2e test fails if a page fetches the full zip: the trimming missed nothing.)"""

from __future__ import annotations

import io
import lzma
import zipfile

import pytest
from conftest import BOOT_TIMEOUT, Guard, open_page
from drivers import espionage as esp
from playwright.sync_api import Browser, Request, Route, expect

pytestmark = pytest.mark.fresh  # routed requests the service worker must not answer

TRIMMED = "vendor/pyodide/python_stdlib.zip"


def without_secrets(trimmed: bytes) -> bytes:
    """The trimmed zip with `secrets` (which the UI's saves import)
    left out too, and named in `_left_out_stdlib` as the build names what it leaves out."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(trimmed)) as old, zipfile.ZipFile(out, "w") as new:
        names = old.namelist()
        assert "secrets.pyc" in names and "_left_out_stdlib.pyc" in names
        for info in old.infolist():
            if info.filename not in ("secrets.pyc", "_left_out_stdlib.pyc"):
                new.writestr(info, old.read(info))
        new.writestr("_left_out_stdlib.py", 'LEFT_OUT = frozenset({"secrets"})\n')
    return out.getvalue()


def test_a_module_the_trimming_left_out_is_fetched_once_and_the_table_plays(
    browser: Browser, guard: Guard, site_url: str
) -> None:
    page = open_page(browser, guard, service_workers="block")  # every file from the server
    served = without_secrets(page.context.request.get(site_url + TRIMMED).body())
    # A first visit downloads the zip's .xz copy (web/tools/packed.py), CRC32 checked.
    packed = lzma.compress(served, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32)

    def trimmed_more(route: Route) -> None:
        route.fulfill(body=packed, content_type="application/octet-stream")

    page.route(f"**/{TRIMMED}.xz", trimmed_more)
    full: list[Request] = []
    page.on("request", lambda r: full.append(r) if "python_stdlib_full" in r.url else None)
    page.goto(site_url + "#/espionage/new")
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
    esp.start(page, ("Ana", "human"), ("Cy", "easy"))
    expect(page.locator("#esp-table")).to_contain_text("Ana")
    assert len(full) == 1
    page.context.close()
    left = [p for p in guard.problems if "trimmed standard library" not in p]
    assert not left, "\n".join(left)
