"""SpyNet scripted: you against a hard bot at the fast pace, two players, for click -> DOM
latency and the longest main-thread task while it thinks.

You play as e2e/test_spynet.py's player does, choosing only among what the page offers:
keep the first draft card, deploy every other turn when the table offers Deploy (it
offers none when nothing in the hand can go, and says why), else recruit (take a pile
every third time, else pass it on, where the page offers both); the first playable agent
with no funding on its first branch, then a mission if one can go; skip effects; discard
the first card when told to.

Each kind of step is counted in `walked`. The quick run (`make bench-quick`, in
`make test`) plays against the normal bot, whose game is the same at every run (14 asks
walk every path), and plays on past its `moves` until it has walked every path in
`PATHS`, the turn with nothing to deploy included, so a step the full run takes cannot
rot unseen: a path not walked by `QUICK_CAP` asks fails the quick run. A game that ends
first is followed by the next deal's, `QUICK_GAMES` at most.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from playwright.sync_api import Browser, Page

from .browser import StepFailed
from .play import Progress, act, click, longtasks, reset_longtasks, start

GAME = "spynet"
# What a person may be asked to do, first match wins (the bots play in between).
ASKS = (
    ("#sn-end-title", "end"),
    (".sn-draft", "draft"),
    ("#sn-recruit", "choose"),
    ("#sn-take", "recruit"),
    (".sn-must-discard", "discard"),
    (".sn-effect", "effect"),
    ("#sn-end", "deploy"),
)
TURN = ", ".join(selector for selector, _ in ASKS)
ASKED_MS = 120_000  # a hard bot's turn, on a loaded machine
# Every path of `_step`; the quick run walks them all (a rare one: "nothing to deploy").
PATHS = frozenset({"draft", "deploy", "recruit", "nothing to deploy", "take", "pass on",
                   "agent", "mission", "end turn"})  # fmt: skip
QUICK_CAP = 400  # asks: the quick run gives up (and fails) on a path not walked by then
QUICK_GAMES = 3  # games: the quick run plays on into the next deal's, up to this many
# The quick run's bot: the normal one, whose moves are the same at every run (the hard
# one's depend on its time budget, and so on the machine's load: the quick game walked
# every path in 20 asks once, in 95 the next time). The person's steps are the same.
QUICK_BOT = "normal"


def _asked(page: Page, progress: Progress) -> str:
    """Wait until you have something to do; say what it is."""
    while True:
        progress.check()
        try:
            page.wait_for_selector(TURN, timeout=ASKED_MS)
        except Exception as exc:
            raise StepFailed(f"{GAME}: the page asked for nothing in {ASKED_MS} ms") from exc
        for selector, what in ASKS:
            if page.locator(selector).count():
                return what


def _deploy(page: Page, human: list[float], walked: Counter[str]) -> None:
    """Play the first playable agent and a mission if one can go, then end the turn."""
    for kind in ("agent", "mission"):
        card = f"#sn-hand .sn-playable[data-kind={kind}] >> nth=0"
        if not page.locator(card).count():
            continue
        walked[kind] += 1
        human.append(click(page, card) or 0.0)
        human.append(act(page, ".sn-targets button >> nth=0", GAME))
        if not page.locator("#sn-end").count() or page.locator(".sn-effect").count():
            return  # an effect to settle first: the next ask
    walked["end turn"] += 1
    human.append(act(page, "#sn-end", GAME))


def _offered(page: Page, *selectors: str) -> str:
    """The first of `selectors` the page offers (in view and enabled)."""
    for selector in selectors:
        found = page.locator(selector)
        if found.count() and found.first.is_visible() and found.first.is_enabled():
            return selector
    raise StepFailed(f"{GAME}: the page offers none of {', '.join(selectors)}")


def _step(page: Page, what: str, turn: int, human: list[float], walked: Counter[str]) -> None:
    if what == "draft":
        walked["draft"] += 1
        human.append(act(page, ".sn-draft [data-act=keep] >> nth=0", GAME))
    elif what == "choose":
        if not page.locator("#sn-deploy").count():
            walked["nothing to deploy"] += 1  # the table says why and offers Recruit only
            human.append(act(page, _offered(page, "#sn-recruit"), GAME))
            return
        wanted = ("#sn-deploy", "#sn-recruit") if turn % 2 else ("#sn-recruit", "#sn-deploy")
        chosen = _offered(page, *wanted)
        walked["deploy" if chosen == "#sn-deploy" else "recruit"] += 1
        human.append(act(page, chosen, GAME))
    elif what == "recruit":
        wanted = ("#sn-take", "#sn-pass-on") if turn % 3 == 0 else ("#sn-pass-on", "#sn-take")
        chosen = _offered(page, *wanted)
        walked["take" if chosen == "#sn-take" else "pass on"] += 1
        human.append(act(page, chosen, GAME))
    elif what == "deploy":
        _deploy(page, human, walked)
    elif what == "discard":
        walked["discard"] += 1
        human.append(act(page, "#sn-hand [data-card] >> nth=0", GAME))
    elif what == "effect":
        walked["effect"] += 1
        human.append(act(page, "#sn-skip", GAME))


def spynet(browser: Browser, url: str, seed: int = 7, moves: int | None = None) -> dict[str, Any]:
    """You against a hard bot at the fast pace, to the scoring screen (or `moves` asks).
    The quick run plays on into the next deal's game when one ends before it has walked
    every path (the bots' moves differ from run to run: a game may offer no mission),
    `QUICK_GAMES` games at most."""
    human: list[float] = []
    walked: Counter[str] = Counter()
    turns, tasks = 0, []
    for game in range(1 if moves is None else QUICK_GAMES):
        played, found = _game(browser, url, seed + game, moves, human, walked)
        turns, tasks = turns + played, tasks + found
        if set(walked) >= PATHS:
            break
    if moves is not None and not set(walked) >= PATHS:
        missed = ", ".join(sorted(PATHS - set(walked)))
        raise StepFailed(f"{GAME}: {QUICK_GAMES} games ended before the quick run walked {missed}")
    return {"human_ms": [h for h in human if h], "longtasks_ms": tasks, "moves": turns,
            "walked": dict(sorted(walked.items()))}  # fmt: skip


def _game(
    browser: Browser,
    url: str,
    seed: int,
    moves: int | None,
    human: list[float],
    walked: Counter[str],
) -> tuple[int, list[float]]:
    """One game of deal `seed`, to its end or until `moves` asks and every path walked:
    the asks played and the long tasks meanwhile."""
    page = start(browser, f"{url}#/{GAME}/deal/{seed}")
    page.wait_for_selector("#sn-setup-form")
    page.select_option("#sn-players", "2")
    page.select_option("#sn-seat1-kind", "hard" if moves is None else QUICK_BOT)
    page.click("#sn-start")
    page.wait_for_selector("#sn-table")
    page.click("#sn-pace-fast")
    reset_longtasks(page)
    progress = Progress(page, GAME)
    turn = 0
    while moves is None or turn < moves or not set(walked) >= PATHS:
        what = _asked(page, progress)
        if what == "end":
            break
        if turn >= (1000 if moves is None else QUICK_CAP):
            missed = sorted(PATHS - set(walked))
            raise StepFailed(f"{GAME}: deal {seed} not over (or {missed} not walked) "
                             f"after {turn} asks")  # fmt: skip
        turn += 1
        _step(page, what, turn, human, walked)
        if page.locator(".notice").count():
            raise StepFailed(f"{GAME}: the page refused a move: {page.text_content('.notice')}")
    tasks = longtasks(page)
    page.context.close()
    return turn, tasks
