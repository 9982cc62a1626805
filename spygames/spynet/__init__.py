"""SpyNet — Winston-draft agents, fund branches, run missions; 2–4 players, teams at 4.

Declared in `game` (`SpyNet`: every static fact, light to import), listed by the
registry as "spynet". Modules: `cards` (the card set from `cards.json`), `situation`
(the rule a situation changes), `power` (an agent's power, who dominates), `table`
(the position and its moves), `setup` (the deal, the openings, options and scripted
setups), `rules` (the state: actions, reasons, views — its docstring is the contract),
`scoring` (the end), `views` (what a seat sees and the result, key by key: `SpyNetView`,
`SpyNetResult`), `invariants` (what every position keeps, for `spygames.conformance`),
`text` (words for people), `guess` and `policy` (what the bots read and weigh), `bots`
(easy, normal, hard).

Helpers a UI may call instead of deciding a rule itself (pure functions of ids), in
`info`: `card_info(id)` (everything to draw a card, its text included), `branch_info()`,
`situation_info(id)`, `agent_power(card, funding, branch, situation)` (an agent's power
where it would stand); and `placement(view, card, branch, funding)` (`outlook`: a branch
after an agent is played there: powers and who dominates),
`SpyNetState.why_illegal_for(seat, action)` and `SpyNetState.nothing_to_deploy()`.

Importing the package imports only `game`: the names below come from their modules on
first use (the registry lists the game without loading its rules).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .game import GAME, SpyNet

if TYPE_CHECKING:
    from ..protocol import Result
    from .cards import AGENT, BRANCH_IDS, BRANCHES, CARDS, DECK, SITUATIONS
    from .info import agent_power, branch_info, card_info, situation_info
    from .outlook import placement
    from .rules import SpyNetState
    from .table import draft_step
    from .views import SpyNetResult, SpyNetView

_FROM = {
    **dict.fromkeys(("AGENT", "BRANCH_IDS", "BRANCHES", "CARDS", "DECK", "SITUATIONS"), "cards"),
    **dict.fromkeys(("agent_power", "branch_info", "card_info", "situation_info"), "info"),
    "placement": "outlook",
    "SpyNetState": "rules",
    "draft_step": "table",
    **dict.fromkeys(("SpyNetResult", "SpyNetView"), "views"),
}


def __getattr__(name: str) -> Any:
    if name == "Result":
        from ..protocol import Result

        return Result
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_FROM[name]}"), name)


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
