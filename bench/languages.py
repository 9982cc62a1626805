"""The languages' weight (issue 49): each language's two files gzipped as Pages serves
them (the catalogue Python's worker reads, the page's words with the frames drawn before
Python runs), and a first visit in French against the same visit in English: a cold boot
to the first playable table, alternated so that drift hits both alike."""

from __future__ import annotations

import gzip
import re
import statistics
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser

from spygames import i18n

from .browser import TABLE_READY, TABLE_ROUTES, TIMEOUT, _first_render_ms

GAME = "espionage"  # the table the visit opens (its seats form: the most words before a move)
COMPARED = "fr"


def sizes(site: Path) -> dict[str, dict[str, int]]:
    """{language: {"catalogue": bytes gzipped, "words": bytes gzipped}}."""
    out: dict[str, dict[str, int]] = {}
    for path in sorted((site / "locale").iterdir()):
        found = re.match(r"([A-Za-z-]+)\.[0-9a-f]+\.(mo|json)$", path.name)
        if not found or found.group(1) == i18n.PSEUDO:
            continue
        kind = "catalogue" if found.group(2) == "mo" else "words"
        out.setdefault(found.group(1), {})[kind] = len(gzip.compress(path.read_bytes()))
    return out


def first_visit(browser: Browser, url: str, lang: str) -> float:
    """ms from navigation to the first playable table, cold, in `lang` (English: none)."""
    context = browser.new_context()
    page = context.new_page()
    query = "" if lang == i18n.ENGLISH else f"?lang={lang}"
    page.goto(url + query + TABLE_ROUTES[GAME])
    page.wait_for_selector(TABLE_READY[GAME], timeout=TIMEOUT)
    if page.evaluate("document.documentElement.lang") != lang:
        raise RuntimeError(f"the page did not speak {lang}")
    ms = _first_render_ms(page)
    context.close()
    return ms


def run(browser: Browser, url: str, site: Path, runs: int) -> dict[str, Any]:
    samples: dict[str, list[float]] = {i18n.ENGLISH: [], COMPARED: []}
    for _ in range(runs):
        for lang in samples:
            samples[lang].append(first_visit(browser, url, lang))
    ms = {lang: statistics.median(values) for lang, values in samples.items()}
    return {
        "sizes": sizes(site),
        "first_visit_ms": ms,
        "ratio": ms[COMPARED] / ms[i18n.ENGLISH],
        "compared": COMPARED,
        "game": GAME,
        "runs": runs,
    }
