"""The command line's English counts (`spygames.words`); a player's words go through
`spygames.i18n` (tests/i18n/)."""

from __future__ import annotations

import doctest

import pytest

import spygames.words
from spygames.words import count


@pytest.mark.parametrize(
    ("n", "expected"), [(0, "0 spies"), (1, "1 spy"), (2, "2 spies"), (12, "12 spies")]
)
def test_count_of_an_irregular_plural(n: int, expected: str) -> None:
    assert count(n, "spy", "spies") == expected


@pytest.mark.parametrize(("n", "expected"), [(0, "0 games"), (1, "1 game"), (2, "2 games")])
def test_count_of_a_regular_word(n: int, expected: str) -> None:
    assert count(n, "game") == expected


def test_doctests() -> None:
    assert doctest.testmod(spygames.words).failed == 0
