"""What a UI may ask of SpyNet instead of deciding a rule itself (pure functions of
ids, JSON-safe answers): `card_info(id)` (everything to draw a card, its text
included), `branch_info()`, `situation_info(id)`, `agent_power(card, funding, branch,
situation)` (an agent's power where it would stand). Re-exported by the package."""

from __future__ import annotations

from typing import Any

from . import text
from .cards import BRANCHES, SITUATION_BY_ID, Agent, Funding, Mission, card
from .power import entry_power
from .situation import Situation


def card_info(card_id: str) -> dict[str, Any]:
    """A card as JSON-safe data for drawing it: id, kind, name, text and its numbers.

    Agents: `power`, `branches`, `mercenary`, `effect` (or null); missions: `stars`,
    `branches`, `condition` (or null); funding: `value`. Raises InvalidCard otherwise.
    """
    c = card(card_id)
    info: dict[str, Any] = {
        "id": c.id,
        "kind": c.kind,
        "name": text.named(c.id),
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
    return [
        {"id": b.id, "name": text.branch_name(b.id), "colour": b.colour, "icon": b.icon}
        for b in BRANCHES
    ]


def situation_info(situation_id: str) -> dict[str, Any]:
    """A situation: id, name, the rule it changes (data) and its text."""
    s = SITUATION_BY_ID[situation_id]
    return {
        "id": s.id,
        "name": text.situation_name(s.id),
        "rule": dict(s.rule),
        "text": text.situation_text(s.id),
    }


def agent_power(card_id: str, funding: list[str], branch: str, situation: str | None = None) -> int:
    """The power an agent would have in `branch` with these funding cards attached."""
    return entry_power((card_id, tuple(funding)), branch, Situation.of(situation))
