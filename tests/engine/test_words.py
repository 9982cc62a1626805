"""The shared words helpers: plurals, verb agreement and names kept as given."""

from __future__ import annotations

import doctest

import pytest

import spygames.words
from spygames.words import agrees, count, plural, sentence


@pytest.mark.parametrize(
    ("n", "expected"), [(0, "0 spies"), (1, "1 spy"), (2, "2 spies"), (12, "12 spies")]
)
def test_count_of_an_irregular_plural(n: int, expected: str) -> None:
    assert count(n, "spy", "spies") == expected


@pytest.mark.parametrize(("n", "expected"), [(0, "games"), (1, "game"), (2, "games")])
def test_plural_of_a_regular_word(n: int, expected: str) -> None:
    assert plural(n, "game") == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("You", "You draft"),
        ("you", "you draft"),
        ("Agent Lynx", "Agent Lynx drafts"),
        ("Young", "Young drafts"),
    ],
)
def test_verb_agrees_with_who_does_it(name: str, expected: str) -> None:
    assert agrees(name, "draft") == expected


def test_irregular_third_person() -> None:
    assert agrees("Ann", "go", "goes") == "Ann goes"
    assert agrees("You", "go", "goes") == "You go"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("agent lynx’s Censor", "Agent lynx’s Censor"),
        ("Agent McLynx’s", "Agent McLynx’s"),
        ("your hand", "Your hand"),
        ("", ""),
    ],
)
def test_sentence_keeps_the_case_of_the_rest(text: str, expected: str) -> None:
    assert sentence(text) == expected


def test_doctests() -> None:
    assert doctest.testmod(spygames.words).failed == 0
