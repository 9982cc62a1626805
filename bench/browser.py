"""Browser figures: boot (app vs floor, cold and warm), bytes, latency, long tasks, Pyodide.

Headless Debian Chromium against the bench site served on loopback under a sub-path.
"""

from __future__ import annotations

import gzip
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "e2e"))
from conftest import CHROMIUM, FLAGS, TESTED  # noqa: E402
from conftest import SNAPSHOT_KEPT as SNAPSHOT_KEPT  # noqa: E402 (the warm visits wait for it)
from conftest import saved_record_js as saved_record_js  # noqa: E402 (used by play)
from server import SiteServer  # noqa: E402
from stores import filled as filled  # noqa: E402 (the Lab's snapshot: bench/lab.py)

TIMEOUT = 120_000


class StepFailed(RuntimeError):
    """A scripted step did not do what a player's (or a reader's) would."""


LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longtasks.push(entry.duration);
}).observe({ type: "longtask", buffered: true });
"""
TABLE_ROUTES = {
    "deck-of-spies": "#/deck-of-spies/new",
    "espionage": "#/espionage/new",
    "spynet": "#/spynet/new",
}
# The first screen a player can act on: the Deck of Spies table, the others' seat setup.
TABLE_READY = {"deck-of-spies": ".dos", "espionage": "#esp-setup-form", "spynet": "#sn-setup-form"}
# Every file the page had asked for by the time it drew its first screen (`spy:rendered`):
# [address, bytes transferred, body bytes]. The other games' archives, which the page
# fetches once it is idle (spyweb/browser/archives.py), are not part of a table's boot.
FILES = """() => {
  const drawn = performance.getEntriesByName('spy:rendered')[0];
  const upto = drawn ? drawn.startTime : Infinity;
  return performance.getEntriesByType('resource').concat(
    performance.getEntriesByType('navigation')).filter(e => e.startTime <= upto).map(
    e => [e.name, e.transferSize, e.encodedBodySize]);
}"""
# The same from Python's worker (web/worker.mjs), which makes the boot's largest
# downloads: the files it had asked for by `upto` (ms since 1970: when the page drew).
WORKER_FILES = """(upto) => performance.getEntriesByType('resource').filter(
  e => performance.timeOrigin + e.startTime <= upto).map(
  e => [e.name, e.transferSize, e.encodedBodySize])"""
DRAWN_AT = """performance.timeOrigin +
  (performance.getEntriesByName('spy:rendered')[0]?.startTime ?? Infinity)"""


def files_of_boot(page: Page) -> list[Any]:
    """Every file of the boot until the first draw, the page's and Python's worker's
    (whose own script, worker.mjs, it imports from its blob: address: web/boot.js)."""
    files = list(page.evaluate(FILES))
    upto = page.evaluate(DRAWN_AT)
    for worker in page.workers:
        if worker.url.startswith("blob:") and worker.url.endswith("#worker.mjs"):
            files += worker.evaluate(WORKER_FILES, upto)
    return files


# Resolves once the site's service worker is active and activated (for the precaching
# worker: its cache is full) and controls the page, as it is when a player comes back.
SETTLED = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  while (worker.state !== "activated") {
    await new Promise((done) => worker.addEventListener("statechange", done));
  }
  while (!navigator.serviceWorker.controller) {
    await new Promise((done) => navigator.serviceWorker.addEventListener("controllerchange", done));
  }
}"""


RESTORED = "performance.getEntriesByName('python:snapshot').length > 0"


def wait_for(page: Page, expression: str, timeout: float = 30_000) -> Any:
    """Wait until `expression` is truthy on the page; its value. (Playwright's own
    wait_for_function evaluates with eval(), which the site's Content-Security-Policy
    refuses; `evaluate` is not held to the page's policy.)"""
    until = time.monotonic() + timeout / 1000
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > until:
            raise TimeoutError(f"not true after {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(20)


@contextmanager
def chromium(site: Path, quick: bool = False) -> Iterator[tuple[Browser, str]]:
    """The browser the bench measures: the whole Chromium a player runs. The quick run,
    which judges no figure, walks its steps in the e2e suite's (Chromium's headless
    shell where there is one: a fifth less CPU a visit, e2e/browser.py)."""
    with SiteServer(site) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=TESTED if quick else CHROMIUM, args=FLAGS)
        try:
            yield browser, server.url
        finally:
            browser.close()


def _first_render_ms(page: Page) -> float:
    return float(page.evaluate("performance.getEntriesByName('spy:rendered')[0].startTime"))


def _boot_app(page: Page, url: str, game: str) -> float:
    page.goto(url + TABLE_ROUTES[game])
    page.wait_for_selector(TABLE_READY[game], timeout=TIMEOUT)
    return _first_render_ms(page)


def _boot_floor(page: Page, url: str) -> float:
    page.goto(url + "floor.html")
    wait_for(page, "document.getElementById('result').textContent === 'ready'",
                           timeout=TIMEOUT)  # fmt: skip
    return float(page.evaluate("performance.getEntriesByName('floor:ready')[0].startTime"))


def boot_times(
    browser: Browser, url: str, runs: int, games: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Median ms from navigation to the first playable table of `games` (every game when
    empty), cold and warm, vs the floor.

    Cold: a fresh browser context (empty cache). Warm: a second visit in that context,
    once the app's service worker has settled and its Python snapshot is kept (the floor
    page has neither); "restored" counts the warm visits that started from it.
    Floor and app runs alternate so drift on a noisy machine hits both alike. The files
    of each table's first cold visit are kept under "entries" (see transferred_bytes).
    """
    samples: dict[str, list[float]] = {}
    entries: dict[str, list[Any]] = {}
    restored: dict[str, int] = {}
    for _ in range(runs):
        loaders: dict[str, Callable[[Page], float]] = {"floor": lambda p: _boot_floor(p, url)}
        for game in games or TABLE_ROUTES:
            loaders[game] = lambda p, g=game: _boot_app(p, url, g)  # type: ignore[misc]
        for name, load in loaders.items():
            context = browser.new_context()
            page = context.new_page()
            samples.setdefault(f"{name}/cold", []).append(load(page))
            if name != "floor":
                entries.setdefault(name, files_of_boot(page))
                page.evaluate(SETTLED)
                page.evaluate(SNAPSHOT_KEPT)
            page.goto("about:blank")
            samples.setdefault(f"{name}/warm", []).append(load(page))
            if name != "floor":
                restored[name] = restored.get(name, 0) + bool(page.evaluate(RESTORED))
            context.close()
    medians = {key: statistics.median(values) for key, values in samples.items()}
    report: dict[str, Any] = {"runs": runs, "ms": medians, "entries": entries}
    for game in entries:
        report[game] = {
            "cold_vs_floor": medians[f"{game}/cold"] / medians["floor/cold"],
            "warm_vs_floor": medians[f"{game}/warm"] / medians["floor/warm"],
            "warm_vs_cold": medians[f"{game}/warm"] / medians[f"{game}/cold"],
            "restored": restored.get(game, 0),
        }
    return report


def transferred_bytes(entries: dict[str, list[Any]], url: str, site: Path) -> dict[str, Any]:
    """Bytes a cold visit to each table transfers, split into the runtime and ours, from
    the files (`FILES`) of a cold visit as the table became playable (boot_times')."""
    report: dict[str, Any] = {}
    for game in entries:
        runtime = ours = 0
        files: dict[str, int] = {}
        for name, _transfer, body in entries[game]:
            path = name.split("#")[0].replace(url, "") or "index.html"
            files[path] = body
            if path.startswith("vendor/"):
                runtime += body
            else:
                ours += body
        report[game] = {"runtime": runtime, "ours": ours, "files": files}
    gzipped: dict[str, int] = {}  # each file of the site gzipped once, by path

    def gz(path: str) -> int:
        if path not in gzipped:
            gzipped[path] = len(gzip.compress((site / path).read_bytes()))
        return gzipped[path]

    served = {p for g in report.values() for p in g["files"] if (site / p).is_file()}
    report["ours_gzip"] = sum(gz(p) for p in served if not p.startswith("vendor/"))
    # The whole first visit as Pages serves it (each file gzipped: an .xz copy, see
    # web/tools/packed.py, barely shrinks more), the same visit had it downloaded the
    # plain files in place of the .xz copies, and that visit with Pyodide's whole
    # standard library in place of the trimmed one (web/tools/stdlib.py): the site as it
    # shipped before both.
    stdlib, whole = "vendor/pyodide/python_stdlib.zip", "vendor/pyodide/python_stdlib_full.zip"

    def plain(path: str) -> str:
        return path.removesuffix(".xz")

    # Pyodide's own files as it ships them (bench/pages.py copies them for the floor
    # page): the whole standard library, the WebAssembly with every codec's tables.
    shipped = "vendor/pyodide-shipped/"

    def as_shipped(path: str) -> str:
        name = plain(path)
        original = shipped + name.removeprefix("vendor/pyodide/")
        if name.startswith("vendor/pyodide/") and (site / original).is_file():
            return original
        return name

    for game in entries:
        visit_files = [p for p in report[game]["files"] if p in served]
        visit = sum(gz(p) for p in visit_files)
        without_xz = sum(gz(plain(p)) for p in visit_files)
        report[game]["first_visit_gzip"] = visit
        report[game]["ours_gzip"] = sum(gz(p) for p in visit_files if not p.startswith("vendor/"))
        report[game]["first_visit_gzip_plain"] = without_xz
        if (site / shipped).is_dir():
            report[game]["first_visit_gzip_whole_stdlib"] = sum(
                gz(as_shipped(p)) for p in visit_files
            )
        if stdlib in map(plain, visit_files) and (site / whole).is_file():
            report["stdlib_gzip"] = {"trimmed": gz(stdlib), "whole": gz(as_shipped(stdlib))}
            if stdlib + ".xz" in visit_files:
                report["stdlib_gzip"]["xz"] = gz(stdlib + ".xz")
    return report


def pyodide_engine(browser: Browser, url: str, quick: bool = False) -> dict[str, Any]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url + "engine.html" + ("?quick=1" if quick else ""))
    # The figures, or Python's error (a module that cannot be imported, say): not ten
    # minutes of waiting for figures that will never come (bench/pages.py).
    wait_for(page, "document.getElementById('result').textContent.length > 2", timeout=600_000)
    text = page.text_content("#result") or "{}"
    if text.startswith("error: "):
        raise RuntimeError(f"the engine page failed: {text}")
    context.close()
    return dict(json.loads(text))
