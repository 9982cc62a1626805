"""The Espionage table driven as the page drives it: a table started from the setup form
(people and bots by seat), its bots run until a person is to play, a game played to the end
by the page's own controls, and the known hands of the scripted deals."""

from __future__ import annotations

from spyweb.browser.store import MemoryStorage, Saves
from spyweb.games.espionage.table import EspionageTable
from spyweb.tables.screen import Context


def context(storage: MemoryStorage | None = None) -> Context:
    return Context(Saves(storage if storage is not None else MemoryStorage()))


def form(*kinds: str, names: tuple[str, ...] = ()) -> dict[str, str]:
    values = {"players": str(len(kinds))}
    for i, kind in enumerate(kinds):
        values[f"seat{i}-kind"] = kind
        values[f"seat{i}-name"] = names[i] if i < len(names) else ""
    return values


def started(*kinds: str, seed: int | None = 7, names: tuple[str, ...] = ()) -> EspionageTable:
    table = EspionageTable(context(), seed=seed)
    table.submit("start", form(*kinds, names=names))
    assert table.state is not None
    return table


def run_bots_until_human(table: EspionageTable, limit: int = 500) -> None:
    for _ in range(limit):
        if table.state is None or table.state.is_over:
            return
        if table.reveal_pending:
            table.handle("continue", "")
        elif table.handoff_needed:
            table.handle("show-hand", "")
        elif table.pending_delay() is not None:
            table.tick()
        else:
            return


HANDS = [
    ["hacker-agency-london", "face-bureau-moscow", "mercenary-1", "muscle-command-nyc",
     "traitor-1", "face-agency-nyc"],
    ["hacker-command-nyc", "traitor-2", "muscle-agency-london", "hacker-bureau-moscow",
     "face-command-london", "mercenary-2"],
]  # fmt: skip


def play_to_end(table: EspionageTable) -> None:
    for _ in range(3000):
        assert table.state is not None
        if table.state.is_over:
            while table.stepping:  # the last showdown, then the end screen
                table.tick()
            return
        if table.reveal_pending:
            table.handle("continue", "")
        elif table.pending_delay() is not None:
            table.tick()
        elif table.panel().can_call:
            table.handle("call", "")
        else:
            table.handle("attr", next(a for a, ok in table.panel().attributes().items() if ok))
            table.handle("bid", "")
    raise AssertionError("the game did not end")
