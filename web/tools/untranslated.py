"""The app's pages in the pseudo-locale, and every English word left on them.

Each page the render corpus draws (`render_corpus.WALKS`: seeded walks through each
game's own controls) and the pages around the tables (home, Saved games, Stats, each
game's seats, rules with each demo, guided game) are drawn in `en-XA`
(`web/tools/pseudo.py`), where every translated message is accented and bracketed:
a word of plain ASCII letters in the text a player reads (or in an `aria-label`,
`title`, `alt` or `placeholder`) is a message nobody marked for translation.

    python web/tools/untranslated.py            # each English text once, with a page it is on
    python web/tools/untranslated.py --quick    # the pages around the tables, walks of 40 steps
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web" / "app"), str(ROOT), str(ROOT / "web" / "tools")]

import render_corpus  # noqa: E402
from spyweb.app import App  # noqa: E402
from spyweb.browser.store import MemoryStorage  # noqa: E402

import spygames  # noqa: E402
from spygames import i18n  # noqa: E402

HIDDEN = re.compile(r"<(script|style|template)\b.*?</\1>", re.S)
TEXT = re.compile(r">([^<]+)<")
SHOWN_ATTRS = re.compile(r'\b(?:aria-label|title|alt|placeholder|aria-description)="([^"]*)"')
WORD = re.compile(r"(?<![\w&#])[A-Za-z]{3,}(?![\w;])")
# Words that are the same in every language: our name, and what a player types or sees
# as data (an address, a deal's code).
SAME = {"spygames", "Python", "PyScript", "Pyodide", "micropip", "https", "http", "www"}


def pages_around() -> Iterator[tuple[str, str]]:
    routes = ["#/", "#/saves", "#/stats"]
    for game in spygames.GAMES:
        routes += [f"#/{game}", f"#/{game}/rules", f"#/{game}/learn"]
        routes += [f"#/{game}/rules/{demo.id}" for demo in spygames.all_demos(game)]
    for route in routes:
        app = App(MemoryStorage())
        app.route(route)
        yield route, app.render()


def english(page: str) -> Iterator[str]:
    """Each text on `page` that holds a word of plain English."""
    page = HIDDEN.sub("", page)
    for text in TEXT.findall(page) + SHOWN_ATTRS.findall(page):
        text = html.unescape(text).strip()
        if "[" in text and "]" in text:  # translated (its values may be English data)
            text = re.sub(r"\[[^\]]*\]", "", text)
        words = [w for w in WORD.findall(text) if w not in SAME]
        if words:
            yield text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    i18n.use(i18n.PSEUDO)
    found: dict[str, str] = {}
    for where, page in pages_around():
        for text in english(page):
            found.setdefault(text, where)
    for name, route, kinds, steps in render_corpus.WALKS:
        pages = render_corpus.walk(name, route, kinds, 40 if args.quick else steps)
        for i, page in enumerate(pages):
            for text in english(page):
                found.setdefault(text, f"{name} step {i}")
    for text, where in sorted(found.items(), key=lambda kv: kv[1]):
        print(f"{where:28} {text[:150]}")
    print(f"{len(found)} English texts", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
