"""Saves in the browser's storage: every game in its own slot, which slot each table
resumes, the finished games kept for the record, and small preferences. (A slot as read
back, `Slot`, and the checks it is read with are in slots.py.)

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
import time
from collections.abc import Callable
from typing import Any, Protocol

import spygames
from spygames.i18n import N_, _

from .slots import Slot, Summary, as_number, moves_text, new_slot_id, parse_slot, record_problem

PREFIX = "spygames:"
SLOT = PREFIX + "slot:"
CURRENT = PREFIX + "current:"
REVIEW = PREFIX + "review:"  # a finished game's kept review: review:<slot>:<seat> (reviews.py)
LEGACY = (PREFIX + "save:", PREFIX + "corrupt:")  # the one-save-per-game keys of 0.1
KEEP_FINISHED = 20
# Why saving fails (`Saves.failing`), as the table's notice says it (translated there).
FULL = N_("browser storage is full")
REFUSED = N_("this browser does not let the page store anything")
# What a new game says of the one it replaces (translated when said: `_(KEPT)`).
KEPT = N_("Your other game is kept under Saved games — continue it from there.")
KEPT_PREF = "hide-kept-notice"  # "1" once the player chose "Don't show again" for KEPT

__all__ = [
    "CURRENT",
    "FULL",
    "KEEP_FINISHED",
    "KEPT",
    "KEPT_PREF",
    "LEGACY",
    "PREFIX",
    "REFUSED",
    "REVIEW",
    "SLOT",
    "MemoryStorage",
    "Saves",
    "Slot",
    "Storage",
    "StorageFull",
    "Summary",
    "as_number",
    "moves_text",
    "new_slot_id",
    "parse_slot",
    "record_problem",
]


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


class Saves:
    """Slots by id, the current slot per game, preferences; every failure a message."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock
        self.messages: list[str] = []  # for the UI to show once
        self.details: dict[str, str] = {}  # a message's fine print (shown under Details)
        self.lasting = True  # False in an embed: the games go when the frame does
        self._fleeting = N_(
            "Nothing is saved in an embedded game: the one you are playing will be gone."
        )
        self.failing: str | None = None  # why the last save failed, while it does (shown)
        self._checked: dict[str, Slot] = {}  # parsed slots by id, each replayed once
        self.held: dict[str, int] = {}  # `writes` of the slots this tab plays, as last seen
        self.elsewhere: set[str] = set()  # slots another tab plays: not written here
        self.on_finish: Callable[[Slot], None] | None = None  # stats hook
        self._migrate()

    @property
    def fleeting(self) -> str:
        """What a table says of its game where nothing lasts (before leaving it, say), in
        the language in use; set as written (marked with `N_`)."""
        return _(self._fleeting)

    @fleeting.setter
    def fleeting(self, message: str) -> None:
        self._fleeting = message

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

    def resume(self, game_id: str, instead: str | None = None) -> tuple[str, spygames.State] | None:
        """The current slot's game, replayed; a damaged one is reported and left in place.
        `instead` says what the table shows in its place (by default, that a new game has
        started; "": nothing); the engine's words on what is wrong go under the message's
        Details."""
        slot = self.current(game_id)
        if slot is None:
            return None
        if slot.problem is not None or slot.record is None or slot.game != game_id:
            self.storage.remove(CURRENT + game_id)
            if instead is None:
                instead = _("A new game has started.")
            message = (
                # translators: {instead} is a sentence saying what the table shows instead
                _(
                    "Your saved game could not be opened. It stays under Saved games, where "
                    "you can download it as a file or discard it. {instead}",
                    instead=instead,
                )
                if instead
                else _(
                    "Your saved game could not be opened. It stays under Saved games, where "
                    "you can download it as a file or discard it."
                )
            )
            self.messages.append(message)
            self.details[message] = slot.problem or _("It is a record of another game.")
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
                self.messages.append(_(KEPT))
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
                        "progress": moves_text(len(state.actions)),
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
            self.messages.append(_("Your browser's storage is full; a setting could not be kept."))

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
