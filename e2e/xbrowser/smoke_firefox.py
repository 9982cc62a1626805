"""Firefox smoke: the plan of plan.py played by firefox.mjs (Node, puppeteer-core over
WebDriver BiDi). Run alone with `make smoke-firefox`."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import threading
from pathlib import Path

import engines
import plan
from smoke import HERE, OUT, engine_or_skip, serve, site, verdict

SECONDS = 600  # the whole run, boots included; it takes about a minute or two


def test_firefox_boots_plays_reloads_and_plays_offline(tmp_path: Path) -> None:
    firefox = engine_or_skip(engines.ensure_firefox)
    node = shutil.which("node")
    assert node, "Node is needed to drive Firefox (npm puppeteer-core)"
    built = site()
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(json.dumps(plan.plan()))
    OUT.mkdir(parents=True, exist_ok=True)
    found_file = OUT / "firefox-smoke.json"
    found_file.unlink(missing_ok=True)
    server = serve(built).__enter__()
    running = True
    try:
        driver = subprocess.Popen(
            [node, str(HERE / "firefox.mjs"), firefox, server.url, str(plan_file), str(found_file)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            start_new_session=True,  # so the watchdog ends Firefox with its driver
        )
        assert driver.stdin and driver.stdout
        watchdog = threading.Timer(SECONDS, os.killpg, (driver.pid, signal.SIGKILL))
        watchdog.start()
        for line in driver.stdout:
            print(f"firefox: {line.rstrip()}")
            if line.strip() == "offline?":
                server.__exit__(None, None, None)
                running = False
                driver.stdin.write("offline\n")
                driver.stdin.flush()
        watchdog.cancel()
        assert driver.wait() == 0, f"the Firefox driver failed or took over {SECONDS} s"
    finally:
        if running:
            server.__exit__(None, None, None)
    verdict("Firefox", json.loads(found_file.read_text()), built)
