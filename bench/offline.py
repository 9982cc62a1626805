"""Warm boot on a slow network: the precaching cache-first worker vs the old network-first one.

Each run starts Chromium on a fresh profile per worker, visits once at full speed and
waits until the worker has settled (active, activated, controlling the page), then
throttles the network and times a second visit: navigation -> html[data-ready=true].
Both sites are the same bench site; only sw.js differs (the old one is
bench/fixtures/sw-network-first.js), each on its own server, and the runs alternate so
drift hits both alike.

A real profile, not an incognito context: an incognito HTTP cache lives in memory and
does not keep the 9.6 MB wasm, which would make the network-first worker download it
again and look far worse than it is for a returning player. With a disk cache its warm
visit revalidates every file (304s) and pays round trips, as it would on GitHub Pages
once the files' max-age has passed (our test server says `no-cache`).

DevTools throttling of a page does not reach the requests its service worker makes (the
network-first worker's fetches), so the worker's own DevTools target is throttled too.
"""

from __future__ import annotations

import json
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

from .browser import CHROMIUM, FLAGS, SETTLED, TIMEOUT, wait_for

ROOT = Path(__file__).resolve().parents[1]
OLD_WORKER = ROOT / "bench" / "fixtures" / "sw-network-first.js"
# A slow mobile link: Lighthouse's mobile throttling (1.6 Mbps down, 750 Kbps up, 150 ms RTT).
NETWORK = {"down_mbps": 1.6, "up_kbps": 750, "rtt_ms": 150}
# The quick run's phone visit goes over a network 25× as fast: the same steps, without
# waiting ~20 s for 4 MB at slow-4G speed (its figure is not judged).
QUICK_NETWORK = {"down_mbps": 40.0, "up_kbps": 20_000, "rtt_ms": 150}


def conditions(network: dict[str, float]) -> dict[str, Any]:
    """DevTools' network conditions for `network`."""
    return {
        "offline": False,
        "latency": network["rtt_ms"],
        "downloadThroughput": network["down_mbps"] * 1e6 / 8,
        "uploadThroughput": network["up_kbps"] * 1e3 / 8,
    }


CONDITIONS = conditions(NETWORK)
# Records when Python marks the page ready, relative to the navigation's start, and the
# time the page spent waiting for its files until then, added up over every file.
READY_AT = """
new MutationObserver(() => {
  if (document.documentElement.dataset.ready !== "true" || window.readyAt !== undefined) return;
  window.readyAt = performance.now();
  const files = performance.getEntriesByType("navigation")
    .concat(performance.getEntriesByType("resource"));
  window.fetchMs = files.reduce((sum, entry) => sum + entry.responseEnd - entry.startTime, 0);
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""


def network_first_site(bench_site: Path, target: Path) -> Path:
    """The bench site with the old network-first worker in place of the new sw.js."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(bench_site, target)
    shutil.copy2(OLD_WORKER, target / "sw.js")
    return target


def _throttle(page: Page, url: str) -> None:
    """Slow the page's network and its service worker's."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", CONDITIONS)
    targets = session.send("Target.getTargets")["targetInfos"]
    workers = [t for t in targets if t["type"] == "service_worker" and t["url"].startswith(url)]
    if len(workers) != 1:
        raise RuntimeError(f"expected one service worker for {url}, found {len(workers)}")
    # Playwright's CDP sessions cannot speak to a child session, so messages are relayed.
    attached = session.send("Target.attachToTarget",
                            {"targetId": workers[0]["targetId"], "flatten": False})  # fmt: skip
    for number, method in enumerate(("Network.enable", "Network.emulateNetworkConditions"), 1):
        params = CONDITIONS if method != "Network.enable" else {}
        message = json.dumps({"id": number, "method": method, "params": params})
        session.send("Target.sendMessageToTarget",
                     {"sessionId": attached["sessionId"], "message": message})  # fmt: skip


def _warm_visit(browser: Browser, url: str) -> tuple[float, float]:
    """(ms to html[data-ready=true], ms spent fetching files until then, summed)."""
    with tempfile.TemporaryDirectory() as profile:
        context = browser.browser_type.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=FLAGS
        )
        try:
            context.add_init_script(READY_AT)
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(url)
            page.wait_for_selector("html[data-ready=true]", timeout=TIMEOUT)
            page.evaluate(SETTLED)
            _throttle(page, url)
            page.reload()
            wait_for(page, "window.readyAt !== undefined", timeout=TIMEOUT)
            ready_ms, fetch_ms = page.evaluate("[window.readyAt, window.fetchMs]")
            return float(ready_ms), float(fetch_ms)
        finally:
            context.close()


def warm_throttled(browser: Browser, urls: dict[str, str], runs: int) -> dict[str, Any]:
    """Medians on a throttled warm visit, per worker: ms to html[data-ready=true], and the
    ms the page spent waiting for its files (summed over files, so overlaps add up)."""
    ready: dict[str, list[float]] = {name: [] for name in urls}
    fetching: dict[str, list[float]] = {name: [] for name in urls}
    for _ in range(runs):
        for name, url in urls.items():
            ready_ms, fetch_ms = _warm_visit(browser, url)
            ready[name].append(ready_ms)
            fetching[name].append(fetch_ms)
    medians = {name: statistics.median(values) for name, values in ready.items()}
    report: dict[str, Any] = {
        "network": NETWORK,
        "runs": runs,
        "samples_ms": ready,
        "ms": medians,
        "fetch_ms_summed": {name: statistics.median(v) for name, v in fetching.items()},
    }
    if len(medians) == 2:  # the quick mode times the cache-first worker alone
        report["cache_first_vs_network_first"] = medians["cache-first"] / medians["network-first"]
    return report


def phone_first_visit(
    browser: Browser, url: str, runs: int, network: dict[str, float] = NETWORK
) -> dict[str, Any]:
    """A first visit on an emulated mid-range phone (issue 40): a fresh context with a
    phone's screen, the CPU slowed 4× and the network above (Lighthouse's mobile preset:
    slow 4G), from the navigation to the Espionage seats form, playable; beside it, in
    turn, the same first visit to the floor page (the bare runtime as shipped and one line
    of Python, bench/pages.py; issue 50: the app's within 1.0× of it). The site is served
    as the bench serves it (not gzipped: a little more to download than Pages)."""
    visits: dict[str, tuple[str, str, str]] = {
        "app": ("#/espionage/new", "html[data-ready=true] #esp-setup-form", "spy:rendered"),
        "floor": ("floor.html", "#result:text-is('ready')", "floor:ready"),
    }
    samples: dict[str, list[float]] = {name: [] for name in visits}
    for _ in range(runs):
        for name, (path, ready, mark) in visits.items():
            context = browser.new_context(
                viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True
            )
            try:
                page = context.new_page()
                session = context.new_cdp_session(page)
                session.send("Emulation.setCPUThrottlingRate", {"rate": 4})
                session.send("Network.enable")
                session.send("Network.emulateNetworkConditions", conditions(network))
                page.goto(url + path, timeout=TIMEOUT)
                page.wait_for_selector(ready, timeout=TIMEOUT)
                samples[name].append(float(page.evaluate(
                    f"performance.getEntriesByName('{mark}')[0].startTime"
                )))  # fmt: skip
            finally:
                context.close()
    app, floor = statistics.median(samples["app"]), statistics.median(samples["floor"])
    return {"network": network, "cpu_slowdown": 4, "runs": runs, "samples_ms": samples["app"],
            "ms": app, "floor_samples_ms": samples["floor"], "floor_ms": floor,
            "vs_floor": app / floor}  # fmt: skip
