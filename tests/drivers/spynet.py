"""The SpyNet table driven as the page drives it: the setup form, a table started or
scripted on chosen cards, cards found by what they are, the bots run, and a click on one of
the page's own action controls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spyweb.browser.store import MemoryStorage, Saves
from spyweb.games.spynet.model import CARD
from spyweb.games.spynet.table import SpyNetTable
from spyweb.tables.screen import Context

import spygames

GAME = spygames.get_game("spynet")


def context(storage: MemoryStorage | None = None) -> Context:
    return Context(Saves(storage if storage is not None else MemoryStorage()))


def find(kind: str, test: Callable[[dict[str, Any]], bool] = lambda i: True, n: int = 1) -> Any:
    """The first `n` cards of a kind passing `test`, from the engine's data."""
    found = [c for c, i in CARD.items() if i["kind"] == kind and test(i)]
    assert len(found) >= n, f"the card set has no {kind} like that"
    return found[0] if n == 1 else found[:n]


def seat(name: str, kind: str = "human", level: str = "normal") -> dict[str, str]:
    return {"name": name, "kind": kind, "level": level}


def form(*kinds: str, names: tuple[str, ...] = (), situation: str = "") -> dict[str, str]:
    values = {"players": str(len(kinds)), "situation": situation}
    for i, kind in enumerate(kinds):
        values[f"seat{i}-kind"] = kind
        values[f"seat{i}-name"] = names[i] if i < len(names) else ""
    return values


def started(*kinds: str, seed: int | None = 7, **extra: Any) -> SpyNetTable:
    table = SpyNetTable(context(), seed=seed)
    table.submit("start", form(*kinds, **extra))
    assert table.state is not None
    return table


def scripted(seats: list[dict[str, str]], setup: dict[str, Any], **options: Any) -> SpyNetTable:
    state = GAME.new(seed=1, players=len(seats), options={"seats": seats, **options}, setup=setup)
    return SpyNetTable(context(), state=state)


def run_bots(table: SpyNetTable, limit: int = 2000) -> None:
    """Tick the bots until a person must act (or the game ends)."""
    for _ in range(limit):
        if table.state is None or table.state.is_over:
            return
        if table.handoff_needed:
            table.handle("show-hand", "")
        elif table.pending_delay() is not None:
            table.tick()
        else:
            return


def click_action(table: SpyNetTable, action: dict[str, Any]) -> None:
    """Play a legal action through the page's clicks."""
    kind = action["type"]
    simple = {"end_turn": "end", "skip_effect": "skip"}
    if kind in ("recruit", "deploy", "take", "pass_on", "draw", "end_turn", "skip_effect"):
        table.handle(simple.get(kind, kind), "")
    elif kind == "agent":
        table.handle("pick", action["card"])
        for f in action["funding"]:
            table.handle("fund", f)
        table.handle("agent", f"{action['card']}@{action['branch']}")
    elif kind == "mission":
        table.handle("pick", action["card"])
        table.handle("mission", f"{action['card']}@{action['branch']}")
    elif kind == "discard":
        table.handle("discard", str(action["seat"]))
    elif kind == "flip":
        table.handle("flip", f"{action['card']}@{action['branch']}")
    else:
        table.handle(kind, action["card"])


def spare(*used: str) -> list[str]:
    """Deck cards not named in a setup (missions, so nothing gets played from them)."""
    return [c for c, i in CARD.items() if i["kind"] == "mission" and c not in used][:12]
