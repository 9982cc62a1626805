"""The smoke plan (plan.py) in WebKit: WebKitGTK's MiniBrowser driven by its
WebKitWebDriver through Selenium's Remote WebDriver, on an Xvfb display (WebKitGTK has no
headless mode). `--automation` is what makes MiniBrowser accept the session; without it
session creation hangs.

Classic WebDriver has no console events and WebKitWebDriver no way to run a script before
a page's own (no BiDi; MiniBrowser's console-to-stdout setting stays silent under
`--automation`): the site it is shown is a copy whose index.html loads the plan's WATCH
first (smoke_webkit.py), and the plan's `read` steps of `problems_*` report what it saw."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver import WebKitGTK, WebKitGTKOptions
from selenium.webdriver.common.by import By
from selenium.webdriver.webkitgtk.service import Service


@contextmanager
def xvfb() -> Iterator[str]:
    """A virtual display of its own (the X server picks a free number); yields ":N"."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as numbers:
            display = numbers.readline().strip()
        if not display:
            raise RuntimeError("Xvfb did not start")
        yield f":{display}"
    finally:
        server.terminate()
        server.wait(timeout=30)


class Driver:
    """Plays a plan's steps in one MiniBrowser session."""

    def __init__(
        self, driver: str, minibrowser: str, display: str, plan: dict[str, Any], shots: Path
    ):
        options = WebKitGTKOptions()
        options.binary_location = minibrowser
        options.add_argument("--automation")
        service = Service(executable_path=driver, env={**os.environ, "DISPLAY": display})
        self.web = WebKitGTK(options=options, service=service)
        self.web.set_window_size(1280, 800)
        self.plan = plan
        self.shots = shots
        self.site = ""

    def until(self, js: str, what: str, seconds: float) -> None:
        end = time.monotonic() + seconds
        while not self.web.execute_script(f"return !!({js});"):
            if time.monotonic() > end:
                raise TimeoutError(f"waited {seconds} s for {what}")
            time.sleep(0.2)

    def boot(self, url: str | None) -> None:
        started = time.monotonic()
        if url is None:
            self.web.refresh()
        else:
            self.web.get(self.site + url)
        ready = "document.documentElement.dataset.ready === 'true'"
        self.until(ready, "the app to start", self.plan["boot_seconds"])
        print(f"webkit: booted in {time.monotonic() - started:.1f} s")

    def click(self, css: str) -> None:
        enabled = f"document.querySelector({css!r}) && !document.querySelector({css!r}).disabled"
        self.until(enabled, css, self.plan["step_seconds"])
        for _ in range(5):  # a frame may redraw the screen between the find and the click:
            try:  # the control is found again in the new one, as Playwright's locators do
                self.web.find_element(By.CSS_SELECTOR, css).click()
                return
            except StaleElementReferenceException:
                time.sleep(0.1)
        self.web.find_element(By.CSS_SELECTOR, css).click()

    def play(self, site: str, offline: Callable[[], None]) -> dict[str, Any]:
        self.site = site
        found: dict[str, Any] = {"events": [], "failed": None}
        print(f"webkit: {self.web.capabilities.get('browserVersion', '?')}")
        for index, step in enumerate(self.plan["steps"]):
            try:
                self.step(step, found, offline)
            except (WebDriverException, TimeoutError) as error:
                found["failed"] = f"step {index} ({str(step)[:160]}): {error}"
                with suppress(WebDriverException):
                    found["problems_at_failure"] = self.web.execute_script(
                        f"return {self.plan['problems_js']};"
                    )
                break
        return found

    def step(
        self, step: dict[str, Any], found: dict[str, Any], offline: Callable[[], None]
    ) -> None:
        do = step["do"]
        if do == "boot":
            self.boot(step.get("url"))
        elif do == "route":
            self.web.execute_script("location.hash = arguments[0];", step["hash"])
        elif do == "click":
            self.click(step["css"])
        elif do == "until":
            self.until(step["js"], step["what"], self.plan["step_seconds"])
        elif do == "run":
            self.web.execute_script(step["js"])
        elif do == "read":
            found[step["key"]] = self.web.execute_script(f"return {step['js']};")
        elif do == "shot":
            self.screenshot(str(self.shots / f"webkit-{step['name']}.png"))
        elif do == "offline":
            offline()
        else:
            raise ValueError(f"unknown step {do}")

    def screenshot(self, path: str) -> None:
        self.web.save_screenshot(path)

    def quit(self) -> None:
        self.web.quit()
