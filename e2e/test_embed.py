"""Embeds, rules demos and replays in Chromium: a blog post on another origin with two
demo frames, a replay stepped to the end and back, bad embed addresses, the Rules page's
Embed snippet and Saved games' Replay."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from a11y import settle
from conftest import SHOTS, Guard, boot, open_page, origin_of, saved_record, shot, wait_for
from drivers.deck_of_spies import open_deal, play_moves
from drivers.embed import Origins
from drivers.records import finished
from playwright.sync_api import Browser, Frame, FrameLocator, Page, expect
from server import BlogServer
from spyweb.browser import links

import spygames

DOS = "#/deck-of-spies"
SAVE_KEYS = "Object.keys(localStorage).filter(k => k.startsWith('spygames:')).sort()"
SAVED = f"Object.fromEntries({SAVE_KEYS}.map(k => [k, localStorage.getItem(k)]))"
BOOT = 120_000


@pytest.fixture
def blog_url(site_url: str) -> Iterator[str]:
    with BlogServer(site_url) as server:
        yield server.url


def frame_of(page: Page, element: str) -> Frame:
    handle = page.locator(element).element_handle()
    assert handle is not None
    found = handle.content_frame()
    assert found is not None
    return found


def test_a_blog_post_on_another_site_embeds_two_live_demos(
    browser: Browser, site_url: str, blog_url: str
) -> None:
    guard = Origins(origin_of(site_url), origin_of(blog_url))
    page = open_page(browser, guard, viewport={"width": 1000, "height": 1700})
    # A reader plays Deck of Spies on the site first...
    open_deal(page, f"{site_url}{DOS}/deal/21")
    play_moves(page, 1)
    theirs = page.evaluate(SAVED)
    assert any(k.startswith("spygames:slot:") for k in theirs)
    # ...then reads a blog post on another site that embeds two demos.
    guard.runtime.clear()
    page.goto(blog_url)
    post = page.inner_html("#post")
    small, big = page.frame_locator("#demo-small"), page.frame_locator("#demo-big")
    for frame in (small, big):
        expect(frame.locator(".demo")).to_have_attribute("data-step", "0")
    expect(small.locator(".demo-caption")).to_contain_text("The spy is the 5♣")
    expect(big.locator(".demo-caption")).to_contain_text("Twelve cards are dealt")
    # Every frame has loaded and the network has gone quiet (no request in flight for
    # 500 ms, Playwright's own event): anything the embeds fetch unasked was fetched.
    page.wait_for_load_state("networkidle")
    assert not guard.runtime, "the runtime loaded before anyone pressed a control"
    for name, element in (("embed-320x400", "#demo-small"), ("embed-600x450", "#demo-big")):
        page.locator(element).screenshot(path=str(SHOTS / f"{name}.png"))

    # Next and Back step through the steps drawn at build time, without Python.
    step(small, "demo-next", "1")
    expect(small.locator(".demo-refusal")).to_contain_text("The 2♣ is not needed.")
    step(small, "demo-back", "0")
    step(big, "demo-next", "1")
    expect(big.locator(".esp-plaque")).to_contain_text("at least 3")
    step(big, "demo-next", "2")
    expect(big.locator(".demo-refusal")).to_contain_text("Bid must be at least 3.")
    step(big, "demo-back", "1")
    page.locator("#demo-big").screenshot(path=str(SHOTS / "embed-600x450-step2.png"))
    assert not guard.runtime, "stepping through a demo needs no runtime"

    # Try it yourself: a live table in each frame, from the step shown.
    small.locator("#demo-try").click()
    big.locator("#demo-back").click()
    big.locator("#demo-try").click()
    expect(small.locator("#demo-live")).to_be_visible(timeout=BOOT)
    expect(big.locator("#demo-live")).to_be_visible(timeout=BOOT)
    assert guard.runtime, "Try it yourself starts the runtime"
    for card in ("2C", "3H"):  # a legal payment for the 5♣
        small.locator(f"#card-{card}").click()
    small.locator("#act-counter").click()
    expect(small.locator(".dos")).to_have_attribute("data-actions", "1")
    big.locator("#esp-attr-hacker").click()
    big.locator("#esp-bid").click()
    expect(big.locator("#esp-bubble-0")).to_be_visible()
    page.locator("#demo-small").screenshot(path=str(SHOTS / "embed-320x400-live.png"))

    # Nothing written to the save keys (the blog is on the same host, another port, so
    # the frames share the site's storage: the reader's game is right there, untouched).
    for element in ("#demo-small", "#demo-big"):
        assert frame_of(page, element).evaluate(SAVED) == theirs
    assert page.inner_html("#post") == post and page.url == blog_url
    assert page.title().startswith("Notes from the card table")
    page.goto(f"{site_url}{DOS}")
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT)
    assert page.evaluate(SAVED) == theirs
    page.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def step(frame: FrameLocator, button: str, expected: str) -> None:
    frame.locator(f"#{button}").click()
    expect(frame.locator(".demo")).to_have_attribute("data-step", expected)


def test_a_replay_steps_to_the_end_and_back(page: Page, site_url: str) -> None:
    record = finished("deck-of-spies", 11)
    total = len(record["actions"])
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(page, f"{site_url}#/replay/{links.encode(record)}")
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-move", "0")
    page.click("#replay-next")
    page.click("#replay-next")
    expect(replay).to_have_attribute("data-move", "2")
    # the log keeps step: the deal, two moves and the third, to play
    expect(page.locator("#replay-log li")).to_have_count(4)
    expect(page.locator("#replay-log li").first).to_contain_text("3")
    page.click("#replay-end")
    expect(replay).to_have_attribute("data-move", str(total))
    expect(page.locator('[data-testid="pos-end"]')).to_be_visible()
    expect(page.locator("#replay-log li")).to_have_count(total + 1)
    page.click("#replay-log-5")  # jump to a move from the log
    expect(replay).to_have_attribute("data-move", "5")
    shot(page, "replay-1280x800")
    page.set_viewport_size({"width": 375, "height": 812})
    page.click("#replay-start")
    expect(replay).to_have_attribute("data-move", "0")
    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("data-move", "1")
    page.click("#replay-pace-fast")
    page.click("#replay-play")
    wait_for(page, "+document.querySelector('#replay').dataset.move >= 3")
    page.click("#replay-play")
    expect(replay).to_have_attribute("data-playing", "false")
    page.screenshot(path=str(SHOTS / "replay-375x812.png"))


def test_embed_replays_and_bad_addresses(page: Page, guard: Guard, site_url: str) -> None:
    page.goto(f"{site_url}embed.html#/demo/no-such-demo")
    expect(page.locator('[data-testid="embed-message"]')).to_contain_text(
        "There is no demo called “no-such-demo”"
    )
    page.goto(f"{site_url}embed.html#/replay/not-a-record")
    expect(page.locator('[data-testid="embed-message"]')).to_contain_text(
        "This replay cannot be shown", timeout=BOOT
    )
    record = finished("espionage", 8, players=3)
    page.goto(f"{site_url}embed.html#/replay/{links.encode(record)}/1")
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-seat", "1", timeout=BOOT)
    first = spygames.replay(record, upto=0)
    shown = {c.get_attribute("data-card") for c in page.locator("[data-card]").all()}
    assert shown == set(first.view(1)["hand"])  # only what seat 1 could see
    page.click("#replay-end")
    expect(replay).to_have_attribute("data-move", str(len(record["actions"])))
    page.click("#replay-start")
    expect(replay).to_have_attribute("data-move", "0")
    assert page.evaluate(SAVE_KEYS) == []


def test_rules_demo_embed_snippet_and_saved_games_replay(
    browser: Browser, guard: Guard, site_url: str
) -> None:
    page = open_page(browser, guard, permissions=["clipboard-read", "clipboard-write"])
    open_deal(page, f"{site_url}{DOS}/deal/31")
    play_moves(page, 2)
    mine = saved_record(page, "deck-of-spies")
    page.goto(f"{site_url}{DOS}/rules/dos-necessary")
    expect(page.locator(".demo")).to_have_attribute("data-demo", "dos-necessary")
    page.click("#demo-next")
    expect(page.locator(".demo-refusal")).to_contain_text("The 2♣ is not needed.")
    page.click("#btn-embed")
    code = page.input_value("#embed-snippet")
    assert code.startswith(f'<iframe src="{site_url}embed.html#/demo/dos-necessary"')
    assert 'loading="lazy"' in code and 'title="Deck of Spies rules demo' in code
    page.click("#btn-copy-embed")
    expect(page.locator(".notice")).to_contain_text("paste it into your page")
    assert page.evaluate("navigator.clipboard.readText()") == code
    shot(page, "rules-embed-snippet")
    page.goto(f"{site_url}#/saves")
    page.locator('.saves-row:has-text("Deal #31")').get_by_role("button", name="Replay").click()
    expect(page.locator("#replay")).to_have_attribute("data-moves", "2")
    assert saved_record(page, "deck-of-spies") == mine
    page.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def test_try_it_without_webassembly_says_so_and_the_steps_go_on(page: Page, site_url: str) -> None:
    page.add_init_script("delete window.WebAssembly")  # a browser with no WebAssembly
    runtime: list[str] = []
    page.on("request", lambda r: runtime.append(r.url) if "/vendor/" in r.url else None)
    page.set_viewport_size({"width": 600, "height": 450})
    page.goto(f"{site_url}embed.html#/demo/dos-necessary")
    expect(page.locator(".demo")).to_have_attribute("data-step", "0")
    page.click("#demo-try")
    line = page.locator('[data-testid="embed-no-wasm"]')
    expect(line).to_have_text(
        "This browser can't run the live table (it has no WebAssembly) — open it in an "
        "up-to-date Chrome, Edge, Firefox or Safari."
    )
    expect(page.locator("#demo-try")).to_be_disabled()
    page.screenshot(path=str(SHOTS / "embed-no-wasm-600x450.png"))
    # The drawn steps still step, and the line stays with them.
    step_page(page, "demo-next", "1")
    expect(page.locator(".demo-refusal")).to_contain_text("The 2♣ is not needed.")
    expect(line).to_be_visible()
    step_page(page, "demo-back", "0")
    expect(line).to_be_visible()
    expect(page.locator("#demo-try")).to_be_disabled()
    page.set_viewport_size({"width": 320, "height": 400})
    step_page(page, "demo-next", "1")
    expect(line).to_be_visible()
    page.screenshot(path=str(SHOTS / "embed-no-wasm-320x400.png"))
    assert page.get_attribute("html", "data-booting") is None
    # A replay cannot be drawn in advance: the frame says why it shows nothing.
    page.goto(f"{site_url}embed.html#/replay/{links.encode(finished('deck-of-spies', 11))}")
    expect(page.locator('[data-testid="embed-message"]')).to_contain_text(
        "This browser can't show the replay (it has no WebAssembly)"
    )
    assert runtime == [], "without WebAssembly nothing of the runtime may load"


def step_page(page: Page, button: str, expected: str) -> None:
    page.click(f"#{button}")
    expect(page.locator(".demo")).to_have_attribute("data-step", expected)


# Every rule of app.css that applies to some element of the given frames (drawn in #app one
# after the other) and is missing from embed.css, as "@media … selector { … }". A selector
# is tried without its pseudo-elements and user-action states (::before, :hover, :focus…),
# so a rule for a hovered button or a ::before counts as applying to that element.
MISSING_RULES = """async (frames) => {
    const sheet = async (url) => {
        const made = new CSSStyleSheet();
        made.replaceSync(await (await fetch(url)).text());
        return made;
    };
    const split = (list) => {
        const parts = [];
        let depth = 0, start = 0;
        for (let i = 0; i < list.length; i++) {
            if (list[i] === "(") depth++;
            else if (list[i] === ")") depth--;
            else if (list[i] === "," && !depth) { parts.push(list.slice(start, i)); start = i + 1; }
        }
        return [...parts, list.slice(start)].map((s) => s.trim());
    };
    const rules = (list, media = "") => Array.from(list).flatMap((rule) =>
        rule.cssRules && rule.media
            ? rules(rule.cssRules, media + "@media " + rule.media.mediaText + " ")
        : rule.selectorText ? split(rule.selectorText).map((selector) =>
            ({ selector, text: media + selector + " { " + rule.style.cssText + " }" }))
        : []);
    const whole = rules((await sheet("./styles/app.css")).cssRules);
    const small = new Set(rules((await sheet("./styles/embed.css")).cssRules).map((r) => r.text));
    const state =
        /::?(before|after|marker|placeholder|hover|focus-visible|focus-within|focus|active)\\b/g;
    const app = document.getElementById("app");
    const missing = new Set();
    let applying = 0;
    for (const [name, html] of frames) {
        app.innerHTML = html;
        for (const rule of whole) {
            const plain = rule.selector.replace(state, "") || "*";
            let hit = false;
            try {
                hit = app.matches(plain) || app.querySelector(plain) !== null;
            } catch (error) {
                hit = true; // a selector this browser cannot test: counted as applying
            }
            if (!hit) continue;
            applying++;
            if (!small.has(rule.text)) missing.add(name + ": " + rule.text);
        }
    }
    return { applying, missing: [...missing] };
}"""


def test_an_embeds_small_style_sheet_has_every_rule_its_steps_use(
    page: Page, site_url: str
) -> None:
    """embed.css (the part of app.css that the drawn steps use) loses nothing: every rule of
    app.css that applies to an element of a step of any demo, or of the frame's own
    messages, is in embed.css as it is in app.css. The page loads embed.css alone."""
    page.goto(f"{site_url}embed.html#/demo/no-such-demo")
    expect(page.locator('[data-testid="embed-message"]')).to_be_visible()
    frames = [("message", page.inner_html("#app"))]
    page.goto(f"{site_url}embed.html#/demo/dos-necessary")
    expect(page.locator(".demo")).to_have_attribute("data-step", "0")
    sheets = page.evaluate("Array.from(document.styleSheets, (s) => s.href.split('/').pop())")
    assert sheets == ["embed.css"]
    for demo in spygames.all_demos():
        steps = page.request.get(f"{site_url}embed/{demo.id}.json").json()["steps"]
        frames += [(f"{demo.id}/{n}", html) for n, html in enumerate(steps)]
    found = page.evaluate(MISSING_RULES, frames)
    assert found["applying"] > 1000, found  # rules × frames that apply: the check is real
    assert not found["missing"], "\n".join(found["missing"][:20])


# Where things stand in a frame's stage: its visible box, the box of what the step is
# about (if any), and the caption's top.
STAGE = """() => {
    const stage = document.querySelector('.demo-stage');
    const edge = stage.getBoundingClientRect();
    const subject = stage.querySelector('.sn-fresh, .pos-recruit, .pos-effect');
    const cue = document.querySelector('.stage-more');
    return {
        top: edge.top, bottom: edge.bottom,
        hidden: stage.scrollHeight - stage.clientHeight - stage.scrollTop,
        cue: cue && !cue.hidden ? cue.getBoundingClientRect().top : null,
        subject: subject && [subject.getBoundingClientRect().top,
                             subject.getBoundingClientRect().top + subject.offsetHeight],
        caption: document.querySelector('.demo-caption').getBoundingClientRect().top,
    };
}"""


def test_a_spynet_demo_in_the_smallest_frame_shows_each_steps_subject(
    browser: Browser, guard: Guard, site_url: str
) -> None:
    """Issue 40: at 320×400 your own tableau lay below the fold of the frame's stage,
    which scrolled with no sign. Each step about one card or pile scrolls to it, clear
    of the "More below" cue, and the cue shows exactly while something lies below."""
    page = open_page(browser, guard, viewport={"width": 320, "height": 400})
    try:
        for demo in ("sn-dominate", "sn-recruit", "sn-eliminate"):
            page.goto(f"{site_url}embed.html#/demo/{demo}")
            expect(page.locator(".demo")).to_have_attribute("data-step", "0")
            subjects = 0
            for n in range(10):
                if n:
                    if page.locator("#demo-next[disabled]").count():
                        break
                    page.click("#demo-next")
                    expect(page.locator(".demo")).to_have_attribute("data-step", str(n))
                settle(page)
                at = page.evaluate(STAGE)
                assert (at["cue"] is not None) == (at["hidden"] > 4), (demo, n, at)
                if at["subject"]:
                    subjects += 1
                    top, foot = at["subject"]
                    floor = at["cue"] if at["cue"] is not None else at["bottom"]
                    assert at["top"] - 1 <= top and foot <= floor + 1, (demo, n, at)
                    page.screenshot(path=str(SHOTS / f"embed-320x400-{demo}-{n}.png"))
            assert subjects, f"{demo}: no step about one card or pile"
        # the cue scrolls the stage on
        page.goto(f"{site_url}embed.html#/demo/sn-dominate")
        expect(page.locator(".stage-more")).to_be_visible()
        page.click(".stage-more")
        wait_for(page, "document.querySelector('.demo-stage').scrollTop > 0")
    finally:
        page.context.close()


def test_espionage_in_its_suggested_frame_keeps_caption_and_bid_in_view(
    browser: Browser, guard: Guard, site_url: str
) -> None:
    """Issue 40, at the suggested 600×560: a band of empty stage lay between the table
    and its caption; Try it's table shrank to tiny text with Bid under the bar below.
    Each step's caption follows its table; the live table takes Espionage's compact
    layout, readable, and Bid lies in view with nothing over it."""
    page = open_page(browser, guard, viewport={"width": 600, "height": 560})
    try:
        page.goto(f"{site_url}embed.html#/demo/esp-bid-raise")
        expect(page.locator(".demo")).to_have_attribute("data-step", "0")
        for n in range(6):
            if n:
                page.click("#demo-next")
                expect(page.locator(".demo")).to_have_attribute("data-step", str(n))
            at = page.evaluate(STAGE)
            assert at["caption"] - at["bottom"] < 12, (n, at)
        page.click("#demo-restart")
        page.click("#demo-try")
        bid = page.locator("#esp-bid")
        expect(bid).to_be_visible(timeout=BOOT)
        settle(page)
        expect(bid).to_be_in_viewport(ratio=1)
        over = page.evaluate(
            """() => { const r = document.querySelector('#esp-bid').getBoundingClientRect();
                const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                if (top && top.closest('#esp-bid')) return null;
                return top && top.outerHTML.slice(0, 80); }"""
        )
        assert over is None, f"Bid lies under {over}"
        zoom = page.evaluate("+(document.querySelector('.live-stage > *').style.zoom || 1)")
        assert zoom >= 0.8, f"the live table is zoomed to {zoom}"
        page.screenshot(path=str(SHOTS / "embed-600x560-live.png"))
    finally:
        page.context.close()
