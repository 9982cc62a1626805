"""WebKit smoke: the plan of plan.py played by webkit.py (Selenium, WebKitGTK's
WebKitWebDriver and MiniBrowser under Xvfb). Run alone with `make smoke-webkit`."""

from __future__ import annotations

import json

import engines
import plan
import pytest
from smoke import OUT, engine_or_skip, serve, site, verdict
from webkit import Driver, xvfb


# Selenium's own WebKitGTK class still sets the server address the deprecated way.
@pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")
def test_webkit_boots_plays_reloads_and_plays_offline() -> None:
    driver, minibrowser = engine_or_skip(engines.ensure_webkit)
    built = site()
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
