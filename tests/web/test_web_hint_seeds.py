"""The Hint's bot at a table is seeded as a review of that game seeds it for the same
seat (`spygames.hints.hint_seed`), so a review repeats the table's Hint seat by seat.
Issue 47: a `hint_seed` planted to use seat 0 for every seat survived the whole suite,
the tables working the seed out for themselves."""

from __future__ import annotations

from typing import Any

import pytest
from spyweb.app import App
from spyweb.browser.store import MemoryStorage

import spygames
from spygames.hints import hint_seed


@pytest.mark.parametrize("game_id", ["espionage", "spynet"])
def test_the_hint_at_seat_two_is_seeded_for_seat_two(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = spygames.get_game(game_id)
    made: list[tuple[str, Any]] = []
    real = type(game).bot

    def bot(self: Any, level: str, **kw: Any) -> Any:
        made.append((level, kw.get("seed")))
        return real(self, level, **kw)

    monkeypatch.setattr(type(game), "bot", bot)
    app = App(MemoryStorage())
    app.route(f"#/{game_id}/deal/21")
    values = {"players": "2", "seat0-kind": "normal", "seat0-name": "Rook",
              "seat1-kind": "human", "seat1-name": "Ana", "situation": ""}  # fmt: skip
    app.submit("start", values)
    target, _ = app.take_navigation()
    if target:
        app.route(target)
    table = app.screen
    for _ in range(200):  # the bot in seat 1 moves first, until it is Ana's turn
        if table.state.to_play == [1]:  # type: ignore[attr-defined]
            break
        app.tick()
    assert table.state.to_play == [1]  # type: ignore[attr-defined]
    made.clear()
    app.click("hint", "")
    for _ in range(50):
        if not app.pending_delay():
            break
        app.tick()
    key = table.bots_key  # type: ignore[attr-defined]
    assert ("hard", hint_seed(key, 1)) in made, made
    assert hint_seed(key, 1) != hint_seed(key, 0)
    assert hint_seed(key, 1) == spygames.bot_seed(key, 1, "hint")
