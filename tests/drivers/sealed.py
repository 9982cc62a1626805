"""A tripwire for bots that read the game: while a bot thinks, the live game is sealed.

`sealed(state)` swaps the class of the state (and of every object of ours it holds, a
SpyNet or Deck of Spies `table`) for a subclass whose every attribute read raises
`ReadTheGame`, and swaps it back afterwards. A bot that finds the live game by any route
(the garbage collector, a stack frame, a global) and reads it — a method, a field, a
deep copy — trips it, at whatever point of the game it starts cheating. Used over whole
games by the engine's bots (`test_bots_sealed.py`) and around the bots the web tables
run (`test_web_bot_wiring.py`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from spygames import State

T = TypeVar("T")


class ReadTheGame(Exception):
    """A bot read the live game while it was asked for a move."""


_SEALED: dict[type, type] = {}


def _sealed_class(cls: type) -> type:
    if cls not in _SEALED:

        def refuse(self: Any, name: str) -> Any:
            raise ReadTheGame(f"a bot read {name!r} of the live {cls.__name__}")

        _SEALED[cls] = type(f"Sealed{cls.__name__}", (cls,), {"__getattribute__": refuse,
                                                              "__slots__": ()})  # fmt: skip
    return _SEALED[cls]


def _ours(state: State) -> list[Any]:
    """The state and the objects of ours it holds (its table, say)."""
    found: list[Any] = [state]
    values = list(vars(state).values()) if hasattr(state, "__dict__") else []
    for value in values:
        if type(value).__module__.startswith("spygames.") and not isinstance(value, type):
            found.append(value)
    return found


def sealed_steps(state: State, steps: Iterator[T]) -> Iterator[T]:
    """`steps` (a bot's thinking, a slice a step) with `state` sealed during each step."""
    while True:
        with sealed(state):
            try:
                step = next(steps)
            except StopIteration:
                return
        yield step


@contextmanager
def sealed(state: State) -> Iterator[None]:
    """Every read of `state` (and its table) raises `ReadTheGame` until the block ends."""
    things = [(thing, type(thing)) for thing in _ours(state)]
    for thing, cls in things:
        thing.__class__ = _sealed_class(cls)
    try:
        yield
    finally:
        for thing, cls in things:
            object.__setattr__(thing, "__class__", cls)
