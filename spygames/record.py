"""Records: the save, the share link and the replay are one format."""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, InvalidRecord, SpyGamesError
from .protocol import RECORD_FORMAT, State
from .registry import get_game

RECORD_KEYS = ("game", "format", "seed", "players", "options", "setup", "actions")


def replay(record: Any, upto: int | None = None) -> State:
    """Rebuild a state by re-applying every action (or the first `upto` of them).

    A bad record raises InvalidRecord; a bad action names its index.
    """
    if not isinstance(record, dict):
        raise InvalidRecord("a record must be a JSON object")
    missing = [key for key in RECORD_KEYS if key not in record]
    if missing:
        raise InvalidRecord(f"the record has no {', '.join(missing)}")
    if record["format"] != RECORD_FORMAT:
        raise InvalidRecord(
            f"unknown record format {record['format']!r} (expected {RECORD_FORMAT})"
        )
    actions = record["actions"]
    if not isinstance(actions, list):
        raise InvalidRecord("the record's actions must be a list")
    try:
        game = get_game(record["game"])
        state = game.new(
            seed=record["seed"],
            players=record["players"],
            options=record["options"],
            setup=record["setup"],
        )
    except SpyGamesError as exc:
        raise InvalidRecord(str(exc)) from exc
    for index, action in enumerate(actions if upto is None else actions[:upto]):
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise InvalidRecord(exc.reason, index) from exc
    return state
