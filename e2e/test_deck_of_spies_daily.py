"""Deck of Spies: a lost deal shows whether and how it could have been won; the Daily deal
is the same for everyone on a day, kept after reload, and its result copies (`make test`
finishes the daily deal from a share link near its end; `make e2e-long` plays it all)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from conftest import Guard, boot, no_horizontal_scroll, open_page, shot
from drivers.records import link, play
from playwright.sync_api import Browser, Page, Route
from spyweb.browser import links

import spygames
from spygames.deck_of_spies import daily
from spygames.deck_of_spies.deck import GROUP_OF, NAMES

SIX_FACES = ["JS", "QS", "KS", "JC", "QC", "KC"]


def staged_link() -> str:
    """K♥ the last spy, six faces owned; the hand A♥ 4♠ 4♣ 4♦ 3♠ can recruit it."""
    done = [
        NAMES[card]
        for card in range(52)
        if GROUP_OF[card] != "A-4" and NAMES[card] not in {"KH", *SIX_FACES}
    ]
    setup = {
        "spies": ["KH"],
        "draw": ["AH", "4S", "4C", "4D", "3S"],
        "discard": SIX_FACES,
        "spy_discard": done,
    }
    state = spygames.get_game("deck-of-spies").new(seed=3, setup=setup)
    return links.encode(state.record())


@pytest.mark.fresh  # routes the worker's script
def test_lose_on_purpose_and_see_how_it_was_winnable(page: Page, site_url: str) -> None:
    boot(page, f"{site_url}#/play/{staged_link()}")
    page.wait_for_selector(".dos")
    for card in ("4S", "4C", "4D", "3S"):  # counter, not recruit: six faces, lost
        page.click(f"#card-{card}")
    page.click("#act-counter")
    page.wait_for_selector('.dos[data-actions="1"]')
    page.click("#act-end-turn")
    page.wait_for_selector('[data-testid="end"][data-won="false"]')
    verdict = page.wait_for_selector('[data-testid="verdict"][data-verdict="won"]')
    assert "This deal was winnable" in verdict.inner_text()
    shot(page, "dos-winnable-desktop")
    page.click("#see-how")
    page.wait_for_selector('[data-testid="replay-move"]')
    for step in range(1, 3):
        page.click("#replay-next")
        page.wait_for_selector(f'#replay[data-move="{step}"]')
    end = page.wait_for_selector('[data-testid="pos-end"]')
    assert "Won" in end.inner_text()


# The page's clock set to `when` and left running (Playwright's fixed clock would stop
# the time the runtime's boot waits on): only `Date` moves, timers are untouched.
MOCK_DATE = """(() => {
  const offset = %d - Date.now();
  const Real = Date;
  class Mocked extends Real {
    constructor(...args) {
      if (args.length) { super(...args); } else { super(Real.now() + offset); }
    }
    static now() { return Real.now() + offset; }
  }
  globalThis.Date = Mocked;
})();"""


def daily_page(browser: Browser, guard: Guard, when: datetime, **extra: object) -> Page:
    """A page whose clock says `when`, and whose Python's worker (which keeps its own clock,
    where the daily deal's day is read) is set to it too. No service worker: it would
    serve worker.mjs past the route."""
    page = open_page(browser, guard, service_workers="block", **extra)
    script = MOCK_DATE % int(when.timestamp() * 1000)
    page.add_init_script(script)

    def clocked(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=script + "\n" + response.text())

    page.route("**/worker.mjs", clocked)
    return page


def test_the_daily_deal_is_everyones_and_changes_with_the_day(
    browser: Browser, guard: Guard, site_url: str
) -> None:
    monday = datetime(2026, 11, 30, 9, 30, tzinfo=UTC)
    tuesday = datetime(2026, 12, 1, 0, 5, tzinfo=UTC)
    seen = []
    for when in (monday, monday, tuesday):  # each a fresh context: nothing shared
        page = daily_page(browser, guard, when)
        boot(page, f"{site_url}#/deck-of-spies/daily")
        seen.append(page.wait_for_selector('[data-testid="daily-seed"]').inner_text())
        page.context.close()
    assert seen[0] == seen[1] == f"#{daily.daily_seed(monday.date())}"
    assert seen[2] == f"#{daily.daily_seed(tuesday.date())}" != seen[0]
    assert not guard.problems, "\n".join(guard.problems)


# The short game (`make test`): the daily deal's first moves on the page, then the same
# deal from a share link with this many moves left of the `easy` bot's game of it, played
# out on the page: a finished game of the day's deal is its result, however it was opened.
DAILY_LATE_LEFT = 12


@pytest.mark.parametrize(
    "whole", [False, pytest.param(True, marks=pytest.mark.long)], ids=["late", "whole"]
)
def test_the_daily_result_is_kept_and_copies(
    browser: Browser, guard: Guard, site_url: str, whole: bool
) -> None:
    when = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    page = daily_page(
        browser,
        guard,
        when,
        permissions=["clipboard-read", "clipboard-write"],
        viewport={"width": 1280, "height": 800},
    )
    boot(page, f"{site_url}#/")
    page.click("#btn-daily")
    page.wait_for_selector('[data-testid="daily-seed"]')
    shot(page, "dos-daily-desktop")
    page.click("#btn-daily-play")
    seed = daily.daily_seed(when.date())
    page.wait_for_selector(f'.dos [data-testid="deal"]:text("Deal #{seed}")')
    if not whole:
        play_out(page, 3)
        full = play("deck-of-spies", seed, None, lambda s: False)
        late = play(
            "deck-of-spies",
            seed,
            None,
            lambda s: len(s.actions) >= len(full.actions) - DAILY_LATE_LEFT,
        )
        page.goto(site_url + link(late))
        page.wait_for_selector(f'.dos[data-actions="{len(late.actions)}"]')
        page.wait_for_selector(f'.dos [data-testid="deal"]:text("Deal #{seed}")')
    play_out(page, 300)
    result = page.wait_for_selector('[data-testid="daily-result"]')
    won = result.get_attribute("data-won") == "true"
    shot(page, "dos-daily-end-desktop")
    dates_on_one_line(page)  # the table's tag and its result box
    page.click("#btn-share-result")
    page.wait_for_selector(".notice:has-text('Result copied')")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("spygames · Deck of Spies daily #334 (2026-11-30): ")
    assert ("won" if won else "lost") in copied and "of 12 face cards" in copied
    assert copied.endswith("#/deck-of-spies/daily/2026-11-30")
    # reload the daily page: the result is kept, a new game of it would not count
    boot(page, f"{site_url}#/deck-of-spies/daily")
    kept = page.wait_for_selector('[data-testid="daily-result"]')
    assert kept.get_attribute("data-won") == ("true" if won else "false")
    assert page.locator("#btn-daily-play").inner_text() == "Play it again"
    dates_on_one_line(page)  # the daily page's result box
    page.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def play_out(page: Page, moves: int) -> None:
    """Play on quickly, up to `moves` moves or the end: always the first payment offered,
    end the turn, first Ace."""
    for _ in range(moves):
        if page.locator('[data-testid="end"]').count():
            break
        done = int(page.get_attribute(".dos", "data-actions") or "0")
        if page.get_attribute(".dos", "data-phase") == "after":
            page.click("#act-end-turn")
        elif page.locator('[id^="act-assassinate-"]:not([disabled])').count():
            page.locator('[id^="act-assassinate-"]:not([disabled])').first.click()
        else:
            state = spygames.replay(page.evaluate(
                "(() => { const id = localStorage.getItem('spygames:current:deck-of-spies');"
                " return JSON.parse(localStorage.getItem('spygames:slot:' + id)).record; })()"
            ))  # fmt: skip
            action = state.legal_actions()[0]
            for card in action["cards"]:
                page.click(f"#card-{card}")
            page.click(f"#act-{action['type']}")
        page.wait_for_selector(f'.dos[data-actions="{done + 1}"]')


def dates_on_one_line(page: Page) -> None:
    """Issue 47: "the daily deal's date splits over two lines on a phone" (2026-11-30
    broke at its hyphens): at 375 px every date shown is one line."""
    size = page.viewport_size
    page.set_viewport_size({"width": 375, "height": 812})
    lines = page.evaluate(
        "[...document.querySelectorAll('.unbroken')].map(e => [e.textContent, "
        "e.getClientRects().length])"
    )
    assert lines and all(n == 1 for _, n in lines), lines
    assert any(text == "November 30, 2026" for text, _ in lines)
    if size is not None:
        page.set_viewport_size(size)


def test_the_daily_deal_on_a_phone(browser: Browser, guard: Guard, site_url: str) -> None:
    page = daily_page(
        browser, guard, datetime(2026, 11, 30, 12, 0, tzinfo=UTC),
        viewport={"width": 375, "height": 812}, device_scale_factor=2, is_mobile=True,
        has_touch=True,
    )  # fmt: skip
    boot(page, f"{site_url}#/deck-of-spies/daily")
    page.wait_for_selector('[data-testid="daily-seed"]')
    assert no_horizontal_scroll(page)
    shot(page, "dos-daily-phone")
    boot(page, f"{site_url}#/play/{staged_link()}")
    for card in ("4S", "4C", "4D", "3S"):
        page.click(f"#card-{card}")
    page.click("#act-counter")
    page.wait_for_selector('.dos[data-actions="1"]')
    page.click("#act-end-turn")
    page.wait_for_selector('[data-testid="verdict"][data-verdict="won"]')
    assert no_horizontal_scroll(page)
    shot(page, "dos-winnable-phone")
    page.context.close()
    assert not guard.problems, "\n".join(guard.problems)
