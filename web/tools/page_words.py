"""The words of the page around Python, in each language: what index.html says before
Python runs (its `data-i18n` elements, `data-i18n-attrs` attributes) and the messages of
the page's JavaScript (`_("…")` in web/*.js, web/*.mjs), with the frames Python draws
before it starts (spyweb/screens/preboot.py) drawn in that language. The Bot Lab's pages
(web/lab/: their HTML, their modules, the games' names they list) read the same file.

An element marked `data-i18n="html"` holds a sentence with inline markup (`<code>`): its
message is its markup, as a browser gives it back (`innerHTML`), spaces collapsed.

`extract` is Babel's extractor for the HTML (babel.cfg); `write` puts one small JSON per
language on the site, `locale/<lang>.<hash>.json`: {"words": {English: translation},
"frames": {key: html}, "home": html}, which boot.js fetches as the page starts.

>>> page = b'<p data-i18n>Saved games</p><b data-i18n-attrs="title" title="Dismiss">x</b>'
>>> list(extract(io.BytesIO(page), [], [], {}))
[(1, None, 'Dismiss', []), (1, None, 'Saved games', [])]
>>> marked('<p data-i18n="html">Write   <code>choose(a, b)</code> &amp; go.</p>')
[(1, 'Write <code>choose(a, b)</code> &amp; go.')]
"""

from __future__ import annotations

import hashlib
import html
import io  # noqa: F401 (the doctest's)
import json
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from spygames import i18n

TEMPLATE = i18n.LOCALE_DIR / "spygames.pot"


class _Marked(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self.open: list[tuple[str, int, list[str]]] = []  # (tag, line, text so far)
        self.markup = False  # the element open keeps its inline markup (data-i18n="html")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        line = self.getpos()[0]
        for name in (values.get("data-i18n-attrs") or "").split():
            if values.get(name):
                self.found.append((line, str(values[name])))
        if "data-i18n" in values:
            self.open.append((tag, line, []))
            self.markup = values["data-i18n"] == "html"
        elif self.open and self.markup:
            self.open[-1][2].append(self.get_starttag_text() or "")

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][2].append(html.escape(data, quote=False) if self.markup else data)

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1][0] != tag and self.markup:
            self.open[-1][2].append(f"</{tag}>")
        elif self.open and self.open[-1][0] == tag:
            _tag, line, text = self.open.pop()
            self.markup = False
            message = " ".join("".join(text).split())
            if message:
                self.found.append((line, message))


def marked(text: str) -> list[tuple[int, str]]:
    parser = _Marked()
    parser.feed(text)
    return sorted(parser.found)


def extract(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extractor for an HTML page: each `data-i18n` element's text (its spaces
    collapsed) and each attribute `data-i18n-attrs` names."""
    for line, message in marked(fileobj.read().decode("utf-8")):
        yield line, None, message, []


def page_messages(template: Path = TEMPLATE) -> list[str]:
    """The messages of the page around Python: those found outside Python's sources, and
    the games' names (the Bot Lab lists them)."""
    import spygames

    with template.open("rb") as f:
        catalogue = read_po(f)
    names = {game.name for game in spygames.GAMES.values()}
    return sorted(
        str(m.id)
        for m in catalogue
        if isinstance(m.id, str)
        and m.id
        and (m.id in names or not all(p.endswith(".py") for p, _ in m.locations))
    )


def write(site: Path, langs: list[str], frames: Callable[[], tuple[str, str]]) -> dict[str, str]:
    """One JSON per language under `site/locale/`: {language: its address}. `frames`
    draws (home frame, the other frames) in the language in use."""
    messages = page_messages()
    urls: dict[str, str] = {}
    try:
        for lang in langs:
            i18n.use(lang)
            home, others = frames()
            body = json.dumps(
                {
                    "words": {m: i18n.looked_up(m) for m in messages},
                    "home": home,
                    "frames": others,
                },
                ensure_ascii=False,
                separators=(",", ":"),
            ).encode()
            name = f"{lang}.{hashlib.sha256(body).hexdigest()[:8]}.json"
            (site / "locale" / name).write_bytes(body)
            urls[lang] = f"./locale/{name}"
    finally:
        i18n.use(i18n.ENGLISH)
    return urls
