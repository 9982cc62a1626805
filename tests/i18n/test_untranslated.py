"""No page the app draws holds a message nobody marked: every page around the tables
and the render corpus's walks through each game's own controls (web/tools/untranslated.py,
walks cut to 40 steps), drawn in the pseudo-locale, where every translated word is
accented and bracketed. What is left in plain English is names: the bots' codenames,
the people of the rules' examples and the guided games, the seats the walks name."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "web" / "tools"))

import render_corpus  # noqa: E402
import untranslated  # noqa: E402

from spygames import i18n  # noqa: E402

NAMES = {
    "Agent", "Vesper", "Kestrel", "Halden", "Lynx", "Moth", "Heron", "Wren", "Jay", "Rook",
    "Ada", "Ben", "Cleo",
}  # fmt: skip


@pytest.fixture
def pseudo() -> Iterator[None]:
    i18n.use(i18n.PSEUDO)
    yield
    i18n.use(i18n.ENGLISH)


def english(page: str) -> list[str]:
    found = []
    for text in untranslated.english(page):
        rest = re.sub(r"\[[^\]]*\]", " ", text)
        if set(untranslated.WORD.findall(rest)) - NAMES - untranslated.SAME:
            found.append(text)
    return found


def test_the_pages_around_the_tables(pseudo: None) -> None:
    left = {t: where for where, page in untranslated.pages_around() for t in english(page)}
    assert not left, left


@pytest.mark.parametrize("walk", render_corpus.WALKS, ids=lambda w: w[0])
def test_a_walk_through_each_games_controls(
    pseudo: None, walk: tuple[str, str, list[str] | None, int]
) -> None:
    name, route, kinds, _steps = walk
    left = {
        t: i
        for i, page in enumerate(render_corpus.walk(name, route, kinds, 40))
        for t in english(page)
    }
    assert not left, left


def test_the_check_sees_a_message_left_in_english() -> None:
    assert english("<p>[Ðéåļ ~~] Agent Lynx</p><p>Deal again</p>") == ["Deal again"]
