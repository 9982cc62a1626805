"""Installable and offline first: one visit is enough to play offline, and a new version
waits for the player's Reload instead of switching under a game in progress.

The worker's own signal is used, never a sleep: `navigator.serviceWorker.ready` (the new
worker has finished installing, i.e. precaching) and its cache holding every file of the
list the build wrote into sw.js.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest
import service_worker
from conftest import BOOT_TIMEOUT, ROOT, Guard, boot, copy_site, open_page, origin_of, wait_for
from drivers.offline import WORKER_TIMEOUT, worker_caches
from drivers.snapshot import snapshot_kept
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError
from server import SiteServer
from service_worker import cache_name

import spygames

sys.path.insert(0, str(ROOT / "web" / "tools"))
import build_site

pytestmark = pytest.mark.fresh  # the service worker's first install and updates, offline

DEAL = 7  # a Deck of Spies deal whose first legal move the engine tells us


def worker_build(page: Page, url: str) -> tuple[str, list[str]]:
    """The build hash and precache list written into the served sw.js."""
    build, files = service_worker.worker_build(page.request.get(url + "sw.js").text())
    return build, list(files)


def fetch_text(page: Page, path: str) -> str:
    """A file as the page gets it: through the worker controlling it."""
    return str(page.evaluate("(path) => fetch(path).then((r) => r.text())", path))


def reload_ready(page: Page) -> None:
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)


def play_first_move(page: Page, actions_before: int) -> None:
    """Click the cards of the deal's first legal move and the action: the table answers."""
    move = spygames.get_game("deck-of-spies").new(seed=DEAL).legal_actions()[0]
    for card in move["cards"]:
        page.click(f"#card-{card}")
        expect(page.locator(f"#card-{card}")).to_have_attribute("aria-pressed", "true")
    page.click(f"#act-{move['type']}")
    expect(page.locator(".dos")).to_have_attribute("data-actions", str(actions_before + 1))


def open_deal(page: Page, url: str) -> None:
    """Deal `DEAL` on the page already booted at `url` (the route then becomes the table)."""
    page.goto(f"{url}#/deck-of-spies/deal/{DEAL}")
    expect(page.locator(".dos")).to_have_attribute("data-actions", "0")
    wait_for(page, "location.hash === '#/deck-of-spies'")


def test_one_visit_is_enough_to_play_offline(page: Page, site_url: str) -> None:
    build, files = worker_build(page, site_url)
    boot(page, site_url)
    page.evaluate("window.firstLoad = true")
    assert worker_caches(page) == {cache_name(site_url, build): len(files)}
    # The worker took this page over without reloading it (no one asked).
    wait_for(page, "navigator.serviceWorker.controller !== null")
    assert page.evaluate("window.firstLoad === true")
    # Everything boot fetched is in the precache list.
    fetched = page.evaluate(
        "performance.getEntriesByType('resource').map((e) => e.name.split(/[?#]/)[0])"
    )
    missed = {name[len(site_url) :] for name in fetched if name.startswith(site_url)} - set(files)
    assert not missed, f"fetched at boot but not precached: {sorted(missed)}"

    page.context.set_offline(True)
    reload_ready(page)
    expect(page.locator(".tile")).to_have_count(3)
    # A game screen boots offline too, and plays.
    page.goto("about:blank")
    boot(page, f"{site_url}#/deck-of-spies/deal/{DEAL}")
    expect(page.locator(".dos")).to_have_attribute("data-actions", "0")
    play_first_move(page, 0)
    # A rules demo in a frame that starts its engine at once (?run=1, docs/embedding.md):
    # the query string does not stop the worker from answering with embed.html.
    boot(page, f"{site_url}embed.html?run=1#/demo/dos-necessary")
    page.click("#demo-try")
    expect(page.locator("#demo-live")).to_be_visible()
    for card in ("2C", "3H"):  # a legal payment for the demo's 5♣
        page.click(f"#card-{card}")
    page.click("#act-counter")
    expect(page.locator(".dos")).to_have_attribute("data-actions", "1")


# The offline copy's Python WebAssembly replaced with other bytes (its headers kept, as a page
# script could), then asked for as Python's worker asks for it: with its integrity. Says
# whether that request failed, and the copy's length after it.
POISON_WASM = """async (integrity) => {
  const names = (await caches.keys()).filter((n) => n.startsWith("spygames /"));
  const cache = await caches.open(names[0]);
  const key = new URL("vendor/pyodide/pyodide.asm.wasm", location.href).href;
  const kept = await cache.match(key);
  await cache.put(key, new Response(new Uint8Array(4096).fill(7), { headers: kept.headers }));
  let failed = false;
  try { await (await fetch(key, { integrity })).arrayBuffer(); } catch { failed = true; }
  return [failed, (await (await cache.match(key)).arrayBuffer()).byteLength];
}"""
KEPT_WASM = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith("spygames /"));
  const key = new URL("vendor/pyodide/pyodide.asm.wasm", location.href).href;
  return (await (await (await caches.open(names[0])).match(key)).arrayBuffer()).byteLength;
}"""


def test_the_runtime_handed_over_unread_is_checked_and_mended(
    page: Page, site_url: str, guard: Guard
) -> None:
    """Python's worker asks for the boot's downloads with their integrity, and the service
    worker hands its copies over unread (web/sw.js `claims`): other bytes in its cache
    fail the request in the browser, never reach Python, and are mended on the way back."""
    boot(page, site_url)
    wait_for(page, "navigator.serviceWorker.controller !== null")
    worker = fetch_text(page, "worker.mjs")
    found = re.search(r'"\./vendor/pyodide/pyodide\.asm\.wasm": "(sha256-[^"]+)"', worker)
    assert found, "worker.mjs has no integrity for the runtime's WebAssembly"
    size = page.evaluate(KEPT_WASM)
    # Handed over as kept, unread: the browser, not the service worker, refused the bytes.
    assert page.evaluate(POISON_WASM, found.group(1)) == [True, 4096]
    page.goto("about:blank")
    boot(page, f"{site_url}#/deck-of-spies/deal/{DEAL}")  # Python starts: the build's bytes
    expect(page.locator(".dos")).to_have_attribute("data-actions", "0")
    assert page.evaluate(KEPT_WASM) == size  # and the copy is the build's again
    # Chromium says so, twice a refusal: for the test's request, then the worker's.
    said = [p for p in guard.problems if "integrity" not in p]
    assert len(said) < len(guard.problems), guard.problems
    guard.problems[:] = said


def new_version(site: Path, mark: str) -> tuple[str, list[str]]:
    """Deploy another version of `site`: one changed file (app.css), sw.js rebuilt."""
    css = site / "styles" / "app.css"
    css.write_text(css.read_text() + f"\n/* {mark} */\n")
    build, files = build_site.write_service_worker(site)
    return build, files


# A JS expression: a new worker has installed and waits (the update is ready).
INSTALLED = (
    "navigator.serviceWorker.getRegistration()"
    ".then((r) => !!r && !!r.waiting && r.waiting.state === 'installed')"
)


# Where a switch to the new version stands (said when Reload did not reload).
SWITCHING = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  return {
    banner: !document.getElementById("update").hidden,
    focused: document.activeElement && document.activeElement.id,
    waiting: reg && reg.waiting && reg.waiting.state,
    active: reg && reg.active && reg.active.state,
    controller: navigator.serviceWorker.controller && navigator.serviceWorker.controller.state,
  };
}"""


def test_a_new_version_waits_for_the_players_reload(
    browser: Browser, own_site: tuple[Path, SiteServer]
) -> None:
    site, server = own_site
    url = server.url
    guard = Guard(origin_of(url))
    page = open_page(browser, guard)
    try:
        # Version A, mid-game.
        build_a, files = worker_build(page, url)
        boot(page, url)
        assert worker_caches(page) == {cache_name(url, build_a): len(files)}
        wait_for(page, "navigator.serviceWorker.controller !== null")
        assert snapshot_kept(page, url)  # its worker's downloads are done (test_snapshot.py)
        open_deal(page, url)
        page.evaluate("window.sameLoad = true")
        banner = page.locator("#update")
        expect(banner).to_be_hidden()

        # Version B is deployed: a changed file and the worker rebuilt for it.
        build_b, files_b = new_version(site, "version B")
        assert build_b != build_a and files_b == files

        # The tab comes back into view: the page looks for an update and has it ready,
        # but offers it only at a calm moment: not while a friend's device is connected
        # (stood in for here by the page's own signal, page.mjs's spygamesCalm)...
        server.requests.clear()
        page.evaluate(
            "window.friendConnected = true; const calm = window.spygamesCalm;"
            " window.spygamesCalm = () => !window.friendConnected && calm()"
        )
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        wait_for(page, INSTALLED, timeout=WORKER_TIMEOUT)
        page.wait_for_timeout(4000)  # more than boot.js's CALM_MS: it has looked again
        expect(banner).to_be_hidden()
        page.evaluate("window.friendConnected = false")  # the friend has gone
        expect(banner).to_be_visible(timeout=10_000)
        expect(banner).to_contain_text("A new version is ready")
        expect(banner).to_contain_text("your games are kept")
        # ...having downloaded the new worker and the one changed file, nothing else: the
        # other files came from version A's cache, whose copies have the same hash.
        changed = sorted(set(server.requests))
        assert changed == ["/spygames/styles/app.css", "/spygames/sw.js"], changed
        expect(page.locator(".update[role=status]")).to_have_count(1)
        # ...without switching or reloading: the game goes on with version A.
        assert page.evaluate("window.sameLoad === true")
        assert "version B" not in fetch_text(page, "./styles/app.css")
        play_first_move(page, 0)

        # Dismissed, it goes; a reload alone keeps version A and offers B again.
        page.click("#update-dismiss")
        expect(banner).to_be_hidden()
        reload_ready(page)
        expect(banner).to_be_visible(timeout=WORKER_TIMEOUT)
        assert "version B" not in fetch_text(page, "./styles/app.css")
        expect(page.locator(".dos")).to_have_attribute("data-actions", "1")

        # Reload, by keyboard: the page reloads once into version B, the game kept.
        # (focused and pressed in one step: a frame drawn in between could move the focus)
        try:
            with page.expect_navigation(timeout=BOOT_TIMEOUT):
                page.locator("#update-reload").press("Enter")
        except PlaywrightError as error:
            raise AssertionError(f"Reload did not reload: {page.evaluate(SWITCHING)}") from error
        page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
        assert "version B" in fetch_text(page, "./styles/app.css")
        assert worker_caches(page) == {cache_name(url, build_b): len(files_b)}
        expect(banner).to_be_hidden()
        expect(page.locator(".dos")).to_have_attribute("data-actions", "1")

        # Version B plays offline.
        page.context.set_offline(True)
        reload_ready(page)
        assert "version B" in fetch_text(page, "./styles/app.css")
        expect(page.locator(".dos")).to_have_attribute("data-actions", "1")
        page.click("#act-end-turn")  # (Undo would not do: the next spy is in view)
        expect(page.locator(".dos")).to_have_attribute("data-actions", "2")
    finally:
        page.context.close()
    assert not guard.problems, "\n".join(guard.problems)


EARLIER_WORKERS = """async ([ours, theirs]) => {
    // Caches as the workers of earlier versions named them ("spygames-<build>"): one of
    // this copy's scope (it holds its index.html), one of the other copy's.
    for (const [name, scope] of [["spygames-0ld0ur5", ours], ["spygames-0ldth31r5", theirs]]) {
        const cache = await caches.open(name);
        await cache.put(scope + "index.html", new Response("<!doctype html>"));
    }
    return (await caches.keys()).sort();
}"""


def test_two_copies_on_one_origin_keep_their_own_offline_copies(
    browser: Browser, pytestconfig: pytest.Config, tmp_path: Path
) -> None:
    """GitHub Pages serves every project site of a user from one origin: a second copy of
    the app (a fork, a preview) at another sub-path keeps its offline copy while this one
    is visited and updated, and both play offline."""
    if pytestconfig.getoption("--base-url"):
        pytest.skip("needs the built _site/ to make a second copy of it")
    ours = copy_site(tmp_path / "ours")
    theirs = copy_site(tmp_path / "theirs")
    new_version(theirs, "their build")
    with SiteServer(ours, more={"/spygames-next/": theirs}) as server:
        url, other = server.url, server.origin + "/spygames-next/"
        guard = Guard(origin_of(url))
        page = open_page(browser, guard)
        try:
            # A page of the same origin, outside both scopes: a plain page with no icon to
            # ask for (a 404 page made the browser ask for /favicon.ico too, and the
            # console's report of that 404 came at any time, as a problem of the app's).
            outside = server.origin + "/not-an-app"
            plain = '<!doctype html><link rel="icon" href="data:,">'
            page.route(outside, lambda route: route.fulfill(content_type="text/html", body=plain))
            page.goto(outside)
            page.unroute(outside)
            assert len(page.evaluate(EARLIER_WORKERS, [url, other])) == 2
            build_o, files = worker_build(page, url)
            build_t, _ = worker_build(page, other)
            # Their copy is visited, then ours: each drops the earlier cache of its own
            # scope and nobody else's.
            boot(page, other)
            mine = {cache_name(other, build_t): len(files)}
            assert worker_caches(page) == {**mine, "spygames-0ld0ur5": 1}
            boot(page, url)
            assert worker_caches(page) == {**mine, cache_name(url, build_o): len(files)}
            # Ours updates, twice; their copy stays.
            open_deal(page, url)
            for mark in ("update 1", "update 2"):
                build_o, _ = new_version(ours, mark)
                page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
                expect(page.locator("#update")).to_be_visible(timeout=WORKER_TIMEOUT)
                with page.expect_navigation():
                    page.click("#update-reload")
                page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
                assert worker_caches(page) == {**mine, cache_name(url, build_o): len(files)}
            # Offline, both copies start and play.
            page.context.set_offline(True)
            for site_url in (url, other):
                page.goto("about:blank")
                boot(page, f"{site_url}#/deck-of-spies/deal/{DEAL}")
                expect(page.locator(".dos")).to_have_attribute("data-actions", "0")
                play_first_move(page, 0)
                assert "update 2" in fetch_text(page, "./styles/app.css") or site_url == other
        finally:
            page.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def test_no_file_points_at_a_source_map_the_site_lacks(pytestconfig: pytest.Config) -> None:
    """Vendored scripts end with `//# sourceMappingURL=…`; the build strips those comments,
    as it leaves the maps out: a browser's developer tools would get a 404 for each."""
    if pytestconfig.getoption("--base-url"):
        pytest.skip("reads the built _site/")
    site = Path(os.environ.get("SPYGAMES_SITE", ROOT / "_site"))
    pointing = [
        f"{path.relative_to(site)} -> {target}"
        for path in site.rglob("*")
        if path.suffix in (".js", ".mjs", ".css")
        for target in re.findall(r"sourceMappingURL=(\S+?)(?: \*/)?$", path.read_text(), re.M)
        if not (path.parent / target).is_file()
    ]
    assert not pointing, pointing


def image_size(page: Page, src: str) -> list[int]:
    return list(
        page.evaluate(
            """(src) => new Promise((resolve, reject) => {
                const img = new Image();
                img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
                img.onerror = () => reject(new Error("cannot load " + src));
                img.src = src;
            })""",
            src,
        )
    )


def test_installable(players_browser: Browser, guard: Guard, site_url: str) -> None:
    """In the whole browser (the headless shell has no app identity or installability)."""
    page = open_page(players_browser, guard)
    build, files = worker_build(page, site_url)
    boot(page, site_url)
    assert page.get_attribute("link[rel=manifest]", "href") == "./manifest.webmanifest"
    assert page.get_attribute("meta[name=theme-color]", "content")
    response = page.request.get(site_url + "manifest.webmanifest")
    assert response.ok
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(response.text())
    assert manifest["name"] == "spygames" and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["theme_color"] and manifest["background_color"]
    # Every icon loads at the size it claims; 192 and 512 PNGs and a maskable one exist.
    kinds = set()
    for icon in manifest["icons"]:
        assert icon["src"].startswith("./")
        width, height = image_size(page, icon["src"])
        if icon["sizes"] != "any":
            assert f"{width}x{height}" == icon["sizes"], icon
        kinds.add((icon["type"], icon["sizes"], icon.get("purpose", "any")))
    for size in ("192x192", "512x512"):
        assert ("image/png", size, "any") in kinds
    assert any(purpose == "maskable" for _, _, purpose in kinds)
    apple = page.get_attribute("link[rel=apple-touch-icon]", "href") or ""
    assert image_size(page, apple) == [180, 180]
    # A worker with a fetch handler controls the page; Chromium finds nothing missing.
    assert worker_caches(page) == {cache_name(site_url, build): len(files)}
    wait_for(page, "navigator.serviceWorker.controller !== null")
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == site_url + "sw.js"
    cdp = page.context.new_cdp_session(page)
    parsed = cdp.send("Page.getAppManifest")
    assert not parsed.get("errors"), parsed["errors"]
    assert parsed["url"] == site_url + "manifest.webmanifest"
    # The app's identity is this copy's own, under its sub-path, not the origin's: the
    # manifest names no id (one would be resolved against the origin), so it is start_url.
    assert cdp.send("Page.getAppId")["appId"] == site_url
    # Playwright's contexts are incognito, which Chromium never installs from; any other
    # reason (no manifest, no suitable icon, bad start_url or display...) fails the test.
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
    page.context.close()
    assert not guard.problems, "\n".join(guard.problems)
