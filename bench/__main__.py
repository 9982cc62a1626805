"""`make bench`: every figure of the performance issue, with its target beside it.

Prints a table and writes JSON to $BENCH_OUT (default _bench/results.json). Figures
that compare are ratios measured in one run, since the machine is noisy. Nothing here
asserts a figure: the targets are printed next to the figures, met or not.

`--quick` (`make bench-quick`, part of `make test`) runs every part once with short
games and judges no target: it keeps the bench alive. Either mode exits non-zero when a
scripted step breaks (a selector that times out, a move the page does not take, a game
that stops advancing), naming the part that broke.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import (
    embed,
    engine,
    lab,
    languages,
    lighthouse,
    offline,
    pages,
    play,
    play_spynet,
    review,
    stages,
    together,
)
from .browser import SiteServer, boot_times, chromium, pyodide_engine, transferred_bytes
from .report import report

ROOT = Path(__file__).resolve().parents[1]
# The quick mode: the player's decisions in each scripted game (a full game otherwise);
# the one game whose boot and boot stages are timed, the one embed whose Try it yourself is
# pressed (each a cold runtime boot); the slow-network visit with the cache-first
# worker alone (the old network-first one is a fixed file: it cannot rot).
QUICK_MOVES = {"deck-of-spies": 6, "espionage": 4, "spynet": 4}
QUICK_BOOT = QUICK_STAGES = ("spynet",)  # and the floor page
QUICK_LIVE = ("sn-recruit",)
# Lighthouse on the home page with its mobile preset (its default; the desktop one differs
# by a flag alone)
QUICK_LIGHTHOUSE = (("home",), ("mobile",))
# `--quick --jobs 2`: the parts in two processes side by side, each half about as long
# (seconds of a quick run in two halves alone, 2026-12-07, load 1-3: play 18, review 12,
# embed 13, stages 12, boot 7, cpython 2; lab 22, together 18, lighthouse 17, offline 6,
# phone 5, pyodide 5). Only the quick run is split: the full one's figures need a machine
# to themselves.
HALVES = (
    ("cpython", "play", "review", "embed", "boot", "stages"),
    ("together", "lab", "offline", "phone", "lighthouse", "pyodide", "languages"),
)


class Parts:
    """Runs the bench's parts in order, noting each one's duration; the first to raise
    ends the run, and `failed` names it."""

    def __init__(self, results: dict[str, Any], only: frozenset[str] = frozenset()) -> None:
        self.results = results
        self.only = only  # when given, the parts to run (the others are skipped)
        self.failed: str | None = None
        results["seconds"] = {}

    def run(self, key: str, title: str, measure: Callable[[], Any]) -> None:
        if self.failed or (self.only and key not in self.only):
            return
        print(f"{title} …", flush=True)
        started = time.monotonic()
        try:
            self.results[key] = measure()
        except Exception:
            traceback.print_exc()
            self.failed = key
        self.results["seconds"][key] = time.monotonic() - started


def measure(
    results: dict[str, Any],
    site: Path,
    quick: bool,
    only: frozenset[str] = frozenset(),
    work: Path = ROOT / "_bench",
) -> str | None:
    """Every part, into `results`; the name of the part that broke, or None. The scripted
    parts (games, embeds) go first, so a broken step fails early. The bench's copies of
    the site go in `work`."""
    runs = results["runs"]
    many = 1 if quick else max(runs, 5)  # the parts that need more runs than the others
    moves = QUICK_MOVES if quick else dict.fromkeys(QUICK_MOVES)
    parts = Parts(results, only)
    parts.run("cpython", "engine on CPython", lambda: engine.run(quick=quick))
    bench_site = pages.build(site, work / "site")
    old_site = offline.network_first_site(bench_site, work / "site-network-first")
    with chromium(bench_site, quick) as (browser, url), SiteServer(old_site) as old:
        parts.run("play", "scripted games (latency, long tasks)", lambda: {
            "deck-of-spies": play.deck_of_spies(browser, url, moves=moves["deck-of-spies"]),
            "espionage": play.espionage(browser, url, moves=moves["espionage"]),
            "spynet": play_spynet.spynet(browser, url, moves=moves["spynet"]),
        })  # fmt: skip
        parts.run("together", "playing together: a friend's move round the table",
                  lambda: together.run(browser, url, friends=2,
                                       moves=4 if quick else 60))  # fmt: skip
        parts.run("lab", "the Bot Lab: Python ready, a match's games/s, longest task",
                  lambda: lab.run(browser, url, bench_site, 20 if quick else 200))  # fmt: skip
        parts.run("review", "a game's review: Deck of Spies, Espionage at 2, SpyNet at 4",
                  lambda: review.run(browser, url,
                                     review.QUICK if quick else review.GAMES))  # fmt: skip
        parts.run("embed", "embeds (bytes untouched, first presses, cold)",
                  lambda: embed.run(browser, url, bench_site, runs,
                                    QUICK_LIVE if quick else embed.DEMOS))  # fmt: skip
        parts.run("boot", "boot (cold/warm, app vs floor) and bytes",
                  lambda: boot_times(browser, url, runs,
                                     QUICK_BOOT if quick else ()))  # fmt: skip
        if "boot" in results:
            entries = results["boot"].pop("entries")
            results["bytes"] = transferred_bytes(entries, url, bench_site)
        parts.run("stages", "boot stage by stage (cold), with and without bytecode",
                  lambda: stages.run(browser, url, bench_site, many,
                                     QUICK_STAGES if quick else ()))  # fmt: skip
        urls = {"cache-first": url} if quick else {"cache-first": url, "network-first": old.url}
        parts.run("offline", "warm boot on a throttled network, cache-first vs network-first "
                  "worker", lambda: offline.warm_throttled(browser, urls, many))  # fmt: skip
        parts.run("phone", "a first visit on an emulated mid-range phone (CPU 4×, slow 4G)",
                  lambda: offline.phone_first_visit(browser, url, 1 if quick else 3,
                                                    offline.QUICK_NETWORK if quick
                                                    else offline.NETWORK))  # fmt: skip
        parts.run("lighthouse", "Lighthouse on the home page and a table",
                  lambda: lighthouse.run(browser, bench_site, 1 if quick else runs,
                                         *QUICK_LIGHTHOUSE if quick else ()))  # fmt: skip
        parts.run("languages", "languages: each one's files gzipped, a first visit in French",
                  lambda: languages.run(browser, url, bench_site,
                                        1 if quick else runs))  # fmt: skip
        parts.run("pyodide", "engine inside Pyodide",
                  lambda: pyodide_engine(browser, url, quick=quick))  # fmt: skip
    return parts.failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="one run, short games, no targets judged")  # fmt: skip
    parser.add_argument("--only", default="", metavar="PART,…",
                        help="run these parts alone (cpython, play, together, embed, boot, "
                        "stages, offline, phone, lighthouse, pyodide, languages)")  # fmt: skip
    parser.add_argument("--jobs", type=int, default=1,
                        help="with --quick: 2 runs its parts in two processes at once")  # fmt: skip
    parser.add_argument("--work", default=str(ROOT / "_bench"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    only = frozenset(filter(None, args.only.split(",")))
    name = "results-quick.json" if args.quick else "results.json"
    out = Path(os.environ.get("BENCH_OUT", ROOT / "_bench" / name))
    if args.jobs > 1:
        if not args.quick or only:
            parser.error("--jobs splits the quick run alone, every part of it")
        return side_by_side(out)
    site = ROOT / "_site"
    if not (site / "index.html").exists():
        print("no _site/: run `make site` first", file=sys.stderr)
        return 2
    runs = 1 if args.quick else int(os.environ.get("BENCH_RUNS", "3"))
    results = begun(runs, args.quick)
    started = time.monotonic()
    failed = measure(results, site, args.quick, only, Path(args.work))
    return finish(results, started, out, f"part {failed!r}" if failed else None)


def begun(runs: int, quick: bool) -> dict[str, Any]:
    """A run's results as it begins: when, how, and the load average."""
    return {
        "when": time.strftime("%Y-%m-%d %H:%M:%S"),
        "runs": runs,
        "quick": quick,
        "loadavg_before": os.getloadavg(),
    }


def finish(results: dict[str, Any], started: float, out: Path, broken: str | None) -> int:
    """A run's end: the load average and the time noted, the JSON written; then the
    report, or (exit 1) where a scripted step broke."""
    results["loadavg_after"] = os.getloadavg()
    results.setdefault("seconds", {})["total"] = time.monotonic() - started
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1))
    if broken:
        print(f"\nbench: a scripted step broke in {broken} (traceback above); "
              f"JSON so far: {out}", file=sys.stderr)  # fmt: skip
        return 1
    report(results)
    print(f"\nJSON: {out}")
    return 0


def side_by_side(out: Path) -> int:
    """The quick run as HALVES, two processes at once (each with its own copies of the
    site and its own browser); their results merged, reported as one run."""
    started = time.monotonic()
    results = begun(1, True)
    results["seconds"] = {}
    jobs = []
    for i, half in enumerate(HALVES):
        work = ROOT / "_bench" / f"job{i + 1}"
        env = {**os.environ, "BENCH_OUT": str(work / "results.json")}
        command = [sys.executable, "-m", "bench", "--quick", "--only", ",".join(half),
                   "--work", str(work)]  # fmt: skip
        jobs.append((half, work / "results.json", subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True)))  # fmt: skip
    broken = []
    for half, written, job in jobs:
        said, _ = job.communicate()
        if job.returncode:
            print(said, end="", flush=True)  # its progress and the broken part's traceback
            broken.append(",".join(half))
            continue
        print("".join(line + "\n" for line in said.splitlines() if line.endswith("…")), end="")
        part = json.loads(written.read_text())
        results["seconds"].update(part.pop("seconds"))
        for key in ("when", "runs", "quick", "loadavg_before", "loadavg_after"):
            part.pop(key, None)
        results.update(part)
    return finish(results, started, out, f"the parts {' and '.join(broken)}" if broken else None)


if __name__ == "__main__":
    sys.exit(main())
