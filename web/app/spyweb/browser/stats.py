"""The player's record per game, kept in the browser: played, won, streaks, best score,
the last results, and (Espionage) results by table.

A game counts once, when it ends: the saves call `count` for a slot the first time it is
saved finished, and mark the slot counted in the same write.

A game's `outcome` (made by its table) is `{"won": bool | None, "score": int | None,
"table": str | None}`; `won` None means a table of several people, where the device has
no single player: it counts as played, outside wins and streaks.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from spygames.i18n import _

from .store import PREFIX, Saves, Slot, as_number

RECENT = 30


@dataclass
class Result:
    won: bool | None
    score: int | None
    at: float
    table: str | None = None

    @classmethod
    def from_data(cls, data: dict[str, Any], at: float) -> Result:
        """From stored or outcome data, whatever its shape: wrong types read as unknown."""
        won, score, table = data.get("won"), data.get("score"), data.get("table")
        return cls(
            won if isinstance(won, bool) else None,
            score if isinstance(score, int) and not isinstance(score, bool) else None,
            at,
            table if isinstance(table, str) else None,
        )


@dataclass
class Record:
    played: int = 0
    won: int = 0
    streak: int = 0  # wins in a row up to the latest game
    best_streak: int = 0
    best_score: int | None = None
    recent: list[Result] = field(default_factory=list)  # oldest first, at most RECENT
    tables: dict[str, list[int]] = field(default_factory=dict)  # table -> [played, won]
    decided: int = 0  # games with a single player on this device: the ones that can be won

    def add(self, result: Result) -> None:
        self.played += 1
        if result.won is not None:
            self.decided += 1
            if result.won:
                self.won += 1
                self.streak += 1
                self.best_streak = max(self.best_streak, self.streak)
            else:
                self.streak = 0
        if result.score is not None:
            self.best_score = (
                result.score if self.best_score is None else max(self.best_score, result.score)
            )
        if result.table:
            row = self.tables.setdefault(result.table, [0, 0])
            row[0] += 1
            row[1] += 1 if result.won else 0
        self.recent = [*self.recent, result][-RECENT:]

    def to_json(self) -> str:
        return json.dumps(asdict(self), separators=(",", ":"))


def _key(game_id: str) -> str:
    return f"{PREFIX}stats:{game_id}"


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def load(saves: Saves, game_id: str) -> Record:
    """The stored record; damaged or missing data reads as an empty record."""
    try:
        data = json.loads(saves.storage.get(_key(game_id)) or "{}")
    except (ValueError, RecursionError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    listed = data.get("recent")
    stored: list[Any] = listed if isinstance(listed, list) else []
    recent = [Result.from_data(r, as_number(r.get("at"))) for r in stored if isinstance(r, dict)]
    mapped = data.get("tables")
    tables: dict[Any, Any] = mapped if isinstance(mapped, dict) else {}
    best = data.get("best_score")
    return Record(
        played=_int(data.get("played")),
        won=_int(data.get("won")),
        streak=_int(data.get("streak")),
        best_streak=_int(data.get("best_streak")),
        best_score=_int(best) if best is not None else None,
        recent=recent[-RECENT:],
        tables={
            str(k): [_int(v[0]), _int(v[1])]
            for k, v in tables.items()
            if isinstance(v, list) and len(v) == 2
        },
        decided=_int(data.get("decided")),
    )


def count(saves: Saves, slot: Slot) -> None:
    """Add a finished game to its player's record (called once per game by the saves)."""
    outcome = (slot.summary or {}).get("outcome")
    if not isinstance(outcome, dict):
        return
    record = load(saves, slot.game)
    record.add(Result.from_data(outcome, saves.clock()))
    if not saves.set_quietly(_key(slot.game), record.to_json()):
        saves.messages.append(_("Your browser's storage is full; this result was not recorded."))


def reset(saves: Saves, game_id: str) -> None:
    saves.storage.remove(_key(game_id))
