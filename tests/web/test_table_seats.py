"""The seated table both Espionage and SpyNet stand on (spyweb/tables/table_seats.py): the
pass-and-play hand-over, the bots getting ready and playing at the chosen pace, a
shared game's own slot, and the questions before a game in progress is left. Each
check runs on both tables, driven as the page drives them."""

from __future__ import annotations

from typing import Any

import pytest
from spyweb.browser.store import MemoryStorage, Saves
from spyweb.games.espionage.table import EspionageTable
from spyweb.games.spynet.table import SpyNetTable
from spyweb.tables.screen import Context
from spyweb.tables.table_seats import SeatedTable

import spygames

TABLES: dict[str, type[SeatedTable]] = {"espionage": EspionageTable, "spynet": SpyNetTable}
GAMES = sorted(TABLES)


def context(storage: MemoryStorage | None = None) -> Context:
    return Context(Saves(storage if storage is not None else MemoryStorage()))


def seated(game: str, *kinds: str, seed: int = 7, ctx: Context | None = None) -> SeatedTable:
    """A table started from the seats form, as the page sends it."""
    table = TABLES[game](ctx or context(), seed=seed)
    values = {"players": str(len(kinds)), "situation": ""}
    for i, kind in enumerate(kinds):
        values[f"seat{i}-kind"] = kind
        values[f"seat{i}-name"] = ""
    table.submit("start", values)
    assert table.state is not None
    return table


def bot_first(game: str, *kinds: str) -> SeatedTable:
    """A table whose first move is a bot's (the deal decides who starts)."""
    for seed in range(1, 60):
        table = seated(game, *kinds, seed=seed)
        if table.current is not None and not table.seats[table.current].is_human:
            return table
    raise AssertionError("no deal in 1..59 starts with a bot")


def first_legal(table: SeatedTable) -> dict[str, Any]:
    assert table.state is not None
    return table.state.legal_actions()[0]


@pytest.mark.parametrize("game", GAMES)
def test_the_hand_over_waits_for_the_person_to_play(game: str) -> None:
    table = seated(game, "human", "human")
    cur = table.current
    assert cur is not None
    assert table.pass_and_play and table.handoff_needed
    assert table.viewer is None and not table.my_turn
    prefix = "esp" if game == "espionage" else "sn"
    assert f'id="{prefix}-show-hand"' in table.render()
    table.handle("show-hand", "")
    assert table.holder == cur and table.viewer == cur and table.my_turn
    assert not table.handoff_needed
    table.handle("show-hand", "")  # nothing to hand over: the holder stays
    assert table.holder == cur


@pytest.mark.parametrize("game", GAMES)
def test_bots_get_ready_at_once_then_play_at_the_chosen_pace(game: str) -> None:
    table = bot_first(game, "human", "easy")
    assert table.pending_delay() == 0  # their tables are built first, between paints
    for _ in range(1000):
        if table.bots_ready:
            break
        table.tick()
    assert table.bots_ready
    assert table.pending_delay() == table.paces["normal"]
    table.handle("pace", "slow")
    assert table.pending_delay() == table.paces["slow"]
    table.handle("pace", "sideways")  # not a pace: the chosen one stays
    assert table.pending_delay() == table.paces["slow"]
    assert table.state is not None
    before = len(table.state.actions)
    for _ in range(1000):
        if len(table.state.actions) > before:
            break
        table.tick()
    assert len(table.state.actions) == before + 1


@pytest.mark.parametrize("game", GAMES)
def test_the_table_is_described_in_the_saves_and_stats(game: str) -> None:
    table = seated(game, "human", "easy", "hard")
    names = [s.name for s in table.seats]
    assert table.players_text() == f"{names[0]}, {names[1]} (easy), {names[2]} (hard)"
    assert table.table_text() == "3 players · bots easy/hard"
    people = seated(game, "human", "human")
    assert people.table_text() == "2 players · no bots · pass-and-play"


@pytest.mark.parametrize("game", GAMES)
def test_a_shared_game_gets_its_own_slot_and_a_reload_resumes_it(game: str) -> None:
    record = seated(game, "human", "easy").state.record()  # type: ignore[union-attr]
    storage = MemoryStorage()
    ctx = context(storage)
    table = TABLES[game](ctx, state=spygames.replay(record))
    assert ctx.goto == f"#/{game}"  # a reload opens the game, not the link again
    assert table.slot is not None
    assert [s.name for s in table.seats] == [s["name"] for s in record["options"]["seats"]]
    again = TABLES[game](context(storage))
    assert again.slot == table.slot
    assert again.state is not None and again.state.record() == record


@pytest.mark.parametrize("game", GAMES)
def test_leaving_a_game_in_progress_asks_first(game: str) -> None:
    table = seated(game, "human", "easy")
    ctx = table.ctx
    assert table.state is not None
    for _ in range(1000):  # one move made, by the bot or the person
        if table.state.actions:
            break
        if table.pending_delay() is None:
            table._apply(first_legal(table))  # type: ignore[attr-defined]
        else:
            table.tick()
    assert table.in_progress
    seats, seed = list(table.seats), table.state.seed
    ctx.goto = None
    table.handle("newtable", "")
    assert ctx.confirming is not None and ctx.goto is None
    ctx.confirming = None
    table.handle("again", "")
    assert ctx.confirming is not None and ctx.confirming.act == "again"
    assert table.state.seed == seed  # nothing changed before the yes
    ctx.confirmed = ("again", "")
    table.handle("again", "")
    assert table.state.seed != seed and table.state.actions == []
    assert table.seats == seats and ctx.goto == f"#/{game}"
