"""The languages on the site. For each language but English (the source), two files
whose names carry their content's hash (a new catalogue, a new address: caches keep each
for good):

- `locale/<lang>.<hash>.mo`: the compiled catalogue (`make mo`) Python's worker
  downloads beside the runtime (web/worker.mjs, `spyweb.worker.speak`);
- `locale/<lang>.<hash>.json`: the page's own words and the frames shown before Python
  runs, in that language (web/tools/page_words.py), which boot.js fetches at once.

`<meta name="spygames-languages">` tells boot.js, embed.js and the Bot Lab where they are:
"en fr=./locale/fr.1a2b3c4d.mo|./locale/fr.5e6f7a8b.json …", English first. The
pseudo-locale en-XA (web/tools/pseudo.py) is there for the tests and never offered.
"""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable
from pathlib import Path

import page_words

from spygames import i18n


def compiled(lang: str) -> Path:
    return i18n.LOCALE_DIR / i18n.folder(lang) / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"


def spoken() -> list[str]:
    """Every language the site carries files for: those offered but English, and the
    pseudo-locale."""
    return [lang for lang in i18n.LANGUAGES if lang != i18n.ENGLISH] + [i18n.PSEUDO]


def write(site: Path, frames: Callable[[], tuple[str, str]]) -> dict[str, list[str]]:
    """Every language's files into `site/locale/`: {language: [its catalogue's address,
    its page words' address]} (English, which has none, left out)."""
    target = site / "locale"
    target.mkdir(parents=True, exist_ok=True)
    catalogues: dict[str, str] = {}
    for lang in spoken():
        source = compiled(lang)
        if not source.is_file():
            raise SystemExit(f"no compiled catalogue for {lang} ({source}): `make mo`")
        digest = hashlib.sha256(source.read_bytes()).hexdigest()[:8]
        name = f"{lang}.{digest}.mo"
        shutil.copy2(source, target / name)
        catalogues[lang] = f"./locale/{name}"
    words = page_words.write(site, spoken(), frames)
    return {lang: [catalogues[lang], words[lang]] for lang in spoken()}


def languages_meta(files: dict[str, list[str]]) -> str:
    """The <meta> naming the languages (English first) with their files, each address
    relative to the site's root: boot.js reads it, and the Bot Lab's pages
    (web/lab/words.mjs, people.write_lab_games)."""
    entries = [i18n.ENGLISH] + [f"{lang}={mo}|{words}" for lang, (mo, words) in files.items()]
    return f'<meta name="spygames-languages" content="{" ".join(entries)}">\n'


def meta(files: dict[str, list[str]]) -> str:
    """The <meta>s boot.js reads: the languages (English first) with their files, and the
    names of those offered, in their own words, for the language switch."""
    names = " ".join(f"{lang}={i18n.NAMES[lang].replace(' ', '_')}" for lang in i18n.LANGUAGES)
    return languages_meta(files) + f'<meta name="spygames-language-names" content="{names}">\n'
