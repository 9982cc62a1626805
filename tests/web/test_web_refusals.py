"""A message that refuses an input ("choose what to bid on first", "not allowed: …") is
about that input: the next move that goes through clears it, in every game's table,
while other messages (a damaged save, a copied link) stay until dismissed."""

from __future__ import annotations

from drivers.espionage import HANDS
from drivers.spynet import find, seat, spare
from drivers.spynet import scripted as spynet_scripted
from spyweb.app import App
from spyweb.browser.store import MemoryStorage, Saves
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
from spyweb.games.espionage.seats import Seat, remember
from spyweb.games.espionage.table import EspionageTable
from spyweb.games.spynet.model import CARD
from spyweb.tables.screen import Context

import spygames

CHOOSE_FIRST = "Choose a role, faction or city to bid on first."


def shown(app: App) -> str:
    """The message box as the page draws it ('' when there is none)."""
    html = app.render()
    return (
        html.split('<div class="notice" role="alert">', 1)[1].split("</div>")[0]
        if ('<div class="notice"' in html)
        else ""
    )


def espionage_app() -> tuple[App, EspionageTable]:
    """You (first to bid) against Vesper on a fixed deal."""
    app = App(MemoryStorage())
    state = spygames.get_game("espionage").new(
        seed=5, players=2, setup={"hands": HANDS, "first": 0}
    )
    remember(app.ctx.saves, 5, [Seat("You", "human"), Seat("Vesper", "bot", "easy")])
    table = EspionageTable(app.ctx, state=state)
    app.screen = table
    return app, table


def test_espionage_choose_first_clears_on_the_next_bid() -> None:
    app, table = espionage_app()
    app.click("bid", "")  # nothing chosen yet
    assert CHOOSE_FIRST in shown(app)
    app.click("attr", "london")  # choosing is not yet a move: the advice still stands
    assert CHOOSE_FIRST in shown(app)
    app.click("bid", "")
    assert table.state is not None and len(table.state.actions) == 1
    assert shown(app) == ""


def test_a_newer_refusal_replaces_the_older_one() -> None:
    app, _ = espionage_app()
    app.click("bid", "")
    app.click("bid", "")
    assert shown(app).count(CHOOSE_FIRST) == 1
    assert app.key("h")  # a hint is fine here; asking for one refuses nothing
    app.click("undo", "")  # nothing to undo yet
    assert CHOOSE_FIRST not in shown(app) and "Nothing to undo" in shown(app)


def test_other_messages_stay_through_a_move() -> None:
    app, table = espionage_app()
    app.ctx.notify("Link copied — paste it to a friend.")
    app.click("bid", "")
    app.click("attr", "london")
    app.click("bid", "")
    assert table.state is not None and len(table.state.actions) == 1
    assert shown(app).count("<p>") == 1 and "Link copied" in shown(app)


def test_deck_of_spies_refusal_clears_on_the_next_move() -> None:
    app = App(MemoryStorage())
    setup = {
        "spies": ["5C", "7H", "6S", "8D", "9C", "10S", "JH", "QS", "KD"],
        "draw": ["2C", "3H", "4S", "5H", "2H", "AH", "3C", "AC", "4D", "2S", "3S", "4C"],
    }
    table = DeckOfSpiesTable(
        app.ctx, state=spygames.get_game("deck-of-spies").new(seed=11, setup=setup)
    )
    app.screen = table
    app.click("end_turn", "")  # the spy must be dealt with first
    assert "Not now" in shown(app)
    app.click("undo", "")  # a second refusal replaces the first
    assert "Nothing to undo" in shown(app) and "Not now" not in shown(app)
    app.click("pick", "5H")
    app.click("counter", "")  # the 5♥ counters the 5♣
    assert table.state.actions == [{"type": "counter", "cards": ["5H"]}]
    assert shown(app) == ""


def test_spynet_refusal_clears_on_the_next_move() -> None:
    mission = find("mission", lambda i: len(i["branches"]) == 1 and not i["condition"])
    branch = CARD[mission]["branches"][0]
    theirs = find("agent", lambda i: i["branches"] == [branch] and i["power"] >= 2)
    # an agent for elsewhere, so that there is something to deploy (Deploy is offered)
    elsewhere = find("agent", lambda i: branch not in i["branches"])
    table = spynet_scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {
            "first": 0,
            "hands": [[mission, elsewhere], []],
            "deck": spare(mission),
            "tableaus": [{}, {"agents": {branch: [{"card": theirs, "funding": []}]}}],
        },
    )
    app = App(MemoryStorage())
    app.ctx = table.ctx
    app.screen = table
    app.click("deploy", "")
    app.click("pick", mission)
    app.click("mission", f"{mission}@{branch}")  # a branch Ann does not dominate
    assert "That move is not allowed" in shown(app)
    assert table.state is not None
    moves = len(table.state.actions)
    app.click("end", "")
    assert len(table.state.actions) == moves + 1
    assert shown(app) == ""


def test_a_refused_setup_clears_when_the_table_starts() -> None:
    ctx = Context(Saves(MemoryStorage()))
    table = EspionageTable(ctx, seed=3)
    table.submit("start", {"players": "2", "seat0-kind": "easy", "seat1-kind": "hard"})
    assert any("a person" in m for m in ctx.messages)
    table.submit("start", {"players": "2", "seat0-kind": "human", "seat1-kind": "hard"})
    assert table.state is not None and ctx.messages == []
