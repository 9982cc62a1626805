"""The engine in anyone's PyScript page (issue 39): docs/embedding.md's complete page,
served from another origin (the suite's stand-in blog), loads PyScript and Pyodide from
the site, installs the engine wheel with micropip and plays a game to its end — with no
request outside the two origins. The page is the docs' own, so the docs cannot rot."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import origin_of, shot
from drivers.embed import Origins
from playwright.sync_api import Browser, expect
from server import BlogServer

import spygames

DOCS = Path(__file__).resolve().parents[1] / "docs" / "embedding.md"
SITE = "https://USER.github.io/spygames/"
BOOT_MS = 180_000


def docs_page() -> str:
    """The complete page in docs/embedding.md (its only HTML block that is a page)."""
    found = re.findall(r"```html\n(<!DOCTYPE html>.*?)```", DOCS.read_text(), re.S)
    assert len(found) == 1, "docs/embedding.md should hold one complete HTML page"
    return str(found[0])


def test_the_docs_page_names_this_versions_wheel() -> None:
    page = docs_page()
    assert f"{SITE}wheels/spygames-{spygames.__version__}-py3-none-any.whl" in page


def test_a_pyscript_page_on_another_site_installs_the_engine_and_plays(
    browser: Browser, site_url: str
) -> None:
    with BlogServer(site_url, docs_page().replace(SITE, "__SITE__")) as blog:
        guard = Origins(origin_of(blog.url), origin_of(site_url))
        context = browser.new_context()
        page = context.new_page()
        page.on("request", guard.request)
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(blog.url)
        result = page.locator("#result")
        expect(result).not_to_have_text("Python is starting…", timeout=BOOT_MS)
        shot(page, "pyscript-page")
        expect(result).to_have_text(re.compile(r"player \d"))
        assert page.locator("#moves li").count() > 4
        installer = page.evaluate(
            """() => new Promise((done) => {
                 const script = document.createElement("script");
                 script.type = "py";
                 script.textContent = [
                   "import importlib.metadata as m",
                   "from pyscript import document",
                   "d = m.distribution('spygames')",
                   "document.body.dataset.installer = d.read_text('INSTALLER').strip()",
                   "document.body.dataset.version = d.version",
                 ].join("\\n");
                 document.body.append(script);
                 const wait = () => document.body.dataset.installer
                   ? done([document.body.dataset.installer, document.body.dataset.version])
                   : setTimeout(wait, 100);
                 wait();
               })"""
        )
        assert installer == ["micropip", spygames.__version__]
        wheels = [u for u in asked if u.endswith(".whl")]
        assert any("/wheels/spygames-" in u for u in wheels), wheels
        assert any("/vendor/pyodide-py/micropip-" in u for u in wheels), wheels
        assert not errors, errors
        assert not guard.problems, guard.problems
        context.close()
