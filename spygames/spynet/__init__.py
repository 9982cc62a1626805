"""SpyNet — Winston-draft agents, fund branches, run missions; 2–4 players, teams at 4.

Registered as "spynet". Modules: `cards` (the card set from `cards.json`), `situation`
(the rule a situation changes), `power` (an agent's power, who dominates), `table`
(the position and its moves), `setup` (the deal, the openings, options and scripted
setups), `rules` (the state: actions, reasons, views — its docstring is the contract),
`scoring` (the end), `views` (what a seat sees and the result, key by key: `SpyNetView`,
`SpyNetResult`), `invariants` (what every position keeps, for `spygames.conformance`),
`text` (words for people), `guess` and `policy` (what the bots read and weigh), `bots`
(easy, normal, hard).

Helpers a UI may call instead of deciding a rule itself (pure functions of ids):
`card_info(id)` (everything to draw a card, its text included), `branch_info()`,
`situation_info(id)`, `agent_power(card, funding, branch, situation)` (an agent's power
where it would stand), `placement(view, card, branch, funding)` (a branch after an agent
is played there: powers and who dominates), `SpyNetState.why_illegal_for(seat, action)`
and `SpyNetState.nothing_to_deploy()`.
"""

from __future__ import annotations

from typing import Any

from ..protocol import Bot, Game, Result, State
from ..registry import register
from . import text
from .cards import (
    AGENT,
    BRANCH_IDS,
    BRANCHES,
    CARDS,
    DECK,
    SITUATION_BY_ID,
    SITUATIONS,
    Agent,
    Funding,
    Mission,
    card,
)
from .outlook import placement
from .power import entry_power
from .rules import SpyNetState
from .setup import opening_for
from .situation import Situation
from .table import draft_step, teams_for
from .views import SpyNetResult, SpyNetView


def card_info(card_id: str) -> dict[str, Any]:
    """A card as JSON-safe data for drawing it: id, kind, name, text and its numbers.

    Agents: `power`, `branches`, `mercenary`, `effect` (or null); missions: `stars`,
    `branches`, `condition` (or null); funding: `value`. Raises InvalidCard otherwise.
    """
    c = card(card_id)
    info: dict[str, Any] = {
        "id": c.id,
        "kind": c.kind,
        "name": c.name,
        "text": text.card_text(c.id),
    }
    if isinstance(c, Agent):
        info |= {
            "power": c.power,
            "branches": list(c.branches),
            "mercenary": c.mercenary,
            "effect": dict(c.effect) if c.effect else None,
            "special": c.effect is not None,
        }
    elif isinstance(c, Mission):
        info |= {
            "stars": c.stars,
            "branches": list(c.branches),
            "condition": dict(c.condition) if c.condition else None,
        }
    else:
        assert isinstance(c, Funding)
        info["value"] = c.value
    return info


def branch_info() -> list[dict[str, str]]:
    """The four branches in table order: id, name, colour, icon (an SVG path, 24×24)."""
    return [{"id": b.id, "name": b.name, "colour": b.colour, "icon": b.icon} for b in BRANCHES]


def situation_info(situation_id: str) -> dict[str, Any]:
    """A situation: id, name, the rule it changes (data) and its text."""
    s = SITUATION_BY_ID[situation_id]
    return {"id": s.id, "name": s.name, "rule": dict(s.rule), "text": text.situation_text(s.id)}


def agent_power(card_id: str, funding: list[str], branch: str, situation: str | None = None) -> int:
    """The power an agent would have in `branch` with these funding cards attached."""
    return entry_power((card_id, tuple(funding)), branch, Situation.of(situation))


class SpyNet(Game):
    """Static facts about SpyNet and the factory for its states and bots."""

    id = "spynet"
    name = "SpyNet"
    min_players = 2
    max_players = 4
    endings = frozenset({"points", "funding", "shared"})
    state_type = SpyNetState
    describe_action = staticmethod(text.describe_action)
    describe_view = staticmethod(text.describe_view)

    def rule_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """A new game at 3 players records its opening, the short draft (Ruling: 3
        players, the short draft, `setup.OPENINGS`); a record keeps the opening it names
        (`"deal"` from the ruling before) and, absent, as in every older record, the
        opening is the full draft, so those replay as they were played."""
        opening = opening_for(players)
        if "opening" in options or opening == "draft":
            return options
        return {**options, "opening": opening}

    def _bots(self) -> dict[str, type[Bot]]:
        """The bots are loaded only when one is asked for."""
        from .bots import EasyBot, HardBot, NormalBot

        return {bot.level: bot for bot in (EasyBot, NormalBot, HardBot)}

    def teams(self, players: int) -> list[list[int]]:
        return teams_for(players)

    def summary(self, state: State) -> dict[str, Any]:
        """For `simulate`: the game's length in turns; credits for each place in the turn
        order ("turn order 1" is the first player: seats are dealt the first turn at
        random, so this is where an advantage of playing first would show) and for each
        card played (to the seat that played it)."""
        assert isinstance(state, SpyNetState)
        t = state.table
        order = {f"turn order {k + 1}": [(t.first + k) % t.players] for k in range(t.players)}
        cards = {f"{c} {CARDS[c].name}": [s] for c, s in t.played_by.items()}
        return {"measures": {"turns": t.turn_number}, "credits": order | cards}


GAME = register(SpyNet())

__all__ = [
    "AGENT",
    "BRANCHES",
    "BRANCH_IDS",
    "CARDS",
    "DECK",
    "GAME",
    "SITUATIONS",
    "Result",
    "SpyNet",
    "SpyNetResult",
    "SpyNetState",
    "SpyNetView",
    "agent_power",
    "branch_info",
    "card_info",
    "draft_step",
    "placement",
    "situation_info",
]
