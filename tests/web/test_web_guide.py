"""The guided first game on the page (issue 41): the page says the next step, points at
its control (marked and focused), gives the rule; a stray click says what it would do
and plays nothing; Skip, Start again and Leave; the game is kept like any other and goes
on as one once the script is played; offered on the home page until a game of it is
finished, and always from the Rules page."""

from __future__ import annotations

import re
from html import unescape

from spyweb.app import App
from spyweb.browser.store import MemoryStorage
from spyweb.screens.guide import GuideScreen

import spygames
from spygames.guides import get_guide

GUIDE = get_guide("deck-of-spies")
assert GUIDE is not None
LEARN = "#/deck-of-spies/learn"


def opened(storage: MemoryStorage | None = None) -> App:
    app = App(storage or MemoryStorage(), base_url="https://example.test/")
    app.route(LEARN)
    assert isinstance(app.screen, GuideScreen)
    return app


def pointed(html: str) -> tuple[str, str, str]:
    """The control the guide points at: its id, data-act and data-arg."""
    found = re.findall(r"<[a-z]+\b[^>]*data-guide=\"next\"[^>]*>", html)
    assert len(found) == 1, found
    tag = found[0]

    def attr(name: str) -> str:
        value = re.search(rf'\b{name}="([^"]*)"', tag)
        return unescape(value.group(1)) if value else ""

    return attr("id"), attr("data-act"), attr("data-arg")


def said(html: str) -> str:
    found = re.search(r'<p class="guide-say" id="guide-say"[^>]*>([^<]*)</p>', html)
    assert found
    return unescape(found.group(1))


def record(app: App) -> dict:
    screen = app.screen
    assert isinstance(screen, GuideScreen) and screen.table.state is not None
    return screen.table.state.record()


def follow_the_pointer(app: App) -> int:
    """Click only what the guide points at until the guided part is done; the clicks."""
    clicks = 0
    while "guide-done" not in (html := app.render()):
        _, act, arg = pointed(html)
        app.click(act, arg)
        clicks += 1
        assert clicks < 50
    return clicks


def test_a_newcomer_completes_the_guide_by_following_the_pointer_alone() -> None:
    app = opened()
    html = app.render()
    assert said(html).startswith("Recruit the 5♣ with your 2♣ and 3♣")
    assert "Step 1 of 8" in html and "Recruit it: the same, but with cards all" in html
    assert pointed(html)[0] == "card-2C" and "data-autofocus" in html
    app.click("pick", "2C")
    html = app.render()
    assert pointed(html)[0] == "card-3C"
    clicks = 1 + follow_the_pointer(app)
    assert GUIDE.follows(record(app)) and len(record(app)["actions"]) == len(GUIDE.steps)
    assert clicks == 17  # 9 cards picked, 8 buttons pressed
    html = app.render()
    assert "Guided part done" in html and GUIDE.done in unescape(html)
    assert 'id="guide-new" href="#/deck-of-spies/new"' in html  # or a new deal
    assert 'data-guide="next"' not in html
    # the game goes on as any other: nothing is held back any more
    state = app.screen.table.state  # type: ignore[attr-defined]
    move = state.legal_actions()[-1]
    app.screen.table._apply(move)  # type: ignore[attr-defined]
    assert record(app)["actions"][-1] == move


def test_the_focus_moves_to_the_next_control_once() -> None:
    app = opened()
    assert "data-autofocus" in app.render()
    assert "data-autofocus" not in app.render()  # the same control: the focus is left be
    app.click("pick", "2C")
    html = app.render()
    assert pointed(html)[0] == "card-3C"
    assert re.search(r'<button data-guide="next" aria-describedby="guide-say" data-autofocus'
                     r'[^>]*id="card-3C"', html)  # fmt: skip


def test_a_stray_click_says_what_it_would_do_and_plays_nothing() -> None:
    app = opened()
    app.click("pick", "4H")  # a card the step does not use
    html = unescape(app.render())
    assert "Not now: that would pick the 4♥ for the payment. Recruit the 5♣" in html
    assert app.screen.table.selected == []  # type: ignore[attr-defined]
    app.click("pick", "2C")
    app.click("pick", "3C")
    app.click("counter", "")  # the right cards, the wrong move
    html = unescape(app.render())
    assert "Not now: that would counter with 2♣ 3♣. Recruit" in html
    assert record(app)["actions"] == []
    app.click("end_turn", "")
    assert "Not now: that would end turn." in unescape(app.render())
    assert record(app)["actions"] == []
    app.click("recruit", "")
    assert len(record(app)["actions"]) == 1 and GUIDE.follows(record(app))
    assert "Not now" not in app.render()  # the move that went through clears the refusal


def test_a_key_that_would_play_another_move_is_held_back_too() -> None:
    app = opened()
    app.click("pick", "2C")
    app.click("pick", "3C")
    app.key("c")  # Counter's key
    assert record(app)["actions"] == []
    assert "Not now: that would counter" in unescape(app.render())


def test_skip_start_again_and_leave() -> None:
    storage = MemoryStorage()
    app = opened(storage)
    app.take_navigation()
    app.click("guide-skip", "")
    app.click("guide-skip", "")
    assert record(app)["actions"] == [s.action for s in GUIDE.steps[:2]]
    slots = {s.id for s in app.ctx.saves.slots()}
    assert len(slots) == 1
    app.click("guide-again", "")
    assert record(app)["actions"] == []
    assert len(app.ctx.saves.slots()) == 1 and not slots & {s.id for s in app.ctx.saves.slots()}
    assert app.take_navigation() == (None, None)  # the guide stays where it is
    app.click("guide-leave", "")
    assert app.take_navigation()[0] == "#/"


def test_the_guided_game_is_kept_and_resumed_and_a_game_in_progress_is_kept() -> None:
    storage = MemoryStorage()
    app = App(storage, base_url="https://example.test/")
    app.route("#/deck-of-spies/deal/7")
    state = app.screen.state  # type: ignore[attr-defined]
    app.screen._apply(state.legal_actions()[0])  # type: ignore[attr-defined]
    app.route(LEARN)
    assert "The game you were playing is kept under Saved games." in unescape(app.render())
    app.click("guide-skip", "")
    assert len(app.ctx.saves.slots()) == 2
    again = opened(storage)  # another visit: the guided game goes on where it was
    assert record(again)["actions"] == [GUIDE.steps[0].action]
    assert said(again.render()).startswith("End your turn")


def test_home_offers_the_guide_until_a_game_is_finished_and_the_rules_page_always() -> None:
    storage = MemoryStorage()
    app = App(storage, base_url="https://example.test/")
    app.route("#/")
    assert 'href="#/deck-of-spies/learn"' in app.render()
    app.route("#/deck-of-spies/rules")
    assert 'href="#/deck-of-spies/learn"' in app.render()
    # a game finished: the home page no longer offers it, the Rules page still does
    lost = spygames.get_game("deck-of-spies").new(seed=3)
    bot = spygames.get_game("deck-of-spies").bot("easy", seed=1)
    app.route("#/deck-of-spies/deal/3")
    table = app.screen
    while not table.state.is_over:  # type: ignore[attr-defined]
        state = table.state  # type: ignore[attr-defined]
        table._apply(bot.choose(state.view(0), state.legal_actions()))  # type: ignore[attr-defined]
    del lost
    app.route("#/")
    assert 'href="#/deck-of-spies/learn"' not in app.render()
    app.route("#/deck-of-spies/rules")
    assert 'href="#/deck-of-spies/learn"' in app.render()


def test_espionage_is_learnt_by_following_the_pointer_and_rook_plays_the_script() -> None:
    guide = get_guide("espionage")
    assert guide is not None
    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route("#/espionage/learn")
    assert isinstance(app.screen, GuideScreen)
    seen: list[str] = []
    for _ in range(200):
        while app.pending_delay() is not None:  # Rook thinks, the showdown steps
            app.tick()
        html = app.render()
        if "guide-done" in html:
            break
        seen.append(said(html))
        _, act, arg = pointed(html)
        app.click(act, arg)
    else:
        raise AssertionError("the guided game never ended")
    kept = record(app)
    assert guide.follows(kept) and len(kept["actions"]) == len(guide.steps)
    assert seen[0].startswith("Open: bid at least 2 Hackers")
    assert any("read the showdown, then press Next round" in s for s in seen)
    assert said(app.render()).startswith("That is every move of Espionage")
    # past the script Rook is the normal bot again, and the game goes on
    while app.pending_delay() is not None:
        app.tick()
    html = app.render()
    app.click("continue", "")
    for _ in range(200):
        if app.pending_delay() is None:
            break
        app.tick()
    assert not guide.guided(record(app))


def test_an_espionage_stray_click_is_explained() -> None:
    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route("#/espionage/learn")
    app.click("attr", "london")
    assert "Not now: that would put together a bid on London. Open: bid" in unescape(app.render())
    app.click("attr", "hacker")  # the step's attribute: taken
    assert app.screen.table.panel().attribute == "hacker"  # type: ignore[attr-defined]
    app.key("b")  # Bid, at the panel's count 1: not the step's 2 Hackers
    assert record(app)["actions"] == []
    assert "Not now: that would bid at least 1 Hacker and pass to Rook." in unescape(app.render())


def test_spynet_is_learnt_by_following_the_pointer_with_three_scripted_bots() -> None:
    guide = get_guide("spynet")
    assert guide is not None
    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route("#/spynet/learn")
    pointed_at: list[tuple[str, str, str]] = []
    for _ in range(200):
        while app.pending_delay() is not None and guide.guided(record(app)):
            app.tick()  # the others play the script's moves
        html = app.render()
        if "guide-done" in html:
            break
        pointed_at.append(pointed(html))
        _, act, arg = pointed_at[-1]
        app.click(act, arg)
    else:
        raise AssertionError("the guided game never ended")
    kept = record(app)
    assert guide.follows(kept) and len(kept["actions"]) == len(guide.steps)
    # the funding is attached in the hand before the agent goes to its branch
    acts = [(act, arg) for _, act, arg in pointed_at]
    assert acts.index(("fund", "f02")) == acts.index(("pick", "a08")) + 1
    assert acts.index(("agent", "a08@cover")) == acts.index(("fund", "f02")) + 1


def test_a_spynet_stray_click_is_explained() -> None:
    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route("#/spynet/learn")
    html = app.render()
    _, act, arg = pointed(html)
    assert (act, arg) == ("keep", "m28")
    other = next(
        c
        for c in app.screen.table.state.view(0)["draft"]  # type: ignore[attr-defined]
        if c != "m28"
    )
    app.click("keep", other)
    assert record(app)["actions"] == []
    assert "Not now: that would keep " in unescape(app.render())
    assert "The opening draft: keep Blanket Surveillance" in unescape(app.render())


def test_a_guided_game_in_a_frame_is_drawn_in_advance_and_takes_the_first_press() -> None:
    from spyweb.embed import EmbedApp, GuideFrame, guide_frame_html

    drawn = guide_frame_html("deck-of-spies")
    assert 'id="guide-say"' in drawn and "Recruit the 5♣" in drawn
    assert 'data-act="guide-leave"' not in drawn and "embed-open" in drawn  # a link out
    app = EmbedApp()
    app.route("#/learn/deck-of-spies")
    assert isinstance(app.screen, GuideFrame)
    assert app.render() == drawn  # Python's first frame is the one drawn in advance
    app.resume(0, pressed="pick\n2C")  # the press made while Python was loading
    assert app.screen.guide.table.selected == ["2C"]  # type: ignore[attr-defined]
    assert pointed(app.render())[0] == "card-3C"
    app.route("#/learn/chess")
    assert "There is no guided game of “chess”" in unescape(app.render())


def test_the_hint_in_a_guided_game_points_at_the_steps_move() -> None:
    """Issue 47: "in Deck of Spies step 3 the Hint selects other cards than the step's,
    and doing the step then greys Counter with nothing saying to Clear". While the game
    follows the script, the Hint (button or H) says the step's move and selects nothing."""
    app = opened()
    step = GUIDE.step_at(record(app))
    assert step is not None
    app.click("hint", "")
    html = unescape(app.render())
    assert "Hint: the guide’s move now is to recruit with 2♣ 3♣. Recruit the 5♣" in html
    assert app.screen.table.selected == []  # type: ignore[attr-defined]
    assert app.pending_delay() is None  # no bot thinking
    app.key("h")
    assert app.screen.table.selected == []  # type: ignore[attr-defined]
    assert record(app)["actions"] == []


def test_saved_games_marks_the_guided_game() -> None:
    """Issue 47: a guided game looked like any other in Saved games. Its row says
    "guided", during the script and after it; an ordinary game's does not."""
    storage = MemoryStorage()
    app = App(storage, base_url="https://example.test/")
    app.route("#/deck-of-spies/deal/7")
    state = app.screen.state  # type: ignore[attr-defined]
    app.screen._apply(state.legal_actions()[0])  # type: ignore[attr-defined]
    app = opened(storage)
    app.click("guide-skip", "")
    app.route("#/saves")
    rows = re.findall(r'<li class="saves-row".*?</li>', unescape(app.render()))
    names = sorted(re.findall(r"<strong>([^<]*)</strong>", "".join(rows)))
    assert names == ["Deck of Spies", "Deck of Spies · guided · on the table"]
    app = opened(storage)
    follow_the_pointer(app)
    app.route("#/saves")
    assert "Deck of Spies · guided · on the table" in unescape(app.render())


def named(html: str) -> str:
    """The id of what the guide's step names besides its control (`data-guide-named`)."""
    found = re.findall(r"<[a-z]+\b[^>]*data-guide-named[^>]*>", html)
    assert len(found) == 1, found
    value = re.search(r'\bid="([^"]*)"', found[0])
    assert value is not None
    return value.group(1)


def guide_panel(html: str) -> str:
    found = re.search(r'<section class="guide".*?</section>', html, re.S)
    assert found is not None
    return found.group(0)


def test_what_a_step_names_is_marked_for_the_page_to_keep_in_view() -> None:
    """Issue 47: on a phone the sticky guide covered what its step names (the 6♠ in Deck
    of Spies step 3, your hand in Espionage step 1, Rook's revealed hand at the
    showdown). The guide marks it (`data-guide-named`); the page scrolls it into view
    with the control, below the guide (web/guided.mjs; e2e/test_guide.py)."""
    app = opened()
    app.click("guide-skip", "")
    app.click("guide-skip", "")
    html = app.render()
    assert said(html).startswith("Counter the 6♠")
    assert named(html) == "dos-spy"
    spy = re.search(r'<div[^>]*id="dos-spy"[^>]*>.*?</p>', unescape(html), re.S)
    assert spy is not None and "6♠" in spy.group(0)
    app.click("guide-skip", "")  # End your turn: it names no spy
    assert "data-guide-named" not in app.render()

    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route("#/espionage/learn")
    html = app.render()
    assert said(html).startswith("Open: bid at least 2 Hackers")
    assert named(html) == "esp-seat-0"  # your seat: your hand
    for _ in range(50):
        while app.pending_delay() is not None:
            app.tick()
        html = app.render()
        if "read the showdown" in said(html):
            break
        _, act, arg = pointed(html)
        app.click(act, arg)
    else:
        raise AssertionError("no showdown")
    assert pointed(html)[0] == "esp-continue"
    assert named(html) == "esp-opponents"  # Rook's hand, turned over
    opponents = re.search(r'<ol [^>]*id="esp-opponents".*?</ol>', html, re.S)
    assert opponents is not None and "Rook showed" in unescape(opponents.group(0))


def test_a_stray_click_is_explained_inside_the_guide() -> None:
    """Issue 47: SpyNet's stray-tap explanation appeared at the top of the page, above
    a phone's screen scrolled down to the table. The app's messages go into the guide's
    panel, which stays on screen (position: sticky)."""
    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route("#/spynet/learn")
    html = app.render()
    assert 'class="notice"' not in html and "<!--" not in html
    other = next(
        c
        for c in app.screen.table.state.view(0)["draft"]  # type: ignore[attr-defined]
        if c != "m28"
    )
    app.click("keep", other)
    html = app.render()
    assert html.count('class="notice"') == 1
    panel = unescape(guide_panel(html))
    assert 'class="notice" role="alert"' in panel and "Not now: that would keep " in panel
    assert html.index('<section class="guide"') < html.index('class="notice"')
    app.click("hint", "")  # the Hint's answer too
    assert "Hint: the guide’s move now is to" in unescape(guide_panel(app.render()))
    # elsewhere the messages stay above the screen
    app.route("#/spynet")
    app.ctx.notify("A word.")
    assert app.render().startswith('<div class="notice" role="alert">')


def test_in_deck_of_spies_step_3_the_hint_then_the_step_leaves_counter_on() -> None:
    """Issue 47: "in Deck of Spies step 3 the Hint selects other cards than the step's,
    and doing the step then greys Counter with nothing saying to Clear". The Hint selects
    nothing in a guided game: picking the step's 4♥ and 2♥ after it leaves Counter on;
    and Counter, greyed on the way (the 4♥ alone), says why."""
    app = opened()
    app.click("guide-skip", "")
    app.click("guide-skip", "")
    assert said(app.render()).startswith("Counter the 6♠ with your 4♥ and 2♥")
    app.click("hint", "")
    app.click("pick", "4H")
    html = unescape(app.render())
    counter = re.search(r'<button[^>]*id="act-counter"[^>]*>', html)
    assert counter is not None and " disabled" in counter.group(0)
    assert 'aria-describedby="why-counter"' in counter.group(0)
    assert '<span class="dos-why" id="why-counter">Needs 2 more</span>' in html
    app.click("pick", "2H")
    html = unescape(app.render())
    counter = re.search(r'<button[^>]*id="act-counter"[^>]*>', html)
    assert counter is not None and " disabled" not in counter.group(0)
    assert pointed(html)[0] == "act-counter"
    app.click("counter", "")
    assert len(record(app)["actions"]) == 3 and GUIDE.follows(record(app))


def test_under_a_sheet_the_messages_float_above_it_as_elsewhere() -> None:
    """The guide's panel lies under a sheet's backdrop: a message said while the share
    sheet is open ("Link copied") stays above the page, where the sheet's style lifts it."""
    app = opened()
    app.click("panel", "share")
    app.ctx.notify("Link copied.")
    html = app.render()
    assert "sheet-backdrop" in html and html.startswith('<div class="notice" role="alert">')
    assert "<!--" not in html
