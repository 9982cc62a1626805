"""SpyNet's table in the browser: seat the table from the setup form, wait until a
person has something to do, and play a simple decision for them (e2e/test_spynet.py,
test_spynet_glance.py, test_together.py, test_boot.py). Cards are chosen by what they
are, from the engine's data, never by id; `scripted_link` opens a table dealt as the
test says."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import saved_record, saved_record_js, shot, wait_for
from playwright.sync_api import Page, expect
from spyweb.browser import links  # the app's own link format
from spyweb.games.spynet.model import CARD

import spygames

GAME = spygames.get_game("spynet")
TURN = "#sn-recruit, #sn-take, #sn-end, .sn-effect, .sn-must-discard, .sn-draft, " + (
    "#sn-end-title, #sn-show-hand"
)
HAND = "#sn-hand [data-card]"


def find(kind: str, test: Callable[[dict[str, Any]], bool] = lambda i: True) -> str:
    return next(c for c, i in CARD.items() if i["kind"] == kind and test(i))


def start(page: Page, *seats: tuple[str, str], situation: str = "") -> None:
    page.wait_for_selector("#sn-setup-form")
    page.select_option("#sn-players", str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        page.fill(f"#sn-seat{i}-name", name)
        page.select_option(f"#sn-seat{i}-kind", kind)
    page.select_option("#sn-situation", situation)
    page.click("#sn-start")
    expect(page.locator("#sn-table")).to_be_visible()
    page.click("#sn-pace-fast")


def next_step(page: Page) -> str:
    """Wait until a person has something to do; say what it is."""
    page.wait_for_selector(TURN, timeout=60_000)
    for selector, what in (
        ("#sn-end-title", "end"),
        ("#sn-show-hand", "handoff"),
        (".sn-draft", "draft"),
        ("#sn-recruit", "choose"),
        ("#sn-take", "recruit"),
        (".sn-must-discard", "discard"),
        (".sn-effect", "effect"),
        ("#sn-end", "deploy"),
    ):
        if page.locator(selector).count():
            return what
    raise AssertionError("the page asked for nothing")


def acted(page: Page, click: Callable[[], None]) -> None:
    """Click, then wait for the autosave to hold one more action."""
    before = len(saved_record(page, "spynet")["actions"])
    click()
    wait_for(page, f"{saved_record_js('spynet')}.actions.length > {before}")


def deploy_turn(page: Page, shots: str | None = None) -> None:
    """Play the first playable agent (with no funding) and a mission if one can go."""
    agent = page.locator("#sn-hand .sn-playable[data-kind=agent]").first
    if agent.count():
        agent.click()
        target = page.locator(".sn-targets button").first
        expect(target).to_be_visible()
        if shots:
            shot(page, shots)
        acted(page, target.click)
        if next_step(page) != "deploy":
            return  # an effect to settle first
    mission = page.locator("#sn-hand .sn-playable[data-kind=mission]").first
    if mission.count():
        mission.click()
        acted(page, page.locator(".sn-targets button").first.click)
    acted(page, lambda: page.click("#sn-end"))


def play_step(page: Page, what: str, turn: int) -> None:
    """One decision for the person on the device: deploy what can go, else recruit
    (taking a pile every other time, else passing them on to the deck)."""
    if what == "draft":
        acted(page, page.locator(".sn-draft [data-act=keep]").first.click)
    elif what == "choose":
        playable = page.locator("#sn-hand [data-kind=agent], #sn-hand [data-kind=mission]")
        offered = page.locator("#sn-deploy").count()  # only with something to play
        choice = "#sn-deploy" if offered and playable.count() and turn % 2 else "#sn-recruit"
        acted(page, lambda: page.click(choice))
    elif what == "recruit":
        acted(page, lambda: page.click("#sn-take" if turn % 3 == 0 else "#sn-pass-on"))
    elif what == "deploy":
        deploy_turn(page)
    elif what == "discard":
        acted(page, page.locator(HAND).first.click)
    elif what == "effect":
        acted(page, lambda: page.click("#sn-skip"))
    else:
        raise AssertionError(what)


def scripted_link(seats: list[dict[str, str]], setup: dict[str, Any], **options: Any) -> str:
    state = GAME.new(seed=3, players=len(seats), options={"seats": seats, **options}, setup=setup)
    return links.encode(state.record())


def choosing_with_deck(most: int) -> Callable[[spygames.State], bool]:
    """Seat 0 to choose a pile with at most `most` cards left in the deck: a point late in
    a game to open from a share link (`drivers.records.play`)."""
    return lambda s: (
        s.to_play == [0] and s.view(0)["phase"] == "choose" and s.view(0)["deck"] <= most
    )
