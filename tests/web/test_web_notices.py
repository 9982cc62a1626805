"""The notices a table shows over itself: "Your other game is kept…" with a "Don't show
again" that lasts (and never crashes on a full or broken storage), and a damaged save that
says what the table shows instead, with the engine's words only under Details."""

from __future__ import annotations

from spyweb.app import App
from spyweb.browser.store import KEPT, MemoryStorage, Saves
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable

import spygames

KEPT_START = "Your other game is kept under Saved games"


class BrokenStorage(MemoryStorage):
    """A storage that refuses every write (private mode, a full disk)."""

    def set(self, key: str, value: str) -> None:
        raise OSError("refused")


def new_game_over_a_started_one(storage: MemoryStorage) -> App:
    app = App(storage)
    app.route("#/deck-of-spies/deal/5")
    app.take_navigation()
    screen = app.screen
    assert isinstance(screen, DeckOfSpiesTable)
    action = screen.state.legal_actions()[0]
    for card in action.get("cards", []):
        app.click("pick", card)
    app.click(action["type"], action.get("ace", ""))
    assert screen.state.actions  # a move made: a new game keeps this one
    app.click("new", "")
    app.click("confirm-yes", "")
    return app


def test_the_kept_notice_offers_dont_show_again_and_it_lasts() -> None:
    storage = MemoryStorage()
    app = new_game_over_a_started_one(storage)
    html = app.render()
    assert KEPT_START in html and 'id="never-kept"' in html
    app.click("never-kept", "")
    assert KEPT_START not in app.render()
    again = new_game_over_a_started_one(storage)  # a later visit, same browser
    assert KEPT_START not in again.render()
    assert len([s for s in Saves(storage).slots() if s.in_progress]) >= 2  # still kept


def test_other_notices_have_no_dont_show_again() -> None:
    app = App(MemoryStorage())
    app.ctx.notify("Link copied — paste it to a friend.")
    assert 'id="never-kept"' not in app.render()


def test_dont_show_again_on_a_storage_that_refuses_writes_does_not_crash() -> None:
    storage = BrokenStorage()
    app = App(storage)
    app.ctx.notify(KEPT)
    app.click("never-kept", "")
    html = app.render()
    assert KEPT_START not in html  # gone for now, though it could not be remembered
    assert "a setting could not be kept" in html


# -- a damaged save opened on a table ------------------------------------------------------
def damaged(storage: MemoryStorage, game_id: str, **options: object) -> None:
    record = spygames.get_game(game_id).new(seed=9, **options).record()  # type: ignore[arg-type]
    record["actions"] = [{"type": "fly"}]  # refused at action 0
    Saves(storage).start(record, {"over": False})


def test_a_damaged_save_on_a_table_that_deals_at_once_says_a_new_game_started() -> None:
    storage = MemoryStorage()
    damaged(storage, "deck-of-spies")
    app = App(storage)
    app.route("#/deck-of-spies")
    html = app.render()
    notice = html[html.index('class="notice"') : html.index("</details>")]
    text = notice[: notice.index("<details")]
    assert "could not be opened" in text and "A new game has started." in text
    assert "action 0" not in text  # the engine's words...
    assert "<summary>Details" in notice and "action 0" in notice  # ...only under Details


def test_a_damaged_save_on_a_seat_setup_table_does_not_claim_a_new_game() -> None:
    for game_id in ("spynet", "espionage"):
        storage = MemoryStorage()
        damaged(storage, game_id, players=2)
        app = App(storage)
        app.route(f"#/{game_id}")
        html = app.render()
        assert app.screen.state is None  # type: ignore[attr-defined]  # the seats to set
        notice = html[html.index('class="notice"') : html.index("</details>")]
        text = notice[: notice.index("<details")]
        assert "could not be opened" in text and "new game has started" not in text
        assert "Seat the table below to start a new game." in text
        assert "action 0" not in text and "action 0" in notice
