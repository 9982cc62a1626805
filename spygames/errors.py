"""Errors with a reason a player can read."""

from __future__ import annotations


class SpyGamesError(ValueError):
    """Base class of every error the engine raises on purpose."""


class UnknownGame(SpyGamesError):
    """`get_game` was given an id that is not registered."""


class IllegalAction(SpyGamesError):
    """The action is not legal now; the state is unchanged.

    `reason` is a sentence a player can read ("the 3 is not needed").
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class InvalidRecord(SpyGamesError):
    """A record (save, share link, replay file) cannot be replayed.

    `index` is the position of the first bad action, or None when the record's
    header itself is wrong.
    """

    def __init__(self, reason: str, index: int | None = None) -> None:
        message = reason if index is None else f"action {index}: {reason}"
        super().__init__(message)
        self.reason = reason
        self.index = index


class InvalidCard(SpyGamesError):
    """Text that does not name a card."""


class InvalidSetup(SpyGamesError):
    """`Game.new` was given players, options or a setup it cannot use."""


class DemoError(SpyGamesError):
    """A rules demo that does not play as written: names the demo and the step."""


class UnknownDemo(SpyGamesError):
    """No rules demo has that id."""
