"""Games are never lost: slots, questions before leaving a game, Saved games, export and
import, and the stats that count each finished game once. Driven as the page drives it."""

from __future__ import annotations

import json

import pytest
from drivers.saves import app_at, move
from spyweb.app import App
from spyweb.browser import links, stats, transfer
from spyweb.browser.store import (
    CURRENT,
    KEEP_FINISHED,
    SLOT,
    MemoryStorage,
    Saves,
    StorageFull,
    parse_slot,
)
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
from spyweb.games.espionage.table import EspionageTable
from spyweb.screens.saved import SavedGamesScreen, StatsScreen, ago
from spyweb.screens.stats_chart import chart

import spygames
from spygames import i18n

DOS = "deck-of-spies"


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def finish(app: App) -> None:
    screen = app.screen
    assert isinstance(screen, DeckOfSpiesTable)
    while not screen.state.is_over:
        action = screen.state.legal_actions()[0]
        if action["type"] == "retire":
            app.click("end_turn", "")
        else:
            move(app)


# -- slots -------------------------------------------------------------------------------
def test_a_new_game_keeps_the_one_in_progress_and_drops_an_untouched_one() -> None:
    saves = Saves(MemoryStorage())
    game = spygames.get_game(DOS)
    first = game.new(seed=1)
    a = saves.start(first.record(), {"over": False})
    b = saves.start(game.new(seed=2).record(), {"over": False})
    assert saves.slot(a) is None  # no move was made in it: nothing to keep
    assert saves.take_messages() == []
    played = game.new(seed=2)
    played.apply(played.legal_actions()[0])
    saves.save(b, played.record(), {"over": False})
    c = saves.start(game.new(seed=3).record(), {"over": False})
    kept = saves.slot(b)
    assert kept is not None and kept.in_progress and kept.record == played.record()
    assert saves.current_id(DOS) == c
    assert "kept under Saved games" in " ".join(saves.take_messages())


def test_old_single_saves_become_slots_and_resume() -> None:
    storage = MemoryStorage()
    state = spygames.get_game(DOS).new(seed=4)
    state.apply(state.legal_actions()[0])
    storage.set("spygames:save:deck-of-spies", json.dumps(state.record()))
    storage.set("spygames:corrupt:espionage", "{half a save")
    saves = Saves(storage)
    assert not any(k.startswith(("spygames:save:", "spygames:corrupt:")) for k in storage.data)
    found = saves.resume(DOS)
    assert found is not None and found[1].record() == state.record()
    damaged = [s for s in saves.slots() if s.problem]
    assert [s.raw for s in damaged] == ["{half a save"]  # kept byte for byte
    assert not saves.has("espionage")


def test_a_full_storage_is_shown_on_the_table_until_saving_works_then_frees_room() -> None:
    state = spygames.get_game(DOS).new(seed=3)
    full = Saves(MemoryStorage(limit=50))
    slot = full.start(state.record(), {"over": False})
    assert not full.save(slot, state.record(), {"over": False})
    assert full.failing == "browser storage is full"
    assert full.take_messages() == []  # a standing notice, not a message on every move
    # On the table: the game goes on, and the notice stays while saving fails.
    storage = MemoryStorage()
    app = app_at("#/deck-of-spies/deal/5", storage)
    move(app)
    storage.limit = sum(len(k) + len(v) for k, v in storage.data.items())
    move(app, 2)
    assert app.screen.state.actions and len(app.screen.state.actions) == 3  # type: ignore[attr-defined]
    html = app.render()
    assert html.count('id="save-status"') == 1
    assert "Your progress isn't being saved (browser storage is full)" in html
    move(app)
    assert "isn't being saved" in app.render()
    storage.limit = None  # room again (old games deleted elsewhere): the next move saves
    move(app)
    assert 'id="save-status"' not in app.render()
    saved = app.ctx.saves.current(DOS)
    assert saved is not None and len(saved.record["actions"]) == 5  # type: ignore[index]
    with pytest.raises(StorageFull):
        MemoryStorage(limit=1).set("k", "value")
    # Room made by dropping finished games, never a game in progress.
    storage = MemoryStorage()
    saves = Saves(storage)
    over = {"over": True, "outcome": {"won": False, "score": 1}}
    for seed in range(5):
        saves.start(spygames.get_game(DOS).new(seed=seed).record(), over)
    playing = spygames.get_game(DOS).new(seed=9)
    playing.apply(playing.legal_actions()[0])
    keep = saves.start(playing.record(), {"over": False})
    storage.limit = sum(len(k) + len(v) for k, v in storage.data.items()) + 10
    bigger = spygames.get_game(DOS).new(seed=9)
    for _ in range(3):
        bigger.apply(bigger.legal_actions()[0])
    assert saves.save(keep, bigger.record(), {"over": False})
    assert saves.slot(keep).record == bigger.record()  # type: ignore[union-attr]
    assert len([s for s in saves.slots() if s.over]) < 5


def test_new_game_asks_first_and_keeps_the_game() -> None:
    app = app_at("#/deck-of-spies/deal/5")
    old = app.screen
    assert isinstance(old, DeckOfSpiesTable)
    move(app, 2)
    record, slot = old.state.record(), old.slot
    app.click("new", "")
    html = app.render()
    assert 'role="alertdialog"' in html and "Start a new game?" in html
    assert old.state.record() == record  # nothing happened yet
    app.click("end_turn", "")  # the page behind the question does not react
    assert old.state.record() == record
    app.click("confirm-no", "")
    assert "alertdialog" not in app.render() and old.state.record() == record
    app.click("new", "")
    app.click("confirm-yes", "")
    assert old.state.actions == [] and old.slot != slot
    kept = app.ctx.saves.slot(slot)  # type: ignore[arg-type]
    assert kept is not None and kept.record == record
    # The same for the deal box (a form) and for the end screen's "Play this deal again".
    move(app)
    app.submit("deal", {"deal": "77"})
    assert app.ctx.confirming is not None and app.take_navigation() == (None, None)
    app.click("confirm-yes", "")
    assert app.take_navigation()[0] == "#/deck-of-spies/deal/77"


def test_escape_closes_the_question() -> None:
    app = app_at("#/deck-of-spies/deal/5")
    move(app)
    app.click("new", "")
    assert app.key("Escape") and app.ctx.confirming is None


def test_a_share_link_over_a_game_in_progress_keeps_that_game() -> None:
    storage = MemoryStorage()
    app = app_at("#/deck-of-spies/deal/5", storage)
    move(app, 2)
    mine = app.screen
    assert isinstance(mine, DeckOfSpiesTable)
    record, slot = mine.state.record(), mine.slot
    shared = spygames.get_game(DOS).new(seed=6).record()
    app.route("#/play/" + links.encode(shared))
    assert "kept under Saved games" in app.render()
    assert app.screen.state.record() == shared  # type: ignore[attr-defined]
    kept = app.ctx.saves.slot(slot)  # type: ignore[arg-type]
    assert kept is not None and kept.record == record and kept.in_progress
    # Continue it from Saved games: the same position is back on the table.
    app.route("#/saves")
    assert f'data-slot="{slot}"' in app.render()
    app.click("continue", slot)  # type: ignore[arg-type]
    assert app.take_navigation()[0] == "#/deck-of-spies"
    app.route("#/deck-of-spies")
    assert app.screen.state.record() == record  # type: ignore[attr-defined]


def test_espionage_new_table_asks_in_mid_game() -> None:
    app = app_at("#/espionage/deal/12")
    app.submit("start", {"players": "2", "seat0-kind": "human", "seat1-kind": "normal"})
    table = app.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    while table.pending_delay() is not None:
        table.tick()
    table.state.apply(table.state.legal_actions()[0])
    app.take_navigation()
    app.click("newtable", "")
    assert app.ctx.confirming is not None and app.take_navigation() == (None, None)
    app.click("confirm-yes", "")
    assert app.take_navigation()[0] == "#/espionage/new"


# -- Saved games, export, import ---------------------------------------------------------
def test_saved_games_lists_continue_delete_after_asking() -> None:
    storage = MemoryStorage()
    app = app_at("#/deck-of-spies/deal/5", storage)
    move(app)
    slot = app.screen.slot  # type: ignore[attr-defined]
    app.route("#/saves")
    assert isinstance(app.screen, SavedGamesScreen)
    html = app.render()
    assert "In progress" in html and "Deal #5" in html and "on the table" in html
    app.click("delete", slot)
    assert "Delete this game in progress?" in app.render()
    assert app.ctx.saves.slot(slot) is not None
    app.click("confirm-yes", "")
    assert app.ctx.saves.slot(slot) is None and not app.ctx.saves.has(DOS)


def test_export_then_import_in_a_fresh_browser_gives_the_same_position() -> None:
    app = app_at("#/deck-of-spies/deal/8")
    move(app, 3)
    position = app.screen.state.record()  # type: ignore[attr-defined]
    app.route("#/saves")
    app.click("export-all", "")
    [(kind, name, text)] = app.take_effects()
    assert kind == "download" and name.startswith("spygames-saves-") and name.endswith(".json")
    fresh = app_at("#/saves")
    fresh.submit("import", {"name": name, "text": text})
    assert "Imported 1 game" in fresh.render()
    fresh.route("#/deck-of-spies")
    assert fresh.screen.state.record() == position  # type: ignore[attr-defined]
    fresh.route("#/saves")
    fresh.submit("import", {"name": name, "text": text})
    assert "already here" in fresh.render()


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json at all", "not readable JSON"),
        ('{"hello": "world"}', "not a spygames save"),
        ('{"spygames": "saves", "format": 9, "saves": []}', "newer version"),
        ('{"spygames": "saves", "format": 1.0, "saves": []}', "its format is 1.0,"),
        ('{"spygames": "saves", "format": true, "saves": []}', "its format is true,"),
        ('{"spygames": "saves", "format": 0, "saves": []}', "its format is 0,"),
        ('{"spygames": "saves", "format": 1, "saves": [{"record": 3}]}', "holds no game"),
        ("[" * 100_000 + "]" * 100_000, "not readable JSON"),
    ],
)
def test_a_bad_file_is_refused_with_its_reason_and_nothing_changes(text: str, reason: str) -> None:
    storage = MemoryStorage()
    app = app_at("#/deck-of-spies/deal/5", storage)
    move(app)
    before = dict(storage.data)
    app.route("#/saves")
    app.submit("import", {"name": "x.json", "text": text})
    html = app.render()
    assert reason in html and "untouched" in html
    assert storage.data == before


def test_a_file_with_one_damaged_game_is_refused_whole() -> None:
    good = spygames.get_game(DOS).new(seed=1).record()
    bad = {**good, "actions": [{"type": "explode"}]}
    text = json.dumps(
        {"spygames": "saves", "format": 1, "saves": [{"record": good}, {"record": bad}]}
    )
    with pytest.raises(transfer.BadFile, match="game 2 in the file cannot be replayed"):
        transfer.read(text, Saves(MemoryStorage()))


def test_an_import_that_would_replace_a_game_in_progress_asks_first() -> None:
    storage = MemoryStorage()
    app = app_at("#/deck-of-spies/deal/5", storage)
    move(app)
    app.route("#/saves")
    app.click("export-all", "")
    [(_, name, text)] = app.take_effects()
    app.route("#/deck-of-spies")
    move(app, 2)
    later = app.screen.state.record()  # type: ignore[attr-defined]
    app.route("#/saves")
    app.submit("import", {"name": name, "text": text})
    assert "Replace your saved game" in app.render()
    app.click("confirm-no", "")
    app.route("#/deck-of-spies")
    assert app.screen.state.record() == later  # type: ignore[attr-defined]
    app.route("#/saves")
    app.submit("import", {"name": name, "text": text})
    app.click("confirm-yes", "")
    app.route("#/deck-of-spies")
    assert len(app.screen.state.actions) == 1  # type: ignore[attr-defined]


def test_a_bare_record_imports() -> None:
    record = spygames.get_game("espionage").new(seed=3, players=3).record()
    app = app_at("#/saves")
    app.submit("import", {"name": "r.json", "text": json.dumps(record)})
    assert "Imported 1 game" in app.render()
    app.route("#/espionage")
    assert app.screen.state.record() == record  # type: ignore[attr-defined]


def test_damaged_saves_can_be_downloaded_as_they_are() -> None:
    storage = MemoryStorage()
    storage.set("spygames:corrupt:deck-of-spies", "{oops")
    app = app_at("#/saves", storage)
    html = app.render()
    assert "Saves that can't be continued" in html
    slot = next(s for s in app.ctx.saves.slots() if s.problem)
    app.click("download-raw", slot.id)
    [(kind, name, text)] = app.take_effects()
    assert kind == "download" and "damaged" in name and text == "{oops"


# -- stats -------------------------------------------------------------------------------
def test_a_finished_game_counts_once() -> None:
    storage = MemoryStorage()
    app = app_at("#/deck-of-spies/deal/5", storage)
    finish(app)
    result = app.screen.state.result  # type: ignore[attr-defined]
    record = stats.load(app.ctx.saves, DOS)
    assert record.played == 1 and record.won == (1 if result["won"] else 0)
    assert record.best_score == result["score"]
    # Reloading the end screen (a new App on the same storage) counts nothing more.
    again = app_at("#/deck-of-spies", storage)
    again.render()
    assert again.screen.state.is_over  # type: ignore[attr-defined]
    again.screen._save()  # type: ignore[attr-defined]
    assert stats.load(again.ctx.saves, DOS).played == 1
    # Undo back into the game and finish it again: still one game.
    again.click("undo", "")
    finish(again)
    assert stats.load(again.ctx.saves, DOS).played == 1
    again.route("#/stats")
    assert isinstance(again.screen, StatsScreen)
    html = again.render()
    assert 'data-stat="played">1<' in html and "<svg" in html


def test_streaks_best_score_tables_and_reset() -> None:
    saves = Saves(MemoryStorage(), clock=Clock())
    outcomes = [(True, 8), (True, 9), (False, 4), (True, 7)]
    for won, score in outcomes:
        summary = {"over": True, "outcome": {"won": won, "score": score, "table": None}}
        slot = saves.start(spygames.get_game(DOS).new(seed=1).record(), {"over": False})
        stats.count(saves, saves.slot(slot))  # type: ignore[arg-type]
        saves.slot(slot).summary = summary  # type: ignore[union-attr]
        stats.count(saves, saves.slot(slot))  # type: ignore[arg-type]
    record = stats.load(saves, DOS)
    assert (record.played, record.won, record.streak, record.best_streak) == (4, 3, 1, 2)
    assert record.best_score == 9 and [r.score for r in record.recent] == [8, 9, 4, 7]
    svg = chart(record, DOS)
    assert svg.count("<rect") == 4 and 'class="chart-goal"' in svg
    esp = {"over": True, "outcome": {"won": None, "score": None, "table": "2 players"}}
    slot = saves.start(spygames.get_game("espionage").new(seed=1).record(), esp)
    stats.count(saves, saves.slot(slot))  # type: ignore[arg-type]
    table = stats.load(saves, "espionage")
    assert table.played == 1 and table.decided == 0 and table.tables == {"2 players": [1, 0]}
    app = App(saves.storage)
    app.route("#/stats")
    app.click("reset", DOS)
    assert "Reset your Deck of Spies stats?" in app.render()
    app.click("confirm-yes", "")
    assert stats.load(app.ctx.saves, DOS).played == 0
    assert stats.load(app.ctx.saves, "espionage").played == 1


def test_damaged_stats_read_as_empty() -> None:
    storage = MemoryStorage()
    storage.set("spygames:stats:deck-of-spies", '{"played": "many", "recent": [1, {"won": 2}]}')
    record = stats.load(Saves(storage), DOS)
    assert record.played == 0 and len(record.recent) == 1 and record.recent[0].won is None


def test_ago() -> None:
    assert ago(100, 130) == "just now"
    assert ago(100, 100 + 7200) == "2 h ago"
    assert ago(100, 100 + 86400 * 1.5) == "yesterday"
    assert ago(100, 100 + 86400 * 3) == "3 days ago"


def test_copy_and_web_share_are_page_effects() -> None:
    app = App(MemoryStorage(), base_url="https://x.example/spygames/", can_share=True)
    app.route("#/deck-of-spies/deal/5")
    app.click("panel", "share")
    html = app.render()
    assert 'id="btn-copy"' in html and 'id="btn-webshare"' in html and "data-select" in html
    link = "https://x.example/spygames/#/play/" + links.encode(
        {**app.screen.state.record(), "actions": []}  # type: ignore[attr-defined]
    )
    app.click("copy", link)
    app.click("webshare", link)
    assert app.take_effects() == [("copy", link), ("share", link)]
    app.effect_done("copy", True)
    assert "Link copied" in app.render()
    plain = App(MemoryStorage())
    plain.route("#/espionage/deal/5")
    plain.submit("start", {"players": "2", "seat0-kind": "human", "seat1-kind": "easy"})
    plain.take_navigation()
    plain.click("share", "")
    html = plain.render()
    assert 'id="btn-copy"' in html and "btn-webshare" not in html
    assert 'id="deal-number"' in html  # Espionage has a deal box too


# -- engine versions ---------------------------------------------------------------------
def stored_slot(storage: MemoryStorage, slot_id: str, record: object, engine: str) -> None:
    data = {"id": slot_id, "engine": engine, "record": record, "summary": {"over": False}}
    storage.set(f"spygames:slot:{slot_id}", json.dumps(data))


def test_each_save_records_the_engine_version_and_how_often_it_was_written() -> None:
    storage = MemoryStorage()
    app = app_at("#/deck-of-spies/deal/5", storage)
    move(app, 2)
    slot_id = app.ctx.saves.current_id(DOS)
    data = json.loads(storage.data[f"spygames:slot:{slot_id}"])
    assert data["engine"] == spygames.__version__
    assert data["writes"] == 3  # the new game, then two moves


@pytest.mark.parametrize("writes", ["Infinity", "NaN", "1e999", '"7"', "true", "2.5"])
def test_a_strange_write_count_reads_as_none(writes: str) -> None:
    record = json.dumps(spygames.get_game(DOS).new(seed=1).record())
    slot = parse_slot("deck-of-spies-x", f'{{"writes": {writes}, "record": {record}}}')
    assert slot.writes == 0 and slot.problem is None


def test_a_save_from_another_version_that_still_replays_continues() -> None:
    played = spygames.get_game(DOS).new(seed=8)
    played.apply(played.legal_actions()[0])
    storage = MemoryStorage()
    stored_slot(storage, "deck-of-spies-old", played.record(), "0.0.1")
    storage.set("spygames:current:deck-of-spies", "deck-of-spies-old")
    app = app_at("#/deck-of-spies", storage)
    assert app.screen.state.record() == played.record()  # type: ignore[attr-defined]
    assert app.ctx.saves.take_messages() == []


def test_a_save_that_no_longer_replays_is_kept_told_and_offered_download_or_discard() -> None:
    """Issue 12 §4: never deleted silently; the player is told in plain words and offered
    to download or discard it; every other save stays loadable."""
    good = spygames.get_game(DOS).new(seed=8)
    good.apply(good.legal_actions()[0])
    stale = {**spygames.get_game(DOS).new(seed=9).record(), "actions": [{"type": "fly"}]}
    storage = MemoryStorage()
    stored_slot(storage, "deck-of-spies-good", good.record(), spygames.__version__)
    stored_slot(storage, "deck-of-spies-stale", stale, "0.0.1")
    stored_slot(storage, "deck-of-spies-broken", stale, spygames.__version__)
    stored_slot(storage, "deck-of-spies-future", stale, "99.0")
    storage.set("spygames:current:deck-of-spies", "deck-of-spies-stale")
    raw = dict(storage.data)
    app = app_at("#/deck-of-spies", storage)
    html = app.render()
    assert "could not be opened" in html and "older version of spygames (0.0.1)" in html
    assert "download it as a file or discard it" in html
    assert app.screen.state.actions == []  # type: ignore[attr-defined]  # a new game instead
    for key in [k for k in raw if k.startswith("spygames:slot:")]:  # all kept as they were
        assert storage.data[key] == raw[key]
    app.route("#/saves")
    html = app.render()
    assert html.count('data-act="discard"') == 3 and html.count('data-act="download-raw"') == 3
    assert "saved by an older version of spygames (0.0.1) and can&#x27;t be continued" in html
    assert "This save is damaged and can&#x27;t be continued" in html
    assert "newer version of spygames (99.0) and can&#x27;t be continued here (action 0" in html
    assert "reload the page to update spygames" in html
    app.click("discard", "deck-of-spies-stale")  # asks first
    assert app.ctx.confirming is not None and "Discard this save?" in app.render()
    app.click("confirm-no", "")
    assert "spygames:slot:deck-of-spies-stale" in storage.data
    app.click("discard", "deck-of-spies-stale")
    app.click("confirm-yes", "")
    assert "spygames:slot:deck-of-spies-stale" not in storage.data
    app.click("continue", "deck-of-spies-good")  # the good one beside it still plays
    app.route(app.ctx.goto or "")
    assert app.screen.state.record() == good.record()  # type: ignore[attr-defined]


# -- two tabs ----------------------------------------------------------------------------
class Browser:
    """Tabs sharing one storage, their channel messages and storage events delivered
    as the browser delivers them (to every tab but the sender)."""

    def __init__(self) -> None:
        self.storage = MemoryStorage()
        self.tabs: list[App] = []

    def open(self, route: str) -> App:
        tab = App(self.storage)
        self.tabs.append(tab)
        self.goto(tab, route)
        return tab

    def goto(self, tab: App, route: str) -> None:
        tab.route(route)
        while tab.ctx.goto is not None or tab.replace_hash is not None:
            target, _ = tab.take_navigation()
            if target is not None:
                tab.route(target)
        self.settle(tab)

    def settle(self, tab: App) -> None:
        """Render `tab`, then deliver its messages and storage writes to the others."""
        before = dict(self.storage.data)
        tab.render()
        queue = [(tab, m) for m in tab.take_posts()]
        changed = [k for k, v in self.storage.data.items() if before.get(k) != v]
        for other in self.tabs:
            if other is not tab:
                for key in changed:
                    other.storage_changed(key)
        while queue:
            sender, message = queue.pop(0)
            for other in self.tabs:
                if other is not sender:
                    other.tab_message(json.loads(json.dumps(message)))
                    queue += [(other, m) for m in other.take_posts()]

    def click(self, tab: App, act: str, arg: str = "") -> None:
        before = dict(self.storage.data)
        tab.click(act, arg)
        if tab.replace_hash is not None:
            tab.take_navigation()
        changed = [k for k, v in self.storage.data.items() if before.get(k) != v]
        for other in self.tabs:
            if other is not tab:
                for key in changed:
                    other.storage_changed(key)
        self.settle(tab)


def play_one(browser: Browser, tab: App) -> None:
    screen = tab.screen
    assert isinstance(screen, DeckOfSpiesTable)
    action = screen.state.legal_actions()[0]
    if action["type"] == "assassinate":
        browser.click(tab, "assassinate", action["ace"])
        return
    for card in action.get("cards", []):
        browser.click(tab, "pick", card)
    browser.click(tab, action["type"])


def saved_actions(browser: Browser) -> int:
    saves = Saves(browser.storage)
    slot = saves.current(DOS)
    assert slot is not None and slot.record is not None
    return len(slot.record["actions"])


def test_a_second_tab_of_the_same_game_says_so_and_can_take_over() -> None:
    browser = Browser()
    first = browser.open("#/deck-of-spies/deal/5")
    play_one(browser, first)
    play_one(browser, first)
    second = browser.open("#/deck-of-spies")  # the same game, resumed
    assert second.away and not first.away
    html = second.render()
    assert "This game is open in another tab" in html and 'class="dos' not in html
    assert second.pending_delay() is None
    browser.click(second, "end_turn")  # the table is set aside: nothing happens
    assert not second.key("e") and second.screen.state.actions == first.screen.state.actions  # type: ignore[attr-defined]
    assert saved_actions(browser) == 2
    play_one(browser, first)  # the first tab plays on and saves
    assert saved_actions(browser) == 3
    browser.click(second, "take-over")  # loads the newest position, the first steps back
    assert not second.away and first.away
    assert len(second.screen.state.actions) == 3  # type: ignore[attr-defined]
    assert "This game is open in another tab" in first.render()
    play_one(browser, second)
    assert saved_actions(browser) == 4
    browser.click(first, "end_turn")
    assert saved_actions(browser) == 4
    browser.click(first, "take-over")
    assert len(first.screen.state.actions) == 4  # type: ignore[attr-defined]
    assert second.away


def test_a_tab_never_writes_an_older_position_over_a_newer_one() -> None:
    """Without any message between the tabs (no BroadcastChannel, a lost storage event)
    the write counter in the slot still stops the stale tab."""
    storage = MemoryStorage()
    first = app_at("#/deck-of-spies/deal/5", storage)
    move(first, 1)
    second = app_at("#/deck-of-spies", storage)
    move(second, 2)  # the newer position: 3 moves
    newest = Saves(storage).current(DOS)
    assert newest is not None and newest.moves == 3
    move(first, 1)  # the stale tab's move is refused by the store...
    assert storage.data[f"spygames:slot:{newest.id}"] == newest.raw
    assert first.away  # ...and its table is set aside, saying so
    assert "This game is open in another tab" in first.render()


def test_another_tab_writing_this_game_sets_the_table_aside() -> None:
    browser = Browser()
    first = browser.open("#/deck-of-spies/deal/5")
    play_one(browser, first)
    second = App(browser.storage)  # a tab that does not hear the channel
    second.route("#/deck-of-spies")
    move(second, 1)
    first.storage_changed(f"spygames:slot:{first.playing}")
    assert first.away
    assert not first.storage_changed("spygames:pref:four-colour")
    assert not second.tab_message({"kind": "take", "slot": "nope", "tab": "x"})
    assert not second.tab_message("not a message")


def test_pruning_finished_games_keeps_every_game_in_progress_and_the_current_ones() -> None:
    """Old finished games make room (the newest KEEP_FINISHED stay, the exact number);
    a game in progress is never dropped, even one no table has open, nor a game's
    current slot, even a finished one, nor a damaged save."""
    storage = MemoryStorage()
    saves = Saves(storage, clock=Clock())
    dos, esp = spygames.get_game(DOS), spygames.get_game("espionage")
    over = {"over": True, "outcome": {"won": False, "score": 1}}

    def playing(game: spygames.Game, seed: int, players: int = 1) -> dict[str, object]:
        state = game.new(seed=seed, players=players)
        state.apply(state.legal_actions()[0])
        return state.record()

    aside = saves.start(playing(dos, 100), {"over": False})  # left when a new game began
    spy = saves.start(playing(esp, 101, 3), {"over": False})  # another game's, in progress
    storage.set(SLOT + "deck-of-spies-damaged", "{half a save")
    finished = [saves.start(dos.new(seed=s).record(), over) for s in range(KEEP_FINISHED + 1)]
    assert saves.current_id(DOS) == finished[-1] and saves.slot(aside) is not None
    assert not saves._prune_finished()  # KEEP_FINISHED besides the current: none goes
    assert all(saves.slot(slot) is not None for slot in finished)
    latest = saves.start(dos.new(seed=50).record(), over)  # one more finished: the oldest goes
    saves.save(latest, dos.new(seed=50).record(), over)
    assert saves.slot(finished[0]) is None
    assert all(saves.slot(slot) is not None for slot in finished[1:])
    storage.set(CURRENT + DOS, finished[5])  # a finished current slot (its end screen)
    assert saves._prune_finished(keep=0)  # full storage: every other finished game goes
    assert {s.id for s in saves.slots() if s.over} == {finished[5]}
    assert saves.slot(aside) is not None and saves.slot(spy) is not None
    assert storage.get(SLOT + "deck-of-spies-damaged") == "{half a save"


def test_the_import_question_says_which_copy_is_newer() -> None:
    """The file's copy or the one here: by when each was last saved, then by moves."""
    storage, clock = MemoryStorage(), Clock()
    app = app_at("#/deck-of-spies/deal/5", storage)
    app.ctx.saves.clock = clock
    move(app)
    app.route("#/saves")
    app.click("export-all", "")
    [(_, name, early)] = app.take_effects()
    app.route("#/deck-of-spies")
    clock.now += 7200
    move(app, 2)
    app.route("#/saves")
    app.click("export-all", "")
    [(_, _, late)] = app.take_effects()
    app.submit("import", {"name": name, "text": early})  # older than the game here
    html = app.render()
    assert "The copy here is newer (file: 1 move, saved 2 h ago; here: 3 moves, saved" in html
    app.click("confirm-yes", "")  # now the game here is the early one...
    app.submit("import", {"name": name, "text": late})  # ...and the file's is newer
    assert "The file&#x27;s copy is newer (file: 3 moves, saved just now; here: 1 move" in (
        app.render()
    )


@pytest.mark.parametrize(
    ("file", "here", "says"),
    [
        ((10.0, 2), (20.0, 5), "The copy here is newer"),
        ((30.0, 2), (20.0, 5), "The file's copy is newer"),  # the date decides first
        ((0.0, 6), (20.0, 5), "The file's copy is newer"),  # no date: the moves
        ((20.0, 5), (20.0, 5), "Neither copy is newer"),
    ],
)
def test_which_copy_is_newer(file: tuple[float, int], here: tuple[float, int], says: str) -> None:
    from spyweb.browser.store import Slot
    from spyweb.screens.saved import which_is_newer

    def slot(updated: float, moves: int) -> Slot:
        state = spygames.get_game(DOS).new(seed=5)
        for _ in range(moves):
            state.apply(state.legal_actions()[0])
        return Slot("deck-of-spies-x", DOS, "", record=state.record(), updated=updated)

    assert which_is_newer(slot(*file), slot(*here), 100.0).startswith(says)


def test_a_guided_game_in_one_tab_is_set_aside_when_another_tab_plays_it() -> None:
    """The guided game is an ordinary slot (`spyweb.screens.guide`): the tabs guard it as they
    guard a table, so two tabs never write it in turn over each other."""
    browser = Browser()
    first = browser.open("#/deck-of-spies/learn")
    browser.click(first, "guide-skip")
    assert first.playing is not None
    second = browser.open("#/deck-of-spies")  # the same game, resumed at its table
    assert second.away and not first.away
    browser.click(second, "take-over")
    assert first.away and "This game is open in another tab" in first.render()
    play_one(browser, second)
    assert saved_actions(browser) == 2
    browser.click(first, "guide-skip")  # set aside: the guide plays nothing
    assert saved_actions(browser) == 2
    browser.click(first, "take-over")  # back to the guide, at the newest position
    assert not first.away and first.hash == "#/deck-of-spies/learn"
    assert len(first.screen.table.state.actions) == 2  # type: ignore[attr-defined]


def test_the_saved_games_list_speaks_the_language_in_use_not_the_one_saved_in() -> None:
    """Issue 49: a game saved in English is listed in French once the player reads French
    (its summary kept as what its words are made of, said when read), and an older save's
    plain words, or a tampered field, still list the game."""
    storage = MemoryStorage()
    app = app_at("#/espionage/deal/12", storage)
    app.submit(
        "start", {"players": "2", "seat0-name": "You", "seat0-kind": "human", "seat1-kind": "hard"}
    )
    table = app.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    while table.pending_delay() is not None:
        table.tick()
    assert table.play_for(table.state.to_play[0], table.state.legal_actions()[0]) is None
    app.route("#/saves")
    assert "Round 1" in app.render() and "You, " in app.render()
    try:
        i18n.use("fr")
        html = app_at("#/saves", storage).render()
    finally:
        i18n.use(i18n.ENGLISH)
    assert "Manche 1" in html and "Round 1" not in html
    assert "Vous, " in html and "(difficile)" in html and "You, " not in html
    (key,) = [k for k in storage.list_keys() if k.startswith(SLOT)]
    stored = json.loads(storage.get(key) or "")
    stored["summary"]["progress"] = "Round 4"  # as an older version kept it
    stored["summary"]["players"] = {"i18n": ["x"], "args": {}}  # tampered
    storage.set(key, json.dumps(stored))
    html = app_at("#/saves", storage).render()
    assert "Round 4" in html and "Espionage" in html
