"""A page whose frames come from a second origin (a blog post embedding the site's demos,
the Lab's frame): the strict page guard, widened to those origins (e2e/test_embed.py,
test_lab.py, test_pyscript_page.py)."""

from __future__ import annotations

from conftest import Guard
from playwright.sync_api import Request


class Origins(Guard):
    """The strict page guard, for a page whose frames come from a second origin."""

    def __init__(self, *origins: str) -> None:
        super().__init__(origins[0])
        self.origins = origins
        self.runtime: list[str] = []

    def request(self, request: Request) -> None:
        url = request.url
        if not url.startswith((*self.origins, "data:", "blob:")):
            self.problems.append(f"request outside the origins: {url}")
        if "/vendor/" in url:
            self.runtime.append(url)
