"""What every screen offers the app: render to HTML, take clicks, keys and timer ticks.

Screens are pure Python (no DOM), so CPython tests drive them exactly as the page does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import spygames

from .store import Saves


@dataclass
class Context:
    """What a screen may use: the saves, a way to show a message, a way to navigate."""

    saves: Saves
    base_url: str = ""  # the page's address without the hash, for share links
    messages: list[str] = field(default_factory=list)
    goto: str | None = None  # a hash the app should navigate to after this event

    def notify(self, message: str) -> None:
        self.messages.append(message)

    def navigate(self, target: str) -> None:
        self.goto = target


class Screen:
    """Base screen. `handle` gets `data-act`/`data-arg` of the clicked element."""

    title = "spygames"

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def render(self) -> str:
        raise NotImplementedError

    def handle(self, act: str, arg: str) -> None:
        """A click on an element with `data-act`."""

    def submit(self, act: str, values: dict[str, str]) -> None:
        """A form with `data-act` was submitted; `values` are its named fields."""

    def key(self, key: str) -> bool:
        """A key press outside form fields; True when it was used."""
        return False

    def pending_delay(self) -> int | None:
        """Milliseconds until `tick` should run (a bot to move), or None."""
        return None

    def tick(self) -> None:
        """Run the pending timed step (one bot move)."""


class GameScreen(Screen):
    """A game's table. Opened with a state (a share link), a seed ("Deal #N"), or
    neither (resume the autosave, else a new game)."""

    game_id = ""

    def __init__(
        self, ctx: Context, state: spygames.State | None = None, seed: int | None = None
    ) -> None:
        super().__init__(ctx)

    @classmethod
    def rules_html(cls) -> str:
        """The game's rules in our own words, for the Rules screen and the table's panel."""
        raise NotImplementedError
