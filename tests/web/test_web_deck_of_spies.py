"""The Deck of Spies table, driven as the page drives it: clicks, keys, saves, links."""

from __future__ import annotations

import random
import re

import pytest
from spyweb.app import App
from spyweb.browser import links
from spyweb.browser.store import MemoryStorage, Saves
from spyweb.games.deck_of_spies import model as vm
from spyweb.games.deck_of_spies import table as table_module
from spyweb.games.deck_of_spies.board import tally
from spyweb.games.deck_of_spies.cards import card_name, hand_card
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
from spyweb.tables.screen import Context

import spygames

GAME = "deck-of-spies"
# A scripted deal: spies top first, then the draw deck top first (the first 5 are the hand).
SETUP = {
    "spies": ["5C", "7H", "6S", "8D", "9C", "10S", "JH", "QS", "KD"],
    "draw": ["2C", "3H", "4S", "5H", "2H", "AH", "3C", "AC", "4D", "2S", "3S", "4C"],
}


def scripted(setup: dict | None = None) -> spygames.State:
    return spygames.get_game(GAME).new(seed=11, setup=setup or SETUP)


def table(state: spygames.State | None = None, storage: MemoryStorage | None = None):
    ctx = Context(Saves(storage if storage is not None else MemoryStorage()))
    screen = DeckOfSpiesTable(ctx, state=state if state is not None else scripted())
    return ctx, screen


def buttons(screen: DeckOfSpiesTable) -> dict[str, vm.ActionButton]:
    return {b.kind: b for b in vm.build(screen.state, screen.selected).buttons}


def test_the_scripted_hand() -> None:
    _, screen = table()
    view = screen.state.view(0)
    assert view["spy"] == "5C"
    assert sorted(view["hand"]) == sorted(["2C", "3H", "4S", "5H", "2H"])


def test_cards_are_buttons_with_names_and_pressed_state() -> None:
    html = hand_card("7H", index=0, selected=True)
    # The name is visually hidden text, not an aria-label (the corners show "7♥").
    assert '<span class="sr-only">Seven of hearts, value 7</span>' in html
    assert "aria-label" not in html
    assert 'aria-pressed="true"' in html
    assert 'data-act="pick"' in html and 'id="card-7H"' in html
    assert card_name("10S") == "Ten of spades"
    _, screen = table()
    html = screen.render()
    assert html.count('data-act="pick"') == 5
    assert 'aria-label="Five of clubs"' in html  # the spy, as an image with a name


def test_selection_total_and_why_disabled() -> None:
    _, screen = table()
    b = buttons(screen)
    assert b["counter"].reason == "choose the cards to pay with"
    screen.handle("pick", "2C")
    assert vm.build(screen.state, screen.selected).total == 2
    assert buttons(screen)["counter"].reason == "needs 3 more"
    screen.handle("pick", "3H")
    b = buttons(screen)
    assert b["counter"].enabled
    assert b["recruit"].reason is not None and "♣" in b["recruit"].reason
    html = screen.render()
    assert 'data-testid="selected-total">5<' in html
    assert re.search(r'id="act-counter" class="btn btn-primary"', html)
    assert re.search(r'<button[^>]*id="act-recruit"[^>]*disabled', html)
    assert "All ♣" in html  # the engine's reason, under the Recruit button
    screen.handle("pick", "4S")  # one too many: the 2♣ is not needed
    assert buttons(screen)["counter"].reason == "the 2♣ is not needed"
    screen.handle("pick", "4S")  # toggles off again
    assert screen.selected == ["2C", "3H"]


def test_counter_then_retire_then_end_turn() -> None:
    ctx, screen = table()
    for card in ("2C", "3H"):
        screen.handle("pick", card)
    screen.handle("counter", "")
    view = screen.state.view(0)
    assert view["phase"] == "after" and view["spy_discard"] == ["5C"]
    assert screen.selected == []
    assert set(buttons(screen)) == {"retire", "end_turn"}
    assert buttons(screen)["retire"].reason == "retire needs two or more cards of one rank"
    screen.handle("pick", "4S")
    screen.handle("pick", "5H")
    assert buttons(screen)["retire"].reason == "retire needs two or more cards of one rank"
    screen.handle("clear", "")
    screen.handle("end_turn", "")
    assert screen.state.view(0)["spy"] == "7H"
    assert len(screen.state.view(0)["hand"]) == 5
    saved = ctx.saves.current(GAME).record
    assert len(saved["actions"]) == 2  # autosaved after every action


def test_illegal_action_explains_itself_and_changes_nothing() -> None:
    ctx, screen = table()
    before = screen.state.record()
    screen.handle("pick", "2C")
    screen.handle("counter", "")  # disabled button: only reachable by the key
    assert ctx.messages and "needs 3 more" in ctx.messages[-1].lower()
    assert screen.state.record() == before
    screen.handle("end_turn", "")
    assert "counter first" in ctx.messages[-1]
    assert screen.state.record() == before


def test_keyboard_mapping() -> None:
    assert vm.command_for_key("1") == ("pick_index", "0")
    assert vm.command_for_key("5") == ("pick_index", "4")
    assert vm.command_for_key("C") == ("counter", "")
    assert vm.command_for_key("e") == ("end_turn", "")
    assert vm.command_for_key("h") == ("hint", "")
    assert vm.command_for_key("u") == ("undo", "")
    assert vm.command_for_key("t") == ("retire", "")
    assert vm.command_for_key("a") == ("assassinate", "")
    assert vm.command_for_key("q") is None
    assert vm.command_for_key("0") is None
    _, screen = table()
    hand = screen.state.view(0)["hand"]  # 2C 2H 3H 4S 5H in display order
    assert screen.key("1") and screen.key("3")
    assert screen.selected == [hand[0], hand[2]]
    assert not screen.key("q")
    assert screen.key("c")
    assert screen.state.view(0)["phase"] == "after"
    assert screen.key("e")
    assert screen.state.view(0)["spy"] == "7H"
    html = screen.render()
    for letter in ("C", "R", "H", "U"):
        assert f'aria-keyshortcuts="{letter}"' in html


def test_recruit_with_a_double_agent_and_assassinate() -> None:
    setup = {"spies": ["7C", "KH", "5S"], "draw": ["AC", "2H", "2D", "3S", "AS", "2C", "AH"]}
    _, screen = table(scripted(setup))
    for card in ("AC", "2H", "2D", "3S"):  # 1 + 2 + 2 + 3 = 8 for the 7♣: every card needed
        screen.handle("pick", card)
    screen.handle("pick", "2H")
    screen.handle("pick", "2D")
    screen.handle("pick", "2H")  # reselect: AC 3S 2H = 6
    assert buttons(screen)["recruit"].reason == "needs 1 more"
    screen.handle("pick", "2D")
    assert buttons(screen)["recruit"].enabled
    screen.handle("recruit", "")
    assert "7C" in screen.state.view(0)["discard"]
    screen.handle("end_turn", "")
    view = screen.state.view(0)
    assert view["spy"] == "KH" and view["must_assassinate"]
    model = vm.build(screen.state, [])
    assert [a.arg for a in model.aces] == [a["card"] for a in view["owned_aces"]]
    html = screen.render()
    assert "Assassinate with the A" in html
    assert 'id="act-counter"' not in html
    screen.key("a")
    assert screen.state.view(0)["spy"] == "5S"
    assert len(screen.state.view(0)["removed"]) == 1


def undo_button(html: str) -> str:
    found = re.search(r'<button[^>]*id="btn-undo"[^>]*>', html)
    assert found is not None
    return found.group(0)


def test_undo_goes_only_where_the_engine_allows_and_says_why_not() -> None:
    """DESIGN "Every game — Undo": the table offers exactly `undo_point` — within the
    turn, never across End turn, nor across a payment that showed the next spy (the spy
    deck lies face up) — and an Undo that is off says why."""
    ctx, screen = table()
    button = undo_button(screen.render())
    assert "disabled" in button and 'title="Undo is off: this is the start of the deal."' in button
    assert 'aria-describedby="why-undo"' in button
    assert '<span class="sr-only" id="why-undo">Undo is off: this is the start' in screen.render()
    screen.handle("undo", "")
    assert ctx.messages[-1] == "Nothing to undo: this is the start of the deal."
    screen.handle("pick", "5H")
    screen.handle("counter", "")
    assert screen.state.view(0)["spy"] == "7H"  # the next spy, in view at once
    screen.key("u")
    assert ctx.messages[-1] == "Nothing to undo: the next spy has been shown since."
    assert len(screen.state.actions) == 1
    assert 'title="Undo is off: the next spy has been shown since."' in undo_button(screen.render())
    # a retire shows nothing: it can be taken back
    screen.handle("pick", "2C")
    screen.handle("pick", "2H")
    screen.handle("retire", "")
    assert len(screen.state.actions) == 2
    html = screen.render()
    assert "disabled" not in undo_button(html) and 'id="why-undo"' not in html
    log_length = len(screen.log)
    screen.key("u")
    assert len(screen.state.actions) == 1 and screen.state.view(0)["phase"] == "after"
    assert sorted(screen.state.view(0)["hand"]) == sorted(["2C", "2H", "3H", "4S"])
    assert len(screen.log) == log_length - 1
    assert ctx.saves.current(GAME).record["actions"] == screen.state.record()["actions"]
    # End turn draws the new hand: never taken back
    screen.handle("end_turn", "")
    screen.handle("undo", "")
    assert ctx.messages[-1] == (
        "Nothing to undo: a new turn has begun and its cards have been shown."
    )
    assert len(screen.state.actions) == 2


def test_no_undo_after_a_lost_game() -> None:
    """Issue 20: Undo once went back even after a lost game, so the deal could be replayed
    knowing the deck. A lost game (no Ace left for a spy the hand cannot pay) stays lost."""
    setup = {"spies": ["5C", "KC"], "draw": ["5H", "2C", "2S", "2D", "3C", "2H"],
             "spy_discard": ["AS", "AH", "AD", "AC"]}  # fmt: skip
    ctx, screen = table(scripted(setup))
    screen.handle("pick", "5H")
    screen.handle("counter", "")
    screen.handle("end_turn", "")  # 2♣ 2♠ 2♦ 3♣ 2♥ cannot pay the K♣, and no Ace is left
    assert screen.state.is_over and not screen.state.result["won"]
    assert 'title="Undo is off: the game is over."' in undo_button(screen.render())
    screen.handle("undo", "")
    assert ctx.messages[-1] == "Nothing to undo: the game is over." and screen.state.is_over


@pytest.mark.parametrize("seed", [4, 5])
def test_the_table_offers_exactly_the_engines_undo(seed: int) -> None:
    """At every position of a whole random game: Undo is on exactly when the engine has a
    place for it to go, and it goes there."""
    ctx, screen = table(spygames.get_game(GAME).new(seed=seed))
    rng = random.Random(seed)
    while True:
        point = screen.state.undo_point(0)
        button = undo_button(screen.render())
        assert ("disabled" in button) == (point.upto is None)
        if point.upto is not None and rng.random() < 0.5:
            record = screen.state.record()
            screen.handle("undo", "")
            assert screen.state.record() == spygames.replay(record, upto=point.upto).record()
        if screen.state.is_over:
            break
        screen._apply(rng.choice(screen.state.legal_actions()))
    assert ctx.messages == []  # nothing refused along the way


def test_autosave_and_resume_exactly() -> None:
    storage = MemoryStorage()
    ctx, screen = table(storage=storage)
    assert ctx.goto == "#/deck-of-spies"  # the address no longer re-deals on reload
    screen.handle("pick", "2C")
    screen.handle("pick", "3H")
    screen.handle("counter", "")
    screen.handle("four", "")
    again = DeckOfSpiesTable(Context(Saves(storage)))
    assert again.state.record() == screen.state.record()
    assert again.state.view(0) == screen.state.view(0)
    assert again.four_colour and "four-colour" in again.render()
    assert [e["kind"] for e in again.log] == [e["kind"] for e in screen.log]


def test_app_routes_resume_new_and_deal() -> None:
    storage = MemoryStorage()
    app = App(storage)
    app.route("#/deck-of-spies/deal/42")
    assert isinstance(app.screen, DeckOfSpiesTable) and app.screen.seed == 42
    assert app.take_navigation() == (None, "#/deck-of-spies")  # shown in place
    assert "Deal #42" in app.render()
    app.route("#/deck-of-spies")
    assert app.screen.seed == 42  # resumed from the autosave
    app.screen.submit("deal", {"deal": "7"})  # no move made yet: nothing to ask
    assert app.take_navigation() == ("#/deck-of-spies/deal/7", None)
    app.screen.submit("deal", {"deal": "seven"})
    assert "not a deal number" in app.render()
    # "New game" (the route) never destroys the game in progress: it keeps its slot.
    app.route("#/deck-of-spies/deal/42")
    old = app.screen
    assert isinstance(old, DeckOfSpiesTable)
    old.state.apply(old.state.legal_actions()[0])
    old._save()
    old_record, old_slot = old.state.record(), old.slot
    app.route("#/deck-of-spies/new")
    new = app.screen
    assert isinstance(new, DeckOfSpiesTable) and new is not old
    assert new.state.actions == [] and new.slot != old_slot
    assert "kept under Saved games" in app.render()
    kept = app.ctx.saves.slot(old_slot)  # type: ignore[arg-type]
    assert kept is not None and kept.record == old_record and kept.in_progress
    assert app.ctx.saves.current_id(GAME) == new.slot


def test_corrupt_save_is_reported_kept_and_a_new_game_starts() -> None:
    storage = MemoryStorage()
    record = spygames.get_game(GAME).new(seed=9).record()
    record["actions"] = [{"type": "retire", "cards": ["KS", "KH"]}]  # not legal at the start
    saves = Saves(storage)
    bad = saves.start(record, {"over": False})
    app = App(storage)
    assert 'data-testid="continue-deck-of-spies"' not in app.render()  # not offered
    app.route("#/deck-of-spies")
    html = app.render()
    assert "could not be opened" in html and "Saved games" in html
    assert isinstance(app.screen, DeckOfSpiesTable) and app.screen.slot != bad
    damaged = app.ctx.saves.slot(bad)
    assert damaged is not None and damaged.problem and "action 0" in damaged.problem


def test_full_storage_gives_a_message_and_the_game_goes_on() -> None:
    storage = MemoryStorage(limit=50)
    app = App(storage)
    app.route("#/deck-of-spies/deal/3")
    html = app.render()
    assert "storage is full" in html
    screen = app.screen
    assert isinstance(screen, DeckOfSpiesTable)
    legal = screen.state.legal_actions()[0]
    for card in legal["cards"]:
        screen.handle("pick", card)
    screen.handle(legal["type"], "")
    assert len(screen.state.actions) == 1


def play_out(screen: DeckOfSpiesTable) -> None:
    """The game played to its end by the first legal action, clicked; a click the table
    does not play fails at once (a loop bound, not a hang, under a bug)."""
    while not screen.state.is_over:
        done = len(screen.state.actions)
        action = screen.state.legal_actions()[0]
        if action["type"] == "assassinate":
            screen.handle("assassinate", action["ace"])
        elif action["type"] == "retire":
            screen.handle("end_turn", "")
        else:
            for card in action.get("cards", []):
                screen.handle("pick", card)
            screen.handle(action["type"], "")
        assert len(screen.state.actions) == done + 1, f"not played: {action}"


def test_end_screen_keeps_the_save_and_offers_replay_and_new() -> None:
    storage = MemoryStorage()
    _, screen = table(spygames.get_game(GAME).new(seed=5), storage=storage)
    play_out(screen)
    result = screen.state.result
    html = screen.render()
    assert 'data-testid="end"' in html
    assert ("You won!" in html) == result["won"]
    assert f"Score <b>{result['score']}</b> of 12" in html
    assert 'id="btn-again"' in html and 'id="btn-new-end"' in html
    # reload: the end screen again
    again = DeckOfSpiesTable(Context(Saves(storage)))
    assert again.state.is_over and 'data-testid="end"' in again.render()
    # play this deal again: same seed, from the start
    again.handle("again", "")
    assert again.state.actions == [] and again.seed == 5
    assert not again.state.is_over
    again.handle("new", "")  # no move made in this deal yet: nothing to ask
    assert again.state.actions == [] and again.ctx.confirming is None
    saved = again.ctx.saves.current(GAME).record
    assert saved["seed"] == again.seed and saved["actions"] == []
    finished = [s for s in again.ctx.saves.slots() if s.over]
    assert [s.record["actions"] for s in finished] == [screen.state.record()["actions"]]


def test_share_link_round_trip() -> None:
    _, screen = table()
    screen.handle("pick", "2C")
    screen.handle("pick", "3H")
    screen.handle("counter", "")
    screen.handle("panel", "share")
    html = screen.render()
    match = re.search(
        r'id="share-link" class="share-input" readonly data-select value="#/play/([^"]+)"', html
    )
    assert match
    state = links.decode(match.group(1))
    assert state.actions == [] and state.setup == SETUP and state.seed == 11
    app = App(MemoryStorage())
    app.route(f"#/play/{match.group(1)}")
    assert isinstance(app.screen, DeckOfSpiesTable)
    assert app.screen.state.view(0)["spy"] == "5C"


def test_hint_names_an_action_and_highlights_its_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "HINT_SLICE_S", 0.0)  # a pause after every round
    _, screen = table()
    screen.handle("hint", "")
    ticks = 0
    while screen.pending_delay() == 0:  # the search runs in slices between paints
        assert 'id="btn-hint"' in screen.render() and "Thinking…" in screen.render()
        screen.tick()
        ticks += 1
    assert screen.pending_delay() is None and ticks > 2  # it really paused between rounds
    assert screen.hints.advice is not None
    action = screen.hints.advice.action
    assert action in screen.state.legal_actions()
    html = screen.render()
    assert f'data-hint-type="{action["type"]}"' in html
    for card in action.get("cards", []):
        assert re.search(rf'id="card-{card}"[^>]*data-hinted="1"', html)
    assert screen.key("h")  # same position: the same hint, no new search
    assert screen.pending_delay() is None


def test_hint_picks_its_cards_so_one_click_plays_it() -> None:
    """Issue 11, item 6: the Hint selects the cards it suggests (not only highlights
    them), so pressing the action's button plays exactly the hinted move."""
    _, screen = table()
    screen.handle("pick", "2C")  # a selection of the player's own is replaced
    screen.handle("hint", "")
    while screen.pending_delay() == 0:
        screen.tick()
    assert screen.hints.advice is not None
    action = screen.hints.advice.action
    assert action["type"] in ("counter", "recruit") and action["cards"]
    assert sorted(screen.selected) == sorted(action["cards"])
    html = screen.render()
    for card in action["cards"]:
        assert re.search(rf'id="card-{card}"[^>]*aria-pressed="true"', html)
    assert buttons(screen)[action["type"]].enabled
    screen.handle(action["type"], "")
    played = screen.state.actions[-1]
    assert played["type"] == action["type"]
    assert sorted(played["cards"]) == sorted(action["cards"])


def test_a_move_made_while_the_hint_thinks_drops_that_hint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Slices of no time: the search yields after its first round on any machine (with
    # 40 ms slices a fast machine finished the whole hint in the first one).
    monkeypatch.setattr(table_module, "HINT_SLICE_S", 0.0)
    _, screen = table()
    screen.handle("hint", "")
    assert screen.pending_delay() == 0
    legal = screen.state.legal_actions()
    screen.state.apply(legal[0])
    screen.tick()
    assert screen.pending_delay() is None and screen.hints.advice is None


def test_panels_and_rules() -> None:
    _, screen = table()
    screen.handle("panel", "discard")
    assert "Your discard pile (0)" in screen.render()
    screen.handle("panel", "draw")
    assert re.search(r"Your draw deck \(\d+\)", screen.render())
    screen.handle("panel", "rules")
    html = screen.render()
    assert "Double agents" in html and "Retire" in html
    rules = DeckOfSpiesTable.rules_html()
    for example in ("Two of spades", "Seven of diamonds", "Nine of clubs", "Seven of hearts"):
        assert example in rules


@pytest.mark.parametrize(("mine", "theirs"), [(0, 0), (7, 5), (6, 6), (12, 0), (0, 12), (3, 4)])
def test_the_face_card_tally_shows_each_count_exactly(mine: int, theirs: int) -> None:
    """ "at least 7 of the 12 – you have infiltrated the spy networks and won": the tally
    has 12 slots, yours from the left, the spies' from the right, the goal on the 7th."""
    html = tally({"faces_owned": mine, "faces_with_spies": theirs, "faces_to_win": 7})
    slots = re.findall(r'<span class="slot (mine|theirs|open)( goal)?"></span>', html)
    assert len(slots) == 12
    assert [kind for kind, _ in slots] == ["mine"] * mine + ["open"] * (12 - mine - theirs) + [
        "theirs"
    ] * theirs
    assert [i for i, (_, goal) in enumerate(slots) if goal] == [6]
