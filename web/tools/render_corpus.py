"""Every page the app draws along seeded random walks through each game's own controls.

A refactor of the screens that means to change nothing is checked with it: the corpus
of pages before and after must be byte-identical.

    python web/tools/render_corpus.py --out DIR   # one file per page drawn
    python web/tools/render_corpus.py             # one digest per walk, and in all

Each walk opens a table through the app as the page does (`App.route`), then clicks,
at random but from a fixed seed, one of the controls (`data-act`, `data-arg`) the page
shows, ticks the bots until a person is to act, and records the page after every step.
Only bots that decide the same way every time are seated (no search under a clock),
and the Hint is never pressed (it searches under a clock), nor anything that leaves
the table.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import html
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web" / "app"), str(ROOT)]

from spyweb.app import App  # noqa: E402
from spyweb.browser.store import MemoryStorage  # noqa: E402

CONTROL = re.compile(r'<(?:button|a|div|li|span|section)\b[^>]*\bdata-act="([^"]*)"[^>]*>')
ARG = re.compile(r'\bdata-arg="([^"]*)"')
DISABLED = re.compile(r"\b(disabled|aria-disabled=\"true\")")
# Controls that leave the table, ask the clock, or open another screen.
SKIP = {
    "hint",
    "newtable",
    "new",
    "home",
    "saved",
    "copy",
    "share-native",
    "download",
    "route",
    "go",
    "open",
    "replay",
    "daily",
}


def seats_form(game: str, kinds: list[str]) -> dict[str, str]:
    values = {"players": str(len(kinds)), "situation": ""}
    for i, kind in enumerate(kinds):
        values[f"seat{i}-kind"] = kind
        values[f"seat{i}-name"] = ""
        values[f"seat{i}-level"] = "normal"
    return values


# (name, route, seats form or None, steps, seed)
WALKS: list[tuple[str, str, list[str] | None, int]] = [
    ("dos-7", "#/deck-of-spies/deal/7", None, 250),
    ("dos-42", "#/deck-of-spies/deal/42", None, 250),
    ("esp-solo", "#/espionage/deal/5", ["human", "bot", "bot"], 250),
    ("esp-pass", "#/espionage/deal/9", ["human", "human", "bot"], 250),
    ("esp-four", "#/espionage/deal/11", ["human", "bot", "human", "bot"], 250),
    ("sn-solo", "#/spynet/deal/3", ["human", "bot"], 400),
    ("sn-pass", "#/spynet/deal/4", ["human", "human", "bot"], 400),
    ("sn-team", "#/spynet/deal/6", ["human", "bot", "human", "bot"], 400),
]


# Controls that only change what is shown: pressed now and then, not at every step.
LOOKS = {
    "pace",
    "share",
    "rules",
    "panel",
    "gallery-branch",
    "gallery-kind",
    "odds",
    "four",
    "read",
}


def controls(page: str) -> list[tuple[str, str]]:
    found = []
    for tag in CONTROL.finditer(page):
        act = html.unescape(tag.group(1))
        if act in SKIP or DISABLED.search(tag.group(0)):
            continue
        arg = ARG.search(tag.group(0))
        found.append((act, html.unescape(arg.group(1)) if arg else ""))
    return found


def settle(app: App, limit: int = 400) -> None:
    for _ in range(limit):
        if app.pending_delay() is None:
            return
        app.tick()


@contextlib.contextmanager
def seeded_deals(rng: random.Random) -> Iterator[None]:
    """ "New game" deals from the walk's own seed (the app deals from the system's random
    source, `random.SystemRandom`, the only use of it in the app)."""
    system = random.SystemRandom
    random.SystemRandom = lambda *_: rng  # type: ignore[assignment,misc]
    try:
        yield
    finally:
        random.SystemRandom = system  # type: ignore[misc]


def walk(name: str, route: str, kinds: list[str] | None, steps: int) -> list[str]:
    with seeded_deals(random.Random(name + " deals")):
        return _walk(random.Random(name), route, kinds, steps)


def _walk(rng: random.Random, route: str, kinds: list[str] | None, steps: int) -> list[str]:
    app = App(MemoryStorage())
    app.route(route)
    pages = [app.render()]
    if kinds is not None:
        game = route.split("/")[1]
        app.submit("start", seats_form(game, kinds))
        settle(app)
        pages.append(app.render())
    for _ in range(steps):
        options = controls(pages[-1])
        if not options:
            break
        moves = [o for o in options if o[0] not in LOOKS]
        act, arg = rng.choice(moves if moves and rng.random() < 0.85 else options)
        app.click(act, arg)
        settle(app)
        pages.append(f"<!-- {act} {arg} -->\n{app.render()}")
    return pages


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write each page to DIR/WALK-NNN.html")
    parser.add_argument("--only", help="run only the walks whose name starts with this")
    args = parser.parse_args()
    total = hashlib.sha256()
    for name, route, kinds, steps in WALKS:
        if args.only and not name.startswith(args.only):
            continue
        pages = walk(name, route, kinds, steps)
        digest = hashlib.sha256()
        for i, page in enumerate(pages):
            digest.update(page.encode())
            if args.out:
                args.out.mkdir(parents=True, exist_ok=True)
                (args.out / f"{name}-{i:03}.html").write_text(page)
        total.update(digest.digest())
        print(f"{name:10} {len(pages):4} pages  {digest.hexdigest()[:16]}")
    print(f"{'all':10} {'':10} {total.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
