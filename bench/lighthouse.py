"""Lighthouse's performance score of the home page and of a table, as a first visit meets
them, with its desktop preset and its mobile one (its default: a mid-range phone, the CPU
slowed 4×, a slow 4G network): each run a fresh headless Chromium with an empty cache,
Lighthouse's own simulated network and CPU.

Lighthouse is pinned in bench/lighthouse/package.json (12.8.2: the newest that runs on
the project's Node 20; 13 needs Node 22) and installed there by `make bench`.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser

from .browser import CHROMIUM, SiteServer

ROOT = Path(__file__).resolve().parents[1]
CLI = ROOT / "bench" / "lighthouse" / "node_modules" / "lighthouse" / "cli" / "index.js"
PAGES = {"home": "", "espionage": "#/espionage/new"}
AUDITS = {
    "tbt_ms": "total-blocking-time",
    "lcp_ms": "largest-contentful-paint",
    "fcp_ms": "first-contentful-paint",
    "si_ms": "speed-index",
    "cls": "cumulative-layout-shift",
}
FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run --disable-quic"
# Lighthouse's flags for each preset: mobile is its default (a Moto G Power's screen and
# CPU, slowed 4×, on a slow 4G network)
PRESETS: dict[str, tuple[str, ...]] = {"desktop": ("--preset=desktop",), "mobile": ()}


def audit(url: str, chromium: str, preset: str) -> dict[str, Any]:
    """One Lighthouse run of `url` with `preset`: its version, performance score (0–100)
    and timings."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        # Lighthouse stops tracing once the page's main thread and network are quiet; with
        # Python in a worker that can be before the table is drawn, so it waits 5 s more:
        # the trace then holds the first draw, and the largest paint is the table's.
        command = [
            "node", str(CLI), url, *PRESETS[preset], "--only-categories=performance",
            "--output=json", f"--output-path={out}", "--quiet", f"--chrome-flags={FLAGS}",
            "--pause-after-load-ms=5000",
        ]  # fmt: skip
        env = {**os.environ, "CHROME_PATH": chromium}
        subprocess.run(command, check=True, env=env, timeout=300)
        found = json.loads(out.read_text())
    errors = [a["id"] for a in found["audits"].values() if a.get("errorMessage")]
    score = found["categories"]["performance"]["score"]
    if score is None or found.get("runtimeError"):
        raise RuntimeError(f"Lighthouse could not score {url}: {found.get('runtimeError')}")
    figures = {key: found["audits"][name]["numericValue"] for key, name in AUDITS.items()}
    # What the trace saw, unthrottled: Lantern's simulated LCP cannot tie a paint made from
    # a worker's message to the worker's downloads, so the observed one is kept beside it.
    observed = found["audits"]["metrics"]["details"]["items"][0]
    figures["observed_lcp_ms"] = observed.get("observedLargestContentfulPaint")
    element = found["audits"].get("largest-contentful-paint-element", {}).get("details", {})
    nodes = [i.get("node", {}) for t in element.get("items", []) for i in t.get("items", [])]
    figures["lcp_element"] = next((n.get("selector") for n in nodes if n.get("selector")), None)
    return {"version": found["lighthouseVersion"], "score": round(score * 100), **figures,
            "audit_errors": errors}  # fmt: skip


def run(
    browser: Browser,
    site: Path,
    runs: int,
    pages: tuple[str, ...] = (),
    presets: tuple[str, ...] = (),
) -> dict[str, Any]:
    """Medians over `runs` of each page of `pages` (every page of PAGES when empty) with
    each preset of `presets` (both when empty), `site` served gzipped as GitHub Pages
    serves it (Lighthouse simulates its network from the bytes transferred)."""
    if not CLI.exists():
        raise RuntimeError(f"no {CLI}: `make bench` installs it (npm ci in bench/lighthouse)")
    chromium = CHROMIUM or browser.browser_type.executable_path
    report: dict[str, Any] = {"runs": runs}
    with SiteServer(site, gzip=True) as server:
        for preset in presets or tuple(PRESETS):
            found: dict[str, Any] = report.setdefault(preset, {})
            for page in pages or tuple(PAGES):
                samples = [audit(server.url + PAGES[page], chromium, preset) for _ in range(runs)]
                report["version"] = samples[0]["version"]
                found[page] = {
                    key: statistics.median(s[key] for s in samples) for key in ("score", *AUDITS)
                }
                observed = [s["observed_lcp_ms"] for s in samples if s["observed_lcp_ms"]]
                found[page]["observed_lcp_ms"] = statistics.median(observed) if observed else None
                found[page]["lcp_elements"] = sorted({str(s["lcp_element"]) for s in samples})
    return report
