"""Python from a memory snapshot on a warm visit (web/python.mjs, web/snapshot.mjs): a
first visit has a worker keep one once the page is ready; the next visit restores it and
plays on; a snapshot that fails to restore, or one of another build, never stops a page.
"""

from __future__ import annotations

import pytest
from conftest import BOOT_TIMEOUT, boot, play_first_dos_action
from drivers.snapshot import HEADER, KEPT, STORE, snapshot_build
from playwright.sync_api import ConsoleMessage, Page, expect

import spygames

pytestmark = pytest.mark.fresh  # the first visit's Python snapshot

DEAL = 7
# The kept entry: [its build header, its length]; with `memory`, also the length of the
# memory it packs (web/python.mjs keeps it without its pages of zeros: "SPY1", then that).
ENTRY = """async ([store, header, memory]) => {
  const [key] = await (await caches.open(store)).keys();
  const found = key && (await (await caches.open(store)).match(key));
  if (!found) return null;
  const bytes = await found.arrayBuffer();
  const told = [found.headers.get(header), bytes.byteLength];
  return memory ? [...told, new DataView(bytes).getUint32(4, true)] : told;
}"""
# Put `bytes` zero bytes under the snapshot's address with the build header `build`.
PUT = """async ([store, header, build, bytes]) => {
  const key = new URL("vendor/pyodide/python.snapshot", document.baseURI).href;
  const body = new Uint8Array(bytes).fill(7);
  await (await caches.open(store)).put(key, new Response(body, { headers: { [header]: build } }));
}"""


def restored(page: Page) -> bool:
    return bool(page.evaluate("performance.getEntriesByName('python:snapshot').length"))


def open_deal(page: Page, url: str) -> None:
    boot(page, f"{url}#/deck-of-spies/deal/{DEAL}")
    expect(page.locator(".dos")).to_have_attribute("data-actions", "0")


def reload(page: Page) -> None:
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)


def test_a_warm_visit_starts_python_from_the_snapshot_and_plays_on(
    page: Page, site_url: str
) -> None:
    build = snapshot_build(page, site_url)
    state = spygames.get_game("deck-of-spies").new(seed=DEAL)
    open_deal(page, site_url)
    assert not restored(page)  # a first visit has nothing to restore
    play_first_dos_action(page, state)
    assert page.evaluate(KEPT, build) == build
    _, size, memory = page.evaluate(ENTRY, [STORE, HEADER, True])
    assert memory > 16_000_000, memory  # Python's whole memory, not a stub
    assert 4_000_000 < size < memory * 0.6, (size, memory)  # kept without its zero pages
    reload(page)
    assert restored(page)
    # The game in progress came back, and plays on in the restored Python.
    expect(page.locator(".dos")).to_have_attribute("data-actions", "1")
    play_first_dos_action(page, state)


def test_a_snapshot_that_fails_to_restore_is_refused_and_the_page_plays(
    page: Page, site_url: str
) -> None:
    build = snapshot_build(page, site_url)
    warnings: list[str] = []

    def warned(message: ConsoleMessage) -> None:
        if message.type == "warning":
            warnings.append(message.text)

    page.on("console", warned)
    boot(page, site_url)
    assert page.evaluate(KEPT, build) == build
    # This build's snapshot, broken: the page starts Python afresh and says why.
    page.evaluate(PUT, [STORE, HEADER, build, 4096])
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    open_deal(page, site_url)
    reload(page)
    assert not restored(page)
    assert any("did not restore" in text for text in warnings), warnings
    play_first_dos_action(page, spygames.get_game("deck-of-spies").new(seed=DEAL))
    # Refused for this build: no worker makes one again at every visit.
    assert page.evaluate(ENTRY, [STORE, HEADER, False]) == [build + " refused", 0]
    reload(page)
    assert not restored(page)
    page.wait_for_timeout(3000)  # well past when the worker would start (idle, ≤ 5 s)
    assert not [url for url in requests if url.endswith("/snapshot.mjs")], requests


def test_a_snapshot_of_another_build_is_replaced_not_restored(page: Page, site_url: str) -> None:
    build = snapshot_build(page, site_url)
    open_deal(page, site_url)
    assert page.evaluate(KEPT, build) == build
    page.evaluate(PUT, [STORE, HEADER, "0123456789abcdef", 4096])  # an earlier version's
    reload(page)
    assert not restored(page)
    assert page.evaluate(KEPT, build) == build
    reload(page)
    assert restored(page)
