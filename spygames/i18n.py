"""The words a player reads, in the player's language (the standard library's gettext).

English is the source: every message is written in English where it is used, marked
for translation, and looked up in the catalogue of the language in use (`use`), which
is English (no catalogue) until told otherwise. Catalogues are extracted and compiled
with Babel (`make messages`, docs/languages.md).

- `_("Deal again")`: the message in the language in use;
- `_("{name} calls", name=who)`: translated first, then its `{names}` filled in (names
  only: no attributes, indexes or format specs, so a message from another device cannot
  reach into Python's objects);
- `ngettext("{n} spy", "{n} spies", n)`: the language's plural forms, with `{n}`;
- `pgettext("card", "Source")`: where one English word means two things;
- `N_("…")`: marks a message written where nothing may be translated yet (a module's
  constant, read when the module loads, before a language is chosen); it is translated
  where it is used, with `_(CONSTANT)`.

What `_` and the rest give is a `Msg`: a `str` (in the language in use when it was made)
that remembers what it was made of, so that a scene sent to a friend's device carries
the message, not the sentence (`data`), and the friend's device says it in its own
language (`revive`).

>>> str(_("{name} calls", name="Ann")), str(ngettext("{n} spy", "{n} spies", 2))
('Ann calls', '2 spies')
>>> data(_("{name} calls", name="Ann"))
{'i18n': [None, '{name} calls', None, None], 'args': {'name': 'Ann'}}
>>> revive(data(_("{name} calls", name="Ann"))) == "Ann calls"
True
"""

from __future__ import annotations

import functools
import gettext
import io
import re
import struct  # noqa: F401  (gettext reads a catalogue with it: the site's trimmed stdlib keeps it)
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ENGLISH = "en"
LANGUAGES: tuple[str, ...] = ("en", "fr", "de", "es", "ja")
"""The languages a player may choose, English first (the source); a language joins once
its catalogue is complete (tests/i18n/test_catalogues.py)."""
NAMES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
    "de": "Deutsch",
    "es": "Español",
    "ja": "日本語",
}
"""Each language's name in its own words, as the language switch lists it."""
PSEUDO = "en-XA"
"""The pseudo-locale the layout tests use: every message lengthened and accented
(`web/tools/pseudo.py` writes its catalogue at build time); never offered to players."""
DOMAIN = "spygames"
LOCALE_DIR = Path(__file__).parent / "locale"

_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}")

_ENGLISH = gettext.NullTranslations()
_translations: gettext.NullTranslations = _ENGLISH
_language = ENGLISH
_compiled: dict[str, gettext.GNUTranslations] = {}  # read from LOCALE_DIR, by language


class Msg(str):
    """A message in the language in use when it was made, and what it was made of: its
    key (context, singular, plural, count) and the values filled into it."""

    key: tuple[str | None, str, str | None, int | None]
    args: dict[str, Any]

    def __new__(
        cls,
        text: str,
        key: tuple[str | None, str, str | None, int | None],
        args: Mapping[str, Any],
    ) -> Msg:
        made = super().__new__(cls, text)
        made.key = key
        made.args = dict(args)
        return made

    def __reduce__(self) -> Any:  # pickled (a copied scene) as what it was made of
        return (_remake, (self.key, self.args))


def _remake(key: tuple[str | None, str, str | None, int | None], args: dict[str, Any]) -> Msg:
    return _make(key, args)


def fill(text: str, args: Mapping[str, Any]) -> str:
    """`text` with each `{name}` replaced by `args[name]` ("{{" and "}}" are braces);
    KeyError if a name has no value."""
    literal, fields = _parsed(text)
    if not fields:
        return literal
    out = [literal]
    for name, after in fields:
        out.append(str(args[name]))
        out.append(after)
    return "".join(out)


@functools.lru_cache(maxsize=8192)
def _parsed(text: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """`text` as its first literal run and its fields, each `(name, the literal after
    it)`, the braces unescaped: a message is parsed once, however often it is said."""
    pieces = [""]
    fields: list[tuple[str, str]] = []
    at = 0
    for match in _FIELD.finditer(text):
        pieces[-1] += text[at : match.start()]
        if match.group(1) is None:
            pieces[-1] += match.group(0)[0]  # "{{" or "}}": one brace
        else:
            fields.append((match.group(1), ""))
            pieces.append("")
        at = match.end()
    pieces[-1] += text[at:]
    return pieces[0], tuple((name, pieces[i + 1]) for i, (name, _) in enumerate(fields))


_ELIDED = re.compile(r"(?<![\w’'])([Dd]e|[Qq]ue) \{([A-Za-z_][A-Za-z0-9_]*)\}")
_VOWELS = "aeiouàâäéèêëîïôöùûüæœ"


def elided(text: str, args: Mapping[str, Any]) -> str:
    """French: "de {name}" and "que {name}" elided before a value that begins with a vowel
    ("la table d’Ann", "en tant qu’Émile"; "de Ben" as it is). Only before a value: the
    translation's own words are the translator's.

    >>> elided("la table de {host}, en tant que {name}", {"host": "Ann", "name": "Ben"})
    'la table d’{host}, en tant que {name}'
    """

    def one(match: re.Match[str]) -> str:
        value = str(args.get(match.group(2), ""))
        if value[:1].lower() in _VOWELS and value[:1]:
            return f"{match.group(1)[:-1]}’{{{match.group(2)}}}"
        return match.group(0)

    return _ELIDED.sub(one, text)


def _make(key: tuple[str | None, str, str | None, int | None], args: Mapping[str, Any]) -> Msg:
    context, singular, plural, n = key
    tr = _translations
    if plural is None:
        if tr is _ENGLISH and context is None:
            text = singular  # English, the source: nothing to look up (the usual case)
        else:
            text = tr.pgettext(context, singular) if context is not None else tr.gettext(singular)
        if "{" not in text and "}" not in text:  # nothing to fill: the text as it is
            return Msg(text, key, args)
    else:
        assert n is not None
        text = (
            tr.npgettext(context, singular, plural, n)
            if context is not None
            else tr.ngettext(singular, plural, n)
        )
        args = {"n": n, **args}
    if _language == "fr" and ("de {" in text or "que {" in text):
        text = elided(text, args)
    try:
        filled = fill(text, args)
    except (KeyError, IndexError):  # a translation naming a value the message lacks
        source = singular if plural is None or n == 1 else plural
        filled = fill(source, args)
    if plural is None:
        return Msg(filled, key, args)
    return Msg(filled, key, {k: v for k, v in args.items() if k != "n"})


def _(message: str, /, **args: Any) -> Msg:
    """`message` in the language in use, its `{names}` filled from `args`."""
    return _make((None, message, None, None), args)


def ngettext(singular: str, plural: str, n: int, /, **args: Any) -> Msg:
    """The form of the message for `n` things in the language in use (`{n}` is `n`)."""
    return _make((None, singular, plural, n), args)


def pgettext(context: str, message: str, /, **args: Any) -> Msg:
    """`message` as meant in `context` ("card", "verb"...), in the language in use."""
    return _make((context, message, None, None), args)


def npgettext(context: str, singular: str, plural: str, n: int, /, **args: Any) -> Msg:
    return _make((context, singular, plural, n), args)


def looked_up(message: str) -> str:
    """`message`'s translation as the catalogue holds it, its `{names}` unfilled (for the
    page's JavaScript, which fills them itself)."""
    return _translations.gettext(message)


def N_(message: str) -> str:
    """Marks `message` for translation where it is written; `_(message)` translates it
    where it is used."""
    return message


def language() -> str:
    """The language in use ("en", "fr"...)."""
    return _language


def use(lang: str, catalogue: bytes | None = None) -> None:
    """Speak `lang` from now on: its compiled catalogue (`.mo`) as bytes (the page
    downloads it), or else the one compiled beside the sources (`make messages`).
    English needs none. LookupError when there is no catalogue for `lang`."""
    global _translations, _language
    if lang == ENGLISH:
        _translations, _language = _ENGLISH, ENGLISH
        return
    if catalogue is None:
        if lang not in _compiled:
            path = LOCALE_DIR / folder(lang) / "LC_MESSAGES" / f"{DOMAIN}.mo"
            if not path.is_file():
                raise LookupError(f"no catalogue for “{lang}” (make messages compiles them)")
            _compiled[lang] = gettext.GNUTranslations(io.BytesIO(path.read_bytes()))
        _translations, _language = _compiled[lang], lang
        return
    _translations, _language = gettext.GNUTranslations(io.BytesIO(catalogue)), lang


def folder(lang: str) -> str:
    """The catalogue's folder for a language tag: "fr", "en_XA"."""
    return lang.replace("-", "_")


def choose(wanted: list[str] | tuple[str, ...], offered: tuple[str, ...] = LANGUAGES) -> str:
    """The first of the browser's languages (`navigator.languages`: "fr-CA", "de") that
    we speak, by its main tag; English when none is.

    >>> spoken = ("en", "fr", "ja", "en-XA")
    >>> choose(["fr-CA", "en"], spoken), choose(["pt-BR", "ja"], spoken), choose([], spoken)
    ('fr', 'ja', 'en')
    >>> choose(["en-XA"], spoken), choose(["en-GB"], spoken)
    ('en-XA', 'en')
    """
    for tag in wanted:
        if not isinstance(tag, str):
            continue
        if tag in offered:
            return tag
        main = tag.split("-")[0].lower()
        if main in offered:
            return main
    return ENGLISH


def data(value: Any) -> Any:
    """`value` as JSON data, each `Msg` in it as what it was made of (see `revive`)."""
    if isinstance(value, Msg):
        return {"i18n": list(value.key), "args": {k: data(v) for k, v in value.args.items()}}
    if isinstance(value, dict):
        return {k: data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [data(v) for v in value]
    return value


def revive(value: Any) -> Any:
    """JSON data with each message (`data`) said in the language in use here. A message
    from another device is only looked up and filled: ValueError if it is ill-formed."""
    if isinstance(value, dict):
        if "i18n" in value:
            return _revive_msg(value)
        return {k: revive(v) for k, v in value.items()}
    if isinstance(value, list):
        return [revive(v) for v in value]
    return value


def _revive_msg(value: dict[str, Any]) -> Msg:
    key, args = value.get("i18n"), value.get("args", {})
    if (
        set(value) - {"i18n", "args"}
        or not isinstance(key, list)
        or len(key) != 4
        or not isinstance(args, dict)
    ):
        raise ValueError("an ill-formed message")
    context, singular, plural, n = key
    if not (
        (context is None or isinstance(context, str))
        and isinstance(singular, str)
        and (plural is None or isinstance(plural, str))
        and (n is None or (isinstance(n, int) and not isinstance(n, bool)))
        and (plural is None) == (n is None)
    ):
        raise ValueError("an ill-formed message")
    filled: dict[str, Any] = {}
    for name, arg in args.items():
        if isinstance(arg, dict):
            filled[name] = _revive_msg(arg)
        elif isinstance(arg, str | int | float) and not isinstance(arg, bool):
            filled[name] = arg
        else:
            raise ValueError("an ill-formed message")
    try:
        return _make((context, singular, plural, n), filled)
    except (KeyError, IndexError) as exc:
        raise ValueError("a message without its values") from exc


ENDS = (".", "!", "?", "。", "！", "？")
"""What ends a sentence, in our languages."""


def full_stop(text: str, ends: tuple[str, ...] = ENDS) -> str:
    """`text` as a sentence: with the language's full stop unless it ends one already
    (Japanese "。", not ".").

    >>> full_stop("Counter with 2♣"), full_stop("You won!")
    ('Counter with 2♣.', 'You won!')
    """
    if text.endswith(ends):
        return text
    # translators: a sentence ended: "{sentence}." (Japanese "{sentence}。")
    return pgettext("full stop", "{sentence}.", sentence=text)


def decimal(value: float, digits: int = 1) -> str:
    """`value` with `digits` decimals and the language's decimal mark ("4.7", "4,7").

    >>> decimal(4.66)
    '4.7'
    """
    # translators: the decimal mark of numbers like 4.7 (a comma in French, German, Spanish)
    return f"{value:.{digits}f}".replace(".", pgettext("decimal mark", "."))


def month_name(month: int) -> str:
    """The name of `month` (1-12) as the language's long dates write it ("November",
    French "novembre", Japanese "11月": CLDR's, by Babel, when the catalogues were made)."""
    names = (
        pgettext("month", "January"),
        pgettext("month", "February"),
        pgettext("month", "March"),
        pgettext("month", "April"),
        pgettext("month", "May"),
        pgettext("month", "June"),
        pgettext("month", "July"),
        pgettext("month", "August"),
        pgettext("month", "September"),
        pgettext("month", "October"),
        pgettext("month", "November"),
        pgettext("month", "December"),
    )
    return names[month - 1]


def long_date(year: int, month: int, day: int) -> str:
    """A date as the language writes it in full: "November 30, 2026", "30 novembre 2026",
    "30. November 2026", "30 de noviembre de 2026", "2026年11月30日".

    >>> long_date(2026, 11, 30)
    'November 30, 2026'
    """
    # translators: a date in full, as CLDR's long format has it ("30 novembre 2026",
    # Japanese "{year}年{month}{day}日" with the month "11月"); {month} is the month's name
    return pgettext("date", "{month} {day}, {year}", month=month_name(month), day=day, year=year)


def either(items: list[str] | tuple[str, ...]) -> str:
    """ "A", "A or B", "A or B or C": each pair joined by the language's "or".

    >>> either(["Field Ops", "Tech", "Cyber"])
    'Field Ops or Tech or Cyber'
    """
    return _fold(items, lambda a, b: _("{a} or {b}", a=a, b=b))


def listed(items: list[str] | tuple[str, ...]) -> str:
    """ "A", "A, B", "A, B, C": a list, with the language's comma (Japanese "、").

    >>> listed(["Ann", "Ben", "Cy"])
    'Ann, Ben, Cy'
    """
    return _fold(items, lambda a, b: pgettext("list", "{a}, {b}", a=a, b=b))


def both(items: list[str] | tuple[str, ...]) -> str:
    """ "A", "A and B", "A, B and C": a list whose last two are joined by "and".

    >>> both(["Ann", "Ben", "Cy"]), both(["Ann", "Ben"])
    ('Ann, Ben and Cy', 'Ann and Ben')
    """
    if len(items) < 2:
        return _fold(items, lambda a, b: a)
    return _("{a} and {b}", a=listed(items[:-1]), b=items[-1])


def _fold(items: list[str] | tuple[str, ...], pair: Any) -> str:
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = pair(out, item)
    return out
