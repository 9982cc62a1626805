"""The guided first game in Chromium (issue 41): a newcomer completes Deck of Spies'
by reading only the page's instruction and acting on the control it points at (marked
and focused, pressed with the keyboard), a stray click is explained, and the game goes
on as an ordinary one, kept in Saved games."""

from __future__ import annotations

from conftest import boot, saved_record, shot, wait_for
from drivers.renders import RENDERS
from playwright.sync_api import Page, expect

import spygames
from spygames.guides import get_guide


def test_a_newcomer_learns_deck_of_spies_from_the_home_page(page: Page, site_url: str) -> None:
    boot(page, site_url)
    page.click("#learn-deck-of-spies")
    say = page.locator("#guide-say")
    expect(say).to_contain_text("Recruit the 5♣")
    expect(page.locator(".guide-rule")).to_contain_text("cards all of the spy's suit")
    shot(page, "guide-dos-first")
    steps = 0
    while "Guided part done" not in (page.locator(".guide-where").inner_text() or ""):
        target = page.locator("[data-guide=next]")
        expect(target).to_have_count(1)
        expect(target).to_be_focused()  # the keyboard is already on it
        pressed = target.get_attribute("id")
        page.keyboard.press("Enter")
        steps += 1
        assert steps < 40
        # the next control takes the focus, or the guided part is done
        wait_for(
            page,
            """(pressed) => document.activeElement?.dataset.guide === 'next'
                && document.activeElement.id !== pressed
                || document.querySelector('.guide-where').textContent.includes('done')""",
            pressed,
        )
    assert steps == 17  # 9 cards picked, 8 moves
    guide = get_guide("deck-of-spies")
    assert guide is not None
    kept = saved_record(page, "deck-of-spies")
    assert guide.follows(kept) and len(kept["actions"]) == len(guide.steps)
    expect(say).to_contain_text("The game goes on from here")
    shot(page, "guide-dos-done")
    # the game goes on as any other: a move the script never had is played
    state = spygames.replay(kept)
    legal = state.legal_actions()
    counter = next(a for a in legal if a["type"] in ("counter", "recruit"))
    for card in counter["cards"]:
        page.click(f"#card-{card}")
    page.click(f"#act-{counter['type']}")
    expect(page.locator(".notice")).to_have_count(0)
    assert len(saved_record(page, "deck-of-spies")["actions"]) == len(guide.steps) + 1


def test_a_stray_click_is_explained_on_a_phone(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 375, "height": 812})
    boot(page, f"{site_url}#/deck-of-spies/learn")
    page.click("#card-4H")
    notice = page.locator(".notice")
    expect(notice).to_contain_text("Not now: that would pick the 4♥ for the payment.")
    expect(notice).to_contain_text("Recruit the 5♣ with your 2♣ and 3♣")
    expect(page.locator("#card-4H")).to_have_attribute("aria-pressed", "false")
    clear_of_the_guide(page, "notice", "pointed")  # in the guide's panel, in sight
    shot(page, "guide-dos-stray-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375
    page.click("#guide-skip")
    expect(page.locator("#guide-say")).to_contain_text("End your turn")
    assert len(saved_record(page, "deck-of-spies")["actions"]) == 1


# Whether nothing on the page moves but what moves for ever, a frame after (the guide
# clears what it points at again once it has come to rest: web/guided.mjs).
RESTING = """() => new Promise((done) => requestAnimationFrame(() => done(
  document.getAnimations().every((a) => a.playState !== "running"
    || !Number.isFinite(a.effect.getComputedTiming().endTime)))))"""


# The boxes of the guide's panel, the control it points at and what its step names,
# measured in the viewport (null for an element that is not there).
BOXES = """() => {
  const box = (e) => {
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  };
  return {
    guide: box(document.querySelector(".guide")),
    pointed: box(document.querySelector("[data-guide=next]")),
    named: box(document.querySelector("[data-guide-named]")),
    notice: box(document.querySelector(".notice")),
    height: window.innerHeight,
  };
}"""


def clear_of_the_guide(page: Page, *parts: str) -> None:
    """Each of `parts` ("pointed", "named", "notice") is on the screen and, but for the
    notice (which the panel holds), not under the guide's panel. Measured where the cards
    come to rest, once the animations that end (a hand dealing in) are over."""
    wait_for(page, RESTING)
    boxes = page.evaluate(BOXES)
    guide = boxes["guide"]
    for part in parts:
        box = boxes[part]
        assert box is not None, f"no {part}: {boxes}"
        assert box["top"] >= 0 and box["bottom"] <= boxes["height"], f"{part} off screen: {boxes}"
        if part != "notice":
            apart = box["top"] >= guide["bottom"] or box["bottom"] <= guide["top"]
            assert apart, f"{part} under the guide: {boxes}"


def test_what_a_step_is_about_is_not_under_the_guide_on_a_phone(page: Page, site_url: str) -> None:
    """Issue 47: on a phone the sticky guide covered what its step names — the 6♠ in
    Deck of Spies step 3, your hand in Espionage step 1, Rook's revealed hand at the
    showdown. The control pointed at and what the step names are both shown below it."""
    page.set_viewport_size({"width": 375, "height": 812})
    boot(page, f"{site_url}#/deck-of-spies/learn")
    page.click("#guide-skip")
    page.click("#guide-skip")
    expect(page.locator("#guide-say")).to_contain_text("Counter the 6♠")
    expect(page.locator("[data-guide-named]")).to_have_id("dos-spy")
    expect(page.locator("#dos-spy")).to_contain_text("6♠")
    clear_of_the_guide(page, "pointed", "named")
    for _ in range(2):  # the 2♥, the 4♥: the pointer moves on, both still in view
        card = page.locator("[data-guide=next]").get_attribute("id")
        expect(page.locator("[data-guide=next]")).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator("[data-guide=next]")).not_to_have_id(card or "")
        clear_of_the_guide(page, "pointed", "named")
    expect(page.locator("[data-guide=next]")).to_have_id("act-counter")

    # Espionage, from the foot of its Rules page
    page.goto(f"{site_url}#/espionage/rules")
    page.locator("#learn-espionage").scroll_into_view_if_needed()
    page.click("#learn-espionage")
    expect(page.locator("#guide-say")).to_contain_text("Open: bid at least 2 Hackers")
    expect(page.locator("[data-guide-named]")).to_have_id("esp-seat-0")
    clear_of_the_guide(page, "pointed", "named")
    while not page.locator("#esp-continue[data-guide=next]").count():
        drawn = page.evaluate(RENDERS)
        if page.locator("#esp-call[data-guide=next]").count():
            # the player reads down to the log before calling, by the keyboard
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            page.keyboard.press("Enter")
        else:
            page.locator("[data-guide=next]").click()
        wait_for(page, f"{RENDERS} > {drawn}")
        wait_for(page, "document.querySelector('[data-guide=next]')", timeout=60_000)
        clear_of_the_guide(page, "pointed", "named")
    # the showdown: Rook's hand turned over, and Next round
    expect(page.locator("[data-guide-named]")).to_have_id("esp-opponents")
    expect(page.locator("#esp-opponents .esp-seat-1")).to_contain_text("Traitor")
    clear_of_the_guide(page, "pointed", "named")
    shot(page, "guide-espionage-showdown-phone")


def test_a_stray_tap_in_spynet_is_explained_in_sight_on_a_phone(page: Page, site_url: str) -> None:
    """Issue 47: a tap on something other than the step's move was explained at the top
    of the page, above the screen of a phone scrolled down to the table. The explanation
    is in the guide's panel, on screen, and the step's control stays in view."""
    page.set_viewport_size({"width": 375, "height": 812})
    boot(page, f"{site_url}#/spynet/learn")
    wait_for(page, "document.querySelector('[data-guide=next]')", timeout=60_000)
    pointed = page.locator("[data-guide=next]")
    act = pointed.get_attribute("data-act")
    assert page.evaluate("scrollY") > 0  # the table is below the fold: the page scrolled to it
    page.locator(f"[data-act={act}]:not([data-guide])").first.click()
    notice = page.locator(".notice")
    expect(notice).to_contain_text("Not now: that would keep")
    expect(notice).to_contain_text("keep Blanket Surveillance")
    expect(page.locator(".guide .notice")).to_have_count(1)
    clear_of_the_guide(page, "notice", "pointed")
    shot(page, "guide-spynet-stray-phone")


def test_a_newcomer_learns_espionage_by_keyboard_alone(page: Page, site_url: str) -> None:
    boot(page, f"{site_url}#/espionage/rules")
    page.click("#learn-espionage")
    say = page.locator("#guide-say")
    expect(say).to_contain_text("Open: bid at least 2 Hackers")
    presses = 0
    while "done" not in page.locator(".guide-where").inner_text():
        # the control to press next has the focus (after Rook's moves and the showdown)
        wait_for(
            page,
            """() => document.activeElement?.dataset.guide === 'next'
                || document.querySelector('.guide-where').textContent.includes('done')""",
            timeout=60_000,
        )
        if "done" in page.locator(".guide-where").inner_text():
            break
        drawn = page.evaluate(RENDERS)
        page.keyboard.press("Enter")
        presses += 1
        assert presses < 40
        wait_for(page, f"{RENDERS} > {drawn}")  # the page drew what the press did
    guide = get_guide("espionage")
    assert guide is not None
    kept = saved_record(page, "espionage")
    assert guide.follows(kept) and len(kept["actions"]) == len(guide.steps)
    expect(say).to_contain_text("That is every move of Espionage")
    shot(page, "guide-espionage-done")


def test_a_newcomer_learns_spynet_by_clicking_what_the_guide_points_at(
    page: Page, site_url: str
) -> None:
    boot(page, f"{site_url}#/spynet/learn")
    say = page.locator("#guide-say")
    expect(say).to_contain_text("keep Blanket Surveillance")
    clicks = 0
    while True:
        # the others play the script's moves; then the control to click is marked
        wait_for(
            page,
            """() => document.querySelector('[data-guide=next]')
                || document.querySelector('.guide-where').textContent.includes('done')""",
            timeout=90_000,
        )
        if "done" in page.locator(".guide-where").inner_text():
            break
        drawn = page.evaluate(RENDERS)
        page.locator("[data-guide=next]").click()
        clicks += 1
        assert clicks < 60
        wait_for(page, f"{RENDERS} > {drawn}")
    guide = get_guide("spynet")
    assert guide is not None
    kept = saved_record(page, "spynet")
    assert guide.follows(kept) and len(kept["actions"]) >= len(guide.steps)
    expect(say).to_contain_text("That is every kind of move in SpyNet")
    shot(page, "guide-spynet-done")


def test_a_guided_game_embedded_in_a_frame_loads_python_only_when_pressed(
    page: Page, site_url: str
) -> None:
    """Like the rules demos: under 100 KB until the reader presses; the first press starts
    Python, which does that press."""
    from pathlib import Path
    from urllib.parse import urlparse

    site = Path(__file__).resolve().parents[1] / "_site"
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.set_viewport_size({"width": 640, "height": 620})
    page.goto(f"{site_url}embed.html#/learn/deck-of-spies")
    expect(page.locator("#guide-say")).to_contain_text("Recruit the 5♣")
    page.wait_for_timeout(1500)  # anything else it would load
    root = urlparse(site_url).path
    files = {urlparse(u).path.removeprefix(root) for u in asked if u.startswith(site_url)}
    size = sum((site / f).stat().st_size for f in files if (site / f).is_file())
    assert not [f for f in files if f.startswith("vendor/")], files
    assert size < 100_000, (size, sorted(files))
    print(f"a guided game in a frame, untouched: {size / 1000:.1f} KB ({len(files)} files)")
    shot(page, "guide-embed")
    frame = page.locator(".embed[data-kind=guide]")  # the frame scrolls to the table's foot
    assert frame.evaluate("(e) => getComputedStyle(e).overflowY") == "auto"
    page.locator("[data-guide=next]").click()  # the 2♣: Python starts, then picks it
    page.wait_for_selector("html[data-ready=true]", timeout=120_000)
    expect(page.locator("#card-2C")).to_have_attribute("aria-pressed", "true", timeout=30_000)
    expect(page.locator("[data-guide=next]")).to_have_id("card-3C")
