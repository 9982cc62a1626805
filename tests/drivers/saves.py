"""A whole app opened at a route over a storage, and Deck of Spies moves made through the
table's own buttons: what the saves tests and others drive."""

from __future__ import annotations

from spyweb.app import App
from spyweb.browser.store import (
    MemoryStorage,
)
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable


def app_at(route: str, storage: MemoryStorage | None = None) -> App:
    app = App(storage if storage is not None else MemoryStorage())
    app.route(route)
    app.take_navigation()
    return app


def move(app: App, n: int = 1) -> None:
    """Make `n` legal moves on the Deck of Spies table through its own buttons."""
    screen = app.screen
    assert isinstance(screen, DeckOfSpiesTable)
    for _ in range(n):
        action = screen.state.legal_actions()[0]
        if action["type"] == "assassinate":
            app.click("assassinate", action["ace"])
            continue
        for card in action.get("cards", []):
            app.click("pick", card)
        app.click(action["type"], "")
