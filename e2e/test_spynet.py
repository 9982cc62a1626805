"""SpyNet in Chromium: a person and three bots to the scoring screen (with a reload in
mid-turn), two people passing one device to the end, partners sharing one device who
see only their own face-down missions, a mission refused where you do not
dominate, an effect asking for its target, a share link opened in a fresh browser, and
the phone layout. The engine (CPython) replays the autosave to check what the page shows.

Cards are chosen by what they are, from the engine's data, never by id."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import (
    SHOTS,
    boot,
    no_horizontal_scroll,
    open_page,
    saved_record,
    shot,
)
from drivers.records import dismiss_kept, open_late, play
from drivers.spynet import (
    GAME,
    HAND,
    acted,
    choosing_with_deck,
    find,
    next_step,
    play_step,
    scripted_link,
    start,
)
from playwright.sync_api import Browser, Page, expect
from spyweb.browser import links  # the app's own link format
from spyweb.games.spynet.model import CARD

import spygames


def saved_state(page: Page) -> spygames.State:
    return spygames.replay(saved_record(page, "spynet"))


# The short game (`make test`): deal #2024 with these seats, played by easy bots up to
# Ann's turn with this many cards left in the deck (about six turns of hers before the
# scoring), opened from a share link: the link's seats keep Ann a person here and the
# bots bots, who play on.
LATE_DECK = 30
ANN_AND_THREE_BOTS = [
    {"name": "Ann", "kind": "human", "level": "normal"},
    {"name": "Rook", "kind": "bot", "level": "normal"},
    {"name": "Cy", "kind": "bot", "level": "easy"},
    {"name": "Di", "kind": "bot", "level": "normal"},
]


@pytest.mark.parametrize(
    "whole", [False, pytest.param(True, marks=pytest.mark.long)], ids=["late", "whole"]
)
def test_a_person_and_three_bots_play_to_the_scoring_screen(
    page: Page, site_url: str, whole: bool
) -> None:
    """Seated from the setup form; `make e2e-long` plays that game to the scoring, `make
    test` goes on in the same seats' game from a share link a few turns before its end:
    the same reload in mid-turn, recruit and deploy checks, and scoring screen."""
    page.set_viewport_size({"width": 1280, "height": 800})
    boot(page, site_url + "#/spynet/deal/2024")
    expect(page.locator(".setup-deal")).to_contain_text("Deal #2024")
    page.select_option("#sn-players", "4")
    shot(page, "spynet-setup")
    start(page, ("Ann", "human"), ("Rook", "normal"), ("Cy", "easy"), ("Di", "normal"))
    assert page.evaluate("location.hash") == "#/spynet"
    expect(page.locator("#sn-tableau-1 .sn-team")).to_have_text("Black team")
    expect(page.locator("#sn-tableau-2 .sn-team")).to_have_text("White team")
    settle = 6  # turns played before the reload in mid-turn
    if not whole:
        late = play("spynet", 2024, ANN_AND_THREE_BOTS, choosing_with_deck(LATE_DECK))
        open_late(page, site_url, "spynet", late)
        expect(page.locator("#sn-table")).to_be_visible()
        expect(page.locator("#sn-tableau-1 .sn-team")).to_have_text("Black team")
        expect(page.locator("#sn-tableau-2 .sn-team")).to_have_text("White team")
        settle = 1
    turn = reloaded = recruits = 0
    while (what := next_step(page)) != "end":
        turn += 1
        if (
            what == "choose"
            and turn > settle
            and not reloaded
            and page.locator("#sn-hand [data-kind=agent]").count()
        ):
            # reload in mid-turn: deploy, play an agent, reload, and the turn is still on
            acted(page, lambda: page.click("#sn-deploy"))
            page.locator("#sn-hand [data-kind=agent]").first.click()
            acted(page, page.locator(".sn-targets button").first.click)
            state = saved_state(page)
            if state.view(0)["phase"] == "deploy":
                hand = page.eval_on_selector_all(HAND, "els => els.map(e => e.dataset.card)")
                log = page.locator("#sn-log li").count()
                shot(page, "spynet-deploy")
                page.reload()
                page.wait_for_selector("html[data-ready=true]", timeout=90_000)
                expect(page.locator("#sn-end")).to_be_visible()
                again = page.eval_on_selector_all(HAND, "els => els.map(e => e.dataset.card)")
                assert again == hand == saved_state(page).view(0)["hand"]
                assert page.locator("#sn-log li").count() == log
                assert saved_state(page).record() == state.record()
                reloaded += 1
            continue
        if what == "recruit" and not recruits:
            shot(page, "spynet-recruit")
            cards = page.eval_on_selector_all(
                "#sn-reveal [data-card]", "els => els.map(e => e.dataset.card)"
            )
            assert cards and cards == saved_state(page).view(0)["looking_at"]
            recruits += 1
        if what == "deploy" and turn % 4 == 0:
            check_deploy_against_engine(page)
        play_step(page, what, turn)
        if not whole:
            dismiss_kept(page)  # the game seated from the form, kept
        assert not page.locator(".notice").count(), page.text_content(".notice")
    assert reloaded and recruits, (reloaded, recruits, turn)
    state = saved_state(page)
    result = state.result
    assert state.is_over and result is not None
    for team, score in enumerate(result["scores"]):
        expect(page.locator(f"#sn-score-{team}")).to_have_text(str(score))
    expect(page.locator(".sn-end-mission")).to_have_count(len(result["missions"]))
    expect(page.locator("#sn-end-title")).to_have_text(
        "You win!" if 0 in result["winners"] else "You lose."
    )
    shot(page, "spynet-end")
    page.click("#sn-again")
    expect(page.locator("#sn-end-title")).to_have_count(0)
    assert not saved_state(page).is_over


def check_deploy_against_engine(page: Page) -> None:
    """Each card the hand marks playable has a legal play, and the others none."""
    state = saved_state(page)
    legal = state.legal_actions()
    playable = {a["card"] for a in legal if a["type"] in ("agent", "mission")}
    marked = set(
        page.eval_on_selector_all("#sn-hand .sn-playable", "els => els.map(e => e.dataset.card)")
    )
    assert marked == playable


@pytest.mark.parametrize(
    "whole", [False, pytest.param(True, marks=pytest.mark.long)], ids=["opening", "whole"]
)
def test_two_people_pass_the_device_to_the_end(phone: Page, site_url: str, whole: bool) -> None:
    """Pass-and-play on a phone: between two people's turns the page holds no hand at
    all, and the holder never sees the other's cards. `make test` plays the first four
    hand-offs; `make e2e-long` plays to the end screen."""
    page = phone
    boot(page, site_url + "#/spynet/deal/99")
    assert no_horizontal_scroll(page)
    shot(page, "spynet-setup-375")
    start(page, ("Ann", "human"), ("Bo", "human"))
    handoffs = turn = 0
    while (what := next_step(page)) != "end":
        if not whole and handoffs == 4 and what == "handoff":
            return  # the opening: four hand-offs checked
        turn += 1
        if what == "handoff":
            handoffs += 1
            assert page.locator(HAND).count() == 0
            page.click("#sn-show-hand")
            expect(page.locator("#sn-hand")).to_be_visible()
            state = saved_state(page)
            holder = state.to_play[0]
            hidden = set(state.view(1 - holder)["hand"]) - ever_seen(state.record(), holder)
            assert not leaked(page, sorted(hidden))
            if handoffs in (3, 8):
                assert no_horizontal_scroll(page)
                shot(page, f"spynet-375-{handoffs}")
            continue
        play_step(page, what, turn)
    assert handoffs >= 10
    assert saved_state(page).is_over
    assert no_horizontal_scroll(page)
    shot(page, "spynet-end-375")


def shown_cards(page: Page) -> set[str]:
    return set(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))


def ever_seen(record: dict[str, Any], seat: int) -> set[str]:
    """Every card `seat`'s view has shown it at some point of the game (a pile it looked
    at, a card it passed in the draft): what it may know of another's hand."""
    state = spygames.replay({**record, "actions": []})  # the deal, as recorded
    ids = re.compile(r'"([afm]\d\d)"')
    seen = set(ids.findall(json.dumps(state.view(seat))))
    for action in record["actions"]:
        state.apply(action)
        seen |= set(ids.findall(json.dumps(state.view(seat))))
    return seen


def leaked(page: Page, secret: list[str]) -> list[str]:
    """The secret cards the page gives away anywhere: an id in any attribute or text of
    the app (not only `data-card`), or a card's name in its text or any attribute (a
    tooltip, a label). Each SpyNet card is one of a kind, so a hidden card's name has no
    business on the page."""
    markup = page.inner_html("#app")
    words = page.inner_text("#app") + " " + " ".join(re.findall(r'="([^"]*)"', markup))
    found = [card for card in secret if re.search(rf"\b{card}\b", markup)]
    found += [
        CARD[card]["name"]
        for card in secret
        if re.search(rf"\b{re.escape(CARD[card]['name'])}\b", words)
    ]
    return found


def test_partners_passing_the_device_see_only_their_own_missions(page: Page, site_url: str) -> None:
    """ "You can look at the missions in your tableau at any time"; "You cannot
    communicate directly about cards or strategy": Ann and Cy, partners, share the
    device; each sees the face of its own face-down mission and the back of the other's,
    and the screen between their turns shows neither."""
    page.set_viewport_size({"width": 1280, "height": 800})
    ops = [c for c, i in CARD.items() if i["kind"] == "mission" and "ops" in i["branches"]]
    missions = ops[:4]
    agents = [c for c, i in CARD.items() if i["kind"] == "agent" and i["branches"] == ["ops"]][:4]
    deck = [c for c, i in CARD.items() if i["kind"] == "mission" and c not in missions][:10]
    seats = [
        {"name": name, "kind": kind, "level": "normal"}
        for name, kind in (("Ann", "human"), ("Bo", "bot"), ("Cy", "human"), ("Di", "bot"))
    ]
    # an agent each for Ann and Cy, so that Deploy is offered (it is not with nothing to play)
    spare = [c for c, i in CARD.items() if i["kind"] == "agent" and "ops" not in i["branches"]]
    setup = {
        "first": 0,
        "hands": [[spare[0]], [], [spare[1]], []],
        "deck": deck,
        "tableaus": [
            {"agents": {"ops": [{"card": a, "funding": []}]}, "missions": {"ops": [m]}}
            for a, m in zip(agents, missions, strict=True)
        ],
    }
    boot(page, f"{site_url}#/play/{scripted_link(seats, setup)}")
    page.click("#sn-pace-fast")
    for holder, partner, name in ((0, 2, "Cy"), (2, 0, "Ann")):
        expect(page.locator("#sn-show-hand")).to_be_visible()
        assert not shown_cards(page) & set(missions)  # the screen between turns
        assert not leaked(page, [missions[0], missions[2]])
        page.click("#sn-show-hand")
        expect(page.locator("#sn-recruit")).to_be_visible()
        assert shown_cards(page) & set(missions) == {missions[holder]}
        assert not leaked(page, [missions[partner], missions[1], missions[3]])
        assert leaked(page, [missions[holder]])  # the check sees a card that is shown
        back = page.locator(f"#sn-tableau-{partner} .sn-col-ops .sn-back")
        expect(back).to_have_count(1)
        expect(back).to_have_attribute("title", f"A face-down mission: only {name} may look at it")
        if holder == 0:
            shot(page, "spynet-partner-missions")
        acted(page, lambda: page.click("#sn-deploy"))
        acted(page, lambda: page.click("#sn-end"))


def test_no_mission_where_you_do_not_dominate_and_an_effect_asks_its_target(
    page: Page, site_url: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    mission = find("mission", lambda i: len(i["branches"]) == 1 and not i["condition"])
    branch = CARD[mission]["branches"][0]
    cleaner = find("agent", lambda i: (i["effect"] or {}).get("kind") == "eliminate")
    reach = CARD[cleaner]["effect"].get("max_power", 9)
    theirs = find(
        "agent",
        lambda i: i["branches"] == [branch] and 1 <= i["power"] <= reach and not i["special"],
    )
    deck = [c for c, i in CARD.items() if i["kind"] == "mission" and c != mission][:10]
    seats = [
        {"name": "Ann", "kind": "human", "level": "normal"},
        {"name": "Bo", "kind": "bot", "level": "normal"},
    ]
    setup = {
        "first": 0,
        "hands": [[mission, cleaner], []],
        "deck": deck,
        "tableaus": [{}, {"agents": {branch: [{"card": theirs, "funding": []}]}}],
    }
    boot(page, f"{site_url}#/play/{scripted_link(seats, setup)}")
    page.click("#sn-deploy")
    page.locator(f"#sn-hand-{mission}").click()
    why = page.locator(f"#sn-why-{branch}")
    expect(why).to_contain_text(
        "you can play a mission only in a branch you dominate now", ignore_case=True
    )
    expect(page.locator(f'[data-arg="{mission}@{branch}"]')).to_have_count(0)  # no control
    actions = saved_record(page, "spynet")["actions"]
    # forced: a crafted control sends the move anyway; the engine refuses it, with its reason
    page.evaluate(
        """([card, branch]) => { const b = document.createElement('button');
        b.id = 'forced'; b.dataset.act = 'mission'; b.dataset.arg = card + '@' + branch;
        b.textContent = 'forced'; document.querySelector('#sn-table').append(b); }""",
        [mission, branch],
    )
    page.click("#forced")
    expect(page.locator(".notice")).to_contain_text(
        "That move is not allowed: you can play a mission only in a branch you dominate now"
    )
    assert saved_record(page, "spynet")["actions"] == actions
    page.click("[data-act=dismiss]")
    # the eliminating agent asks for its target: the opponent's agent, outlined on the table
    page.locator(f"#sn-hand-{cleaner}").click()
    acted(page, page.locator(".sn-targets button").first.click)
    expect(page.locator(".sn-effect")).to_be_visible()
    expect(page.locator(f"#sn-elim-{theirs}")).to_be_visible()
    expect(page.locator(f"#sn-tableau-1 [data-act=target][data-card={theirs}]")).to_be_visible()
    shot(page, "spynet-effect")
    acted(page, lambda: page.click(f"#sn-elim-{theirs}"))
    assert theirs in saved_state(page).view(0)["discard"]
    expect(page.locator("#sn-log li").first).to_contain_text("eliminated")
    # drag (a shortcut for clicks): the mission onto its column, now that it may go there
    legal = saved_state(page).legal_actions()
    if {"type": "mission", "card": mission, "branch": branch} in legal:
        acted(
            page,
            lambda: page.drag_and_drop(f"#sn-hand-{mission}", f"#sn-tableau-0 .sn-col-{branch}"),
        )
        assert mission in saved_state(page).view(0)["tableaus"][0]["missions"][branch]
    page.click("#sn-rules")
    page.click("#sn-gallery-kind-agent")
    expect(page.locator("#sn-gallery-kind-agent")).to_have_attribute("aria-pressed", "true")
    agents = sum(1 for i in CARD.values() if i["kind"] == "agent")
    expect(page.locator("#sn-gallery-count")).to_have_text(f"{agents} cards")
    page.locator("#sn-gallery").screenshot(path=str(SHOTS / "spynet-gallery.png"))


def test_undo_takes_back_a_step_of_your_turn_never_a_look_at_a_pile(
    page: Page, site_url: str
) -> None:
    """DESIGN "Every game — Undo": the table offers exactly the engine's undo point —
    the steps of your own turn that showed you nothing, one at a time, never a recruit's
    look at a pile — and says why when it is off."""
    page.set_viewport_size({"width": 1280, "height": 800})
    agent = find("agent", lambda i: not i["special"] and len(i["branches"]) == 1)
    deck = [c for c, i in CARD.items() if i["kind"] == "mission"][:10]
    seats = [
        {"name": "Ann", "kind": "human", "level": "normal"},
        {"name": "Bo", "kind": "bot", "level": "normal"},
    ]
    setup = {"first": 0, "hands": [[agent], []], "deck": deck}
    boot(page, f"{site_url}#/play/{scripted_link(seats, setup)}")
    undo, why = page.locator("#sn-undo"), page.locator("#sn-undo-why")
    expect(undo).to_be_disabled()
    expect(why).to_have_text("Undo is off: you have made no move this turn.")
    acted(page, lambda: page.click("#sn-deploy"))
    page.locator(f"#sn-hand-{agent}").click()
    acted(page, page.locator(".sn-targets button").first.click)
    expect(page.locator(f"#sn-hand-{agent}")).to_have_count(0)
    expect(undo).to_be_enabled()
    expect(why).to_have_count(0)
    shot(page, "spynet-undo")
    page.keyboard.press("u")  # the agent comes back to the hand
    expect(page.locator(f"#sn-hand-{agent}")).to_be_visible()
    assert saved_record(page, "spynet")["actions"] == [{"type": "deploy"}]
    expect(page.locator("#sn-log li").first).to_contain_text("Ann took back their last step")
    undo.click()  # deploying itself: recruit or deploy again
    expect(page.locator("#sn-recruit")).to_be_visible()
    assert saved_record(page, "spynet")["actions"] == []
    acted(page, lambda: page.click("#sn-recruit"))
    expect(undo).to_be_disabled()
    expect(why).to_have_text("Undo is off: you have looked at a pile.")


def test_a_shared_link_opens_the_same_game_in_a_fresh_browser(
    browser: Browser, guard: Any, site_url: str
) -> None:
    seats = [
        {"name": "Ann", "kind": "human", "level": "normal"},
        {"name": "Bo", "kind": "bot", "level": "easy"},
        {"name": "Cy", "kind": "human", "level": "normal"},
        {"name": "Di", "kind": "bot", "level": "normal"},
    ]
    situation = GAME.new(seed=1, players=2, options={"situation": "random"}).view(0)["situation"]
    state = GAME.new(seed=58, players=4, options={"seats": seats, "situation": situation})
    record = state.record()
    page = open_page(browser, guard)
    try:
        boot(page, f"{site_url}#/play/{links.encode(record)}")
        expect(page.locator("#sn-table")).to_be_visible()
        page.click("#sn-pace-fast")
        for s, name in enumerate(("Ann", "Bo", "Cy", "Di")):
            expect(page.locator(f"#sn-tableau-{s} .sn-pname")).to_have_text(name)
        expect(page.locator("#sn-tableau-1 .sn-ptag")).to_contain_text("Bot · easy")
        expect(page.locator("#sn-situation")).to_contain_text(
            spygames.spynet.situation_info(situation)["name"]
        )
        expect(page.locator("#sn-show-hand")).to_be_visible()  # bots play up to a person
        saved = saved_state(page)
        assert saved.record()["options"] == record["options"] and saved.seed == 58
        who = saved.to_play[0]
        assert who in (0, 2)
        page.click("#sn-show-hand")
        hand = page.eval_on_selector_all(HAND, "els => els.map(e => e.dataset.card)")
        replayed = spygames.replay({**record, "actions": saved.record()["actions"]})
        assert hand == replayed.view(who)["hand"]  # the same deal, the same moves
        deck = page.get_attribute("#sn-deck", "data-size")
        assert deck == str(replayed.view(who)["deck"])
        assert page.evaluate("location.hash") == "#/spynet"
    finally:
        page.context.close()
    assert not guard.problems, "\n".join(guard.problems)


def test_the_table_fits_a_phone(phone: Page, site_url: str) -> None:
    page = phone
    boot(page, site_url + "#/spynet/deal/5")
    start(page, ("Ann", "human"), ("Rook", "normal"), ("Cy", "normal"))
    seen_cut: list[bool] = []
    for _ in range(12):
        what = next_step(page)
        assert no_horizontal_scroll(page), what
        # Since your turn: a line cut with "…" on the phone opens whole when tapped (issue
        # 40), and the turn still fits.
        # A cut line shows "more" (issue 47), and loses it once open.
        cut = "(s) => s.scrollWidth > s.clientWidth + 1"
        for line in page.locator(".sn-since-list li[tabindex]").all():
            text, more = line.locator(".sn-since-text"), line.locator(".sn-since-more")
            assert text.evaluate(cut) == more.is_visible(), line.text_content()
            seen_cut.append(more.is_visible())
            line.tap()
            assert not text.evaluate(cut), line.text_content()
            expect(more).to_be_hidden()
        if what == "recruit":
            shot(page, "spynet-recruit-375")
        if what == "deploy":
            agent = page.locator("#sn-hand .sn-playable").first
            if agent.count():
                agent.click()
                assert no_horizontal_scroll(page)
                shot(page, "spynet-deploy-375")
                break
        play_step(page, what, 1)
    assert any(seen_cut), 'no line was cut: the "more" mark went unchecked'
    page.click("#sn-rules")
    expect(page.locator("#sn-gallery")).to_be_visible()
    assert no_horizontal_scroll(page)
    page.locator("#sn-rules-panel").screenshot(path=str(SHOTS / "spynet-rules-375.png"))
