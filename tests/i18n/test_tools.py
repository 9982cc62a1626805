"""The build's language tools: the pseudo-locale keeps what must not change, the page's
marked words are found, and the untranslated-text finder sees English (and only it)."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web" / "tools"))

import page_words  # noqa: E402
import pseudo  # noqa: E402
import untranslated  # noqa: E402


def test_the_tools_examples_hold() -> None:
    for module in (pseudo, page_words):
        assert doctest.testmod(module).failed == 0


def test_pseudo_keeps_names_markup_and_entities() -> None:
    text = pseudo.pseudo('Play {card} <a href="#/saves">now</a> &amp; {{x}}')
    assert "{card}" in text and '<a href="#/saves">' in text and "&amp;" in text
    # braces kept, what they hold is text
    assert "{{ẋ}}" in text and "now" not in text and text.startswith("[")
    assert len(text) >= len("Play {card} now & x") * 1.4


def test_english_is_found_on_a_page_and_pseudo_text_is_not() -> None:
    page = (
        '<p>[Ðéåļ ~~]</p><button aria-label="Close the panel">x</button>'
        "<p>[Šçöŕé: ~~] 12</p><span>spygames</span><script>var words = 1</script>"
    )
    assert list(untranslated.english(page)) == ["Close the panel"]
