"""WebKit smoke: the plan of plan.py played by webkit.py (Selenium, WebKitGTK's
WebKitWebDriver and MiniBrowser under Xvfb), and the Bot Lab with a hostile bot. Run alone
with `make smoke-webkit`."""

from __future__ import annotations

import json
import re
import shutil
import sys
import time
from pathlib import Path

import engines
import plan
import pytest
from attack import Listener, hostile
from smoke import OUT, ROOT, engine_or_skip, serve, site, verdict
from webkit import Driver, xvfb

sys.path.insert(0, str(ROOT / "web" / "tools"))
import build_site

WATCH_FILE = "smoke-watch.js"
POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">\n')


def watched_site(built: Path, into: Path) -> Path:
    """A copy of the built site whose index.html runs the plan's WATCH first of all (right
    after its policy, which allows a script of the site's own), its service worker
    rebuilt to precache it: WebKit's WebDriver has no script that runs before a page's."""
    shutil.copytree(built, into)
    (into / WATCH_FILE).write_text(plan.WATCH)
    page = (into / "index.html").read_text()
    policy = POLICY.search(page)
    assert policy, "index.html has no Content-Security-Policy meta tag to put the watch after"
    tag = f'<script src="./{WATCH_FILE}"></script>\n'
    (into / "index.html").write_text(page[: policy.end()] + tag + page[policy.end() :])
    build_site.write_service_worker(into)
    return into


# Selenium's own WebKitGTK class still sets the server address the deprecated way.
@pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")
def test_webkit_boots_plays_reloads_and_plays_offline(tmp_path: Path) -> None:
    driver, minibrowser = engine_or_skip(engines.ensure_webkit)
    built = watched_site(site(), tmp_path / "site")
    OUT.mkdir(parents=True, exist_ok=True)
    server = serve(built).__enter__()
    running = [True]

    def offline() -> None:
        server.__exit__(None, None, None)
        running[0] = False

    try:
        with xvfb() as display:
            web = Driver(driver, minibrowser, display, plan.plan(), OUT)
            try:
                found = web.play(server.url, offline)
                if found["failed"]:
                    web.screenshot(str(OUT / "webkit-smoke.png"))
            finally:
                web.quit()
    finally:
        if running[0]:
            server.__exit__(None, None, None)
    (OUT / "webkit-smoke.json").write_text(json.dumps(found))
    verdict("WebKit", found, built)


# Selenium's own WebKitGTK class still sets the server address the deprecated way.
@pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")
def test_webkit_runs_the_lab_and_a_hostile_bot_reaches_nothing(tmp_path: Path) -> None:
    """Issue 46 in WebKit: the Bot Lab's sandbox starts Python, plays a match and steps
    through a game; a hostile bot's every try (e2e/attack.py) reaches nothing: the
    attacker's server hears nothing, the Lab's page keeps no storage of the bot's, and the
    site's offline copy still serves the built index.html."""
    driver, minibrowser = engine_or_skip(engines.ensure_webkit)
    built = site()
    evil = Listener()
    try:
        with serve(built) as server, xvfb() as display:
            web = Driver(driver, minibrowser, display, plan.plan(), OUT)
            try:
                lab_in_webkit(web, server.url, hostile(evil.url, server.url), built)
            finally:
                web.quit()
    finally:
        evil.close()
    assert evil.heard == [], evil.heard


def lab_in_webkit(web: Driver, site: str, attack: str, built: Path) -> None:
    page = web.web
    text = "return document.getElementById(arguments[0]).textContent"
    page.get(f"{site}lab/")
    web.until("document.getElementById('lab-python').dataset.state === 'ready'", "Python",
              plan.BOOT_SECONDS)  # fmt: skip
    before = page.execute_script("return JSON.stringify(localStorage)")
    page.execute_script("document.getElementById('lab-games').value = '10'")
    web.click("#lab-run")
    web.until("/10 games in/.test(document.getElementById('lab-status').textContent)", "a match",
              plan.STEP_SECONDS)  # fmt: skip
    web.click("#lab-walk")
    web.until("/ moves\\./.test(document.getElementById('lab-walk-status').textContent)",
              "a game stepped through", plan.STEP_SECONDS)  # fmt: skip
    assert page.execute_script(text, "lab-walk-at").startswith("Decision 1 of ")
    page.execute_script("document.getElementById('lab-source').value = arguments[0]", attack)
    web.click("#lab-run")
    web.until("/tried:/.test(document.getElementById('lab-error').textContent)", "the attack",
              plan.STEP_SECONDS)  # fmt: skip
    time.sleep(3)  # anything late from the sandbox's script
    assert page.execute_script("return JSON.stringify(localStorage)") == before
    served = page.execute_async_script(
        "const done = arguments[0];"
        "fetch('../index.html').then((r) => r.text()).then(done, (e) => done(`${e}`));"
    )
    assert served == (built / "index.html").read_text(), served[:200]
