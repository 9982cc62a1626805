"""Espionage in Chromium: a whole game against bots with a reload mid-round, pass-and-play
secrecy and the phone layout, the keyboard, Hint and Undo, a share link opened elsewhere.
Every test plays a fixed deal, so the same games are played on every run. The engine
(CPython) replays the autosave to check what the page offers and shows."""

from __future__ import annotations

import json

import pytest
from conftest import (
    BOOT_TIMEOUT,
    SHOTS,
    boot,
    no_horizontal_scroll,
    same_bots,
    saved_record,
    saved_record_js,
    shot,
    wait_for,
)
from drivers.espionage import BOT_MOVES_MS, start, wait_for_me
from drivers.records import dismiss_kept, open_late, play
from playwright.sync_api import Page, expect
from spyweb.browser import links  # the app's own link format

import spygames
from spygames.espionage.cards import ATTRIBUTES, card_name

MY_CARDS = ".esp-seat-mine .esp-hand [data-card]"


def saved_state(page: Page) -> spygames.State:
    return spygames.replay(saved_record(page, "espionage"))


def move_on(page: Page) -> None:
    """Leave the showdown for the next round."""
    page.click("#esp-continue")
    expect(page.locator("#esp-continue")).to_have_count(0)


def settled(page: Page) -> None:
    """Wait until every animation that ends has ended (the showdown's flips and pops)."""
    wait_for(
        page,
        "document.getAnimations().every(a =>"
        " a.effect.getTiming().iterations === Infinity || a.playState === 'finished')",
    )


def check_panel_against_engine(page: Page) -> None:
    """The enabled buttons are exactly the engine's legal choices at the shown count."""
    state = saved_state(page)
    count = int(page.text_content("#esp-count") or "0")
    legal = [a for a in state.legal_actions() if a["type"] == "bid"]
    for attribute in ATTRIBUTES:
        enabled = page.locator(f"#esp-attr-{attribute}").is_enabled()
        assert enabled == any(a["count"] == count and a["attribute"] == attribute for a in legal)
    shown = {int(i.split("-")[-1]) for i in page.eval_on_selector_all(
        "[id^=esp-next-]", "els => els.map(e => e.id)")}  # fmt: skip
    assert shown == {a["next"] for a in legal if a["count"] == count}


def play_turn(page: Page, *, call: bool = True) -> None:
    """Call when a bid stands and `call` (or when no bid is left to make), else bid on
    the first attribute allowed; wait until the move is saved."""
    before = len(saved_state(page).actions)
    can_call = page.locator("#esp-call:not([disabled])").count() > 0
    if can_call and (call or not page.locator("#esp-bid").count()):
        page.click("#esp-call")
        expected = "call"
    else:
        page.locator(".esp-groups .esp-pick:not([disabled])").first.click()
        page.click("#esp-bid")
        expected = "bid"
    wait_for(page, f"{saved_record_js('espionage')}.actions.length > {before}")
    assert saved_state(page).actions[before]["type"] == expected


def only_the_holders_cards(page: Page, holder: int | None) -> None:
    """No face of any hand but the holder's is in the page — not as a card, not as a
    name, not in an attribute, not hidden by CSS: other people's and the bots' alike."""
    state = saved_state(page)
    mine = state.view(holder)["hand"] if holder is not None else []
    faces = page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)")
    assert sorted(faces) == sorted(mine)
    named = page.eval_on_selector_all(
        ".esp-card[aria-label]", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert sorted(named) == sorted(card_name(c) for c in mine)
    html = page.content()
    for seat in range(state.players):
        if seat != holder:
            for card in state.view(seat)["hand"]:
                assert card not in html, (seat, card)


def winner_shown(page: Page, names: list[str], *, one_person: bool) -> None:
    """The end screen and the log name the seat the engine's result says won."""
    state = saved_state(page)
    assert state.is_over and state.result is not None
    winner = state.result["winners"][0]
    name = names[winner]
    you = one_person and winner == 0
    expect(page.locator("#esp-end-title")).to_have_text("You win!" if you else f"{name} wins!")
    expect(page.locator(".esp-end-reason")).to_contain_text(f"{name} wins ")
    expect(page.locator(".esp-scores tr.esp-winner th")).to_have_text(f"{name} ★ winner")
    expect(page.locator("#esp-log li").first).to_contain_text(f"{name} wins ")


# The short game (`make test`): deal #21 with these seats, played by easy bots until this
# many showdowns are over and Ann is to bid (about four showdowns before the end), opened
# from a share link: its seats keep Ann a person here and the bots bots, who play on.
LATE_SHOWDOWNS = 6
ANN_ROOK_VESPER = [
    {"name": "Ann", "kind": "human", "level": "normal"},
    {"name": "Rook", "kind": "bot", "level": "easy"},
    {"name": "Vesper", "kind": "bot", "level": "normal"},
]


def late_in_deal_21(state: spygames.State) -> bool:
    showdowns = sum(a["type"] in ("call", "spot") for a in state.actions)
    return showdowns >= LATE_SHOWDOWNS and state.to_play == [0]


@pytest.mark.parametrize(
    "whole", [False, pytest.param(True, marks=pytest.mark.long)], ids=["late", "whole"]
)
def test_full_game_against_bots_with_reload_mid_round(
    page: Page, site_url: str, whole: bool
) -> None:
    """Deal #21: Ann against Rook (easy) and Vesper (normal), to the end: seated from the
    form, a reload in the first round; `make e2e-long` plays that game to its end, `make
    test` the same seats' deal from a share link a few showdowns before its end, with the
    same checks of the showdowns, the end and Play again."""
    page.set_viewport_size({"width": 1200, "height": 900})
    boot(page, site_url + "#/espionage/deal/21")
    shot(page, "espionage-setup")
    start(page, ("Ann", "human"), ("Rook", "easy"), ("Vesper", "normal"))
    assert page.evaluate("location.hash") == "#/espionage"
    page.click("#esp-pace-fast")
    expect(page.locator("#esp-pace-fast")).to_have_attribute("aria-pressed", "true")
    while (what := wait_for_me(page)) == "reveal":  # the bots may settle a round first
        move_on(page)
    assert what == "turn"
    check_panel_against_engine(page)
    page.click("#esp-odds")
    expect(page.locator("#esp-odds")).to_have_attribute("aria-pressed", "true")
    shot(page, "espionage-table")

    # reload mid-round: the same deal, the same hand, the same turn
    hand = page.eval_on_selector_all(MY_CARDS, "els => els.map(e => e.dataset.card)")
    actions = len(saved_state(page).actions)
    assert hand and set(hand) == set(saved_state(page).view(0)["hand"])
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=BOOT_TIMEOUT)
    expect(page.locator("#esp-table")).to_be_visible()
    assert page.eval_on_selector_all(MY_CARDS, "els => els.map(e => e.dataset.card)") == hand
    assert len(saved_state(page).actions) == actions
    expect(page.locator("#esp-pace-fast")).to_have_attribute("aria-pressed", "true")  # a pref

    if not whole:  # on to the same seats' game a few showdowns before its end
        late = play("espionage", 21, ANN_ROOK_VESPER, late_in_deal_21)
        assert not late.is_over
        open_late(page, site_url, "espionage", late)
        expect(page.locator("#esp-table")).to_be_visible()

    # play on to the end: bids through the panel (checked against the engine), or a call
    reveals = turns = 0
    while (what := wait_for_me(page)) != "end":
        if what == "reveal":
            reveals += 1
            # the count is made step by step, then the verdict
            expect(page.locator("#esp-verdict")).to_be_visible(timeout=BOT_MOVES_MS)
            expect(page.locator("#esp-count-line")).to_contain_text("match")
            line = page.text_content("#esp-count-line") or ""
            assert "Mercenar" in line and "Traitor" in line and "=" in line
            if reveals == 1:
                settled(page)
                shot(page, "espionage-reveal")
            if page.locator("#esp-continue").count():  # none after the last showdown
                move_on(page)
            continue
        turns += 1
        if turns % 3 == 1 and page.locator("#esp-bid").count():
            check_panel_against_engine(page)
        play_turn(page, call=turns % 2 == 0)
        if not whole:
            dismiss_kept(page)  # the game seated from the form, kept
        expect(page.locator(".notice")).to_have_count(0)
    assert reveals >= 2
    expect(page.locator(".esp-scores")).to_be_visible()
    winner_shown(page, ["Ann", "Rook", "Vesper"], one_person=True)
    shot(page, "espionage-end")
    page.click("#esp-again")
    expect(page.locator(".esp-seat-mine")).to_be_visible()
    assert not saved_state(page).is_over
    expect(page.locator(".esp-name", has_text="Rook")).to_have_count(1)


def test_pass_and_play_hides_every_other_hand_on_a_phone(phone: Page, site_url: str) -> None:
    """Deal #8: Ann and Bo pass a phone, Cy (hard) plays too. Between the people's turns
    no card is in the page; on a person's turn only that person's cards are — neither the
    other person's nor the bot's."""
    page = phone
    boot(page, site_url + "#/espionage/deal/8")
    assert no_horizontal_scroll(page)
    start(page, ("Ann", "human"), ("Bo", "human"), ("Cy", "hard"))
    page.click("#esp-pace-fast")
    page.click("#esp-rules")
    expect(page.locator("#esp-rules-panel .esp-example").first).to_be_visible()
    assert no_horizontal_scroll(page)
    page.locator("#esp-rules-panel").screenshot(path=str(SHOTS / "espionage-rules-375.png"))
    page.click("#esp-rules-close")
    expect(page.locator("#esp-rules-panel")).to_have_count(0)
    seen: dict[str, list[str]] = {}
    handoffs = 0
    for _ in range(12):
        what = wait_for_me(page)
        if what == "end":
            break
        if what == "reveal":
            move_on(page)
            continue
        if what == "handoff":
            handoffs += 1
            title = page.text_content("#esp-handoff-title") or ""
            assert title.startswith("Pass the device to ")
            who = title.removeprefix("Pass the device to ")
            only_the_holders_cards(page, None)
            if handoffs == 1:
                assert no_horizontal_scroll(page)
                shot(page, "espionage-handoff-375")
            page.click("#esp-show-hand")
            expect(page.locator(MY_CARDS).first).to_be_visible()
            seen[who] = page.eval_on_selector_all(MY_CARDS, "els => els.map(e => e.dataset.card)")
            only_the_holders_cards(page, ["Ann", "Bo"].index(who))
            if handoffs == 2:
                assert no_horizontal_scroll(page)
                shot(page, "espionage-375")
            continue
        only_the_holders_cards(page, saved_state(page).to_play[0])
        play_turn(page, call=False)
    assert handoffs >= 3 and set(seen) == {"Ann", "Bo"}
    assert no_horizontal_scroll(page)


def test_keys_play_the_bid_panel_but_not_inside_a_field(page: Page, site_url: str) -> None:
    """Deal #7, Ann against Vesper (hard), who opens. + − ↑ ↓ change the count, shown by
    the stepper; keys typed in the Deal box or in editable text stay there; B with
    nothing chosen says what to choose, and that message goes with the next good bid;
    C calls."""
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(page, site_url + "#/espionage/deal/7")
    start(page, ("Ann", "human"), ("Vesper", "hard"))
    page.click("#esp-pace-fast")
    count = page.locator("#esp-count")
    expect(page.locator("#esp-bid")).to_be_visible()  # Vesper has opened
    low = int(count.text_content() or "0")
    expect(page.locator("#esp-count-keys")).to_have_text("− + or ↓ ↑")
    for key, shown in (("+", low + 1), ("ArrowUp", low + 2), ("ArrowDown", low + 1)):
        page.keyboard.press(key)
        expect(count).to_have_text(str(shown))
    page.keyboard.press("-")
    expect(count).to_have_text(str(low))
    shot(page, "espionage-keys")

    # typing in a field is typing: no call, no count change
    deal = page.locator("#deal-number")
    deal.click()
    for key in ("c", "s", "+", "ArrowUp", "b"):
        page.keyboard.press(key)
    expect(deal).to_be_focused()
    page.evaluate(
        "() => { const note = document.createElement('div');"
        " note.id = 'scratch'; note.contentEditable = 'true'; note.style.minHeight = '2em';"
        " document.body.append(note); }"
    )
    page.locator("#scratch").focus()
    page.keyboard.type("c+s")
    expect(page.locator("#scratch")).to_have_text("c+s")
    page.evaluate("document.getElementById('scratch').remove()")
    expect(count).to_have_text(str(low))
    expect(page.locator("#esp-continue")).to_have_count(0)
    assert len(saved_actions(page)) == 1  # only Vesper's opening bid

    # a refused bid says why; the next good bid clears the message
    page.keyboard.press("b")
    expect(page.locator(".notice")).to_contain_text(
        "Choose a role, faction or city to bid on first."
    )
    page.locator(".esp-groups .esp-pick:not([disabled])").first.click()
    expect(page.locator(".notice")).to_be_visible()  # choosing is not a move yet
    page.keyboard.press("b")
    expect(page.locator(".notice")).to_have_count(0)
    assert len(saved_actions(page)) >= 2 and saved_actions(page)[1]["type"] == "bid"
    expect(page.locator("#esp-call")).to_be_enabled()  # Vesper raised: Ann answers
    page.keyboard.press("c")
    expect(page.locator("#esp-continue")).to_be_visible()
    assert saved_actions(page)[-1] == {"type": "call"}


def saved_actions(page: Page) -> list[dict[str, object]]:
    return saved_state(page).record()["actions"]  # type: ignore[no-any-return]


def test_hint_then_undo_on_a_fixed_deal(page: Page, site_url: str) -> None:
    """Deal #7, Ann against Vesper (hard): Vesper opens; the hint's bid is set up in the
    panel so one click plays it; Vesper answers with a bid; Undo takes both back; a call
    then shows the hands, and Undo is off with the reason on show."""
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(page, site_url + "#/espionage/deal/7")
    expect(page.locator(".setup-deal")).to_contain_text("Deal #7")
    start(page, ("Ann", "human"), ("Vesper", "hard"))
    # The bots' key is drawn at random for each new game (issue 39): most keys give the
    # hint below, 1 in 8 a call. Deal #7 is dealt again with key 1.
    expect(page.locator("#esp-bid")).to_be_visible()
    same_bots(page, "espionage", 1)
    page.click("#esp-pace-fast")
    expect(page.locator("#esp-bid")).to_be_visible()  # Vesper has opened
    assert len(saved_actions(page)) == 1
    first = saved_actions(page)[0]
    expect(page.locator("#esp-undo")).to_be_disabled()
    expect(page.locator("#esp-undo-why")).to_have_text("Undo is off: you have made no move yet.")
    expect(page.locator("#esp-hint-box")).to_have_count(0)

    page.keyboard.press("h")
    box = page.locator("#esp-hint-box")
    expect(box).to_be_visible()
    hint = json.loads(box.get_attribute("data-hint") or "{}")
    assert hint == {"type": "bid", "count": 3, "attribute": "moscow", "next": 1}
    expect(box).to_contain_text("Bid at least 3 spies in Moscow and pass to Vesper")
    expect(box.locator(".esp-hint-why")).to_contain_text(
        "Counting your own cards and reading the others’ bids, there is "
    )
    expect(box.locator(".esp-hint-why")).to_contain_text("chance that Vesper calls it.")
    expect(page.locator("#esp-count")).to_have_text("3")
    expect(page.locator("#esp-attr-moscow")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#esp-next-1")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#esp-bid")).to_have_class("btn btn-primary esp-bidbtn esp-hinted")
    shot(page, "espionage-hint")

    page.click("#esp-bid")  # one click plays the hint
    expect(box).to_have_count(0)
    wait_for(page, f"{saved_record_js('espionage')}.actions.length >= 3")
    expect(page.locator("#esp-bid")).to_be_visible()  # Vesper raised: your turn again
    actions = saved_actions(page)
    assert actions[:2] == [first, hint] and len(actions) == 3 and actions[2]["type"] == "bid"

    expect(page.locator("#esp-undo")).to_be_enabled()
    page.keyboard.press("u")
    wait_for(page, f"{saved_record_js('espionage')}.actions.length === 1")
    assert saved_actions(page) == [first]  # the autosave is the position before your bid
    expect(page.locator("#esp-log li").first).to_have_text(
        "Ann took back their bid: at least 3 spies in Moscow → Vesper (and the bid after it)"
    )
    expect(page.locator("#esp-log li.esp-log-undone")).to_have_count(1)
    expect(page.locator("#esp-undo")).to_be_disabled()

    page.click("#esp-call")  # the hands are shown: no going back past that
    expect(page.locator("#esp-continue")).to_be_visible()
    expect(page.locator("#esp-undo")).to_be_disabled()
    expect(page.locator("#esp-undo-why")).to_have_text(
        "Undo is off: the hands have been shown since."
    )
    expect(page.locator("#esp-hint")).to_be_disabled()


def test_a_share_link_opens_the_same_table_elsewhere(page: Page, site_url: str) -> None:
    """A link made on one device (two people, two bots) opens in a fresh browser with
    the same names, people and bots, bot levels and deal; the autosave keeps them."""
    seats = [
        {"name": "Ann", "kind": "human", "level": "normal"},
        {"name": "Bo", "kind": "human", "level": "normal"},
        {"name": "Cy", "kind": "bot", "level": "easy"},
        {"name": "Di", "kind": "bot", "level": "hard"},
    ]
    state = spygames.get_game("espionage").new(seed=34, players=4, options={"seats": seats})
    record = state.record()
    boot(page, f"{site_url}#/play/{links.encode(record)}")
    expect(page.locator("#esp-table")).to_be_visible()
    # the bots with a fixed key: with some keys they name each other and play the round
    # out before a person's turn (seen once in a clean run)
    same_bots(page, "espionage")
    page.click("#esp-pace-fast")
    for seat, (name, tag) in enumerate(
        [("Ann", "Person"), ("Bo", "Person"), ("Cy", "Bot · easy"), ("Di", "Bot · hard")]
    ):
        expect(page.locator(f"#esp-seat-{seat} .esp-name")).to_have_text(name)
        if seat >= 2:
            expect(page.locator(f"#esp-seat-{seat} .esp-tag")).to_have_text(tag)
    expect(page.locator("#esp-show-hand")).to_be_visible()  # the bots play up to a person
    saved = saved_state(page)
    assert saved.record()["options"] == record["options"] and saved.seed == 34
    assert len(saved.actions) >= 1  # a bot opened this deal, then named a person
    who = saved.to_play[0]
    assert who in (0, 1) and saved.view(who)["round"] == 1
    expect(page.locator("#esp-handoff-title")).to_have_text(
        f"Pass the device to {seats[who]['name']}"
    )
    page.click("#esp-show-hand")
    expect(page.locator(MY_CARDS).first).to_be_visible()
    hand = page.eval_on_selector_all(MY_CARDS, "els => els.map(e => e.dataset.card)")
    assert hand == saved_state(page).view(who)["hand"] == state.view(who)["hand"]  # same deal
    expect(page.locator("#esp-undo")).to_have_count(0)  # no Undo with two people
    expect(page.locator("#esp-hint")).to_be_enabled()
