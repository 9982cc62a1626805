"""Embed figures: what a blog reader downloads for a demo frame they never touch, and how
long the frame takes to answer the first presses on a cold cache.

Each run is a fresh browser context (an empty cache) opening `embed.html#/demo/<id>`,
as an iframe on a blog post does. The page's own marks (web/embed.js, web/page.mjs):
`embed:shown` first step on screen, `embed:input` a control pressed, `embed:step` a
drawn step shown, `spy:rendered` Python drew the frame (so it had started, which only
Try it yourself makes it do).
"""

from __future__ import annotations

import gzip
import statistics
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

import spygames

from .browser import TIMEOUT, StepFailed, wait_for

# The Deck of Spies and Espionage demos measured since embeds landed, and SpyNet's first.
DEMOS = ("dos-counter", "esp-call", "sn-recruit")
ENTRIES = """() => performance.getEntriesByType('navigation')
    .concat(performance.getEntriesByType('resource'))
    .map(e => [e.name, e.transferSize, e.encodedBodySize])"""


def _mark(page: Page, name: str) -> float:
    return float(page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime"))


def _open(browser: Browser, url: str, demo: str) -> Page:
    context = browser.new_context(viewport={"width": 600, "height": 450})
    page = context.new_page()
    page.goto(f"{url}embed.html#/demo/{demo}")
    wait_for(page, "performance.getEntriesByName('embed:shown').length > 0",
                           timeout=TIMEOUT)  # fmt: skip
    return page


def untouched(browser: Browser, url: str, site: Path, demo: str) -> dict[str, Any]:
    """Bytes of an embed nobody presses, and when its first step showed."""
    page = _open(browser, url, demo)
    page.wait_for_timeout(3000)  # anything late (a lazy script, a prefetch) counts too
    entries = page.evaluate(ENTRIES)
    shown = _mark(page, "embed:shown")
    page.context.close()
    files: dict[str, int] = {}
    for name, _transfer, body in entries:
        path = name.split("#")[0].replace(url, "")
        files[path] = int(body)
    gzipped = sum(
        len(gzip.compress((site / p).read_bytes())) for p in files if (site / p).is_file()
    )
    return {
        "bytes": sum(files.values()),
        "gzip": gzipped,
        "files": files,
        "runtime_loaded": sorted(p for p in files if p.startswith("vendor/")),
        "first_step_ms": shown,
    }


def first_presses(browser: Browser, url: str, demo: str, live: bool = True) -> dict[str, Any]:
    """Cold cache: Next -> the second step, every step seen without the runtime; then (if
    `live`) a new reader's Try it yourself -> a live table."""
    page = _open(browser, url, demo)
    page.click("#demo-next")
    page.wait_for_selector('.demo[data-step="1"]')
    wait_for(page, "performance.getEntriesByName('embed:step').length > 0")
    next_ms = _mark(page, "embed:step") - _mark(page, "embed:input")
    for _ in range(100):
        if not page.locator("#demo-next:not([disabled])").count():
            break
        page.click("#demo-next")
    else:
        raise StepFailed(f"embed {demo}: Next still enabled after 100 steps")
    entries = page.evaluate(ENTRIES)
    stepped = sum(int(body) for _name, _transfer, body in entries)
    runtime = sorted(name for name, *_ in entries if "/vendor/" in name)
    page.context.close()
    stepped_through = {"next_ms": next_ms, "stepped_bytes": stepped, "stepped_runtime": runtime}
    if not live:
        return stepped_through
    page = _open(browser, url, demo)
    page.click("#demo-try")
    page.wait_for_selector("#demo-live", timeout=TIMEOUT)
    wait_for(page, "performance.getEntriesByName('spy:rendered').length > 0")
    try_ms = _mark(page, "spy:rendered") - _mark(page, "embed:input")
    page.context.close()
    return {**stepped_through, "try_ms": try_ms}


def run(
    browser: Browser, url: str, site: Path, runs: int, live: tuple[str, ...] = DEMOS
) -> dict[str, Any]:
    """Every demo of DEMOS; Try it yourself (a cold runtime boot) in the `live` ones."""
    games = {demo.game for demo in spygames.all_demos() if demo.id in DEMOS}
    missing = {demo.game for demo in spygames.all_demos()} - games
    if missing or len(games) != len(DEMOS):
        raise ValueError(f"bench.embed.DEMOS: no demo of {sorted(missing)}, or an unknown id")
    report: dict[str, Any] = {}
    for demo in DEMOS:
        quiet = untouched(browser, url, site, demo)
        samples = [first_presses(browser, url, demo, demo in live) for _ in range(runs)]
        timed = ("next_ms", "try_ms") if demo in live else ("next_ms",)
        report[demo] = {
            **quiet,
            **{k: statistics.median(s[k] for s in samples) for k in timed},
            "stepped_bytes": samples[0]["stepped_bytes"],
            "stepped_runtime": samples[0]["stepped_runtime"],
            "samples": samples,
        }
    return report
