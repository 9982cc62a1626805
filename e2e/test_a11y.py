"""Accessibility in Chromium: axe-core on every screen of every game, at 1280×800 and on
a 375×812 phone (issue 12: other rules can fire when things wrap), keyboard play with
focus kept across re-renders, and animations stopped under `prefers-reduced-motion`.

The module boots the app once per screen size (a desktop page and a phone page, shared
by every test here) and moves between screens by their addresses (the hash); the Guard
still fails the test that was running on an outside request, an error or a CSP
violation. Positions come from fixed deals and share links built here with the engine,
so the end screens (won and lost) are one address away.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import asdict
from functools import cache
from typing import Any

import pytest
from a11y import Violation, run_axe, summary
from conftest import BOOT_TIMEOUT, SHOTS, Guard, open_page, origin_of, shot, wait_for
from drivers.records import ended, link, play
from drivers.renders import RENDERS
from playwright.sync_api import Browser, Page, expect
from shared_page import SharedPages, checked, go

import spygames

# Deck of Spies' screens work out its lost deal's check (the solver, long Python): a
# player's tiered browser (conftest.py), 46 CPU-s here against 54 on the baseline alone.
pytestmark = pytest.mark.tiered

Step = tuple[str, str, str, Callable[[Page], None] | None]  # name, address, ready, then
HUMAN_BOT = [
    {"name": "Ann", "kind": "human", "level": "normal"},
    {"name": "Bo", "kind": "bot", "level": "normal"},
]
TWO_PEOPLE = [
    {"name": "Ann", "kind": "human", "level": "normal"},
    {"name": "Bo", "kind": "human", "level": "normal"},
]


def esp_showdown() -> str:
    """Espionage with a call just made, the game going on: the showdown on the table."""
    for seed in range(1, 50):
        state = play(
            "espionage",
            seed,
            HUMAN_BOT,
            lambda s: bool(s.actions) and s.actions[-1]["type"] in ("call", "spot"),
        )
        if not state.is_over:
            return link(state)
    raise AssertionError("no Espionage deal with a showdown before its end")


def sn_deploy(branch: str) -> Step:
    """SpyNet, seat 0 deploying, an agent picked that may go into `branch`: its "Play in
    <branch>" button in the branch's colour is on the screen."""

    def playable(state: Any) -> bool:
        return state.to_play == [0] and any(
            a["type"] == "agent" and a["branch"] == branch and not a["funding"]
            for a in state.legal_actions()
        )

    for seed in range(1, 80):
        state = play("spynet", seed, HUMAN_BOT, playable)
        if not state.is_over:
            card = next(
                a["card"]
                for a in state.legal_actions()
                if a["type"] == "agent" and a["branch"] == branch and not a["funding"]
            )
            return (
                f"deploy, {branch} selected",
                link(state),
                "#sn-table",
                lambda page, card=card: (
                    page.click(f'#sn-hand [data-card="{card}"]'),
                    page.wait_for_selector(f"#sn-play-{branch}"),
                ),
            )
    raise AssertionError(f"no SpyNet deal where an agent may go into {branch}")


def my_turn(state: Any) -> bool:
    """Seat 0's turn, with a move already made (a bid on the table)."""
    return bool(state.actions) and state.to_play == [0]


def press(selector: str) -> Callable[[Page], None]:
    """Click, then wait for the screen the click drew (the app marks every render)."""

    def pressed(page: Page) -> None:
        before = page.evaluate(RENDERS)
        page.click(selector)
        wait_for(page, f"{RENDERS} > {before}")

    return pressed


def dos_confirm(page: Page) -> None:
    """One move, then New game: the question before leaving a game in progress."""
    state = spygames.get_game("deck-of-spies").new(seed=4)
    move = next(a for a in state.legal_actions() if a["type"] in ("counter", "recruit"))
    for card in move["cards"]:
        page.click(f"#card-{card}")
    page.click(f"#act-{move['type']}")
    expect(page.locator(".dos")).to_have_attribute("data-actions", "1")
    page.click("#btn-new")
    expect(page.get_by_role("alertdialog")).to_be_visible()


@cache
def groups() -> dict[str, list[Step]]:
    """The screens, by group (built on first use: finding the won and lost deals plays
    a few dozen games)."""
    dos = "#/deck-of-spies"
    return {
        "home, saves, stats": [
            ("home", "#/", ".tiles", None),
            ("saved games, one game", f"{dos}/deal/3", ".dos", None),
            ("saved games", "#/saves", ".saves-row", None),
            ("stats", "#/stats", ".stats-card", None),
        ],
        "deck-of-spies": [
            ("rules", f"{dos}/rules", ".demo", None),
            ("rules, a demo stepped", f"{dos}/rules/dos-necessary", ".demo", press("#demo-next")),
            ("table", f"{dos}/deal/3", '.dos[data-actions="0"]', press("#btn-hint")),
            ("guided first game", f"{dos}/learn", "[data-guide=next]", None),
            ("rules panel", dos, ".dos", press("#btn-rules")),
            ("share sheet", dos, ".dos", press("#btn-share")),
            ("confirm dialog", f"{dos}/deal/4", '.dos[data-actions="0"]', dos_confirm),
            ("end, won", ended("deck-of-spies", None, won=True), "[data-testid=end]", None),
            ("end, lost", ended("deck-of-spies", None, won=False), "[data-testid=end]", None),
            ("replay", ended("deck-of-spies", None, True).replace("/play/", "/replay/"),
             "#replay", None),
            ("review, a swing opened",
             ended("deck-of-spies", None, False).replace("/play/", "/review/"),
             '#review[data-state="done"]', press("#review-show-1")),
        ],
        "espionage": [
            ("rules", "#/espionage/rules", ".demo", press("#demo-next")),
            ("setup", "#/espionage/new", "#esp-setup-form", None),
            ("guided first game", "#/espionage/learn", "[data-guide=next]", None),
            ("table", link(play("espionage", 5, HUMAN_BOT, my_turn)), "#esp-bid", None),
            ("hand-off", link(spygames.get_game("espionage").new(
                seed=5, players=2, options={"seats": TWO_PEOPLE})), "#esp-show-hand", None),
            ("showdown", esp_showdown(), "#esp-continue", None),
            ("end, won", ended("espionage", HUMAN_BOT, won=True), "#esp-again", None),
            ("end, lost", ended("espionage", HUMAN_BOT, won=False), "#esp-again", None),
            ("review", ended("espionage", HUMAN_BOT, won=False).replace("/play/", "/review/"),
             '#review[data-state="done"]', None),
        ],
        "spynet": [
            ("rules", "#/spynet/rules", ".demo", press("#demo-next")),
            ("setup", "#/spynet/new", "#sn-setup-form", None),
            ("guided first game", "#/spynet/learn", "[data-guide=next]", None),
            ("table", link(play("spynet", 5, HUMAN_BOT, my_turn)), "#sn-table", None),
            ("hand-off", link(spygames.get_game("spynet").new(
                seed=5, players=2, options={"seats": TWO_PEOPLE})), "#sn-show-hand", None),
            *(sn_deploy(branch) for branch in ("ops", "cover", "intel", "tech")),
            ("end, won", ended("spynet", HUMAN_BOT, won=True), "#sn-end-title", None),
            ("end, lost", ended("spynet", HUMAN_BOT, won=False), "#sn-end-title", None),
        ],
    }  # fmt: skip


GROUPS = ["home, saves, stats", "deck-of-spies", "espionage", "spynet"]
FOUND: dict[str, list[Violation]] = {}  # screen -> violations, for the summary below
PHONE_WIDTH = " (375 px)"  # how a screen checked on the phone is named in FOUND


@pytest.fixture(scope="module")
def shared(browser: Browser, site_url: str) -> Iterator[SharedPages]:
    """The desktop page and the phone page, each booted once for the module."""
    pages = SharedPages(browser, site_url)
    yield pages
    pages.close()


def desktop(shared: SharedPages) -> tuple[Page, Guard]:
    """The desktop page as a test expects to find it: 1280×800, motion allowed."""
    page, guard = shared.get("desktop")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.emulate_media(reduced_motion="no-preference")
    return page, guard


@pytest.fixture
def page(shared: SharedPages) -> Iterator[Page]:
    """The shared desktop page (in place of conftest's fresh page)."""
    page, guard = desktop(shared)
    with checked(guard):
        yield page


@pytest.fixture
def phone(shared: SharedPages) -> Iterator[Page]:
    """The shared phone page: 375×812, a touch screen (in place of conftest's)."""
    page, guard = shared.get("phone")
    with checked(guard):
        yield page


def check(page: Page, group: str, name: str) -> list[str]:
    found = run_axe(page)
    FOUND[f"{group}: {name}"] = found
    blocking = [v for v in found if v.blocking]
    return [f"{group} — {name}:\n{summary(blocking)}"] if blocking else []


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("group", GROUPS)
def test_axe_finds_nothing_serious_on_any_screen(
    shared: SharedPages, site_url: str, group: str, size: str
) -> None:
    """axe-core (WCAG 2.2 A/AA and best practices): no serious or critical violation,
    at 1280×800 and on the 375×812 phone."""
    page, guard = desktop(shared) if size == "desktop" else shared.get("phone")
    suffix = PHONE_WIDTH if size == "phone" else ""
    problems: list[str] = []
    with checked(guard):
        for name, address, ready, then in groups()[group]:
            go(page, site_url, address, ready, timeout=BOOT_TIMEOUT)
            if then is not None:
                then(page)  # each waits for what it changed: a render, a dialog, a button
            problems += check(page, group, name + suffix)
            shot(page, f"a11y-{group}-{name}{'-375' if suffix else ''}".replace(" ", "")
                 .replace(",", "-"))  # fmt: skip
    assert not problems, "\n\n".join(problems)


def test_axe_on_the_embeds(browser: Browser, site_url: str) -> None:
    """embed.html: a rules demo as drawn before Python starts, and a replay; each also
    at 375×812 (the same page, resized). Its own page: embed.html is another document."""
    replay = ended("espionage", HUMAN_BOT, won=True).removeprefix("#/play/")
    embeds = {
        "demo (before Python)": ("embed.html#/demo/dos-necessary", ".demo"),
        "replay": (f"embed.html#/replay/{replay}/1", "#replay"),
    }
    guard = Guard(origin_of(site_url))
    page = open_page(browser, guard)
    problems: list[str] = []
    try:
        with checked(guard):
            for name, (address, ready) in embeds.items():
                page.set_viewport_size({"width": 1280, "height": 720})
                page.goto(site_url + address)
                page.wait_for_selector(ready, timeout=BOOT_TIMEOUT)
                problems += check(page, "embed", name)
                page.set_viewport_size({"width": 375, "height": 812})
                wait_for(page, "window.innerWidth === 375")
                problems += check(page, "embed", name + PHONE_WIDTH)
    finally:
        page.context.close()
    assert not problems, "\n\n".join(problems)


def test_axe_on_a_phone(phone: Page, site_url: str) -> None:
    """The table and rules at 375 px wide (other rules can fire when things wrap)."""
    problems: list[str] = []
    go(phone, site_url, "#/deck-of-spies/deal/3", ".dos")
    problems += check(phone, "phone", "Deck of Spies table")
    for game in ("espionage", "spynet"):
        go(phone, site_url, f"#/{game}/rules", ".demo")
        problems += check(phone, "phone", f"{game} rules")
    assert not problems, "\n\n".join(problems)


@pytest.fixture(scope="module", autouse=True)
def figures() -> Iterator[None]:
    """After the module: what axe found on every screen checked (`pytest -s` shows it)."""
    yield
    by_rule: dict[tuple[str, str], int] = {}
    for found in FOUND.values():
        for v in found:
            by_rule[v.rule, v.impact] = by_rule.get((v.rule, v.impact), 0) + len(v.targets)
    SHOTS.mkdir(parents=True, exist_ok=True)
    report = {screen: [asdict(v) for v in found] for screen, found in FOUND.items()}
    (SHOTS / "axe.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
    print(f"\naxe: {len(FOUND)} screens checked (every violation: {SHOTS / 'axe.json'})")
    for (rule, impact), count in sorted(by_rule.items()):
        print(f"  {rule} ({impact}): {count}")


FOCUSED = "document.activeElement ? document.activeElement.id : ''"


def tab_to(page: Page, element_id: str, limit: int = 60) -> None:
    """Press Tab until `element_id` has the focus (as a keyboard player would)."""
    for _ in range(limit):
        if page.evaluate(FOCUSED) == element_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element_id} (stuck on #{page.evaluate(FOCUSED)})")


def focus_ring(page: Page) -> str:
    """The focused element's outline as drawn (style, width) — 'none' when invisible."""
    return str(
        page.evaluate(
            """() => { const s = getComputedStyle(document.activeElement);
                       return s.outlineStyle === 'none' || s.outlineWidth === '0px'
                         ? 'none' : s.outlineStyle + ' ' + s.outlineWidth; }"""
        )
    )


def test_a_move_by_keyboard_alone_keeps_the_focus(page: Page, site_url: str) -> None:
    """Deck of Spies, Deal #3, with Tab, Space and Enter only: every control on the way
    shows its focus; after the move redraws the table the focus is on the next thing to
    do (End turn), not lost on the page's body, and the log's new line is announced."""
    page.set_viewport_size({"width": 1280, "height": 800})
    state = spygames.get_game("deck-of-spies").new(seed=3)
    move = next(a for a in state.legal_actions() if a["type"] in ("counter", "recruit"))
    go(page, site_url, "#/deck-of-spies/deal/3", '.dos[data-actions="0"]')
    page.locator("body").focus()
    for card in move["cards"]:
        tab_to(page, f"card-{card}")
        assert focus_ring(page) != "none"
        page.keyboard.press("Space")
        expect(page.locator(f"#card-{card}")).to_have_attribute("aria-pressed", "true")
        assert page.evaluate(FOCUSED) == f"card-{card}", "a toggled card keeps the focus"
    action = f"act-{move['type']}"
    tab_to(page, action)
    assert focus_ring(page) != "none"
    page.keyboard.press("Enter")
    expect(page.locator(".dos")).to_have_attribute("data-actions", "1")
    assert page.evaluate("document.activeElement !== document.body")
    assert page.evaluate(FOCUSED) == "act-end-turn"
    assert focus_ring(page) != "none"
    newest = page.locator(".dos-log-list li").first.inner_text()
    said = page.text_content("#announcer") or ""
    assert " ".join(said.split()) == " ".join(newest.split()) and said
    page.keyboard.press("Enter")  # End turn, from where the focus was put
    expect(page.locator(".dos")).to_have_attribute("data-actions", "2")
    assert page.evaluate("document.activeElement !== document.body")
    shot(page, "a11y-keyboard-after-end-turn")


def test_reduced_motion_stops_the_animations(page: Page, site_url: str) -> None:
    """The hinted card pulses and buttons ease; with `prefers-reduced-motion: reduce`
    neither moves."""
    page.set_viewport_size({"width": 1280, "height": 800})
    go(page, site_url, "#/deck-of-spies/deal/3", ".dos")
    page.click("#btn-hint")
    page.wait_for_selector(".dos-hand .pcard.hinted")
    motion = """() => {
        const card = getComputedStyle(document.querySelector('.dos-hand .pcard.hinted'));
        const btn = getComputedStyle(document.querySelector('#btn-hint'));
        return [card.animationName, btn.transitionDuration];
    }"""
    name, duration = page.evaluate(motion)
    assert name == "dos-pulse" and duration != "0s", (name, duration)  # it does move
    page.emulate_media(reduced_motion="reduce")
    name, duration = page.evaluate(motion)
    assert name == "none" and set(duration.split(", ")) == {"0s"}, (name, duration)
    page.emulate_media(reduced_motion="no-preference")  # the shared page, as it was


CARD_COLOURS = """(selector) => [...document.querySelectorAll(selector)].map(el => {
    const band = el.querySelector('.esp-band-faction');
    return getComputedStyle(band || el)[band ? 'backgroundColor' : 'color'];
})"""


@pytest.mark.parametrize("size", [(1280, 800), (375, 812)])
def test_rules_page_cards_look_as_on_the_table(page: Page, site_url: str, size: Any) -> None:
    """Issue 11: the rules' example cards take their colours from the cards themselves,
    not from the table around them: the same colours on the rules page as at the table."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    go(page, site_url, "#/deck-of-spies/rules", ".dos-rules .pcard")
    rules = {
        suit: set(page.evaluate(CARD_COLOURS, f".rules .pcard.s-{suit}"))
        for suit in ("heart", "diamond", "spade", "club")
    }
    assert rules == {
        "heart": {"rgb(200, 36, 47)"},  # --card-red
        "diamond": {"rgb(200, 36, 47)"},
        "spade": {"rgb(26, 26, 26)"},  # --card-ink
        "club": {"rgb(26, 26, 26)"},
    }, rules
    shot(page, f"a11y-rules-deck-of-spies-{size[0]}")
    go(page, site_url, "#/deck-of-spies/deal/3", ".dos-hand .pcard")
    for suit, colours in rules.items():
        assert set(page.evaluate(CARD_COLOURS, f".dos-hand .pcard.s-{suit}")) <= colours

    go(page, site_url, "#/espionage/rules", ".rules .esp-card")
    bands = {
        faction: set(page.evaluate(CARD_COLOURS, f".rules .esp-card.esp-f-{faction}"))
        for faction in ("agency", "bureau", "command")
    }
    assert bands == {
        "agency": {"rgb(45, 103, 176)"},
        "bureau": {"rgb(35, 128, 90)"},
        "command": {"rgb(176, 56, 44)"},
    }, bands
    page.locator(".rules").screenshot(path=str(SHOTS / f"a11y-rules-espionage-{size[0]}.png"))
    go(page, site_url, link(play("espionage", 5, HUMAN_BOT, my_turn)), "#esp-bid")
    for faction, colours in bands.items():
        on_table = set(page.evaluate(CARD_COLOURS, f".esp-seat-mine .esp-card.esp-f-{faction}"))
        assert on_table <= colours
