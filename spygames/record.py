"""Records: the save, the share link and the replay are one format."""

from __future__ import annotations

import base64
import json
import math
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction, InvalidRecord, SpyGamesError
from .protocol import RECORD_FORMAT, State
from .registry import get_game

RECORD_KEYS = ("game", "format", "seed", "players", "options", "setup", "actions")
MAX_DEPTH = 24  # nesting of a record's JSON: real ones reach 9 (a SpyNet setup's funding)
MAX_ITEMS = 500_000  # values in a record: a long SpyNet game holds a few thousand
MAX_SEED = 2**63 - 1  # seeds are whole numbers 0..MAX_SEED (every deal the app makes is)


def pack(record: dict[str, Any]) -> str:
    """A record packed for a link's address: compact JSON, zlib, URL-safe base64 without
    padding (the web's share and replay links; the Bot Lab's replays of its games)."""
    data = zlib.compress(json.dumps(record, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def shape_problem(value: Any) -> str | None:
    """Why `value` is not plain JSON data of a sane size, or None. Iterative, so deep
    nesting cannot exhaust the stack, and it stops at the first bound it passes."""
    todo: list[tuple[Any, int]] = [(value, 1)]
    items = 0
    while todo:
        item, depth = todo.pop()
        items += 1
        if items > MAX_ITEMS:
            return f"the record holds more than {MAX_ITEMS:,} values"
        if depth > MAX_DEPTH:
            return f"the record is nested more than {MAX_DEPTH} deep"
        if isinstance(item, dict):
            if not all(isinstance(key, str) for key in item):
                return "the record has a key that is not text"
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            todo.extend((v, depth + 1) for v in item)
        elif isinstance(item, float) and not math.isfinite(item):
            return "the record holds a number that is not finite"
        elif not (item is None or isinstance(item, str | int | float)):
            return f"the record holds a {type(item).__name__}, which is not JSON data"
    return None


def replay(record: Any, upto: int | None = None) -> State:
    """Rebuild a state by re-applying every action (or the first `upto` of them).

    A bad record raises InvalidRecord; a bad action names its index.
    """
    if not isinstance(record, dict):
        raise InvalidRecord("a record must be a JSON object")
    problem = shape_problem(record)
    if problem is not None:
        raise InvalidRecord(problem)
    missing = [key for key in RECORD_KEYS if key not in record]
    if missing:
        raise InvalidRecord(f"the record has no {', '.join(missing)}")
    made = record["format"]
    if type(made) is not int or made != RECORD_FORMAT:  # not 1.0, True or "1": the exact number
        raise InvalidRecord(
            f"unknown record format {record['format']!r} (expected {RECORD_FORMAT})"
        )
    actions = record["actions"]
    if not isinstance(actions, list):
        raise InvalidRecord("the record's actions must be a list")
    seed = record["seed"]
    if seed is None:  # new() would deal at random: every replay another game
        raise InvalidRecord(
            f"the record has no seed (the seed must be a whole number from 0 to {MAX_SEED})"
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InvalidRecord(f"the seed must be a whole number from 0 to {MAX_SEED}")
    try:
        game = get_game(record["game"])
        state = game.new(
            seed=record["seed"],
            players=record["players"],
            options=record["options"],
            setup=record["setup"],
            as_recorded=True,
        )
    except SpyGamesError as exc:
        raise InvalidRecord(str(exc)) from exc
    for index, action in enumerate(actions[:upto]):  # [:None] is every action
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise InvalidRecord(exc.reason, index) from exc
    return state


@dataclass(frozen=True)
class Played:
    """One action of a record, as it was played: who played it, what the player saw
    just before (their own view), and the state just after. `state` is the one state
    the replay moves on: read it before asking for the next step."""

    actor: int
    action: dict[str, Any]
    before: dict[str, Any]
    state: State


def steps(record: Any) -> Iterator[Played]:
    """Each action of `record` in turn, replayed: what a log, a move list or a replay's
    words are written from. A bad record raises as `replay` does.

    >>> from spygames import get_game
    >>> game = get_game("espionage").new(seed=3, players=2)
    >>> game.apply(game.legal_actions()[0])
    >>> [(s.actor, s.action["type"], s.before["seat"]) for s in steps(game.record())]
    [(0, 'bid', 0)]
    """
    state = replay(record, upto=0)
    for action in record["actions"]:
        actor = state.to_play[0]
        before = state.view(actor)
        state.apply(action)
        yield Played(actor, action, before, state)
