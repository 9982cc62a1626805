"""WebKit smoke: the plan of plan.py played by webkit.py (Selenium, WebKitGTK's
WebKitWebDriver and MiniBrowser under Xvfb). Run alone with `make smoke-webkit`."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import engines
import plan
import pytest
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
