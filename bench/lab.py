"""The Bot Lab, measured: Python ready (PyScript's worker, spygames installed by micropip)
on a cold and a warm visit (a returning one, once the Lab's snapshot is kept:
web/sandbox/kept.mjs), the bytes the page asked for, a match's games/s against the
same match on CPython (spygames.lab, same seed), and the page's longest main-thread task
while the match plays (target: none over 100 ms: the page never freezes); then the Lab in
a frame (lab/embed.html) that nobody runs: its bytes (target: under 100 KB) and no Python.

The match is the Espionage template against normal bots, two players; the quick run
plays 20 games, the full run 200.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from spygames.lab import Match, load

from .browser import LONGTASKS, StepFailed, filled

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "web" / "lab" / "templates" / "espionage.py"
SEED = 11
READY_MS = 180_000


def _ready(page: Page) -> float:
    started = time.perf_counter()
    page.wait_for_selector("#lab-python[data-state=ready], #lab-python[data-state=failed]",
                           timeout=READY_MS)  # fmt: skip
    if page.get_attribute("#lab-python", "data-state") != "ready":
        raise StepFailed(f"lab: Python did not start: {page.text_content('#lab-python')}")
    return (time.perf_counter() - started) * 1000


def _snapshot_kept(page: Page) -> None:
    kept = filled("""async () => {
      const cache = await caches.open(__LAB_STORE__);
      return !!(await cache.match(new URL(__LAB_KEY__, location.href).href));
    }""")
    for _ in range(600):
        if page.evaluate(kept):
            return
        page.wait_for_timeout(100)
    raise StepFailed("lab: no snapshot kept for the Lab's sandboxes after 60 s")


def run(browser: Browser, url: str, site: Path, games: int) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(LONGTASKS)
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    started = time.perf_counter()
    page.goto(f"{url}lab/")
    _ready(page)
    cold_ms = (time.perf_counter() - started) * 1000
    size = sum(_size(u, url, site) for u in set(asked))
    page.reload()  # the service worker in charge now: the Lab's snapshot is made
    _ready(page)
    _snapshot_kept(page)
    started = time.perf_counter()
    page.reload()
    _ready(page)
    warm_ms = (time.perf_counter() - started) * 1000
    restored = page.get_attribute("#lab-python", "data-snapshot") == "restored"
    page.fill("#lab-seed", str(SEED))
    page.fill("#lab-games", str(games))
    page.evaluate("window.__longtasks.length = 0")
    page.click("#lab-run")
    page.wait_for_selector("#lab-status:has-text('games in')", timeout=READY_MS)
    status = page.text_content("#lab-status") or ""
    found = re.search(r"(\d+) games in ([\d.]+) s", status)
    if not found or int(found.group(1)) != games:
        raise StepFailed(f"lab: the match did not finish: {status!r}")
    lab_rate = games / float(found.group(2))
    tasks = list(page.evaluate("window.__longtasks"))
    rate = page.text_content("#lab-rate") or ""
    context.close()
    match = Match(load(TEMPLATE.read_text()), "espionage", "normal", games, 2, SEED)
    started = time.perf_counter()
    list(match.play())
    cpython_rate = games / (time.perf_counter() - started)
    same = f"Won {match.won} of {games} " in rate
    return {"cold_ms": cold_ms, "warm_ms": warm_ms, "restored": restored, "bytes": size,
            "games": games,
            "lab_games_s": lab_rate, "cpython_games_s": cpython_rate, "same_result": same,
            "longtasks_ms": tasks, "embed": framed(browser, url, site)}  # fmt: skip


def framed(browser: Browser, url: str, site: Path) -> dict[str, Any]:
    """The Lab in a frame (lab/embed.html) that nobody runs: the bytes it asked for (on
    disk), and whether any of Python (anything under vendor/) was among them."""
    context = browser.new_context(viewport={"width": 640, "height": 620})
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"{url}lab/embed.html#espionage")
    page.wait_for_selector("#lab-title:has-text('Espionage')", timeout=READY_MS)
    page.wait_for_timeout(2000)  # anything late (a lazy import) counts too
    context.close()
    files = {u.split("#")[0] for u in asked}
    return {
        "bytes": sum(_size(u, url, site) for u in files),
        "python": sorted(u[len(url) :] for u in files if "/vendor/" in u),
    }


def _size(address: str, url: str, site: Path) -> int:
    """The size on disk of a file of the site the page asked for (0 for anything else)."""
    if not address.startswith(url):
        return 0
    path = site / address[len(url) :].split("#")[0].split("?")[0]
    return path.stat().st_size if path.is_file() else 0
