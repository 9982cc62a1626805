"""e2e fixtures: `_site/` served under a sub-path, Debian Chromium, and a strict page.

Every test fails on a request leaving the site's origin, an uncaught page error, a
console error or a Content-Security-Policy violation. `--base-url URL` runs the same
suite against a deployed site.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Locator,
    Page,
    Request,
    Worker,
    expect,
    sync_playwright,
)
from playwright.sync_api import (
    Error as PlaywrightError,
)

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "app"))
from browser import executable, for_tests
from cpu import pytest_runtest_protocol as pytest_runtest_protocol  # E2E_CPU=file
from server import SiteServer
from stores import SNAPSHOT_KEPT as SNAPSHOT_KEPT  # the warm contexts (and bench) wait for it
from warm import WarmContexts

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = executable()  # None: Playwright's own Chromium (the bench measures this one)
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# The suite's browser: the headless shell where there is one (e2e/browser.py).
TESTED = for_tests()
BOOT_TIMEOUT = 90_000

SHOTS = ROOT / "e2e" / "screenshots"


# The longest files, first, the longest first (each file's time on a worker in `make test`'s
# e2e run, 2026-12-07, three workers: test_lab 184 s, test_sandbox 135, test_layout 100,
# the chaos evening 74, mostly waiting: the other workers fill its waits). `make e2e` hands
# each worker a file at a time in this order (`--no-loadscope-reorder`: xdist otherwise
# sorts the files by their number of tests): a long file handed out last leaves the other
# workers idle until it ends (the chaos evening, last, left the machine 40% busy for 70 s).
# The Bot Lab's files go first, to one worker, as one unit (their tests 480 s of a worker's
# wall, against some 540 s for each worker's share): a worker that runs one of them warms a
# browser of its own for them (`tiered`) and makes the Lab's snapshot in it, about 15 CPU-s
# (2026-12-07, E2E_CPU: the first Lab test of a worker 22-26 CPU-s, the next 10-13).
THE_LAB = ("test_lab", "test_sandbox", "test_your_bot")
FIRST = (*THE_LAB, "test_layout", "test_together_chaos",
         "test_screen_reader", "test_together", "test_review", "test_guide", "test_a11y",
         "test_offline", "test_languages_play", "test_languages", "test_spynet",
         "test_espionage",
         "test_together_evening", "test_deck_of_spies", "test_boot", "test_showdown")  # fmt: skip


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadfile`, the Bot Lab's files one unit (above)."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class TheLabTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            scope = super()._split_scope(nodeid)
            return "the Bot Lab" if Path(scope).stem in THE_LAB else scope

    return TheLabTogether(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def weight(item: pytest.Item) -> int:
        name = item.path.stem
        return FIRST.index(name) if name in FIRST else len(FIRST)

    items.sort(key=weight)  # stable: each file's tests keep their order


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--base-url", default=None, help="test a deployed site instead of _site/")


@pytest.fixture(scope="session")
def site_url(pytestconfig: pytest.Config) -> Iterator[str]:
    base = pytestconfig.getoption("--base-url")
    if base:
        yield base if base.endswith("/") else base + "/"
        return
    site = Path(os.environ.get("SPYGAMES_SITE", ROOT / "_site"))
    if not (site / "index.html").exists():
        pytest.fail("no _site/: run `make site` (make e2e does it)")
    with SiteServer(site) as server:
        yield server.url


# The suite's browser compiles Python's WebAssembly with V8's baseline compiler alone
# (Liftoff). A player's browser also tiers the hot functions up with its optimising
# compiler, at every visit again: 0.3 of a returning visit's 1.06 CPU-s (docs/testing.md),
# which a test that boots, clicks and looks never earns back. A test file marked `tiered`
# gets a browser that tiers up as a player's does: where Python runs long (a review, the
# lost deal's check) or a bot must keep the Lab's time limits (on the baseline compiler
# alone, under a loaded run, a test's bot once missed its 2 seconds to load). The same
# engine either way: only the machine code differs.
BASELINE = "--js-flags=--liftoff-only"


class Browsers:
    """The suite's two browsers, each launched on first use."""

    def __init__(self) -> None:
        self.playwright = sync_playwright().start()
        self.launched: dict[bool, Browser] = {}
        self.warm: dict[bool, WarmContexts] = {}

    def get(self, tiered: bool) -> Browser:
        if tiered not in self.launched:
            flags = FLAGS if tiered else [*FLAGS, BASELINE]
            self.launched[tiered] = self.playwright.chromium.launch(
                executable_path=TESTED, args=flags
            )
        return self.launched[tiered]

    def warmed(self, tiered: bool, site_url: str) -> WarmContexts:
        """The returning visitor's contexts in that browser (made on first use)."""
        if tiered not in self.warm:
            self.warm[tiered] = WarmContexts(self.get(tiered), site_url, CSP_WATCH, SNAPSHOT_KEPT)
        return self.warm[tiered]

    def close(self) -> None:
        for contexts in self.warm.values():
            contexts.close()
        for browser in self.launched.values():
            browser.close()
        self.playwright.stop()


@pytest.fixture(scope="session")
def browsers() -> Iterator[Browsers]:
    found = Browsers()
    yield found
    found.close()


def _tiered(request: pytest.FixtureRequest) -> bool:
    return request.node.get_closest_marker("tiered") is not None


@pytest.fixture(scope="module")
def browser(request: pytest.FixtureRequest, browsers: Browsers) -> Browser:
    """The browser of this test file: tiering Python up if the file is marked `tiered`."""
    return browsers.get(_tiered(request))


@pytest.fixture
def players_browser(browser: Browser) -> Iterator[Browser]:
    """The whole browser a player runs (`CHROMIUM`), for what the headless shell lacks:
    an app's identity and installability (e2e/test_offline.py)."""
    if CHROMIUM == TESTED:
        yield browser
        return
    full = browser.browser_type.launch(executable_path=CHROMIUM, args=FLAGS)
    yield full
    full.close()


# Every page reports Content-Security-Policy violations as console errors (which the Guard
# fails on) and keeps them in window.cspViolations for tests that look for themselves.
CSP_WATCH = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const what = `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} ` +
    `(${event.sourceFile}:${event.lineNumber})`;
  window.cspViolations.push(what);
  console.error("Content-Security-Policy violation: " + what);
});
"""


class Guard:
    """Collects what must never happen on the page."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.problems: list[str] = []

    def request(self, request: Request) -> None:
        url = request.url
        if not (url.startswith(self.origin) or url.startswith(("data:", "blob:"))):
            self.problems.append(f"request outside the origin: {url}")
        if url.endswith("/python_stdlib_full.zip"):  # see spyweb/browser/stdlib.py
            self.problems.append("a module the trimmed standard library left out was imported")

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.problems.append(f"console error: {message.text}")

    def page_error(self, error: Any) -> None:
        where = getattr(error, "stack", "") or ""
        where = " | ".join(line.strip() for line in where.splitlines()[1:4])
        self.problems.append(f"page error: {error}" + (f" (at {where})" if where else ""))


def python_worker(page: Page) -> Worker:
    """Python's worker (web/worker.mjs)."""
    (found,) = [w for w in page.workers if is_worker(w, "worker.mjs")]
    return found


def is_worker(worker: Worker, script: str) -> bool:
    """Whether `worker` runs `script`: from a blob: address whose fragment names it (so
    that it runs under the page's Content-Security-Policy), or, on a page the service
    worker controls, from its own address (web/policed.mjs)."""
    url = worker.url.split("?")[0]
    return (url.startswith("blob:") and url.endswith("#" + script)) or url.endswith("/" + script)


def origin_of(url: str) -> str:
    scheme, rest = url.split("://", 1)
    return f"{scheme}://{rest.split('/', 1)[0]}/"


@pytest.fixture
def guard(site_url: str) -> Guard:
    return Guard(origin_of(site_url))


def open_page(browser: Browser, guard: Guard, **context_args: Any) -> Page:
    context = browser.new_context(**context_args)
    context.add_init_script(CSP_WATCH)
    page = context.new_page()
    page.on("request", guard.request)
    page.on("console", guard.console)
    page.on("pageerror", guard.page_error)
    return page


PHONE: dict[str, Any] = {
    "viewport": {"width": 375, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


@pytest.fixture(scope="module")
def warm(request: pytest.FixtureRequest, browsers: Browsers, site_url: str) -> WarmContexts:
    """The returning visitor's contexts of this file's browser (kept for the session)."""
    return browsers.warmed(_tiered(request), site_url)


def _page(
    request: pytest.FixtureRequest, browser: Browser, guard: Guard, kind: str, **args: Any
) -> Iterator[Page]:
    """A page of a returning visitor (`warm.py`), or of a first visit in a context of its
    own for a test marked `fresh`."""
    fresh = request.node.get_closest_marker("fresh") is not None
    if fresh:
        page = open_page(browser, guard, **args)
    else:
        warm: WarmContexts = request.getfixturevalue("warm")
        page = warm.page(kind, **args)
        page.on("request", guard.request)
        page.on("console", guard.console)
        page.on("pageerror", guard.page_error)
    yield page
    if fresh:
        page.context.close()
    else:
        warm.done(page)
    assert not guard.problems, "\n".join(guard.problems)


@pytest.fixture
def page(request: pytest.FixtureRequest, browser: Browser, guard: Guard) -> Iterator[Page]:
    yield from _page(request, browser, guard, "desktop")


@pytest.fixture
def phone(request: pytest.FixtureRequest, browser: Browser, guard: Guard) -> Iterator[Page]:
    yield from _page(request, browser, guard, "phone", **PHONE)


def wait_for(page: Page, expression: str, arg: Any = None, timeout: float = 30_000) -> Any:
    """Wait until `expression` (or a function of `arg`) is truthy on the page; its value.
    Playwright's own wait_for_function evaluates its predicate with eval(), which the
    site's Content-Security-Policy refuses (it allows no 'unsafe-eval'); `evaluate` is not
    held to the page's policy."""
    until = time.monotonic() + timeout / 1000
    while True:
        value = page.evaluate(expression) if arg is None else page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > until:
            raise TimeoutError(f"not true after {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(50)


# The app answers each click in a frame from Python's worker, a few milliseconds later
# (web/page.mjs marks <html data-waiting> until then). Each action below returns once the
# app has answered, as it did when Python ran on the page and redrew within the click;
# before Python is up (a click on the page drawn before boot) it returns at once.
ANSWERED = (
    "document.documentElement.dataset.ready !== 'true'"
    " || !document.documentElement.hasAttribute('data-waiting')"
)


def _answered(method: Any) -> Any:
    def act(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = method(self, *args, **kwargs)
        page = self if isinstance(self, Page) else self.page
        # A page closed, or gone to another document (Reload), has nothing to answer.
        with contextlib.suppress(PlaywrightError):
            wait_for(page, ANSWERED, timeout=BOOT_TIMEOUT)
        return result

    return act


for _kind in (Page, Locator):
    for _name in ("click", "dblclick", "press", "fill", "select_option", "check", "uncheck"):
        setattr(_kind, _name, _answered(getattr(_kind, _name)))

# Screenshots into e2e/screenshots/ are for people to look at, not a check: `make test`
# takes none (E2E_SHOTS=0; its ~280, some full pages on a phone's screen, cost about 70 s
# of CPU), `make e2e` takes them all. Without them a locator's shot still waits, as a
# screenshot does, for its element to be visible.
SHOOTING = os.environ.get("E2E_SHOTS", "1") != "0"


def _shot_kept(method: Any) -> Any:
    def take(self: Any, *args: Any, **kwargs: Any) -> Any:
        if SHOOTING or "path" not in kwargs:
            return method(self, *args, **kwargs)
        if isinstance(self, Locator):
            self.wait_for(state="visible", timeout=kwargs.get("timeout"))
        return b""

    return take


for _kind in (Page, Locator):
    _kind.screenshot = _shot_kept(_kind.screenshot)  # type: ignore[method-assign]


def boot(page: Page, url: str) -> None:
    """Open `url` and wait until Python has started the app."""
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)


def shot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def no_horizontal_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def saved_record_js(game: str) -> str:
    """A JS expression: the record of `game`'s current saved slot (or null)."""
    return (
        f"(() => {{ const id = localStorage.getItem('spygames:current:{game}');"
        " const raw = id && localStorage.getItem('spygames:slot:' + id);"
        " return raw ? JSON.parse(raw).record : null; })()"
    )


# Deal the current game of a game id again from its start, its save keeping bots' key
# `key` (arguments: [game, key]); the page is then reloaded.
REKEY = """([game, key]) => {
    const id = localStorage.getItem('spygames:current:' + game);
    const slot = JSON.parse(localStorage.getItem('spygames:slot:' + id));
    slot.record.actions = [];
    slot.bots = key;
    localStorage.setItem('spygames:slot:' + id, JSON.stringify(slot));
}"""


def same_bots(page: Page, game: str, key: int = 1) -> None:
    """The game just started on the page, dealt again from its start with bots' key
    `key`, as a save keeps its key: its bots then play the same moves at every run (each
    new game draws a random key since issue 39, so a test that needs one position
    fixes it here)."""
    page.evaluate(REKEY, [game, key])
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)


def saved_record(page: Page, game: str) -> Any:
    return page.evaluate(saved_record_js(game))


def play_first_dos_action(page: Page, state: Any) -> dict[str, Any]:
    """Play Deck of Spies' first legal action in `state` (an engine State the page's table
    shows) as a player does, by clicking its cards and then its action; it must apply on
    the page. `state` follows the move; the action played is returned."""
    done = len(state.actions)
    action: dict[str, Any] = state.legal_actions()[0]
    if action["type"] == "assassinate":
        page.click(f"#act-assassinate-{action['ace']}")
    else:
        for card in action.get("cards", []):
            page.click(f"#card-{card}")
        page.click(f"#act-{action['type'].replace('_', '-')}")
    state.apply(action)
    expect(page.locator(".dos")).to_have_attribute("data-actions", str(done + 1))
    return action


def copy_site(folder: Path) -> Path:
    """A copy of the built site in `folder`, for a test to change."""
    shutil.copytree(Path(os.environ.get("SPYGAMES_SITE", ROOT / "_site")), folder)
    return folder


@pytest.fixture
def own_site(pytestconfig: pytest.Config, tmp_path: Path) -> Iterator[tuple[Path, SiteServer]]:
    """A copy of `_site/` on its own server (its own origin), for the test to change."""
    if pytestconfig.getoption("--base-url"):
        pytest.skip("needs the built _site/ to make a second version of it")
    site = copy_site(tmp_path / "site")
    with SiteServer(site) as server:
        yield site, server
