"""How a game's table is pointed at in its guided first game (`#/<game>/learn`, the
guide's screen: spyweb/screens/guide.py): each game's `Pointer`, in
`spyweb/games/<game package>/guided.py`, says which control plays a step of the script
and what a stray click would do. Apart from the guide's screen so a game's package
needs nothing of the screens."""

from __future__ import annotations

from typing import Any

from spygames.guides import Step

from .screen import GameScreen


class Pointer:
    """How one game's table points at a step and explains a stray click."""

    def ready(self, table: GameScreen) -> bool:
        """The table is ready for the player's step (not still showing the last one)."""
        return True

    def between(self, table: GameScreen) -> tuple[str, str] | None:
        """A control to press before the script goes on (a showdown to leave), and what
        to say of it; None when there is nothing to press."""
        return None

    def target(self, table: GameScreen, step: Step) -> str | tuple[str, str]:
        """The control the player uses next to play `step`: its id, or its data-act and
        data-arg."""
        raise NotImplementedError

    def named(self, table: GameScreen, step: Step | None) -> str | None:
        """The id of what the step's sentence is about besides its control (the spy to
        pay for, your hand, the hands a showdown shows); with `step` None, what the words
        `between` steps are about. The page keeps it in view with the control, clear of
        the guide (web/guided.mjs). None: the sentence names the control alone."""
        return None

    def stray(self, table: GameScreen, act: str, arg: str, step: Step) -> str | None:
        """What the click (`act`, `arg`) would do, when it is not a way to `step`; None
        for a click the table may take (a step towards it, the Hint, the rules)."""
        raise NotImplementedError

    def words(self, table: GameScreen, action: dict[str, Any]) -> str:
        """`action` in words: "recruit with 2♣ 3♣"."""
        raise NotImplementedError

    def play(self, table: GameScreen, action: dict[str, Any]) -> None:
        """Play `action` at the table as the player's move (Skip): the table's public
        `GameScreen.play`, the same for every game."""
        table.play(action)
