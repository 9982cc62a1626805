"""The Bot Lab (issue 39), in Chromium: Python starts through PyScript in its worker with
spygames installed by micropip; a person's bot plays a match against the built-in bots
with a progress bar and a win rate; a mistake is shown with its line; a bot that never
answers is stopped and Python starts again (a hostile bot: e2e/test_sandbox.py); the
code is kept across a reload. Nothing
is loaded from another origin, and no console error."""

from __future__ import annotations

import json
import os
import re
import secrets
import sys
from pathlib import Path

import pytest
import service_worker
from conftest import ROOT, Guard, open_page, origin_of, shot, wait_for
from drivers.embed import Origins
from drivers.lab import BOOT_MS, LOOPING, RUN_MS
from drivers.lab import lab as lab  # the Lab, ready (a fixture)
from playwright.sync_api import Browser, Dialog, Page, Route, expect
from server import BlogServer, SiteServer
from service_worker import cache_name

sys.path.insert(0, str(ROOT / "web" / "tools"))
import build_site
import people

# The Lab's bots keep its time limits as in a player's browser: tiered (conftest.py).
pytestmark = pytest.mark.tiered

BROKEN = "def choose(view, legal, rng):\n    return legal[0\n"


def write(page: Page, code: str) -> None:
    page.fill("#lab-source", code)


def run(page: Page, games: int = 10) -> None:
    page.fill("#lab-games", str(games))
    page.click("#lab-run")


def test_a_match_shows_its_progress_and_the_win_rate_with_every_game(lab: Page) -> None:
    assert lab.locator("#lab-python").get_attribute("data-installer") == "micropip"
    expect(lab.locator("#lab-python")).to_contain_text("installed by micropip")
    lab.fill("#lab-seed", "11")
    run(lab, 20)
    expect(lab.locator("#lab-status")).to_contain_text("20 games in", timeout=RUN_MS)
    expect(lab.locator("#lab-rate")).to_have_text(re.compile(r"Won \d+ of 20 \(\d+\.\d%\)"))
    expect(lab.locator("#lab-interval")).to_contain_text("95% interval")
    assert lab.locator("#lab-games-list li").count() == 20
    assert lab.locator("#lab-chart polyline").count() == 1
    shot(lab, "lab-match")
    rate = lab.text_content("#lab-rate")
    lab.evaluate("document.getElementById('lab-status').textContent = ''")  # not the last run's
    run(lab, 20)  # the same seed: the same games
    expect(lab.locator("#lab-status")).to_contain_text("20 games in", timeout=RUN_MS)
    assert lab.text_content("#lab-rate") == rate
    href = lab.locator("#lab-games-list a").first.get_attribute("href") or ""
    assert href.startswith("../#/replay/")
    expect(lab.locator("#lab-compare")).to_have_text("")  # the same code: nothing to compare
    expect(lab.locator("#lab-interval")).to_contain_text("an even seat wins 50.0%")
    # A new version of the bot on the same seed: set beside the one before.
    write(lab, "def choose(view, legal, rng):\n    return legal[-1]\n")
    lab.evaluate("document.getElementById('lab-status').textContent = ''")
    run(lab, 20)
    expect(lab.locator("#lab-status")).to_contain_text("20 games in", timeout=RUN_MS)
    expect(lab.locator("#lab-compare")).to_contain_text(
        re.compile(r"On the same games, your previous code won \d+ of 20: this one wins ")
    )


def test_mistakes_are_shown_and_a_bot_reaches_nothing_and_cannot_freeze_the_page(
    lab: Page,
) -> None:
    write(lab, BROKEN)  # a syntax error: shown at its line, the editor on it
    run(lab)
    expect(lab.locator("#lab-error")).to_contain_text("Line 2:")
    assert lab.evaluate("document.activeElement.id") == "lab-source"
    lab.keyboard.press("Escape")  # then Tab leaves the editor: no keyboard trap
    lab.keyboard.press("Tab")
    assert lab.evaluate("document.activeElement.id") != "lab-source"
    write(lab, "def choose(view, legal, rng):\n    return {'type': 'spot'}\n")
    run(lab)  # an illegal action: the engine's reason and the view it was given
    expect(lab.locator("#lab-error")).to_contain_text("which is not legal now")
    error = lab.locator("#lab-error")
    expect(error).to_contain_text('The view it was given:\n{\n "game": "espionage"')
    expect(lab.locator("#lab-status")).to_contain_text("Stopped in game 1")
    # (A bot that reaches for the site, the network or storage: e2e/test_sandbox.py.)
    # A bot that never answers: stopped, and Python starts again.
    write(lab, LOOPING)
    run(lab)
    expect(lab.locator("#lab-error")).to_contain_text("more than 2 seconds", timeout=RUN_MS)
    expect(lab.locator("#lab-run")).to_be_visible()
    expect(lab.locator("#lab-python")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    write(lab, "def choose(view, legal, rng):\n    return legal[0]\n")
    run(lab)
    expect(lab.locator("#lab-status")).to_contain_text("10 games in", timeout=RUN_MS)


@pytest.mark.fresh  # a first visit, then offline
def test_the_code_is_kept_per_game_and_the_lab_works_offline_after_one_visit(lab: Page) -> None:
    """Issue 39: the code "survives reload and going offline"; the Lab opens offline. One
    visit online keeps every file of the Lab (web/sw.js, keepLab); offline, the page
    reloads from those copies, Python starts, the code is there and a match runs."""
    write(lab, "# mine\ndef choose(view, legal, rng):\n    return legal[-1]\n")
    lab.wait_for_timeout(500)
    lab.select_option("#lab-game", "spynet")
    expect(lab.locator("#lab-source")).to_have_value(re.compile("A SpyNet bot"))
    offline = lab.locator("#lab-offline")
    expect(offline).to_have_attribute("data-kept", "true", timeout=BOOT_MS)
    expect(offline).to_have_text("Kept on this device: the Lab works offline.")
    lab.context.set_offline(True)
    lab.reload()
    expect(lab.locator("#lab-source")).to_have_value(re.compile("^# mine"))
    expect(lab.locator("#lab-python")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    run(lab)
    expect(lab.locator("#lab-status")).to_contain_text("10 games in", timeout=RUN_MS)
    lab.context.set_offline(False)


MINE = "# mine\ndef choose(view, legal, rng):\n    return legal[0]\n"
THEIRS = "# theirs: the last legal move\ndef choose(view, legal, rng):\n    return legal[-1]\n"


def kept(page: Page) -> str | None:
    return page.evaluate("localStorage.getItem('spygames:lab:espionage')")  # type: ignore[no-any-return]


def answer_dialog(page: Page, selector: str, *, accept: bool) -> str:
    """Click `selector` and answer the dialog it opens (a handler set before the click,
    and waited for, so the next dialog never meets this one's handler); its words."""
    said: list[str] = []

    def handle(dialog: Dialog) -> None:
        said.append(dialog.message)
        if accept:
            dialog.accept()
        else:
            dialog.dismiss()

    page.once("dialog", handle)
    page.click(selector)
    for _ in range(200):
        if said:
            return said[0]
        page.wait_for_timeout(50)
    raise AssertionError(f"{selector} opened no dialog")


def test_a_bot_shared_by_link_shows_its_code_runs_only_on_run_and_asks_before_it_replaces(
    lab: Page, site_url: str
) -> None:
    """Issue 39: "a link holds the bot's code (compressed, like a share link); opening it
    shows the code and runs nothing until the person presses Run, and never replaces
    their own code without asking"; a damaged link says so and changes nothing."""
    write(lab, THEIRS)
    lab.click("#lab-share")
    expect(lab.locator("#lab-link-said")).to_contain_text("it runs only when they press Run")
    link = lab.locator("#lab-link").input_value()
    assert link.startswith(f"{site_url}lab/#bot/espionage/") and "theirs" not in link
    expect(lab.locator("#lab-link-said")).to_contain_text("it runs only when they press Run")
    write(lab, MINE)
    wait_for(lab, f"localStorage.getItem('spygames:lab:espionage') === {json.dumps(MINE)}")

    friend = lab.context.new_page()  # the link opened in another tab of the same browser
    friend.goto(link)
    source = friend.locator("#lab-source")
    expect(source).to_have_value(THEIRS)
    expect(source).not_to_be_editable()
    expect(friend.locator("#lab-from-link")).to_be_visible()
    expect(friend.locator("#lab-python")).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    expect(friend.locator("#lab-python")).to_contain_text("installed by micropip")  # again
    expect(friend.locator("#lab-status")).to_have_text("")  # nothing has run
    expect(friend.locator("#lab-result")).to_be_hidden()
    assert kept(friend) == MINE
    shot(friend, "lab-from-link")
    run(friend)
    expect(friend.locator("#lab-status")).to_contain_text("10 games in", timeout=RUN_MS)
    assert kept(friend) == MINE

    asked = answer_dialog(friend, "#lab-adopt", accept=False)  # "Replace your … code?": no
    assert "Replace your Espionage code with this bot?" in asked
    expect(friend.locator("#lab-from-link")).to_be_visible()
    assert kept(friend) == MINE
    answer_dialog(friend, "#lab-adopt", accept=True)
    expect(friend.locator("#lab-from-link")).to_be_hidden()
    expect(source).to_be_editable()
    assert kept(friend) == THEIRS and friend.evaluate("location.hash") == ""

    friend.goto(link[:-6] + "AbCdEf")  # a damaged link: said, and nothing changes
    expect(friend.locator("#lab-error")).to_contain_text("could not be read")
    expect(friend.locator("#lab-error")).to_contain_text("Your own code is unchanged.")
    expect(source).to_have_value(THEIRS)
    expect(friend.locator("#lab-from-link")).to_be_hidden()
    assert kept(friend) == THEIRS
    friend.close()


# Once the new worker has installed (its precache done): the caches, {name: files}.
UPDATED = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration.update();
    const worker = registration.installing || registration.waiting;
    while (worker.state === "installing") {
        await new Promise((done) => worker.addEventListener("statechange", done));
    }
    const found = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        if (name.startsWith("spygames /")) found[name] = (await cache.keys()).length;
    }
    return found;
}"""


# The waiting worker takes over (boot.js sends the same message on the tables' Reload).
SWITCH = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const switched = new Promise((done) =>
        navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }));
    registration.waiting.postMessage({ type: "skip-waiting" });
    await switched;
}"""


def test_an_update_keeps_the_lab_offline(
    browser: Browser, own_site: tuple[Path, SiteServer]
) -> None:
    """A person who has opened the Lab keeps it offline across an update: the new worker
    keeps the Lab's files too, copying the unchanged ones from the old version's cache
    (only the changed files are downloaded), and the new Lab then starts offline."""
    site, server = own_site
    url = server.url
    guard = Guard(origin_of(url))
    page = open_page(browser, guard)
    try:
        page.goto(f"{url}lab/")
        expect(page.locator("#lab-offline")).to_have_attribute("data-kept", "true", timeout=BOOT_MS)
        build_a, files = service_worker.worker_build(page.request.get(url + "sw.js").text())
        lab_files = people.lab_files(site)
        sheet = site / "lab" / "lab.css"
        sheet.write_text(sheet.read_text() + "\n/* version B */\n")
        build_b, _ = build_site.write_service_worker(site)
        server.requests.clear()
        found = page.evaluate(UPDATED)
        assert found == {
            cache_name(url, build_a): len(files) + len(lab_files),
            cache_name(url, build_b): len(files) + len(lab_files),
        }
        assert sorted(set(server.requests)) == ["/spygames/lab/lab.css", "/spygames/sw.js"]
        page.evaluate(SWITCH)  # the update is taken, as the tables' Reload does
        page.context.set_offline(True)
        page.reload()
        expect(page.locator("#lab-python")).to_have_attribute(
            "data-state", "ready", timeout=BOOT_MS
        )
        css = page.evaluate("fetch('lab.css').then((r) => r.text())")
        assert "version B" in css
        run(page)
        expect(page.locator("#lab-status")).to_contain_text("10 games in", timeout=RUN_MS)
    finally:
        page.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def test_a_blog_post_carries_an_editable_bot_that_loads_python_only_on_run(
    lab: Page, browser: Browser, site_url: str
) -> None:
    """Issue 39: "`embed.html#/lab/<game>` (or an equivalent) lets a blog post carry an
    editable bot with Run, and stays under 100 KB until the reader presses Run": the
    Lab's Share gives the frame; on another origin it shows the code, fetches no Python
    (nothing under vendor/) and less than 100 KB until Run; Run plays a match there."""
    write(lab, THEIRS)
    lab.click("#lab-share")
    expect(lab.locator("#lab-link-said")).to_contain_text("it runs only when they press Run")
    snippet = lab.locator("#lab-snippet").input_value()
    assert snippet.startswith(f'<iframe src="{site_url}lab/embed.html#bot/espionage/')
    site = Path(os.environ.get("SPYGAMES_SITE", ROOT / "_site"))
    post = (
        '<!DOCTYPE html><html><head><link rel="icon" href="data:,"></head>'
        f"<body><h1>My first bot</h1>{snippet}</body></html>"
    )
    with BlogServer(site_url, post) as blog:
        guard = Origins(origin_of(site_url), origin_of(blog.url))
        page = open_page(browser, guard, viewport={"width": 800, "height": 900})
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(blog.url)
        frame = page.frame_locator("iframe")
        expect(frame.locator("#lab-source")).to_have_value(THEIRS)
        expect(frame.locator("#lab-title")).to_have_text("A bot for Espionage")
        page.wait_for_timeout(2000)  # anything late counts too
        ours = {u.split("#")[0] for u in asked if u.startswith(site_url)}
        size = sum((site / u[len(site_url) :]).stat().st_size for u in ours)
        assert size < 100_000 and not [u for u in ours if "/vendor/" in u], (size, ours)
        shot(page, "lab-embed")
        frame.locator("#lab-games").fill("10")
        frame.locator("#lab-run").click()
        expect(frame.locator("#lab-status")).to_contain_text("10 games in", timeout=BOOT_MS)
        expect(frame.locator("#lab-rate")).to_contain_text("of 10")
        with page.expect_popup() as opened:
            frame.locator("#lab-open").click()
        assert opened.value.url.startswith(f"{site_url}lab/#bot/espionage/")
        page.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def test_a_bot_from_a_link_says_what_it_imports_and_shows_every_long_line(
    lab: Page, site_url: str
) -> None:
    """Issue 46, "read before you run": the page says what a shared bot imports, and a
    line long enough to hide code off to the right is flagged and wrapped."""
    hidden = "x = 1" + " " * 400 + "; import os"
    write(lab, f"import random\nfrom json import dumps\n{hidden}\n{THEIRS}")
    lab.click("#lab-share")
    expect(lab.locator("#lab-link-said")).to_contain_text("it runs only when they press Run")
    link = lab.locator("#lab-link").input_value()
    friend = lab.context.new_page()
    friend.goto(link)
    expect(friend.locator("#lab-imports")).to_have_text(
        "It imports: random, json, os.", timeout=30_000
    )
    expect(friend.locator("#lab-long")).to_contain_text("Line 3 is longer than 120 characters")
    assert friend.locator("#lab-source").get_attribute("wrap") == "soft"
    shown = friend.evaluate("getComputedStyle(document.getElementById('lab-source')).whiteSpace")
    assert shown == "pre-wrap"  # wrapped on screen, not only said to be
    friend.click("#lab-mine")
    assert friend.locator("#lab-source").get_attribute("wrap") == "off"
    friend.close()


def test_share_refuses_a_bot_its_link_cannot_carry(lab: Page) -> None:
    """A bot whose link would be too long to open is refused in words (it was "Link
    copied", and the link then read as damaged)."""
    noise = "".join(f"# {secrets.token_hex(38)}\n" for _ in range(2000))  # 160 KB, no pattern
    assert 150_000 < len(noise) < 200_000  # under the code's limit; its link is not
    lab.evaluate(
        "(code) => { document.getElementById('lab-source').value = code; }", noise + THEIRS
    )
    lab.click("#lab-share")
    expect(lab.locator("#lab-error")).to_contain_text("This bot is too long for a link")
    expect(lab.locator("#lab-link-box")).to_be_hidden()


def test_two_lab_tabs_never_write_older_code_over_newer(lab: Page, site_url: str) -> None:
    """With two Lab tabs, code typed in the newer one survives the older one closing, and
    the older one shows it (it had no changes of its own)."""
    write(lab, MINE)
    wait_for(lab, f"localStorage.getItem('spygames:lab:espionage') === {json.dumps(MINE)}")
    newer = lab.context.new_page()
    newer.goto(f"{site_url}lab/")
    expect(newer.locator("#lab-source")).to_have_value(MINE)
    write(newer, THEIRS)
    wait_for(newer, f"localStorage.getItem('spygames:lab:espionage') === {json.dumps(THEIRS)}")
    expect(lab.locator("#lab-source")).to_have_value(THEIRS)  # shown in the older tab too
    lab.close(run_before_unload=True)
    newer.wait_for_timeout(300)
    assert kept(newer) == THEIRS


@pytest.mark.fresh  # its route: a page the service worker serves is not routed
def test_code_typed_as_another_games_template_arrives_is_not_lost_under_it(lab: Page) -> None:
    """Choosing a game fetches its template: on a busy machine it once arrived after the
    person's code was typed, and replaced it. The editor waits for it; a template that
    arrives after yet another game was chosen fills nothing."""
    held: list[Route] = []
    lab.route(re.compile(r".*/templates/spynet\.py$"), lambda route: held.append(route))
    lab.select_option("#lab-game", "spynet")
    for _ in range(200):  # the route's handler runs as the page waits
        if held:
            break
        lab.wait_for_timeout(50)
    expect(lab.locator("#lab-source")).not_to_be_editable()
    lab.select_option("#lab-game", "deck-of-spies")  # its template is not held
    expect(lab.locator("#lab-source")).to_have_value(re.compile("Deck of Spies bot"))
    expect(lab.locator("#lab-source")).to_be_editable()
    write(lab, "def choose(view, legal, rng):\n    return legal[-1]\n")
    held[0].continue_()
    lab.wait_for_timeout(500)
    assert lab.input_value("#lab-source").startswith("def choose(view, legal, rng):")
    assert lab.locator("#lab-game").input_value() == "deck-of-spies"


def test_shift_tab_dedents_the_line_and_keeps_the_caret(lab: Page) -> None:
    write(lab, "def choose(view, legal, rng):\n        return legal[0]\n")
    at = len("def choose(view, legal, rng):\n        return")
    lab.evaluate(f"document.getElementById('lab-source').setSelectionRange({at}, {at})")
    lab.focus("#lab-source")
    lab.keyboard.press("Shift+Tab")
    expect(lab.locator("#lab-source")).to_have_value(
        "def choose(view, legal, rng):\n    return legal[0]\n"
    )
    assert lab.evaluate("document.getElementById('lab-source').selectionStart") == at - 4


def test_a_long_match_says_how_long_before_it_starts_and_prints_beside_each_game(
    lab: Page,
) -> None:
    lab.select_option("#lab-game", "spynet")
    lab.select_option("#lab-against", "hard")
    lab.fill("#lab-games", "200")
    lab.dispatch_event("#lab-games", "input")
    expect(lab.locator("#lab-forecast")).to_contain_text("This match may take about")
    lab.select_option("#lab-against", "easy")
    lab.dispatch_event("#lab-against", "input")
    expect(lab.locator("#lab-forecast")).to_have_text("")
    lab.select_option("#lab-game", "espionage")
    write(
        lab, "def choose(view, legal, rng):\n    print('seen', len(legal))\n    return legal[0]\n"
    )
    run(lab, 10)
    expect(lab.locator("#lab-status")).to_contain_text("10 games in", timeout=RUN_MS)
    printed = lab.locator("#lab-games-list .lab-printed").first
    expect(printed).to_contain_text("seen ", use_inner_text=False)


# Prints at each decision and plays the last legal action; fails at its third decision.
STEPPING = """
calls = 0


def choose(view, legal, rng):
    global calls
    calls += 1
    print("decision", calls, "of", len(legal))
    if FAIL and calls == 3:
        raise ValueError("third time")
    return legal[-1]
"""


def test_a_game_steps_through_each_decision_as_the_bot_saw_it(lab: Page) -> None:
    """Issue 46: "a step-by-step game showing each view, the legal list and the choice",
    and "a reference of every view key and action shape per game"."""
    from spygames.lab import Match, load
    from spygames.reference import reference

    code = "FAIL = False\n" + STEPPING
    steps: list[dict[str, object]] = []
    walk = Match(load(code), "espionage", "normal", 10, 2, seed=9).walk(0, steps)
    while (ended := next(walk)) is None:
        pass
    write(lab, code)
    lab.fill("#lab-games", "10")
    lab.fill("#lab-seed", "9")
    lab.click("#lab-walk")  # game 1 of the form's match, on CPython above, here in the page
    expect(lab.locator("#lab-walk-status")).to_contain_text(
        f"Deal #{ended.deal}, your bot is player {ended.seat + 1}: ", timeout=RUN_MS
    )
    expect(lab.locator("#lab-walk-at")).to_have_text(
        f"Decision 1 of {len(steps)} (move {steps[0]['move']} of the game)"
    )
    chosen = lab.locator("#lab-walk-legal li[aria-current='true']")
    expect(chosen).to_contain_text(json.dumps(steps[0]["choice"], separators=(",", ":")))
    expect(chosen).to_contain_text(f"chosen: {steps[0]['said']}")
    assert lab.locator("#lab-walk-legal li").count() == len(steps[0]["legal"])  # type: ignore[arg-type]
    expect(lab.locator("#lab-walk-printed")).to_have_text(str(steps[0]["printed"]))
    lab.click("#lab-walk-next")
    expect(lab.locator("#lab-walk-at")).to_contain_text(f"Decision 2 of {len(steps)}")
    assert lab.locator("#lab-walk-before li").all_text_contents() == steps[1]["before"]
    lab.locator("#lab-walk-next").focus()
    lab.keyboard.press("ArrowRight")
    expect(lab.locator("#lab-walk-at")).to_contain_text(f"Decision 3 of {len(steps)}")
    expect(lab.locator("#lab-walk-seen")).to_have_text(str(steps[2]["seen"]))
    lab.click("#lab-walk-box summary")
    expect(lab.locator("#lab-walk-view")).to_contain_text('"game": "espionage"')
    shot(lab, "lab-walk")
    # The reference: every key of the view and every action, with words.
    lab.click("#lab-api-title")
    ref = reference("espionage")
    dts = lab.locator("#lab-reference dt")
    expect(dts).to_have_count(len(ref["view"]) + len(ref["actions"]))
    expect(lab.locator("#lab-reference")).to_contain_text("players[…].sources int")
    expect(lab.locator("#lab-reference")).to_contain_text("a Traitor takes one away")
    lab.select_option("#lab-game", "spynet")
    expect(lab.locator("#lab-reference")).to_contain_text("tableaus[…].agents[…][…].power")
    lab.select_option("#lab-game", "espionage")
    # A phone: the step and the reference fit the screen's width.
    lab.set_viewport_size({"width": 375, "height": 812})
    assert lab.evaluate("document.documentElement.scrollWidth <= innerWidth")
    lab.set_viewport_size({"width": 1280, "height": 800})


def test_any_game_of_a_match_steps_through_up_to_a_bot_that_fails(lab: Page) -> None:
    write(lab, "FAIL = False\n" + STEPPING)
    lab.fill("#lab-seed", "4")
    run(lab, 10)
    expect(lab.locator("#lab-status")).to_contain_text("10 games in", timeout=RUN_MS)
    write(lab, "FAIL = True\n" + STEPPING)  # the list's games keep the code they were played with
    lab.click("#lab-result summary")  # Every game
    third = lab.locator("#lab-games-list li").nth(2)
    deal = re.search(r"Deal #(\d+)", third.inner_text())
    assert deal
    third.get_by_role("button", name=f"Step through deal #{deal[1]}").click()
    expect(lab.locator("#lab-walk-title")).to_have_text("Game 3 of match seed 4, step by step")
    expect(lab.locator("#lab-walk-status")).to_contain_text(f"Deal #{deal[1]}", timeout=RUN_MS)
    # The editor's code now fails at its third decision: stepped through, it stops there
    # with the bot's error, and the two decisions before it stay to read.
    lab.click("#lab-walk")
    expect(lab.locator("#lab-error")).to_contain_text("ValueError: third time", timeout=RUN_MS)
    expect(lab.locator("#lab-walk-status")).to_have_text(
        "The game stopped after 2 decisions: see the message under your code."
    )
    expect(lab.locator("#lab-walk-at")).to_contain_text("Decision 1 of 2")
    lab.click("#lab-walk-next")
    expect(lab.locator("#lab-walk-printed")).to_contain_text("decision 2 of ")
    expect(lab.locator("#lab-run")).to_be_visible()
