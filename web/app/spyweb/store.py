"""Saves in the browser's storage: one game in progress per game, plus preferences.

The storage is injected (localStorage in the page, a dict in tests), so every path —
a corrupt save, a full storage — is tested on CPython and never crashes the page.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

import spygames

PREFIX = "spygames:"


class StorageFull(Exception):
    """The browser refused to store more (quota exceeded)."""


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


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


class Saves:
    """Autosaves by game id, and small preferences; every failure becomes a message."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.problem: str | None = None  # the last failure, for the UI to show once

    def _key(self, game_id: str) -> str:
        return f"{PREFIX}save:{game_id}"

    def save(self, record: dict[str, Any]) -> bool:
        try:
            self.storage.set(self._key(record["game"]), json.dumps(record, separators=(",", ":")))
        except StorageFull:
            self.problem = (
                "Your browser's storage is full, so this game is not being saved. "
                "It goes on; free some space to save again."
            )
            return False
        except Exception as exc:  # storage disabled (private mode), etc.
            self.problem = f"This game cannot be saved here ({exc}). It goes on unsaved."
            return False
        return True

    def load(self, game_id: str) -> spygames.State | None:
        """The saved game, replayed; a corrupt save is kept aside and reported, not lost."""
        raw = self.storage.get(self._key(game_id))
        if raw is None:
            return None
        try:
            record = json.loads(raw)
            if not isinstance(record, dict) or record.get("game") != game_id:
                raise spygames.InvalidRecord("it belongs to no game here")
            return spygames.replay(record)
        except (ValueError, spygames.SpyGamesError) as exc:
            self._set_quietly(f"{PREFIX}corrupt:{game_id}", raw)
            self.storage.remove(self._key(game_id))
            self.problem = (
                f"The saved game could not be read ({exc}). It was set aside and a new game "
                "started."
            )
            return None

    def has(self, game_id: str) -> bool:
        return self.storage.get(self._key(game_id)) is not None

    def peek(self, game_id: str) -> dict[str, Any] | None:
        """The raw saved record without replaying it (for the home screen)."""
        raw = self.storage.get(self._key(game_id))
        if raw is None:
            return None
        try:
            record = json.loads(raw)
        except ValueError:
            return None
        return record if isinstance(record, dict) else None

    def clear(self, game_id: str) -> None:
        self.storage.remove(self._key(game_id))

    def pref(self, name: str, default: str = "") -> str:
        value = self.storage.get(f"{PREFIX}pref:{name}")
        return default if value is None else value

    def set_pref(self, name: str, value: str) -> None:
        self._set_quietly(f"{PREFIX}pref:{name}", value)

    def _set_quietly(self, key: str, value: str) -> None:
        try:
            self.storage.set(key, value)
        except Exception:
            self.problem = "Your browser's storage is full; a setting could not be kept."

    def take_problem(self) -> str | None:
        problem, self.problem = self.problem, None
        return problem
