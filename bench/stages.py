"""Boot stage by stage: where a cold boot's time goes, and what each boot lever saves.

boot.js marks each stage as it completes (`boot:runtime` the wasm has arrived,
`boot:python` Pyodide's interpreter is up, `boot:engine` Python's worker has unpacked our
wheel and UI zip, `boot:app` the table is on screen and playable); the worker marks
`spy:main` and `spy:imported` around importing the app, page.mjs `spy:rendered` after the
first draw.
"Starting the table" is boot:engine -> boot:app. Every figure is a median over cold
boots (a fresh browser context each), with the sites compared in alternation so the
machine's noise hits both alike.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import zipfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser

from .browser import ROOT, TABLE_ROUTES, SiteServer, wait_for

sys.path.insert(0, str(ROOT / "web" / "tools"))
import packed

TIMEOUT = 120_000
ROUTES = TABLE_ROUTES
MARKS = ("boot:runtime", "boot:python", "boot:engine", "spy:main", "spy:imported",
         "spy:rendered", "boot:app")  # fmt: skip


def _marks(browser: Browser, url: str) -> dict[str, float]:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready=true]", timeout=TIMEOUT)
        wait_for(page, "performance.getEntriesByName('boot:app').length > 0")
        found = page.evaluate(
            "names => Object.fromEntries(names.map((n) => [n, performance.getEntriesByName(n)[0]])"
            ".filter(([, e]) => e).map(([n, e]) => [n, e.startTime]))",
            list(MARKS),
        )
        return {name: float(ms) for name, ms in found.items()}
    finally:
        context.close()


def _stages(marks: dict[str, float]) -> dict[str, float]:
    return {
        "runtime": marks["boot:runtime"],
        "python": marks["boot:python"] - marks["boot:runtime"],
        "engine": marks["boot:engine"] - marks["boot:python"],
        "table": marks["boot:app"] - marks["boot:engine"],
        "table/import": marks["spy:imported"] - marks["spy:main"],
        "table/first draw": marks["spy:rendered"] - marks["spy:imported"],
        "total": marks["boot:app"],
    }


def without_bytecode(site: Path, target: Path) -> Path:
    """The site with our wheel, UI zip and game archives shipping source instead of
    compiled bytecode: each module's `x.pyc` (see web/tools/bytecode.py) is swapped for
    the `x.py` it was compiled from, taken from the source tree (the wheel's RECORD,
    unread by the boot, still lists the .pyc files)."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(site, target)
    archives = [*target.glob("dist/*.whl"), target / "app" / "spyweb.zip"]
    archives += target.glob("app/games/*.zip")
    for archive in archives:
        with zipfile.ZipFile(archive) as old:
            kept = [(i, old.read(i)) for i in old.infolist()]
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as new:
            for info, data in kept:
                if info.filename.endswith(".pyc"):
                    source = info.filename[:-1]
                    tree = ROOT if source.startswith("spygames/") else ROOT / "web" / "app"
                    new.writestr(source, (tree / source).read_bytes())
                else:
                    new.writestr(info, data)
    packed.write(target)  # the .xz copies a first visit downloads, of the new archives
    return target


def run(
    browser: Browser, url: str, bench_site: Path, runs: int, games: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Stage medians for `games` (every game when empty)."""
    plain = without_bytecode(bench_site, bench_site.parent / "site-no-bytecode")
    samples: dict[str, dict[str, list[float]]] = {}
    routes = {game: ROUTES[game] for game in games or ROUTES}
    with SiteServer(plain) as other:
        for _ in range(runs):
            for game, route in routes.items():
                for site, base in (("bytecode", url), ("no bytecode", other.url)):
                    stages = _stages(_marks(browser, base + route))
                    for stage, ms in stages.items():
                        samples.setdefault(f"{game}/{site}", {}).setdefault(stage, []).append(ms)
    medians = {
        key: {stage: statistics.median(values) for stage, values in stages.items()}
        for key, stages in samples.items()
    }
    return {"runs": runs, "games": list(routes), "ms": medians, "samples_ms": samples}
