"""The site in another language, walked in the pseudo-locale en-XA (`?lang=en-XA`, every
message accented, bracketed and ~40% longer: docs/languages.md) at 1280×800 and 375×812:
no English left on any page (a message nobody marked), nothing wider than the screen,
`<html lang>` set, and the frames shown before Python runs already in the language. The
Bot Lab too, once its Python is ready (its code, in the editor and in <code>, is code)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import Guard, boot, no_horizontal_scroll, open_page, origin_of
from drivers.lab import BOOT_MS
from playwright.sync_api import Browser, Page, expect
from shared_page import SIZES, checked, go

import spygames

PSEUDO = "en-XA"
# Names are data, the same in every language: ours, and the seats' names (the bots'
# codenames, the people in the rules' examples and the guided games).
SAME = ["spygames", "Python", "PyScript", "Agent", "Rook", "Vesper", "Kestrel", "Halden",
        "Lynx", "Moth", "Heron", "Wren", "Jay", "Ada", "Ben", "Cleo"]  # fmt: skip

# Every text a player reads (text nodes of shown elements, and the attributes that
# hold words) with a word of plain ASCII letters outside the pseudo-locale's brackets;
# `skip`, a selector for what is not words (code), or "".
ENGLISH = """([same, skip]) => {
  const found = new Set();
  const keep = (text) => {
    const rest = text.replace(/\\[[^\\]]*\\]/g, " ");
    const words = (rest.match(/(?<![\\w&#])[A-Za-z]{3,}(?![\\w;])/g) || [])
      .filter((w) => !same.includes(w));
    if (words.length) found.add(text.trim().slice(0, 120));
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style, template, [hidden], [aria-hidden=true]")) continue;
    if (skip && el.closest(skip)) continue;
    if (!el.getClientRects().length) continue; // not shown
    keep(node.data);
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
    for (const name of ["aria-label", "title", "alt", "placeholder"]) {
      if (el.hasAttribute(name)) keep(el.getAttribute(name));
    }
  }
  keep(document.title);
  return [...found];
}"""


def pages() -> list[tuple[str, str]]:
    """(address, a selector its screen shows once drawn)."""
    found = [("#/", ".tiles"), ("#/saves", "main h1"), ("#/stats", "main h1")]
    for game in spygames.GAMES:
        found += [
            (f"#/{game}", "main h1, main h2"),
            (f"#/{game}/rules", ".rules"),
            (f"#/{game}/learn", "main h1, main h2"),
        ]
    return found


@pytest.fixture(scope="module", params=sorted(SIZES))
def pseudo(
    request: pytest.FixtureRequest, browser: Browser, site_url: str
) -> Iterator[tuple[Page, Guard, str]]:
    guard = Guard(origin_of(site_url))
    page = open_page(browser, guard, **SIZES[request.param])
    url = f"{site_url}?lang={PSEUDO}"
    boot(page, f"{url}#/")
    yield page, guard, url
    page.context.close()


def test_the_page_speaks_the_language_from_its_first_frame(browser: Browser, site_url: str) -> None:
    guard = Guard(origin_of(site_url))
    page = open_page(browser, guard, **SIZES["desktop"])
    page.route("**/worker.mjs", lambda route: route.abort())  # Python never starts
    page.goto(f"{site_url}?lang={PSEUDO}#/")
    page.wait_for_function("!document.documentElement.dataset.langPending")
    assert page.evaluate("document.documentElement.lang") == PSEUDO
    assert page.evaluate(ENGLISH, [SAME, ""]) == []  # the frame before Python, the boot box
    page.context.close()


@pytest.mark.parametrize(("address", "ready"), pages())
def test_no_english_and_nothing_too_wide(
    pseudo: tuple[Page, Guard, str], address: str, ready: str
) -> None:
    page, guard, url = pseudo
    with checked(guard):
        go(page, url, address, ready)
        page.wait_for_timeout(100)
        assert page.evaluate("document.documentElement.lang") == PSEUDO
        assert page.evaluate(ENGLISH, [SAME, ""]) == [], address
        assert no_horizontal_scroll(page), address


# In the Lab, what is not words to translate: code (the editor's, <code>, <pre>, a type in
# the reference: translate="no"). The reference's words (the games' views' comments) are
# in the page's language (lab/reference.<lang>.json).
CODE = ".lab-editor, code, pre, [translate=no]"


def test_the_bot_lab_speaks_the_language(browser: Browser, site_url: str) -> None:
    """The Lab (web/lab/words.mjs) chooses its language as the tables do and says its own
    words in it, and the sandbox's; `choose(view, legal, rng)` and the editor's code stay
    code. At both widths (1280 and 375), on one page: its Python started once."""
    guard = Guard(origin_of(site_url))
    page = open_page(browser, guard, **SIZES["desktop"])
    page.goto(f"{site_url}lab/?lang={PSEUDO}")
    expect(page.locator("#lab-python")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    page.click("#lab-api-title")  # "How a bot works", open: the reference, words and all
    expect(page.locator("#lab-reference dt").first).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == PSEUDO
    for size in sorted(SIZES):
        page.set_viewport_size(SIZES[size]["viewport"])
        page.wait_for_timeout(100)
        assert page.evaluate(ENGLISH, [SAME, CODE]) == [], size
        assert no_horizontal_scroll(page), size
    # A bot's mistake, as the sandbox's Python tells it (spygames.lab, with the page's
    # catalogue handed in: web/sandbox/host.mjs): in the language, but for the action
    # (code) and the view.
    page.fill("#lab-source", "def choose(view, legal, rng):\n    return {'type': 'spot'}\n")
    page.fill("#lab-games", "10")
    page.click("#lab-run")
    error = page.locator("#lab-error")
    expect(error).to_contain_text("{'type': 'spot'}", timeout=BOOT_MS)
    said = error.inner_text().split("{'type': 'spot'}")
    assert "Your bot chose" not in said[0] and "which is not legal" not in said[1], said
    assert "[" in said[0] and "]" in said[1], said  # the pseudo-locale's brackets
    page.context.close()
    assert not guard.problems, "\n".join(guard.problems)
