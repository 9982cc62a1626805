"""Browser contexts that have visited the site once, shared by a worker's tests.

A first visit is the dearest part of most tests: besides booting, the page's worker
then makes the Python snapshot a returning visit starts from (web/python.mjs), about
4.3 s of CPU against 1.5 s for a visit that finds one. A test that does not study the
first visit (those have their own context: `@pytest.mark.fresh`, or `open_page`) gets a
new page in a context that already holds this build's snapshot and service worker,
with the site's storage emptied (localStorage, IndexedDB, cookies, file systems): as a
returning player who cleared their games would see it. What a test may not change in a
shared context (its init scripts, permissions, routes, being offline) is what
`@pytest.mark.fresh` is for.
"""

from __future__ import annotations

import contextlib
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

# What a finished test leaves behind that the next one must not find: everything of the
# origin's but the caches (the build's files and its Python snapshot) and the service
# worker that serves them.
EMPTIED = "local_storage,indexeddb,file_systems,cookies,websql,shader_cache"


class WarmContexts:
    """One context per kind of device (the arguments of `browser.new_context`), each
    warmed by one visit that waits until the snapshot is kept."""

    def __init__(self, browser: Browser, site_url: str, init_script: str, kept: str) -> None:
        self.browser, self.site_url = browser, site_url
        self.init_script, self.kept = init_script, kept
        self.contexts: dict[str, BrowserContext] = {}

    def page(self, kind: str, **context_args: Any) -> Page:
        """A new page (a tab) in the warm context of `kind`, the site's storage empty."""
        context = self.contexts.get(kind)
        if context is None:
            context = self.contexts[kind] = self._warmed(**context_args)
            context.on("close", lambda _context: self.contexts.pop(kind, None))
        for stale in context.pages:
            stale.close()
        page = context.new_page()
        self._empty(page)
        return page

    def done(self, page: Page) -> None:
        """After a test: its tabs closed, what it stored emptied."""
        context = page.context
        if context not in self.contexts.values():
            return  # the test closed it
        with contextlib.suppress(PlaywrightError):
            if page.is_closed():
                page = context.new_page()
            self._empty(page)
            for tab in context.pages:
                tab.close()

    def _empty(self, page: Page) -> None:
        origin = self.site_url.split("://", 1)[0] + "://" + self.site_url.split("/")[2]
        cdp = page.context.new_cdp_session(page)
        try:
            cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": EMPTIED})
        finally:
            cdp.detach()

    def _warmed(self, **context_args: Any) -> BrowserContext:
        context = self.browser.new_context(**context_args)
        context.add_init_script(self.init_script)
        page = context.new_page()
        page.goto(f"{self.site_url}#/")
        page.wait_for_selector("html[data-ready=true]", timeout=90_000)
        if not page.evaluate(self.kept):
            raise AssertionError("the first visit kept no Python snapshot in 60 s")
        page.close()
        return context

    def close(self) -> None:
        for context in list(self.contexts.values()):
            with contextlib.suppress(PlaywrightError):
                context.close()
        self.contexts.clear()
