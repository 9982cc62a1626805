"""spygames.i18n: messages looked up in the language in use, filled after translation,
plural forms of each language, and messages carried as data to another device."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from spygames import i18n
from spygames.i18n import _, ngettext, pgettext


def compiled(
    locale: str, messages: dict[object, object], contexts: dict[tuple[str, str], str] | None = None
) -> bytes:
    catalog = Catalog(locale=locale, domain="spygames")
    for msgid, msgstr in messages.items():
        catalog.add(msgid, msgstr)
    for (context, msgid), msgstr in (contexts or {}).items():
        catalog.add(msgid, msgstr, context=context)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


@pytest.fixture
def french() -> Iterator[None]:
    i18n.use(
        "fr",
        compiled(
            "fr",
            {
                "{name} calls": "{name} annonce",
                ("{n} spy", "{n} spies"): ("{n} espion", "{n} espions", "{n} espions"),
                "{a} or {b}": "{a} ou {b}",
                "Broken {who}": "Cassé {qui}",
            },
            {("button", "Play"): "Jouer", ("noun", "Play"): "Coup"},
        ),
    )
    yield
    i18n.use("en")


def test_english_needs_no_catalogue() -> None:
    i18n.use("en")
    assert _("{name} calls", name="Ann") == "Ann calls"
    assert [ngettext("{n} spy", "{n} spies", n) for n in (0, 1, 2)] == [
        "0 spies",
        "1 spy",
        "2 spies",
    ]


def test_a_message_is_translated_then_filled(french: None) -> None:
    assert _("{name} calls", name="Ann") == "Ann annonce"
    assert i18n.language() == "fr"
    assert _("Not in the catalogue") == "Not in the catalogue"  # English, not nothing


def test_plural_forms_follow_the_language(french: None) -> None:
    # French: one for 0 and 1, unlike English (CLDR gives it a third form, for millions)
    assert [ngettext("{n} spy", "{n} spies", n) for n in (0, 1, 2)] == [
        "0 espion",
        "1 espion",
        "2 espions",
    ]
    i18n.use("ja", compiled("ja", {("{n} spy", "{n} spies"): ("スパイ{n}人",)}))
    assert [ngettext("{n} spy", "{n} spies", n) for n in (1, 5)] == ["スパイ1人", "スパイ5人"]


def test_one_english_word_two_meanings(french: None) -> None:
    assert (pgettext("button", "Play"), pgettext("noun", "Play")) == ("Jouer", "Coup")


def test_a_translation_naming_a_missing_value_falls_back_to_english(french: None) -> None:
    assert _("Broken {who}", who="Ann") == "Broken Ann"


def test_lists_in_the_language(french: None) -> None:
    assert i18n.either(["A", "B", "C"]) == "A ou B ou C"


def test_only_names_are_filled() -> None:
    assert i18n.fill("{a} {{b}} {c.__class__} {0}", {"a": 1}) == "1 {b} {c.__class__} {0}"
    with pytest.raises(KeyError):
        i18n.fill("{missing}", {})


def test_a_message_travels_as_data_and_is_said_in_the_receivers_language(french: None) -> None:
    i18n.use("en")
    sent = i18n.data({"log": [_("{name} calls", name="Ann")], "n": 3, "plain": "x"})
    assert sent == {
        "log": [{"i18n": [None, "{name} calls", None, None], "args": {"name": "Ann"}}],
        "n": 3,
        "plain": "x",
    }
    i18n.use("fr", compiled("fr", {"{name} calls": "{name} annonce"}))
    assert i18n.revive(sent)["log"] == ["Ann annonce"]
    plural = i18n.data(ngettext("{n} spy", "{n} spies", 2))
    assert plural == {"i18n": [None, "{n} spy", "{n} spies", 2], "args": {}}


def test_nested_messages_travel_whole(french: None) -> None:
    i18n.use("en")
    sent = i18n.data(_("{a} or {b}", a=_("{name} calls", name="Ann"), b="Ben"))
    i18n.use("fr", compiled("fr", {"{name} calls": "{name} annonce", "{a} or {b}": "{a} ou {b}"}))
    assert i18n.revive(sent) == "Ann annonce ou Ben"


@pytest.mark.parametrize(
    "bad",
    [
        {"i18n": [None, "x", None], "args": {}},
        {"i18n": [None, 5, None, None], "args": {}},
        {"i18n": [None, "{a}", None, None], "args": {}},  # a value missing
        {"i18n": [None, "x", "y", None], "args": {}},  # a plural without its count
        {"i18n": [None, "x", None, None], "args": {"a": [1]}},
        {"i18n": [None, "x", None, None], "args": {"a": True}},
        {"i18n": [None, "x", None, None], "args": []},
        {"i18n": [None, "x", None, None], "extra": 1},
    ],
)
def test_an_ill_formed_message_from_another_device_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        i18n.revive(bad)


def test_a_hostile_message_reaches_no_object() -> None:
    sent = {"i18n": [None, "{a.__class__.__mro__} {{a}}", None, None], "args": {"a": "x"}}
    assert i18n.revive(sent) == "{a.__class__.__mro__} {a}"


def test_choose_the_browsers_first_language_we_speak() -> None:
    offered = ("en", "fr", "de")
    assert i18n.choose(["de-AT", "fr"], offered) == "de"
    assert i18n.choose(["pt", "zh-Hans"], offered) == "en"
    assert i18n.choose(["EN-GB"], offered) == "en"


def test_an_unknown_language_has_no_catalogue() -> None:
    with pytest.raises(LookupError):
        i18n.use("xx")
    assert i18n.language() == "en"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "November 30, 2026"),
        ("fr", "30 novembre 2026"),
        ("de", "30. November 2026"),
        ("es", "30 de noviembre de 2026"),
        ("ja", "2026年11月30日"),
    ],
)
def test_a_date_in_full_as_each_language_writes_it(lang: str, said: str) -> None:
    """Issue 49: "numbers and dates formatted for the language" — CLDR's long date (month
    names and pattern put into the catalogues from Babel's data, docs/languages.md)."""
    try:
        i18n.use(lang)
        assert i18n.long_date(2026, 11, 30) == said
        assert i18n.long_date(2027, 1, 2).count("2027") == 1
    finally:
        i18n.use(i18n.ENGLISH)


def test_french_elides_de_and_que_before_a_name_that_begins_with_a_vowel() -> None:
    """Issue 49, "as a careful native translator would": "la table d’Ann", not "de Ann";
    "de Ben" as it is; the translation's own words untouched."""
    try:
        i18n.use("fr")
        assert str(_("Join {host}’s table", host="Ann")) == "Rejoindre la table d’Ann"
        assert str(_("Join {host}’s table", host="Émile")) == "Rejoindre la table d’Émile"
        assert str(_("Join {host}’s table", host="Ben")) == "Rejoindre la table de Ben"
    finally:
        i18n.use(i18n.ENGLISH)
    assert str(_("Join {host}’s table", host="Ann")) == "Join Ann’s table"
