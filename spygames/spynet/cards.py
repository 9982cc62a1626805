"""The SpyNet card set, read from `cards.json`: branches, agents, missions, funding, situations.

The set is data, not code. This module reads it once, checks it against the vocabulary
the engine knows (`check_card_set` — the schema test runs it too) and offers it as small
frozen dataclasses looked up by card id (`"a07"`, `"m12"`, `"f03"`, `"s5"`).

Vocabulary (every effect, condition and situation rule the engine carries out):

- agent effects (`effect.kind`), used right after the agent is played, if its owner wants:
  `discard` (an opponent discards a card of their choice), `eliminate` (an opponent's
  agent of printed power `max_power` or less goes to the discard pile with its funding),
  `flip` (an agent of printed power `max_power` or less, from any tableau, becomes your
  topmost agent in one of its branches, funding and all), `extra_agents` (play `count`
  more agents this turn), `draw` (take the top `count` cards of the deck);
- mission conditions (`condition.kind`), checked on the final tableaus for the
  mission's owner: `dominate` (you dominate the mission's branch), `agents` (at least
  `count` agents in its branch), `power` (power at least `count` in its branch),
  `spread` (agents in at least `count` branches), `funding` (at least `count` funding
  cards in your tableau), `mercenary` (a mercenary in your tableau), `missions` (at
  least `count` missions in its branch, this one included);
- situation rules (`rule.kind`): `agents_per_turn` (`count` agents a turn),
  `branch_bonus` (each non-mercenary agent placed in `branch` has `bonus` more power),
  `open_missions` (missions are played face up), `ties_dominate` (players tied for the
  highest power above zero all dominate), `deck_draws` (after returning pile 3, take
  `count` deck cards), `missions_per_branch` (`count` missions per dominated branch a
  turn), `dominance_points` (`points` for each branch a player dominates at the end),
  `funding_per_agent` (at most `count` funding cards on an agent).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from ..errors import InvalidCard

COUNTS: Final = {"agents": 34, "missions": 32, "funding": 10, "situations": 8, "branches": 4}
ID_PREFIX: Final = {"agents": "a", "missions": "m", "funding": "f", "situations": "s"}

EFFECTS: Final[dict[str, tuple[str, ...]]] = {
    "discard": (),
    "eliminate": ("max_power",),
    "flip": ("max_power",),
    "extra_agents": ("count",),
    "draw": ("count",),
}
"""Effect kind -> its whole-number parameters (`max_power` may be left out: any power)."""
OPTIONAL_PARAMS: Final = frozenset({"max_power"})

CONDITIONS: Final[dict[str, tuple[str, ...]]] = {
    "dominate": (),
    "agents": ("count",),
    "power": ("count",),
    "spread": ("count",),
    "funding": ("count",),
    "mercenary": (),
    "missions": ("count",),
}
"""Mission condition kind -> its whole-number parameters."""

SITUATION_RULES: Final[dict[str, tuple[str, ...]]] = {
    "agents_per_turn": ("count",),
    "branch_bonus": ("branch", "bonus"),
    "open_missions": (),
    "ties_dominate": (),
    "deck_draws": ("count",),
    "missions_per_branch": ("count",),
    "dominance_points": ("points",),
    "funding_per_agent": ("count",),
}
"""Situation rule kind -> its parameters (`branch` is a branch id, the rest numbers)."""


@dataclass(frozen=True)
class Branch:
    id: str
    name: str
    colour: str
    icon: str  # an SVG path on a 24×24 view box


@dataclass(frozen=True)
class Agent:
    id: str
    name: str
    power: int
    branches: tuple[str, ...]
    mercenary: bool = False
    effect: dict[str, Any] | None = field(default=None, hash=False, compare=False)

    kind: ClassVar[str] = "agent"

    @property
    def is_special(self) -> bool:
        return self.effect is not None


@dataclass(frozen=True)
class Mission:
    id: str
    name: str
    stars: int
    branches: tuple[str, ...]
    condition: dict[str, Any] | None = field(default=None, hash=False, compare=False)

    kind: ClassVar[str] = "mission"


@dataclass(frozen=True)
class Funding:
    id: str
    name: str
    value: int

    kind: ClassVar[str] = "funding"


@dataclass(frozen=True)
class Situation:
    id: str
    name: str
    rule: dict[str, Any] = field(hash=False, compare=False)

    kind: ClassVar[str] = "situation"


Card = Agent | Mission | Funding


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_params(
    where: str, spec: Any, known: dict[str, tuple[str, ...]], branches: set[str]
) -> list[str]:
    """Problems with one effect, condition or rule: a known kind, exactly its parameters."""
    if not isinstance(spec, dict) or spec.get("kind") not in known:
        return [f"{where}: kind must be one of {', '.join(known)}, not {spec!r}"]
    params = known[spec["kind"]]
    problems = []
    extra = set(spec) - {"kind", *params}
    if extra:
        problems.append(f"{where}: unknown keys {', '.join(sorted(extra))}")
    for name in params:
        if name not in spec:
            if name not in OPTIONAL_PARAMS:
                problems.append(f"{where}: {spec['kind']} needs {name}")
        elif name == "branch":
            if spec[name] not in branches:
                problems.append(f"{where}: {spec[name]!r} is not a branch")
        elif not _is_count(spec[name]):
            problems.append(f"{where}: {name} must be a whole number ≥ 0")
    return problems


def check_card_set(data: Any) -> list[str]:
    """Every problem with a card set (empty when it is sound): counts, unique ids of the
    right shape, known branches, and only effects, conditions and rules the engine knows."""
    if not isinstance(data, dict):
        return ["the card set must be a JSON object"]
    problems: list[str] = []
    for key, count in COUNTS.items():
        if not isinstance(data.get(key), list):
            problems.append(f"{key} must be a list")
        elif len(data[key]) != count:
            problems.append(f"there must be {count} {key}, not {len(data[key])}")
    if problems:
        return problems
    branch_ids = [b.get("id") for b in data["branches"]]
    branches = set(branch_ids)
    if len(branches) != 4 or "tech" not in branches:
        problems.append("four branches with distinct ids, one of them tech")
    for b in data["branches"]:
        if not all(isinstance(b.get(k), str) and b[k] for k in ("id", "name", "colour", "icon")):
            problems.append(f"branch {b!r} needs id, name, colour and icon")
    seen: set[str] = set()
    for key, prefix in ID_PREFIX.items():
        for card in data[key]:
            cid = card.get("id")
            if not isinstance(cid, str) or not cid.startswith(prefix) or not cid[1:].isdigit():
                problems.append(f"{key}: bad id {cid!r} (expected {prefix} and digits)")
                continue
            if cid in seen:
                problems.append(f"{cid} appears twice")
            seen.add(cid)
            if not isinstance(card.get("name"), str) or not card["name"]:
                problems.append(f"{cid} needs a name")
            if key in ("agents", "missions"):
                cb = card.get("branches")
                if not isinstance(cb, list) or not cb or not set(cb) <= branches:
                    problems.append(f"{cid}: branches must be a list of branch ids")
                elif len(set(cb)) != len(cb):
                    problems.append(f"{cid}: a branch is listed twice")
            if key == "agents":
                problems += _check_agent(card, branches)
            elif key == "missions":
                allowed = {"id", "name", "stars", "branches", "condition"}
                if not _is_count(card.get("stars")) or card["stars"] < 1:
                    problems.append(f"{cid}: stars must be a whole number ≥ 1")
                if "condition" in card:
                    problems += _check_params(
                        f"{cid} condition", card["condition"], CONDITIONS, branches
                    )
                if set(card) - allowed:
                    problems.append(f"{cid}: unknown keys {', '.join(sorted(set(card) - allowed))}")
            elif key == "funding":
                if not _is_count(card.get("value")) or card["value"] < 1:
                    problems.append(f"{cid}: value must be a whole number ≥ 1")
            else:
                problems += _check_params(
                    f"{cid} rule", card.get("rule"), SITUATION_RULES, branches
                )
    return problems


def _check_agent(card: dict[str, Any], branches: set[str]) -> list[str]:
    cid = card["id"]
    problems = []
    allowed = {"id", "name", "power", "branches", "mercenary", "effect"}
    if set(card) - allowed:
        problems.append(f"{cid}: unknown keys {', '.join(sorted(set(card) - allowed))}")
    if not _is_count(card.get("power")):
        problems.append(f"{cid}: power must be a whole number ≥ 0")
    merc = card.get("mercenary", False)
    if not isinstance(merc, bool):
        problems.append(f"{cid}: mercenary must be true or false")
    elif merc != (isinstance(card.get("branches"), list) and set(card["branches"]) == branches):
        problems.append(f"{cid}: an agent of all four branches is a mercenary, and only it")
    if "effect" in card:
        problems += _check_params(f"{cid} effect", card["effect"], EFFECTS, branches)
    return problems


def _load() -> dict[str, Any]:
    # Beside this module, read by the loader that read the module (a folder's or a zip's).
    # Not importlib.resources, whose imports (pathlib, zipfile, tempfile…) the site's
    # trimmed standard library would then have to ship.
    path = os.path.join(os.path.dirname(__file__), "cards.json")
    text = __spec__.loader.get_data(path).decode("utf-8")  # type: ignore[union-attr]
    data: dict[str, Any] = json.loads(text)
    problems = check_card_set(data)
    if problems:
        raise ValueError("spynet/cards.json: " + "; ".join(problems))
    return data


DATA: Final = _load()
BRANCHES: Final = tuple(Branch(**b) for b in DATA["branches"])
BRANCH_IDS: Final = tuple(b.id for b in BRANCHES)
BRANCH_BY_ID: Final = {b.id: b for b in BRANCHES}
AGENTS: Final = tuple(
    Agent(
        id=a["id"],
        name=a["name"],
        power=a["power"],
        branches=tuple(a["branches"]),
        mercenary=a.get("mercenary", False),
        effect=a.get("effect"),
    )
    for a in DATA["agents"]
)
MISSIONS: Final = tuple(
    Mission(
        id=m["id"],
        name=m["name"],
        stars=m["stars"],
        branches=tuple(m["branches"]),
        condition=m.get("condition"),
    )
    for m in DATA["missions"]
)
FUNDING: Final = tuple(Funding(**f) for f in DATA["funding"])
SITUATIONS: Final = tuple(Situation(**s) for s in DATA["situations"])
SITUATION_BY_ID: Final = {s.id: s for s in SITUATIONS}

CARDS: Final[dict[str, Card]] = {
    **{a.id: a for a in AGENTS},
    **{m.id: m for m in MISSIONS},
    **{f.id: f for f in FUNDING},
}
"""Every card that is shuffled into the deck (situations are not), by id."""
DECK: Final = tuple(CARDS)
"""The 76 deck cards in a fixed order (shuffle a copy)."""

# Fast lookups for the rules and bots.
AGENT: Final = {a.id: a for a in AGENTS}
MISSION: Final = {m.id: m for m in MISSIONS}
FUNDING_VALUE: Final = {f.id: f.value for f in FUNDING}
POWER: Final = {a.id: a.power for a in AGENTS}
KIND: Final = {cid: card.kind for cid, card in CARDS.items()}


def card(card_id: object) -> Card:
    """The card with this id, or InvalidCard with a reason a player can read."""
    if not isinstance(card_id, str) or card_id not in CARDS:
        raise InvalidCard(
            f"{card_id!r} is not a SpyNet card: expected an id like 'a07' (agent), "
            "'m12' (mission) or 'f03' (funding)"
        )
    return CARDS[card_id]


def is_card(card_id: object) -> bool:
    return isinstance(card_id, str) and card_id in CARDS
