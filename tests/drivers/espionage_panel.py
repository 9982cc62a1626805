"""An Espionage table on known hands, You (seat 0) against Vesper, a hard bot: bids put
together in the bid panel and pressed, and the page's buttons and words read back."""

from __future__ import annotations

import re

from spyweb.browser.store import MemoryStorage, Saves
from spyweb.games.espionage.seats import Seat, seat_options
from spyweb.games.espionage.table import EspionageTable
from spyweb.tables.screen import Context

import spygames

GAME = spygames.get_game("espionage")


HANDS = [
    ["hacker-agency-london", "face-bureau-moscow", "mercenary-1", "muscle-command-nyc",
     "traitor-1", "face-agency-nyc"],
    ["hacker-command-nyc", "traitor-2", "muscle-agency-london", "hacker-bureau-moscow",
     "face-command-london", "mercenary-2"],
]  # fmt: skip


YOU_AND_VESPER = [Seat("You", "human"), Seat("Vesper", "bot", "hard")]


def table_for(state: spygames.State) -> EspionageTable:
    return EspionageTable(Context(Saves(MemoryStorage())), state=state)


def scripted(first: int = 0, seats: list[Seat] = YOU_AND_VESPER) -> EspionageTable:
    """You (seat 0) against Vesper, a hard bot, on known hands."""
    setup = {"hands": HANDS, "first": first}
    return table_for(GAME.new(seed=5, players=2, options=seat_options(seats), setup=setup))


def bid(count: int, attribute: str, nxt: int) -> dict[str, object]:
    return {"type": "bid", "count": count, "attribute": attribute, "next": nxt}


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def button(html: str, id_: str) -> str:
    found = re.search(rf'<button[^>]*id="{id_}"[^>]*>', html)
    assert found is not None, id_
    return found.group(0)


def play_bid(table: EspionageTable, count: int, attribute: str, nxt: int) -> None:
    """Put a bid together in the panel and press Bid."""
    table.panel()
    while table.sel["count"] < count:
        table.handle("count", "+")
    table.handle("attr", attribute)
    table.handle("next", str(nxt))
    table.handle("bid", "")
    assert table.state is not None and table.state.actions[-1] == bid(count, attribute, nxt)
