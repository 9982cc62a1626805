"""One booted page for many tests: the app is a single page, so a test moves to its
screen by the address (the hash) and Python stays loaded. Booting is the slow part of
an e2e test; a module that shares a page boots once per screen size instead of once
per test.

Each test gets the page back at the home screen with the browser's storage emptied, as
a fresh page would be. Each page keeps its own Guard (requests outside the origin, page
and console errors, CSP violations); `checked` fails the test that was running when one
happened.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from conftest import Guard, boot, open_page, origin_of, wait_for
from playwright.sync_api import Browser, Page

DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 375, "height": 812},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


class SharedPages:
    """A page for each size, booted (at `#/`) the first time it is asked for."""

    def __init__(self, browser: Browser, site_url: str) -> None:
        self.browser, self.site_url = browser, site_url
        self.pages: dict[str, tuple[Page, Guard]] = {}

    def get(self, size: str) -> tuple[Page, Guard]:
        """The size's page as a fresh one would be: at the home screen, nothing saved (so
        no test depends on what the one before it left: a game, a preference)."""
        if size not in self.pages:
            guard = Guard(origin_of(self.site_url))
            page = open_page(self.browser, guard, **SIZES[size])
            boot(page, f"{self.site_url}#/")
            self.pages[size] = page, guard
        else:
            page = self.pages[size][0]
            go(page, self.site_url, "#/", ".tiles")
            page.evaluate("localStorage.clear()")
        return self.pages[size]

    def close(self) -> None:
        for page, _guard in self.pages.values():
            page.context.close()
        self.pages.clear()


@contextmanager
def checked(guard: Guard) -> Iterator[None]:
    """Fail on what `guard` saw inside the block (and forget what it saw before)."""
    guard.problems.clear()
    yield
    problems, guard.problems[:] = list(guard.problems), []
    assert not problems, "\n".join(problems)


def go(page: Page, site_url: str, address: str, ready: str, timeout: float = 30_000) -> None:
    """Open `address` (`#/…`) on a booted page and wait for its screen to show `ready`.
    The screen before it may match `ready` too: its markup is marked first, and the new
    screen's render replaces it (unless the page already stands at `address`)."""
    page.evaluate(
        "(to) => { if (location.hash === to) return;"  # the same address: no new render
        " for (const e of document.querySelectorAll('#app > *'))"
        " e.setAttribute('data-left', ''); }",
        address,
    )
    page.goto(f"{site_url}{address}")
    wait_for(
        page,
        "(ready) => !document.querySelector('#app [data-left]') && "
        "document.querySelector(ready) !== null",
        arg=ready,
        timeout=timeout,
    )
