"""Games are never lost: slots, questions before leaving a game, Saved games, export and
import, and the stats that count each finished game once. Driven as the page drives it."""

from __future__ import annotations

import json

import pytest
from spyweb import links, stats, transfer
from spyweb.app import App
from spyweb.deck_of_spies.table import DeckOfSpiesTable
from spyweb.espionage.table import EspionageTable
from spyweb.saved import SavedGamesScreen, StatsScreen, ago, chart
from spyweb.store import MemoryStorage, Saves, StorageFull

import spygames

DOS = "deck-of-spies"


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def app_at(route: str, storage: MemoryStorage | None = None) -> App:
    app = App(storage if storage is not None else MemoryStorage())
    app.route(route)
    app.take_navigation()
    return app


def move(app: App, n: int = 1) -> None:
    """Make `n` legal moves on the Deck of Spies table through its own buttons."""
    screen = app.screen
    assert isinstance(screen, DeckOfSpiesTable)
    for _ in range(n):
        action = screen.state.legal_actions()[0]
        if action["type"] == "assassinate":
            app.click("assassinate", action["ace"])
            continue
        for card in action.get("cards", []):
            app.click("pick", card)
        app.click(action["type"], "")


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


def test_a_full_storage_says_so_once_then_frees_room_from_old_finished_games() -> None:
    state = spygames.get_game(DOS).new(seed=3)
    full = Saves(MemoryStorage(limit=50))
    slot = full.start(state.record(), {"over": False})
    assert not full.save(slot, state.record(), {"over": False})
    assert [m for m in full.take_messages() if "storage is full" in m] != []
    assert not full.save(slot, state.record(), {"over": False})
    assert full.take_messages() == []  # not again on every move
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
    assert "Damaged saves" in html
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
