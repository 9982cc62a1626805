"""Accessibility in Chromium: axe-core on every screen of every game, keyboard play with
focus kept across re-renders, and animations stopped under `prefers-reduced-motion`.

Each group boots the app once and moves between screens by their addresses (the hash),
so one boot covers many screens. Positions come from fixed deals and share links built
here with the engine, so the end screens (won and lost) are one address away.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import asdict
from functools import cache
from typing import Any

import pytest
from a11y import Violation, run_axe, summary
from conftest import BOOT_TIMEOUT, SHOTS, boot, shot
from playwright.sync_api import Page, expect
from spyweb import links

import spygames

Step = tuple[str, str, str, Callable[[Page], None] | None]  # name, address, ready, then
HUMAN_BOT = [
    {"name": "Ann", "kind": "human", "level": "normal"},
    {"name": "Bo", "kind": "bot", "level": "normal"},
]
TWO_PEOPLE = [
    {"name": "Ann", "kind": "human", "level": "normal"},
    {"name": "Bo", "kind": "human", "level": "normal"},
]


def play(game_id: str, seed: int, seats: list[dict[str, str]] | None, stop: Any) -> Any:
    """A game between two `normal` bots from Deal #seed, up to the first position where
    `stop(state)` holds (or the end); the seats' names and kinds go into the record."""
    game = spygames.get_game(game_id)
    options = {"seats": seats} if seats else {}
    state = game.new(seed=seed, players=len(seats) if seats else 1, options=options)
    bots = [game.bot("easy", seed=spygames.bot_seed(seed, s, "a11y")) for s in range(4)]
    while not state.is_over and not stop(state):
        seat = state.to_play[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state


def link(state: Any) -> str:
    return f"#/play/{links.encode(state.record())}"


def ended(game_id: str, seats: list[dict[str, str]] | None, won: bool) -> str:
    """A share link to a finished game that seat 0 won (or lost)."""
    for seed in range(1, 200):
        state = play(game_id, seed, seats, lambda s: False)
        if (0 in state.result["winners"]) == won:
            return link(state)
    raise AssertionError(f"no {game_id} deal ends that way")


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


def my_turn(state: Any) -> bool:
    """Seat 0's turn, with a move already made (a bid on the table)."""
    return bool(state.actions) and state.to_play == [0]


def press(selector: str) -> Callable[[Page], None]:
    return lambda page: page.click(selector)


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
            ("rules panel", dos, ".dos", press("#btn-rules")),
            ("share sheet", dos, ".dos", press("#btn-share")),
            ("confirm dialog", f"{dos}/deal/4", '.dos[data-actions="0"]', dos_confirm),
            ("end, won", ended("deck-of-spies", None, won=True), "[data-testid=end]", None),
            ("end, lost", ended("deck-of-spies", None, won=False), "[data-testid=end]", None),
            ("replay", ended("deck-of-spies", None, True).replace("/play/", "/replay/"),
             "#replay", None),
        ],
        "espionage": [
            ("rules", "#/espionage/rules", ".demo", press("#demo-next")),
            ("setup", "#/espionage/new", "#esp-setup-form", None),
            ("table", link(play("espionage", 5, HUMAN_BOT, my_turn)), "#esp-bid", None),
            ("hand-off", link(spygames.get_game("espionage").new(
                seed=5, players=2, options={"seats": TWO_PEOPLE})), "#esp-show-hand", None),
            ("showdown", esp_showdown(), "#esp-continue", None),
            ("end, won", ended("espionage", HUMAN_BOT, won=True), "#esp-again", None),
            ("end, lost", ended("espionage", HUMAN_BOT, won=False), "#esp-again", None),
        ],
        "spynet": [
            ("rules", "#/spynet/rules", ".demo", press("#demo-next")),
            ("setup", "#/spynet/new", "#sn-setup-form", None),
            ("table", link(play("spynet", 5, HUMAN_BOT, my_turn)), "#sn-table", None),
            ("hand-off", link(spygames.get_game("spynet").new(
                seed=5, players=2, options={"seats": TWO_PEOPLE})), "#sn-show-hand", None),
            ("end, won", ended("spynet", HUMAN_BOT, won=True), "#sn-end-title", None),
            ("end, lost", ended("spynet", HUMAN_BOT, won=False), "#sn-end-title", None),
        ],
    }  # fmt: skip


GROUPS = ["home, saves, stats", "deck-of-spies", "espionage", "spynet"]
FOUND: dict[str, list[Violation]] = {}  # screen -> violations, for the summary below


def check(page: Page, group: str, name: str) -> list[str]:
    found = run_axe(page)
    FOUND[f"{group}: {name}"] = found
    blocking = [v for v in found if v.blocking]
    return [f"{group} — {name}:\n{summary(blocking)}"] if blocking else []


@pytest.mark.parametrize("group", GROUPS)
def test_axe_finds_nothing_serious_on_any_screen(page: Page, site_url: str, group: str) -> None:
    """axe-core (WCAG 2.2 A/AA and best practices): no serious or critical violation."""
    page.set_viewport_size({"width": 1280, "height": 800})
    problems: list[str] = []
    for i, (name, address, ready, then) in enumerate(groups()[group]):
        if i == 0:
            boot(page, site_url + address)
        else:
            page.goto(site_url + address)
        page.wait_for_selector(ready, timeout=BOOT_TIMEOUT)
        if then is not None:
            then(page)
            page.wait_for_timeout(100)
        problems += check(page, group, name)
        shot(page, f"a11y-{group}-{name}".replace(" ", "").replace(",", "-"))
    assert not problems, "\n\n".join(problems)


def test_axe_on_the_embeds(page: Page, site_url: str) -> None:
    """embed.html: a rules demo as drawn before Python starts, and a replay."""
    replay = ended("espionage", HUMAN_BOT, won=True).removeprefix("#/play/")
    embeds = {
        "demo (before Python)": ("embed.html#/demo/dos-necessary", ".demo"),
        "replay": (f"embed.html#/replay/{replay}/1", "#replay"),
    }
    problems: list[str] = []
    for name, (address, ready) in embeds.items():
        page.goto(site_url + address)
        page.wait_for_selector(ready, timeout=BOOT_TIMEOUT)
        problems += check(page, "embed", name)
    assert not problems, "\n\n".join(problems)


def test_axe_on_a_phone(phone: Page, site_url: str) -> None:
    """The table and rules at 375 px wide (other rules can fire when things wrap)."""
    problems: list[str] = []
    boot(phone, f"{site_url}#/deck-of-spies/deal/3")
    phone.wait_for_selector(".dos")
    problems += check(phone, "phone", "Deck of Spies table")
    for game in ("espionage", "spynet"):
        phone.goto(f"{site_url}#/{game}/rules")
        phone.wait_for_selector(".demo")
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
    boot(page, f"{site_url}#/deck-of-spies/deal/3")
    page.wait_for_selector('.dos[data-actions="0"]')
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
    boot(page, f"{site_url}#/deck-of-spies/deal/3")
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


CARD_COLOURS = """(selector) => [...document.querySelectorAll(selector)].map(el => {
    const band = el.querySelector('.esp-band-faction');
    return getComputedStyle(band || el)[band ? 'backgroundColor' : 'color'];
})"""


@pytest.mark.parametrize("size", [(1280, 800), (375, 812)])
def test_rules_page_cards_look_as_on_the_table(page: Page, site_url: str, size: Any) -> None:
    """Issue 11: the rules' example cards take their colours from the cards themselves,
    not from the table around them: the same colours on the rules page as at the table."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    boot(page, f"{site_url}#/deck-of-spies/rules")
    page.wait_for_selector(".dos-rules .pcard")
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
    page.goto(f"{site_url}#/deck-of-spies/deal/3")
    page.wait_for_selector(".dos-hand .pcard")
    for suit, colours in rules.items():
        assert set(page.evaluate(CARD_COLOURS, f".dos-hand .pcard.s-{suit}")) <= colours

    page.goto(f"{site_url}#/espionage/rules")
    page.wait_for_selector(".rules .esp-card")
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
    page.goto(f"{site_url}#/play/{links.encode(play('espionage', 5, HUMAN_BOT, my_turn).record())}")
    page.wait_for_selector("#esp-bid")
    for faction, colours in bands.items():
        on_table = set(page.evaluate(CARD_COLOURS, f".esp-seat-mine .esp-card.esp-f-{faction}"))
        assert on_table <= colours
