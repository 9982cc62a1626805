"""SpyNet scripted: you against a hard bot at the fast pace, two players, for click -> DOM
latency and the longest main-thread task while it thinks.

You play as e2e/test_spynet.py's player does: keep the first draft card, deploy when an
agent or mission can go (every other turn), else recruit (take a pile every third time,
else pass it on); the first playable agent with no funding on its first branch, then a
mission if one can go; skip effects; discard the first card when told to.
"""

from __future__ import annotations

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


def _deploy(page: Page, human: list[float]) -> None:
    """Play the first playable agent and a mission if one can go, then end the turn."""
    for kind in ("agent", "mission"):
        card = f"#sn-hand .sn-playable[data-kind={kind}] >> nth=0"
        if not page.locator(card).count():
            continue
        human.append(click(page, card) or 0.0)
        human.append(act(page, ".sn-targets button >> nth=0", GAME))
        if not page.locator("#sn-end").count() or page.locator(".sn-effect").count():
            return  # an effect to settle first: the next ask
    human.append(act(page, "#sn-end", GAME))


def _step(page: Page, what: str, turn: int, human: list[float]) -> None:
    if what == "draft":
        human.append(act(page, ".sn-draft [data-act=keep] >> nth=0", GAME))
    elif what == "choose":
        playable = page.locator("#sn-hand [data-kind=agent], #sn-hand [data-kind=mission]")
        deploy = playable.count() and turn % 2
        human.append(act(page, "#sn-deploy" if deploy else "#sn-recruit", GAME))
    elif what == "recruit":
        human.append(act(page, "#sn-take" if turn % 3 == 0 else "#sn-pass-on", GAME))
    elif what == "deploy":
        _deploy(page, human)
    elif what == "discard":
        human.append(act(page, "#sn-hand [data-card] >> nth=0", GAME))
    elif what == "effect":
        human.append(act(page, "#sn-skip", GAME))


def spynet(browser: Browser, url: str, seed: int = 7, moves: int | None = None) -> dict[str, Any]:
    """You against a hard bot at the fast pace, to the scoring screen (or `moves` asks)."""
    page = start(browser, f"{url}#/{GAME}/deal/{seed}")
    page.wait_for_selector("#sn-setup-form")
    page.select_option("#sn-players", "2")
    page.select_option("#sn-seat1-kind", "hard")
    page.click("#sn-start")
    page.wait_for_selector("#sn-table")
    page.click("#sn-pace-fast")
    reset_longtasks(page)
    human: list[float] = []
    progress = Progress(page, GAME)
    turn = 0
    while moves is None or turn < moves:
        what = _asked(page, progress)
        if what == "end":
            break
        if turn >= 1000:
            raise StepFailed(f"{GAME}: deal {seed} not over after 1000 asks")
        turn += 1
        _step(page, what, turn, human)
        if page.locator(".notice").count():
            raise StepFailed(f"{GAME}: the page refused a move: {page.text_content('.notice')}")
    tasks = longtasks(page)
    page.context.close()
    return {"human_ms": [h for h in human if h], "longtasks_ms": tasks, "moves": turn}
