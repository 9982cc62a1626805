"""Saves in the browser's storage: every game in its own slot, which slot each table
resumes, the finished games kept for the record, and small preferences.

Keys, all under `spygames:`:
  `slot:<id>`       one game: `{"id", "game", "created", "updated", "engine", "record",
                    "summary", "counted"}` (the record is the engine's save format)
  `current:<game>`  the slot the game's table resumes
  `pref:<name>`     a preference;  `stats:<game>` the player's record (see stats.py)

Nothing here destroys a game in progress: a new or shared game gets a new slot and the
old one stays listed under Saved games; only a game with no move made yet is dropped
when another replaces it. A slot that no longer replays is never deleted silently:
it stays, reported once and listed as damaged, until the player downloads or deletes it.

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

PREFIX = "spygames:"
SLOT = PREFIX + "slot:"
CURRENT = PREFIX + "current:"
LEGACY = (PREFIX + "save:", PREFIX + "corrupt:")  # the one-save-per-game keys of 0.1
KEEP_FINISHED = 20
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
    """One stored game as the Saved games list shows it. `problem` says why a damaged
    slot cannot be played (then `record` may be None and `raw` is what is stored)."""

    id: str
    game: str
    raw: str
    record: dict[str, Any] | None = None
    summary: Summary | None = None
    created: float = 0.0
    updated: float = 0.0
    counted: bool = False
    problem: str | None = None

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
            "record": self.record,
            "summary": self.summary or {},
            "counted": self.counted,
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
        return Slot(slot_id, game, raw, problem="the saved data is not readable")
    if not isinstance(data, dict) or not isinstance(data.get("record"), dict):
        return Slot(slot_id, game, raw, problem="the saved data holds no game")
    record = data["record"]
    summary = data.get("summary")
    slot = Slot(
        slot_id,
        str(record.get("game", game)),
        raw,
        record=record,
        summary=summary if isinstance(summary, dict) else {},
        created=as_number(data.get("created")),
        updated=as_number(data.get("updated")),
        counted=data.get("counted") is True,
    )
    slot.problem = record_problem(record)
    return slot


def as_number(value: Any) -> float:
    """A stored date as a number; 0 for anything else (a huge int, NaN, text)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return 0.0
    try:
        number = float(value)
    except OverflowError:
        return 0.0
    return number if math.isfinite(number) else 0.0


class Saves:
    """Slots by id, the current slot per game, preferences; every failure a message."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock
        self.messages: list[str] = []  # for the UI to show once
        self.failing = False  # saving failed last time (say so once, not on every move)
        self._checked: dict[str, Slot] = {}  # parsed slots by id, each replayed once
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
        """A readable, unfinished game for the table to continue."""
        slot = self.current(game_id)
        return slot is not None and slot.problem is None and not slot.over

    def resume(self, game_id: str) -> tuple[str, spygames.State] | None:
        """The current slot's game, replayed; a damaged one is reported and left in place."""
        slot = self.current(game_id)
        if slot is None:
            return None
        if slot.problem is not None or slot.record is None or slot.game != game_id:
            self.storage.remove(CURRENT + game_id)
            self.messages.append(
                f"Your saved game could not be opened ({slot.problem or 'wrong game'}). "
                "It is kept under Saved games, where you can download it or delete it; "
                "a new game has started."
            )
            return None
        return slot.id, spygames.replay(slot.record)

    def start(self, record: dict[str, Any], summary: Summary) -> str:
        """A new slot for a new (or shared) game, made current. The game it replaces stays
        under Saved games, unless no move had been made in it."""
        game_id = str(record["game"])
        before = self.current(game_id)
        if before is not None and before.problem is None and not before.over:
            if before.moves == 0:
                self.delete(before.id)
            else:
                self.messages.append(
                    "Your other game is kept under Saved games — continue it from there."
                )
        slot_id = new_slot_id(game_id)
        now = self.clock()
        slot = Slot(slot_id, game_id, "", record=record, summary=summary, created=now)
        self._write(slot)
        self.set_quietly(CURRENT + game_id, slot_id)
        return slot_id

    def save(self, slot_id: str, record: dict[str, Any], summary: Summary) -> bool:
        """Store the game's newest position; a finished game is counted in the stats once."""
        old = self.slot(slot_id)
        slot = Slot(
            slot_id,
            str(record["game"]),
            "",
            record=record,
            summary=summary,
            created=old.created if old else self.clock(),
            counted=old.counted if old and old.problem is None else False,
        )
        finishing = slot.over and not slot.counted
        slot.counted = slot.counted or slot.over
        if not self._write(slot):
            return False
        if finishing and self.on_finish is not None:
            self.on_finish(slot)
        if slot.over:
            self._prune_finished()
        return True

    def make_current(self, slot_id: str) -> bool:
        slot = self.slot(slot_id)
        if slot is None or slot.problem is not None:
            return False
        return self.set_quietly(CURRENT + slot.game, slot_id)

    def delete(self, slot_id: str) -> None:
        slot = self.slot(slot_id)
        self.storage.remove(SLOT + slot_id)
        if slot is not None and self.current_id(slot.game) == slot_id:
            self.storage.remove(CURRENT + slot.game)

    def put(self, slot: Slot) -> bool:
        """Store an imported slot as it is (its game becomes current if it has none)."""
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
            self._fail(
                "Your browser's storage is full, so this game is not being saved. It goes "
                "on; delete old games under Saved games to save again."
            )
            return False
        except Exception as exc:  # storage disabled (private mode), etc.
            self._fail(f"This game cannot be saved here ({exc}). It goes on unsaved.")
            return False
        self.failing = False
        slot.raw = raw
        self._checked[slot.id] = slot
        return True

    def _fail(self, message: str) -> None:
        if not self.failing:
            self.messages.append(message)
        self.failing = True

    def _prune_finished(self, keep: int = KEEP_FINISHED) -> bool:
        """Drop the oldest finished games beyond `keep`; True when any went."""
        current = {self.current_id(s.game) for s in self.slots()}
        finished = [s for s in self.slots() if s.over and s.id not in current]
        for old in finished[keep:]:
            self.storage.remove(SLOT + old.id)
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
                        "progress": f"{len(state.actions)} moves",
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

    def set_pref(self, name: str, value: str) -> None:
        if not self.set_quietly(f"{PREFIX}pref:{name}", value):
            self._fail("Your browser's storage is full; a setting could not be kept.")

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
