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
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import BOOT_TIMEOUT, ROOT, Guard, boot, open_page, origin_of
from playwright.sync_api import Browser, Page, expect
from server import SiteServer
from service_worker import SETTLE

import spygames

sys.path.insert(0, str(ROOT / "web" / "tools"))
import build_site

DEAL = 7  # a Deck of Spies deal whose first legal move the engine tells us
WORKER_TIMEOUT = 60_000


def worker_build(page: Page, url: str) -> tuple[str, list[str]]:
    """The build hash and precache list written into the served sw.js."""
    text = page.request.get(url + "sw.js").text()
    build = re.search(r'const BUILD = "([0-9a-f]+)";', text)
    files = re.search(r"const PRECACHE = (\[.*?\]);", text, re.S)
    assert build and files, "sw.js lacks its build hash or precache list"
    return build.group(1), list(json.loads(files.group(1)))


def worker_caches(page: Page) -> dict[str, int]:
    """The caches once the worker has settled: {name: number of files}."""
    page.evaluate(SETTLE)
    found = page.wait_for_function("window.workerCaches", timeout=WORKER_TIMEOUT)
    return dict(found.json_value())


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
    page.wait_for_function("location.hash === '#/deck-of-spies'")


def test_one_visit_is_enough_to_play_offline(page: Page, site_url: str) -> None:
    build, files = worker_build(page, site_url)
    boot(page, site_url)
    page.evaluate("window.firstLoad = true")
    assert worker_caches(page) == {f"spygames-{build}": len(files)}
    # The worker took this page over without reloading it (no one asked).
    page.wait_for_function("navigator.serviceWorker.controller !== null")
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


@pytest.fixture
def own_site(pytestconfig: pytest.Config, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of `_site/` on its own server (its own origin), for the test to change."""
    if pytestconfig.getoption("--base-url"):
        pytest.skip("needs the built _site/ to make a second version of it")
    site = tmp_path / "site"
    shutil.copytree(Path(os.environ.get("SPYGAMES_SITE", ROOT / "_site")), site)
    with SiteServer(site) as server:
        yield site, server.url


def test_a_new_version_waits_for_the_players_reload(
    browser: Browser, own_site: tuple[Path, str]
) -> None:
    site, url = own_site
    guard = Guard(origin_of(url))
    page = open_page(browser, guard)
    try:
        # Version A, mid-game.
        build_a, files = worker_build(page, url)
        boot(page, url)
        assert worker_caches(page) == {f"spygames-{build_a}": len(files)}
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        open_deal(page, url)
        page.evaluate("window.sameLoad = true")
        banner = page.locator("#update")
        expect(banner).to_be_hidden()

        # Version B is deployed: a changed file and the worker rebuilt for it.
        css = site / "styles" / "app.css"
        css.write_text(css.read_text() + "\n/* version B */\n")
        build_b, files_b = build_site.write_service_worker(site)
        assert build_b != build_a

        # The tab comes back into view: the page looks for an update and offers it...
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        expect(banner).to_be_visible(timeout=WORKER_TIMEOUT)
        expect(banner).to_contain_text("A new version is ready")
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
        page.focus("#update-reload")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
        assert "version B" in fetch_text(page, "./styles/app.css")
        assert worker_caches(page) == {f"spygames-{build_b}": len(files_b)}
        expect(banner).to_be_hidden()
        expect(page.locator(".dos")).to_have_attribute("data-actions", "1")

        # Version B plays offline.
        page.context.set_offline(True)
        reload_ready(page)
        assert "version B" in fetch_text(page, "./styles/app.css")
        expect(page.locator(".dos")).to_have_attribute("data-actions", "1")
        page.click("#btn-undo")
        expect(page.locator(".dos")).to_have_attribute("data-actions", "0")
    finally:
        page.context.close()
    assert not guard.problems, "\n".join(guard.problems)


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


def test_installable(page: Page, site_url: str) -> None:
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
    assert worker_caches(page) == {f"spygames-{build}": len(files)}
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == site_url + "sw.js"
    cdp = page.context.new_cdp_session(page)
    parsed = cdp.send("Page.getAppManifest")
    assert not parsed.get("errors"), parsed["errors"]
    assert parsed["url"] == site_url + "manifest.webmanifest"
    # Playwright's contexts are incognito, which Chromium never installs from; any other
    # reason (no manifest, no suitable icon, bad start_url or display...) fails the test.
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
