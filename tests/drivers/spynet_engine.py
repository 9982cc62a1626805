"""SpyNet positions built card by card on the engine: a new game with chosen branches and
hands, the filler missions that pad a deck, agents and deploys."""

from __future__ import annotations

from typing import Any

import spygames
from spygames.spynet.rules import SpyNetState

GAME = spygames.get_game("spynet")


FILLER = ["m14", "m15", "m16", "m18", "m19", "m20", "m21", "m22"]


def new(players: int = 2, situation: str | None = None, **setup: Any) -> SpyNetState:
    setup.setdefault("first", 0)
    state = GAME.new(seed=1, players=players, options={"situation": situation}, setup=setup)
    assert isinstance(state, SpyNetState)
    return state


def agents_in(*branches: tuple[str, list[str]]) -> dict[str, Any]:
    return {"agents": {b: [{"card": c, "funding": []} for c in cards] for b, cards in branches}}


def deploy(state: SpyNetState) -> None:
    state.apply({"type": "deploy"})


def agent(card: str, branch: str, funding: list[str] | None = None) -> dict[str, Any]:
    return {"type": "agent", "card": card, "branch": branch, "funding": funding or []}
