"""The store's contract, value by value: what a stored slot reads as (every field, every
kind of damage), the words a player gets, the write counts that keep two tabs apart, a
full storage, the 0.1 saves it migrates. `make mutate` measures how much of it the tests
pin (docs/testing.md); the page-level stories are in test_web_saves.py."""

from __future__ import annotations

import json
from typing import Any

import pytest
from spyweb.browser import store
from spyweb.browser.slots import (
    Slot,
    as_count,
    as_number,
    new_slot_id,
    parse_slot,
    record_problem,
    said,
    version_problem,
)
from spyweb.browser.store import (
    CURRENT,
    FULL,
    KEPT,
    KEPT_PREF,
    REFUSED,
    SLOT,
    MemoryStorage,
    Saves,
    StorageFull,
)

import spygames

DOS = "deck-of-spies"
ID = "deck-of-spies-0a1b2c3d4e"
VERSION = spygames.__version__


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def played(moves: int, seed: int = 1) -> dict[str, Any]:
    state = spygames.get_game(DOS).new(seed=seed)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return state.record()


def finished() -> dict[str, Any]:
    state = spygames.get_game(DOS).new(seed=3)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    return state.record()


def stored(**fields: Any) -> str:
    data = {"id": ID, "game": DOS, "created": 5.0, "updated": 9.0, "engine": VERSION}
    data |= {"writes": 4, "record": played(2), "summary": {"over": False}, "counted": False}
    data.update(fields)
    return json.dumps(data)


# -- reading a slot ----------------------------------------------------------------------
def test_a_slot_reads_back_every_field_it_was_stored_with() -> None:
    raw = stored(counted=True, summary={"over": True, "progress": "2 moves"})
    assert parse_slot(ID, raw) == Slot(
        ID, DOS, raw, record=played(2), summary={"over": True, "progress": "2 moves"},
        created=5.0, updated=9.0, counted=True, engine=VERSION, writes=4,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ("{half a save", "The saved data is damaged and can't be read."),
        ("[" * 100_000, "The saved data is damaged and can't be read."),
        ("[1, 2]", "The saved data holds no game."),
        ('{"record": 5}', "The saved data holds no game."),
        ("{}", "The saved data holds no game."),
    ],
)
def test_unreadable_data_is_a_damaged_slot_of_the_game_its_id_names(raw: str, problem: str) -> None:
    """The id is `<game>-<hex>` and a game id holds dashes: the game is all but the last
    part."""
    assert parse_slot(ID, raw) == Slot(ID, DOS, raw, problem=problem)


def test_odd_fields_read_as_their_defaults() -> None:
    record = played(1)
    del record["game"]  # then the game comes from the id; the record does not replay
    raw = stored(record=record, summary=[1], created="5", updated=float("inf"), writes=1.5,
                 counted="yes", engine=7)  # fmt: skip
    slot = parse_slot(ID, raw)
    assert (slot.game, slot.summary, slot.created, slot.updated, slot.writes) == (DOS, {}, 0, 0, 0)
    assert (slot.counted, slot.engine, slot.record) == (False, "", record)
    assert slot.reason == "the record has no game"
    assert slot.problem == "This save is damaged and can't be continued (the record has no game)."


def test_a_slot_that_replays_has_no_problem_and_the_game_of_its_record() -> None:
    raw = stored(record=played(1))
    slot = parse_slot("espionage-0000000000", raw)  # the record, not the id, names the game
    assert (slot.game, slot.problem, slot.reason) == (DOS, None, None)


@pytest.mark.parametrize(
    ("engine", "says"),
    [
        ("", "This save is damaged and can't be continued (why)."),
        (VERSION, "This save is damaged and can't be continued (why)."),
        ("dev", "This save is damaged and can't be continued (why)."),
        ("0.01.0", "This save is damaged and can't be continued (why)."),  # 0.1.0 again
        ("0.0.9", "It was saved by an older version of spygames (0.0.9) and can't be "
                  "continued (why)."),
        ("0.1", "It was saved by an older version of spygames (0.1) and can't be continued "
                "(why)."),
        ("0.10.0", "It was saved by a newer version of spygames (0.10.0) and can't be "
                   "continued here (why); reload the page to update spygames."),
    ],
)  # fmt: skip
def test_why_a_save_cannot_be_continued_names_who_stored_it(engine: str, says: str) -> None:
    assert VERSION == "0.1.0"  # the cases are written around it
    assert version_problem(engine, "why") == says


def test_a_record_problem_in_words() -> None:
    assert record_problem(None) == "it holds no game record"
    assert record_problem(played(1), DOS) is None and record_problem(played(1)) is None
    assert record_problem(played(1), "espionage") == (
        "it is a record of 'deck-of-spies', not of espionage"
    )
    assert record_problem({"game": "spynet"}, "espionage") == (
        "it is a record of 'spynet', not of espionage"
    )
    assert record_problem({**played(1), "seed": -1}) == (
        f"the seed must be a whole number from 0 to {2**63 - 1}"
    )


@pytest.mark.parametrize(
    ("value", "number"),
    [(5, 5.0), (2.5, 2.5), (True, 0.0), ("5", 0.0), (None, 0.0), (10**400, 0.0),
     (float("nan"), 0.0), (float("-inf"), 0.0), (-3, -3.0)],
)  # fmt: skip
def test_a_stored_date_is_a_finite_number_or_zero(value: Any, number: float) -> None:
    assert as_number(value) == number and isinstance(as_number(value), float)


@pytest.mark.parametrize(("value", "n"), [(3, 3), (0, 0), (True, 0), (2.0, 0), ("2", 0)])
def test_a_stored_count_is_a_whole_number_or_zero(value: Any, n: int) -> None:
    assert as_count(value) == n


def test_a_slot_is_stored_with_this_engine_version_and_an_empty_summary_at_least() -> None:
    slot = Slot(ID, DOS, "", record={"a": 1}, created=1.0, updated=2.0, counted=True, writes=3)
    assert slot.data() == {
        "id": ID, "game": DOS, "created": 1.0, "updated": 2.0, "engine": VERSION,
        "writes": 3, "record": {"a": 1}, "summary": {}, "counted": True,
    }  # fmt: skip


def test_a_new_slot_id_is_the_game_and_ten_hex_digits() -> None:
    ids = {new_slot_id(DOS) for _ in range(50)}
    assert len(ids) == 50
    for slot_id in ids:
        game, _, tail = slot_id.rpartition("-")
        assert game == DOS and len(tail) == 10 and int(tail, 16) >= 0


# -- a storage with a limit --------------------------------------------------------------
def test_a_memory_storage_holds_exactly_its_limit() -> None:
    storage = MemoryStorage(limit=10)
    storage.set("ab", "cdefghij")  # 10 characters: just fits
    storage.set("ab", "cdefghij")  # rewriting a key does not count it twice
    with pytest.raises(StorageFull) as refused:
        storage.set("k", "")  # one more character
    assert refused.value.args == ("k",)
    storage.remove("nothing there")
    storage.remove("ab")
    assert storage.list_keys() == [] and storage.get("ab") is None


# -- saves -------------------------------------------------------------------------------
def saves_with(storage: MemoryStorage | None = None) -> Saves:
    return Saves(storage if storage is not None else MemoryStorage(), clock=Clock())


def test_the_words_for_where_nothing_lasts() -> None:
    saves = saves_with()
    assert saves.fleeting == (
        "Nothing is saved in an embedded game: the one you are playing will be gone."
    )
    assert saves.lasting and saves.failing is None


def test_a_new_game_gets_a_slot_stamped_by_the_clock() -> None:
    saves = saves_with()
    slot_id = saves.start(played(0), {"over": False})
    slot = saves.slot(slot_id)
    assert slot is not None and slot_id.startswith(DOS + "-")
    assert (slot.created, slot.updated, slot.writes, slot.counted) == (1001.0, 1002.0, 1, False)
    assert saves.held == {slot_id: 1} and saves.current_id(DOS) == slot_id
    assert json.loads(saves.storage.get(SLOT + slot_id) or "")["engine"] == VERSION
    assert slot.raw == saves.storage.get(SLOT + slot_id)
    assert ", " not in slot.raw and '": ' not in slot.raw  # stored compact
    record = played(1)
    assert saves.save(slot_id, record, {"over": False})
    again = saves.slot(slot_id)
    assert again is not None and again.record is record  # kept as written, not read back


def test_a_new_game_over_one_in_progress_keeps_it_and_says_so_unless_told_not_to() -> None:
    saves = saves_with()
    first = saves.start(played(2), {"over": False})
    second = saves.start(played(0), {"over": False})
    assert saves.take_messages() == [KEPT] and saves.take_messages() == []
    assert saves.slot(first) is not None and saves.current_id(DOS) == second
    untouched = saves.start(played(1), {"over": False})  # `second` had no move: dropped
    assert saves.slot(second) is None and saves.take_messages() == []
    saves.set_pref(KEPT_PREF, "1")
    saves.start(played(0), {"over": False})
    assert saves.take_messages() == [] and saves.slot(untouched) is not None
    quiet = saves_with()
    quiet.lasting = False  # an embed: nothing to keep the player told about
    quiet.start(played(2), {"over": False})
    quiet.start(played(0), {"over": False})
    assert quiet.take_messages() == []
    done = saves_with()
    over = done.start(finished(), {"over": True})
    done.start(played(0), {"over": False})  # a finished game is no game in progress
    assert done.take_messages() == [] and done.slot(over) is not None


def test_saving_counts_writes_keeps_the_start_and_counts_the_end_once() -> None:
    saves = saves_with()
    ended: list[str] = []
    saves.on_finish = lambda slot: ended.append(slot.id)
    slot_id = saves.start(played(0), {"over": False})
    assert saves.save(slot_id, played(1), {"over": False})
    slot = saves.slot(slot_id)
    assert slot is not None and (slot.writes, slot.created, slot.counted) == (2, 1001.0, False)
    assert saves.save(slot_id, finished(), {"over": True}) and ended == [slot_id]
    assert saves.save(slot_id, finished(), {"over": True}) and ended == [slot_id]
    slot = saves.slot(slot_id)
    assert slot is not None and (slot.writes, slot.counted) == (4, True)
    assert saves.held[slot_id] == 4
    fresh = saves_with()
    assert fresh.save("deck-of-spies-1111111111", played(1), {"over": False})
    made = fresh.slot("deck-of-spies-1111111111")
    assert made is not None and (made.writes, made.created, made.updated) == (1, 1001.0, 1002.0)


def test_a_damaged_slot_saved_over_is_not_taken_as_counted() -> None:
    storage = MemoryStorage()
    storage.set(SLOT + ID, stored(record={"game": DOS}, counted=True))
    saves = saves_with(storage)
    ended: list[str] = []
    saves.on_finish = lambda slot: ended.append(slot.id)
    assert saves.save(ID, finished(), {"over": True})
    slot = saves.slot(ID)
    assert slot is not None and slot.counted and slot.writes == 5
    assert ended == [ID]  # its end is counted now: the damaged copy's mark meant nothing


def test_another_tabs_write_sets_the_slot_elsewhere_until_taken_over() -> None:
    storage = MemoryStorage()
    mine, theirs = saves_with(storage), saves_with(storage)
    slot_id = mine.start(played(0), {"over": False})
    assert theirs.resume(DOS) is not None and theirs.save(slot_id, played(1), {"over": False})
    assert not mine.save(slot_id, played(2), {"over": False})
    assert mine.elsewhere == {slot_id}
    assert not mine.save(slot_id, played(2), {"over": False})  # still set aside
    mine.take_over(slot_id)
    assert mine.elsewhere == set() and slot_id not in mine.held
    mine.take_over(slot_id)  # twice, or for a slot it never held: nothing to undo
    assert mine.save(slot_id, played(2), {"over": False})


def test_resuming_replays_the_current_slot_and_notes_its_write_count() -> None:
    storage = MemoryStorage()
    storage.set(SLOT + ID, stored())
    storage.set(CURRENT + DOS, ID)
    saves = saves_with(storage)
    assert saves.has(DOS)
    resumed = saves.resume(DOS)
    assert resumed is not None and resumed[0] == ID and resumed[1].record() == played(2)
    assert saves.held == {ID: 4} and saves.take_messages() == []
    assert saves.resume("espionage") is None


@pytest.mark.parametrize(
    ("raw", "detail"),
    [
        ("{half", "The saved data is damaged and can't be read."),
        (stored(record=played(1, seed=2) | {"game": "espionage"}),
         "This save is damaged and can't be continued (Espionage is for 2–4 players, not 1)."),
        (stored(record=spygames.get_game("espionage").new(seed=1, players=2).record()),
         "It is a record of another game."),
    ],
)  # fmt: skip
def test_a_current_slot_that_cannot_open_is_reported_and_left_in_place(
    raw: str, detail: str
) -> None:
    storage = MemoryStorage()
    storage.set(SLOT + ID, raw)
    storage.set(CURRENT + DOS, ID)
    saves = saves_with(storage)
    assert not saves.has(DOS)
    assert saves.resume(DOS) is None
    message = (
        "Your saved game could not be opened. It stays under Saved games, where you can "
        "download it as a file or discard it. A new game has started."
    )
    details = saves.take_details()
    assert saves.take_messages() == [message] and list(details) == [message]
    assert details[message].startswith(detail)
    assert storage.get(CURRENT + DOS) is None and storage.get(SLOT + ID) == raw
    storage.set(CURRENT + DOS, ID)
    assert saves.resume(DOS, instead="") is None
    assert saves.take_messages() == [message.removesuffix(" A new game has started.")]


def test_a_finished_current_game_is_nothing_to_continue() -> None:
    storage = MemoryStorage()
    storage.set(SLOT + ID, stored(summary={"over": True}))
    storage.set(CURRENT + DOS, ID)
    assert not saves_with(storage).has(DOS)


def test_make_current_delete_and_put() -> None:
    storage = MemoryStorage()
    storage.set(SLOT + ID, stored())
    storage.set(SLOT + "deck-of-spies-dddddddddd", "{half")
    saves = saves_with(storage)
    assert not saves.make_current("deck-of-spies-none") and storage.get(CURRENT + DOS) is None
    assert not saves.make_current("deck-of-spies-dddddddddd")
    assert saves.make_current(ID) and storage.get(CURRENT + DOS) == ID
    saves.delete("deck-of-spies-dddddddddd")  # not the current one: the current stays
    assert storage.get(CURRENT + DOS) == ID
    saves.delete(ID)
    assert storage.get(SLOT + ID) is None and storage.get(CURRENT + DOS) is None
    imported = parse_slot(ID, stored(updated=77.0))
    assert saves.put(imported)
    back = saves.slot(ID)
    assert back is not None and (back.writes, back.updated) == (1, 77.0)
    assert storage.get(CURRENT + DOS) == ID  # the game had no current one
    again = parse_slot(ID, stored())
    assert saves.put(again) and again.writes == 2
    other = parse_slot("deck-of-spies-eeeeeeeeee", stored(id="deck-of-spies-eeeeeeeeee"))
    assert saves.put(other) and storage.get(CURRENT + DOS) == ID  # one in progress stays
    done = parse_slot("deck-of-spies-ffffffffff", stored(summary={"over": True}))
    storage.remove(CURRENT + DOS)
    assert saves.put(done) and storage.get(CURRENT + DOS) is None  # a finished one is not


def test_a_full_storage_drops_old_finished_games_to_make_room_else_says_so() -> None:
    storage = MemoryStorage()
    saves = saves_with(storage)
    old = saves.start(finished(), {"over": True})
    playing = saves.start(played(1), {"over": False})
    storage.limit = sum(len(k) + len(v) for k, v in storage.data.items()) + 10
    assert saves.save(playing, played(2), {"over": False})  # the finished game went
    assert saves.slot(old) is None and saves.failing is None
    kept = saves.slot(playing)
    assert kept is not None and kept.updated == 1005.0  # stamped once, not again on the retry
    storage.limit = sum(len(k) + len(v) for k, v in storage.data.items()) + 5
    assert not saves.save(playing, played(30), {"over": False})  # nothing left to drop
    assert saves.failing == FULL
    assert saves.slot(playing) is not None and saves.slot(playing).moves == 2  # type: ignore[union-attr]
    storage.limit = None
    assert saves.save(playing, played(3), {"over": False}) and saves.failing is None


def test_a_storage_that_refuses_everything_is_told_apart_from_a_full_one() -> None:
    class Refusing(MemoryStorage):
        def set(self, key: str, value: str) -> None:
            raise PermissionError("private mode")

    saves = saves_with(Refusing())
    slot_id = saves.start(played(1), {"over": False})
    assert saves.failing == REFUSED and slot_id not in saves.held
    assert not saves.save(slot_id, played(2), {"over": False})
    assert not saves.put(parse_slot(ID, stored()))
    saves.set_pref("x", "1")
    assert saves.take_messages() == ["Your browser's storage is full; a setting could not be kept."]
    assert saves.pref("x") == "" and saves.pref("x", "no") == "no"


def test_preferences() -> None:
    saves = saves_with()
    assert saves.pref("colour") == "" and saves.pref("colour", "red") == "red"
    saves.set_pref("colour", "blue")
    assert saves.pref("colour", "red") == "blue"
    assert saves.storage.get("spygames:pref:colour") == "blue"
    assert saves.set_quietly("spygames:pref:x", "") and saves.pref("x", "d") == ""
    assert saves.take_messages() == []


# -- the saves of 0.1 --------------------------------------------------------------------
def test_old_saves_become_slots() -> None:
    storage = MemoryStorage()
    storage.set("spygames:save:deck-of-spies", json.dumps(played(3)))
    storage.set("spygames:corrupt:espionage", "{not json")
    saves = saves_with(storage)
    assert not [k for k in storage.list_keys() if k.startswith(store.LEGACY)]
    slot = saves.current(DOS)
    assert slot is not None and slot.problem is None and slot.record == played(3)
    assert slot.summary == {"over": False, "progress": "3 moves"}
    assert (slot.counted, slot.created, slot.updated) == (False, 1001.0, 1001.0)
    assert said(json.loads(slot.raw)["summary"]) == slot.summary and "\n" not in slot.raw
    assert ", " not in slot.raw  # stored compact, as every slot is
    assert saves.current_id("espionage") is None  # a corrupt one is no current game
    (damaged,) = [s for s in saves.slots() if s.game == "espionage"]
    assert damaged.raw == "{not json" and damaged.problem is not None


def test_an_old_finished_save_is_counted_and_a_foreign_one_kept_as_it_is() -> None:
    storage = MemoryStorage()
    storage.set("spygames:save:deck-of-spies", json.dumps(finished()))
    storage.set("spygames:save:espionage", json.dumps(played(1)))  # not an Espionage record
    saves = saves_with(storage)
    slot = saves.current(DOS)
    assert slot is not None and slot.counted and slot.summary is not None
    assert slot.summary["over"] is True
    wrong = saves.current("espionage")
    assert wrong is not None and wrong.summary == {} and not wrong.counted
    assert wrong.record == played(1) and wrong.game == DOS  # its record says so


def test_an_old_save_that_does_not_fit_does_not_stop_the_next() -> None:
    storage = MemoryStorage()
    storage.set("spygames:corrupt:deck-of-spies", "x" * 5000)
    storage.set("spygames:corrupt:espionage", "{}")
    storage.limit = sum(len(k) + len(v) for k, v in storage.data.items()) + 200
    saves = saves_with(storage)
    assert storage.get("spygames:corrupt:deck-of-spies") is not None  # too big to copy
    assert storage.get("spygames:corrupt:espionage") is None  # the next one moved
    assert [s.game for s in saves.slots()] == ["espionage"]


def test_old_saves_stay_where_they_are_when_the_storage_is_full() -> None:
    storage = MemoryStorage()
    storage.set("spygames:save:deck-of-spies", json.dumps(played(1)))
    storage.set("spygames:save:espionage", "{}")
    storage.limit = sum(len(k) + len(v) for k, v in storage.data.items())
    saves = saves_with(storage)
    assert storage.get("spygames:save:deck-of-spies") is not None
    assert storage.get("spygames:save:espionage") is not None  # every one is tried
    assert saves.slots() == []
