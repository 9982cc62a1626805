"""The catalogues against the code: the template holds exactly the messages the sources
mark (`make messages` was run after the last change), and every language offered
(`spygames.i18n.LANGUAGES`) translates every one of them, keeping each `{name}`, each
piece of markup and every plural form its language has. A catalogue on its way (in
spygames/locale/ but not offered yet) must still hold no message the code lost."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from spygames import i18n

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = i18n.LOCALE_DIR / "spygames.pot"
FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_]\w*)\}")
TAG = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>")
CATALOGUES = sorted(i18n.LOCALE_DIR.glob("*/LC_MESSAGES/spygames.po"))


def read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def keys(catalog: Catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def fields(text: str) -> set[str]:
    return {m for m in FIELD.findall(text) if m}


def tags(text: str) -> list[str]:
    return sorted(TAG.findall(text))


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    out = tmp_path_factory.mktemp("pot") / "spygames.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "babel.cfg",
         "-o", str(out), "."],
        cwd=ROOT, check=True, env={"PYTHONPATH": str(ROOT / "web" / "tools"), "PATH": ""},
    )  # fmt: skip
    return read(out)


def test_the_template_holds_what_the_sources_mark(extracted: Catalog) -> None:
    template = read(TEMPLATE)
    missing, stale = keys(extracted) - keys(template), keys(template) - keys(extracted)
    assert not missing and not stale, (
        f"run `make messages`: {len(missing)} new messages (e.g. {sorted(missing, key=str)[:3]}), "
        f"{len(stale)} gone (e.g. {sorted(stale, key=str)[:3]})"
    )


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parts[-3])
def test_a_catalogue_holds_no_message_the_code_lost(path: Path) -> None:
    stale = keys(read(path)) - keys(read(TEMPLATE))
    assert not stale, f"{path}: `make messages` drops {sorted(stale, key=str)[:3]}"


def offered() -> list[str]:
    return [lang for lang in i18n.LANGUAGES if lang != i18n.ENGLISH]


@pytest.mark.parametrize("lang", offered())
def test_an_offered_language_translates_every_message(lang: str) -> None:
    path = i18n.LOCALE_DIR / i18n.folder(lang) / "LC_MESSAGES" / "spygames.po"
    catalog = read(path)
    assert keys(read(TEMPLATE)) <= keys(catalog), f"{lang}: run `make messages`"
    untranslated = [
        m.id for m in catalog if m.id and (m.fuzzy or not all(s for s in _strings(m.string)))
    ]
    assert not untranslated, f"{lang}: {len(untranslated)} untranslated, e.g. {untranslated[:3]}"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.parts[-3])
def test_translations_keep_names_markup_and_plural_forms(path: Path) -> None:
    catalog = read(path)
    wrong = []
    for m in catalog:
        if not m.id or not any(_strings(m.string)):
            continue
        sources = [m.id] if isinstance(m.id, str) else list(m.id)
        names = set().union(*(fields(s) for s in sources))
        for text in _strings(m.string):
            if not text:
                continue
            # a plural form may leave out {n} ("un espion"), never add a name
            needed = names - {"n"} if not isinstance(m.id, str) else names
            if not needed <= fields(text) <= names:
                wrong.append((m.id, text, "names"))
            if tags(text) != tags(sources[0]):
                wrong.append((m.id, text, "markup"))
        if not isinstance(m.id, str) and len(_strings(m.string)) != catalog.num_plurals:
            wrong.append((m.id, m.string, f"{catalog.num_plurals} plural forms"))
    assert not wrong, f"{path.parts[-3]}: {len(wrong)} wrong, e.g. {wrong[:3]}"


def _strings(string: object) -> list[str]:
    if isinstance(string, str):
        return [string]
    return [str(s) for s in string]  # type: ignore[attr-defined]


def test_the_check_catches_a_lost_name_and_lost_markup() -> None:
    assert fields("{name} annonce") == {"name"} and fields("{{x}}") == set()
    assert tags("<strong>7 de 12</strong>") == tags("<strong>7 of 12</strong>")
    assert tags("7 de 12") != tags("<strong>7 of 12</strong>")
