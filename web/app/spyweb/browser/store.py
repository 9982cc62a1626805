"""Saves in the browser's storage: every game in its own slot, which slot each table
resumes, the finished games kept for the record, and small preferences.

Keys, all under `spygames:`:
  `slot:<id>`       one game: `{"id", "game", "created", "updated", "engine", "writes",
                    "record", "summary", "counted", "bots"}` (the record is the
                    engine's save format, `engine` the spygames version that wrote it,
                    `writes` how many times it was written, `bots` the key the game's
                    bots are seeded from: see `spyweb.tables.deals.new_bots_key`)
  `current:<game>`  the slot the game's table resumes
  `pref:<name>`     a preference;  `stats:<game>` the player's record (see stats.py)

Nothing here destroys a game in progress: a new or shared game gets a new slot and the
old one stays listed under Saved games; only a game with no move made yet is dropped
when another replaces it. A slot that no longer replays is never deleted silently:
it stays, reported once and listed as damaged, until the player downloads or deletes it.

Another tab may play the same slot. Each tab remembers the `writes` count it last read
or wrote for the slots it plays; a save that finds another count in storage is refused
(the slot goes into `elsewhere`), so an older position never overwrites a newer one.

The storage is injected (localStorage in the page, a dict in tests), so every path —
a corrupt save, a full storage — is tested on CPython and never crashes the page.
"""

from __future__ import annotations

import json
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import spygames
from spygames.words import count

PREFIX = "spygames:"
SLOT = PREFIX + "slot:"
CURRENT = PREFIX + "current:"
REVIEW = PREFIX + "review:"  # a finished game's kept review: review:<slot>:<seat> (reviews.py)
LEGACY = (PREFIX + "save:", PREFIX + "corrupt:")  # the one-save-per-game keys of 0.1
KEEP_FINISHED = 20
FULL = "browser storage is full"  # why saving fails, as the table's notice says it
REFUSED = "this browser does not let the page store anything"
KEPT = "Your other game is kept under Saved games — continue it from there."
KEPT_PREF = "hide-kept-notice"  # "1" once the player chose "Don't show again" for KEPT
Summary = dict[str, Any]


class StorageFull(Exception):
    """The browser refused to store more (quota exceeded)."""


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...
    def list_keys(self) -> list[str]: ...


class MemoryStorage:
    """A dict-backed Storage with an optional size limit (to test a full storage)."""

    def __init__(self, limit: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.limit = limit

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if self.limit is not None and used + len(key) + len(value) > self.limit:
            raise StorageFull(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def list_keys(self) -> list[str]:
        return list(self.data)


@dataclass
class Slot:
    """One stored game as the Saved games list shows it. `problem` says in a player's
    words why a damaged slot cannot be played (then `record` may be None and `raw` is
    what is stored)."""

    id: str
    game: str
    raw: str
    record: dict[str, Any] | None = None
    summary: Summary | None = None
    created: float = 0.0
    updated: float = 0.0
    counted: bool = False
    problem: str | None = None
    reason: str | None = None  # the engine's own words for a damaged slot
    engine: str = ""  # the spygames version that stored it ("" when unknown)
    writes: int = 0
    bots: int | None = None  # the key of the game's bots' seeds (None: not kept yet)

    @property
    def over(self) -> bool:
        return bool((self.summary or {}).get("over"))

    @property
    def moves(self) -> int:
        return len(self.record["actions"]) if self.record else 0

    @property
    def in_progress(self) -> bool:
        """A game a player could lose: readable, not finished, at least one move made."""
        return self.problem is None and not self.over and self.moves > 0

    def data(self) -> dict[str, Any]:
        """The stored JSON form (the export format's entries)."""
        return {
            "id": self.id,
            "game": self.game,
            "created": self.created,
            "updated": self.updated,
            "engine": spygames.__version__,
            "writes": self.writes,
            "record": self.record,
            "summary": self.summary or {},
            "counted": self.counted,
            **({} if self.bots is None else {"bots": self.bots}),
        }


def new_slot_id(game_id: str) -> str:
    return f"{game_id}-{secrets.token_hex(5)}"


def record_problem(record: Any, game_id: str | None = None) -> str | None:
    """None when `record` replays (as a game of `game_id`, if given), else why not."""
    if not isinstance(record, dict):
        return "it holds no game record"
    if game_id is not None and record.get("game") != game_id:
        return f"it is a record of {record.get('game')!r}, not of {game_id}"
    try:
        spygames.replay(record)
    except (spygames.SpyGamesError, RecursionError) as exc:
        return str(exc)
    return None


def parse_slot(slot_id: str, raw: str) -> Slot:
    """A stored slot, with `problem` set when it cannot be played (never raises)."""
    game = slot_id.rsplit("-", 1)[0]
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return Slot(slot_id, game, raw, problem="The saved data is damaged and can't be read.")
    if not isinstance(data, dict) or not isinstance(data.get("record"), dict):
        return Slot(slot_id, game, raw, problem="The saved data holds no game.")
    record = data["record"]
    summary = data.get("summary")
    engine = data.get("engine")
    slot = Slot(
        slot_id,
        str(record.get("game", game)),
        raw,
        record=record,
        summary=summary if isinstance(summary, dict) else {},
        created=as_number(data.get("created")),
        updated=as_number(data.get("updated")),
        counted=data.get("counted") is True,
        engine=engine if isinstance(engine, str) else "",
        writes=as_count(data.get("writes")),
        bots=as_key(data.get("bots")),
    )
    slot.reason = record_problem(record)
    if slot.reason is not None:
        slot.problem = version_problem(slot.engine, slot.reason)
    return slot


def version_key(version: str) -> tuple[int, ...] | None:
    """`"0.10.2"` -> (0, 10, 2); None when it is not a plain dotted version."""
    parts = version.split(".")
    return tuple(int(p) for p in parts) if all(p.isdigit() for p in parts) else None


def version_problem(engine: str, reason: str) -> str:
    """Why a save that no longer replays can't be continued, by who stored it, with
    the engine's own reason after it."""
    ours, theirs = version_key(spygames.__version__), version_key(engine)
    if ours is None or theirs is None or theirs == ours:  # "" and "dev" read as None
        return f"This save is damaged and can't be continued ({reason})."
    if theirs < ours:
        return (
            f"It was saved by an older version of spygames ({engine}) "
            f"and can't be continued ({reason})."
        )
    return (
        f"It was saved by a newer version of spygames ({engine}) and can't be continued "
        f"here ({reason}); reload the page to update spygames."
    )


def as_number(value: Any) -> float:
    """A stored date as a number; 0 for anything else (a huge int, NaN, text)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return 0.0
    try:
        number = float(value)
    except OverflowError:
        return 0.0
    return number if math.isfinite(number) else 0.0


def as_count(value: Any) -> int:
    """A stored count; 0 for anything else (a float, `Infinity`, text)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def as_key(value: Any) -> int | None:
    """A stored bots' key (a whole number below `BOTS_KEYS`), else None (a new one is
    drawn: the game's bots then think differently; its moves are the record's)."""
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < BOTS_KEYS
    return value if ok else None


BOTS_KEYS = 2**53  # a bots' key is below this: exact in JSON read by JavaScript too


class Saves:
    """Slots by id, the current slot per game, preferences; every failure a message."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock
        self.messages: list[str] = []  # for the UI to show once
        self.details: dict[str, str] = {}  # a message's fine print (shown under Details)
        self.lasting = True  # False in an embed: the games go when the frame does
        # What a table says of its game where nothing lasts (before leaving it, say).
        self.fleeting = (
            "Nothing is saved in an embedded game: the one you are playing will be gone."
        )
        self.failing: str | None = None  # why the last save failed, while it does (shown)
        self._checked: dict[str, Slot] = {}  # parsed slots by id, each replayed once
        self.held: dict[str, int] = {}  # `writes` of the slots this tab plays, as last seen
        self.elsewhere: set[str] = set()  # slots another tab plays: not written here
        self.on_finish: Callable[[Slot], None] | None = None  # stats hook
        self._migrate()

    # -- slots ---------------------------------------------------------------------------
    def slot(self, slot_id: str) -> Slot | None:
        raw = self.storage.get(SLOT + slot_id)
        if raw is None:
            return None
        known = self._checked.get(slot_id)
        if known is None or known.raw != raw:
            known = self._checked[slot_id] = parse_slot(slot_id, raw)
        return known

    def slots(self) -> list[Slot]:
        """Every stored game, most recently played first."""
        ids = [k[len(SLOT) :] for k in self.storage.list_keys() if k.startswith(SLOT)]
        found = [s for s in (self.slot(i) for i in ids) if s is not None]
        return sorted(found, key=lambda s: s.updated, reverse=True)

    def current_id(self, game_id: str) -> str | None:
        return self.storage.get(CURRENT + game_id)

    def current(self, game_id: str) -> Slot | None:
        slot_id = self.current_id(game_id)
        return self.slot(slot_id) if slot_id else None

    def has(self, game_id: str) -> bool:
        """A readable, unfinished game of `game_id` for the table to continue."""
        slot = self.current(game_id)
        return slot is not None and slot.problem is None and not slot.over and slot.game == game_id

    def resume(
        self, game_id: str, instead: str = "A new game has started."
    ) -> tuple[str, spygames.State] | None:
        """The current slot's game, replayed; a damaged one is reported and left in place.
        `instead` says what the table shows in its place; the engine's words on what is
        wrong go under the message's Details."""
        slot = self.current(game_id)
        if slot is None:
            return None
        if slot.problem is not None or slot.record is None or slot.game != game_id:
            self.storage.remove(CURRENT + game_id)
            message = (
                "Your saved game could not be opened. It stays under Saved games, where you "
                "can download it as a file or discard it." + (f" {instead}" if instead else "")
            )
            self.messages.append(message)
            self.details[message] = slot.problem or "It is a record of another game."
            return None
        self.held[slot.id] = slot.writes
        return slot.id, spygames.replay(slot.record)

    def start(self, record: dict[str, Any], summary: Summary, bots: int | None = None) -> str:
        """A new slot for a new (or shared) game, made current. The game it replaces stays
        under Saved games, unless no move had been made in it."""
        game_id = str(record["game"])
        before = self.current(game_id)
        if before is not None and before.problem is None and not before.over:
            if before.moves == 0:
                self.delete(before.id)
            elif self.lasting and self.pref(KEPT_PREF) != "1":
                self.messages.append(KEPT)
        slot_id = new_slot_id(game_id)
        now = self.clock()
        slot = Slot(slot_id, game_id, "", record=record, summary=summary, created=now, writes=1,
                    bots=bots)  # fmt: skip
        if self._write(slot):
            self.held[slot_id] = slot.writes
        self.set_quietly(CURRENT + game_id, slot_id)
        return slot_id

    def save(
        self, slot_id: str, record: dict[str, Any], summary: Summary, bots: int | None = None
    ) -> bool:
        """Store the game's newest position; a finished game is counted in the stats once.
        False, and nothing written, when another tab has written this slot since this
        tab last read or wrote it (the slot is then `elsewhere`)."""
        if slot_id in self.elsewhere:
            return False
        old = self.slot(slot_id)
        if old is not None and slot_id in self.held and old.writes != self.held[slot_id]:
            self.elsewhere.add(slot_id)
            return False
        slot = Slot(
            slot_id,
            str(record["game"]),
            "",
            record=record,
            summary=summary,
            created=old.created if old else self.clock(),
            counted=old.counted if old and old.problem is None else False,
            writes=old.writes + 1 if old else 1,
            bots=bots if bots is not None else old.bots if old else None,
        )
        finishing = slot.over and not slot.counted
        slot.counted = slot.counted or slot.over
        if not self._write(slot):
            return False
        self.held[slot_id] = slot.writes
        if finishing and self.on_finish is not None:
            self.on_finish(slot)
        if slot.over:
            self._prune_finished()
        return True

    def take_over(self, slot_id: str) -> None:
        """This tab plays `slot_id` again, from what is stored now (see `resume`)."""
        self.elsewhere.discard(slot_id)
        self.held.pop(slot_id, None)

    def make_current(self, slot_id: str) -> bool:
        slot = self.slot(slot_id)
        if slot is None or slot.problem is not None:
            return False
        return self.set_quietly(CURRENT + slot.game, slot_id)

    def delete(self, slot_id: str) -> None:
        slot = self.slot(slot_id)
        self._remove(slot_id)
        if slot is not None and self.current_id(slot.game) == slot_id:
            self.storage.remove(CURRENT + slot.game)

    def _remove(self, *slot_ids: str) -> None:
        """The slots, and the reviews kept with them (the keys listed once)."""
        if not slot_ids:
            return
        reviews = tuple(REVIEW + slot_id + ":" for slot_id in slot_ids)
        for slot_id in slot_ids:
            self.storage.remove(SLOT + slot_id)
        for kept in [k for k in self.storage.list_keys() if k.startswith(reviews)]:
            self.storage.remove(kept)

    def put(self, slot: Slot) -> bool:
        """Store an imported slot as it is (its game becomes current if it has none)."""
        stored = self.slot(slot.id)
        slot.writes = stored.writes + 1 if stored else 1  # a tab playing it learns of it
        if not self._write(slot, touch=False):
            return False
        if not slot.over and not self.has(slot.game):
            self.set_quietly(CURRENT + slot.game, slot.id)
        return True

    def _write(self, slot: Slot, *, touch: bool = True) -> bool:
        if touch:
            slot.updated = self.clock()
        raw = json.dumps(slot.data(), separators=(",", ":"))
        try:
            self.storage.set(SLOT + slot.id, raw)
        except StorageFull:
            if self._prune_finished(keep=0):  # make room by dropping old finished games
                return self._write(slot, touch=False)
            self.failing = FULL
            return False
        except Exception:  # storage disabled (private mode), etc.
            self.failing = REFUSED
            return False
        self.failing = None
        slot.raw = raw
        self._checked[slot.id] = slot
        return True

    def _prune_finished(self, keep: int = KEEP_FINISHED) -> bool:
        """Drop the oldest finished games beyond `keep`; True when any went."""
        current = {self.current_id(s.game) for s in self.slots()}
        finished = [s for s in self.slots() if s.over and s.id not in current]
        self._remove(*(old.id for old in finished[keep:]))
        return len(finished) > keep

    def _migrate(self) -> None:
        """0.1 kept one save per game under `save:<game>` (and `corrupt:<game>`): each
        becomes a slot; a `save:` one stays the game's current slot, so the table resumes
        it (or reports it, if it no longer plays)."""
        for key in [k for k in self.storage.list_keys() if k.startswith(LEGACY)]:
            raw = self.storage.get(key) or ""
            game_id = key.split(":")[-1]
            slot = Slot(new_slot_id(game_id), game_id, raw, summary={}, created=self.clock())
            try:
                record = json.loads(raw)
            except (ValueError, RecursionError):
                record = None
            if isinstance(record, dict):
                slot.record = record
                if record_problem(record, game_id) is None:
                    state = spygames.replay(record)
                    slot.summary = {
                        "over": state.is_over,
                        "progress": count(len(state.actions), "move"),
                    }
                    slot.counted = state.is_over
                slot.updated = slot.created
                raw = json.dumps(slot.data(), separators=(",", ":"))
            if not self.set_quietly(SLOT + slot.id, raw):
                continue  # storage full: leave the old key as it is
            if key.startswith(LEGACY[0]):
                self.set_quietly(CURRENT + game_id, slot.id)
            self.storage.remove(key)

    # -- preferences ---------------------------------------------------------------------
    def pref(self, name: str, default: str = "") -> str:
        value = self.storage.get(f"{PREFIX}pref:{name}")
        return default if value is None else value

    def pref_list(self, name: str, most: int) -> list[Any]:
        """A preference holding a JSON list (at most `most` characters): its items, or
        none when it is missing, too long or not a list (a damaged value costs itself)."""
        raw = self.pref(name, "[]")
        if len(raw) > most:
            return []
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            return []
        return data if isinstance(data, list) else []

    def set_pref(self, name: str, value: str, *, quiet: bool = False) -> None:
        """Store a preference; when the storage refuses it, say so (unless `quiet`)."""
        if not self.set_quietly(f"{PREFIX}pref:{name}", value) and not quiet:
            self.messages.append("Your browser's storage is full; a setting could not be kept.")

    def remove_pref(self, name: str) -> None:
        self.storage.remove(f"{PREFIX}pref:{name}")

    def set_quietly(self, key: str, value: str) -> bool:
        """Store one value; False (nothing raised) when the storage refuses it."""
        try:
            self.storage.set(key, value)
        except Exception:
            return False
        return True

    def take_messages(self) -> list[str]:
        messages, self.messages = self.messages, []
        return messages

    def take_details(self) -> dict[str, str]:
        details, self.details = self.details, {}
        return details
