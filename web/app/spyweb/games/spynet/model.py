"""SpyNet view models: what the table may offer, read from the engine's legal actions
and views only. Pure Python (no HTML); the UI never decides a rule, it groups the
engine's `legal_actions()` into the choices a person makes one click at a time.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

import spygames.spynet as engine
from spygames import i18n
from spygames.i18n import N_, npgettext, pgettext
from spygames.spynet.views import SpyNetView

T = TypeVar("T")


class _InLanguage(Sequence[T]):
    """The engine's data for drawing (`card_info`, `branch_info`, `situation_info`),
    asked when first read in each language: it holds words, and nothing may be worded
    before a language is chosen (`spygames.i18n`)."""

    def __init__(self, make: Callable[[], list[T]]) -> None:
        self._make = make
        self._language: str | None = None
        self._items: list[T] = []

    def _now(self) -> list[T]:
        language = i18n.language()
        if language != self._language:
            self._items, self._language = self._make(), language
        return self._items

    def __getitem__(self, index: Any) -> Any:
        return self._now()[index]

    def __len__(self) -> int:
        return len(self._now())

    def __iter__(self) -> Iterator[T]:
        return iter(self._now())


class _ById(Mapping[str, dict[str, Any]]):
    """A `_InLanguage` list by each item's id."""

    def __init__(self, items: _InLanguage[dict[str, Any]]) -> None:
        self._items = items
        self._language: str | None = None
        self._by: dict[str, dict[str, Any]] = {}

    def _now(self) -> dict[str, dict[str, Any]]:
        language = i18n.language()
        if language != self._language:
            self._by, self._language = {i["id"]: i for i in self._items}, language
        return self._by

    def __getitem__(self, key: str) -> dict[str, Any]:
        return self._now()[key]

    def __contains__(self, key: object) -> bool:
        return key in self._now()

    def __len__(self) -> int:
        return len(self._now())

    def __iter__(self) -> Iterator[str]:
        return iter(self._now())


CARD: Mapping[str, dict[str, Any]] = _ById(
    _InLanguage(lambda: [engine.card_info(cid) for cid in engine.DECK])
)
"""Everything to draw a card, by id, from the engine's data (never hard-coded here)."""
BRANCHES: Sequence[dict[str, Any]] = _InLanguage(lambda: list(engine.branch_info()))
BRANCH: Mapping[str, dict[str, Any]] = _ById(cast(_InLanguage[dict[str, Any]], BRANCHES))
BRANCH_IDS = list(engine.BRANCH_IDS)
SITUATIONS: Sequence[dict[str, Any]] = _InLanguage(
    lambda: [engine.situation_info(s.id) for s in engine.SITUATIONS]
)
SITUATION: Mapping[str, dict[str, Any]] = _ById(cast(_InLanguage[dict[str, Any]], SITUATIONS))
KINDS = ("agent", "mission", "funding")
KIND_NAMES = {"agent": N_("Agents"), "mission": N_("Missions"), "funding": N_("Funding")}
"""Each kind's name in the card gallery's filter (translated where it is shown)."""


def kind(card: str) -> str:
    return str(CARD[card]["kind"])


def funding_key(funding: list[str] | tuple[str, ...] | set[str]) -> tuple[str, ...]:
    return tuple(sorted(funding))


@dataclass
class DeployChoices:
    """A deploy's legal moves, grouped: for each agent the branches and the funding sets
    it may be played with, for each mission its branches, the cards that may be passed."""

    agents: dict[str, dict[str, set[tuple[str, ...]]]] = field(default_factory=dict)
    missions: dict[str, list[str]] = field(default_factory=dict)
    passes: list[str] = field(default_factory=list)
    can_end: bool = False

    @classmethod
    def from_legal(cls, legal: list[dict[str, Any]]) -> DeployChoices:
        out = cls()
        for action in legal:
            kind_ = action["type"]
            if kind_ == "agent":
                by_branch = out.agents.setdefault(action["card"], {})
                by_branch.setdefault(action["branch"], set()).add(funding_key(action["funding"]))
            elif kind_ == "mission":
                out.missions.setdefault(action["card"], []).append(action["branch"])
            elif kind_ == "pass":
                out.passes.append(action["card"])
            elif kind_ == "end_turn":
                out.can_end = True
        return out

    def branches_for(self, card: str, funding: list[str]) -> list[str]:
        """Where this agent may go with exactly this funding attached (table order)."""
        key = funding_key(funding)
        options = self.agents.get(card, {})
        return [b for b in BRANCH_IDS if key in options.get(b, set())]

    def funding_cards(self, card: str) -> list[str]:
        """Every funding card that may go with this agent in some legal play."""
        found = {f for sets in self.agents.get(card, {}).values() for s in sets for f in s}
        return sorted(found)

    def can_toggle(self, card: str, funding: list[str], extra: str) -> bool:
        """Whether adding or removing `extra` leaves a legal set for this agent."""
        chosen = set(funding) ^ {extra}
        return any(funding_key(chosen) in sets for sets in self.agents.get(card, {}).values())

    def playable(self, card: str) -> bool:
        return card in self.agents or card in self.missions


@dataclass
class EffectChoices:
    """The targets the pending effect may take, from the legal actions."""

    seats: list[int] = field(default_factory=list)  # discard: who must discard
    discards: list[str] = field(default_factory=list)  # discard_card: cards to give up
    eliminate: list[str] = field(default_factory=list)
    flips: dict[str, list[str]] = field(default_factory=dict)  # agent -> branches
    draw: bool = False
    skip: bool = False

    @classmethod
    def from_legal(cls, legal: list[dict[str, Any]]) -> EffectChoices:
        out = cls()
        for action in legal:
            kind_ = action["type"]
            if kind_ == "discard":
                out.seats.append(action["seat"])
            elif kind_ == "discard_card":
                out.discards.append(action["card"])
            elif kind_ == "eliminate":
                out.eliminate.append(action["card"])
            elif kind_ == "flip":
                out.flips.setdefault(action["card"], []).append(action["branch"])
            elif kind_ == "draw":
                out.draw = True
            elif kind_ == "skip_effect":
                out.skip = True
        return out


def public(views: list[SpyNetView]) -> SpyNetView:
    """What everyone at the table may see, from every seat's view (the first one is the
    base): no hand, no pile memories, no cards passed, and only the missions every seat
    sees face up. For the screen between two people's turns."""
    view = views[0]
    out = view.copy()
    out["hand"] = []
    out["passed"] = []
    out["received"] = []
    out["draft"] = out["looking_at"] = out["deploy"] = None
    out["piles"] = [{"size": p["size"], "known": []} for p in view["piles"]]
    tableaus = []
    for s, tableau in enumerate(view["tableaus"]):
        t = tableau.copy()
        t["missions"] = {
            b: [m if all(v["tableaus"][s]["missions"][b][i] == m for v in views) else None
                for i, m in enumerate(ms)]
            for b, ms in tableau["missions"].items()
        }  # fmt: skip
        tableaus.append(t)
    out["tableaus"] = tableaus
    return out


def shows(view: SpyNetView, card: str) -> bool:
    """Whether the view names this card anywhere (its face is in sight).

    >>> shows({"hand": ["a01"], "discard": []}, "a01"), shows({"hand": []}, "a01")
    (True, False)
    """
    return f'"{card}"' in json.dumps(view)


def agent_power(card: str, funding: list[str], branch: str, situation: str | None) -> int:
    """The power the agent would have there (the engine's own sum)."""
    return engine.agent_power(card, funding, branch, situation)


def placement(view: SpyNetView, card: str, branch: str, funding: list[str]) -> dict[str, Any]:
    """The branch after the viewer plays this agent there: powers and who dominates then
    (the engine's `placement`, its own domination rule)."""
    return engine.placement(cast("dict[str, Any]", view), card, branch, funding)


def dominated(view: SpyNetView, seat: int) -> list[str]:
    """Branches this seat dominates now (from the view's `dominates`)."""
    return [b for b in BRANCH_IDS if seat in view["dominates"][b]]


def short_effect(info: dict[str, Any]) -> str:
    """A few words for a card's special rule, from its data (the full text is on the
    card's large face and in its label)."""
    effect = info.get("effect")
    if effect:
        k, most, n = effect["kind"], effect.get("max_power"), effect.get("count")
        if k == "discard":
            return pgettext("card tag", "Opponent discards")
        if k == "eliminate":
            if most is None:
                return pgettext("card tag", "Eliminate")
            # translators: a card's tag: it eliminates an agent of printed power {power} or less
            return pgettext("card tag", "Eliminate ≤{power}", power=most)
        if k == "flip":
            if most is None:
                return pgettext("card tag", "Flip")
            # translators: a card's tag: it flips an agent of printed power {power} or less
            return pgettext("card tag", "Flip ≤{power}", power=most)
        if k == "extra_agents":
            # translators: a card's tag: its owner plays {n} more agents this turn
            return npgettext("card tag", "+{n} agent", "+{n} agents", n)
        if k == "draw":
            return pgettext("card tag", "Draw {n}", n=n)
        return str(k)
    condition = info.get("condition")
    if condition:
        k, n = condition["kind"], condition.get("count")
        if k == "dominate":
            return pgettext("card tag", "If you dominate")
        if k == "agents":
            return pgettext("card tag", "If {n}+ agents", n=n)
        if k == "power":
            return pgettext("card tag", "If power {n}+", n=n)
        if k == "spread":
            return pgettext("card tag", "If {n}+ branches", n=n)
        if k == "funding":
            return pgettext("card tag", "If {n}+ funding", n=n)
        if k == "mercenary":
            return pgettext("card tag", "If a mercenary")
        if k == "missions":
            return pgettext("card tag", "If {n}+ missions", n=n)
        return str(k)
    return ""
