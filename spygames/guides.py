"""Guided first games: a fixed deal per game, played step by step with a newcomer.

A `Guide` is a deal (seed, setup, options) and a script: the actions that open the game,
each of the person's with the instruction the page says (`say`, one sentence) and the
rule it shows (`rule`, in the words of the game's Rules page); another seat's moves in
the script are played for it as written. The deal is chosen so that every main rule of
the game comes up in the first minutes; each game's guide module lists those rules
(`RULES`) and says which rules a move shows (`teaches`), and `check` proves the script
shows them all, every action legal where it stands. Past the script the game goes on
as any other.

>>> guide = get_guide("deck-of-spies")
>>> state = guide.start()
>>> guide.step_at(state.record()).say.startswith("Recruit")
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .errors import IllegalAction, SpyGamesError
from .i18n import _
from .protocol import Action, State
from .registry import GAMES, get_game


def has_guide(game_id: str) -> bool:
    """Whether the game has a guided first game (its `Game.guide` names the module it is
    written in), without importing its rules."""
    return game_id in GAMES and GAMES[game_id].guide is not None


def guided() -> list[str]:
    """The games that have a guided first game, in the registry's order."""
    return [game_id for game_id in GAMES if GAMES[game_id].guide is not None]


class GuideError(SpyGamesError):
    """A guide's script does not hold: an illegal step, a rule it never shows."""


def same_form(action: Any) -> Any:
    """`action` with its lists of cards in one order: two actions that differ only in
    the order of their cards are one move."""
    if not isinstance(action, dict):
        return action
    return {k: sorted(v, key=str) if isinstance(v, list) else v for k, v in action.items()}


@dataclass(frozen=True)
class Step:
    """One action of the script: the person's (with what to say and the rule it shows)
    or another seat's (`say` empty)."""

    action: Action
    say: str = ""
    rule: str = ""


@dataclass(frozen=True)
class Guide:
    """A guided first game: the deal, the person's seat and the script (see the module)."""

    game_id: str
    seed: int
    players: int
    seat: int
    steps: tuple[Step, ...]
    setup: dict[str, Any] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    done: str = ""
    """What the page says once the script is played: the game goes on."""

    def start(self) -> State:
        """The deal, before any move; the seats' names in the language in use ("You")."""
        game = get_game(self.game_id)
        options = dict(self.options)
        if isinstance(options.get("seats"), list):
            options["seats"] = [{**seat, "name": _(seat["name"])} for seat in options["seats"]]
        return game.new(self.seed, self.players, options, self.setup)

    @cached_property
    def deal(self) -> dict[str, Any]:
        """The deal as a record names it (its game, seed, players and setup), worked out
        once."""
        start = self.start().record()
        return {key: start[key] for key in ("game", "seed", "players", "setup")}

    def follows(self, record: dict[str, Any]) -> bool:
        """`record` is this guide's deal, its moves so far the script's (and any after
        the script: a game played on from it)."""
        if any(record.get(key) != value for key, value in self.deal.items()):
            return False
        actions = record.get("actions")
        if not isinstance(actions, list):
            return False
        script = [step.action for step in self.steps]
        played = [same_form(a) for a in actions[: len(script)]]
        return played == [same_form(a) for a in script[: len(played)]]

    def expects(self, record: dict[str, Any], action: Action) -> bool:
        """`action` is the script's next step for the game of `record` (cards in any
        order, as the engine takes them)."""
        step = self.step_at(record)
        return step is not None and same_form(step.action) == same_form(action)

    def step_at(self, record: dict[str, Any]) -> Step | None:
        """The script's next step for the game of `record`, or None when it is not this
        guide's game or the script is played."""
        if not self.follows(record) or len(record["actions"]) >= len(self.steps):
            return None
        return self.steps[len(record["actions"])]

    def guided(self, record: dict[str, Any]) -> bool:
        """The game of `record` is in the guided part (its script not yet played)."""
        return self.step_at(record) is not None


@dataclass(frozen=True)
class Written:
    """A game's guide as its module gives it: the guide, the main rules it must show
    and what a move shows (`teaches(state before, action)` -> rule names)."""

    guide: Guide
    rules: tuple[str, ...]
    teaches: Callable[[State, Action], set[str]]


def written(game_id: str) -> Written | None:
    """The guide module of `game_id`, or None when the game has no guided first game."""
    name = get_game(game_id).guide if game_id in GAMES else None
    if name is None:
        return None
    module = importlib.import_module(name)
    return Written(module.GUIDE, tuple(module.RULES), module.teaches)


def get_guide(game_id: str) -> Guide | None:
    found = written(game_id)
    return found.guide if found is not None else None


def check(game_id: str) -> set[str]:
    """Play `game_id`'s script through the engine: every step legal, the person's steps
    played by the person's seat with something to say, another seat's by that seat; the
    rules it shows, which must be every one of its `RULES` (else GuideError)."""
    found = written(game_id)
    if found is None:
        raise GuideError(f"{game_id} has no guided first game")
    guide = found.guide
    state = guide.start()
    shown: set[str] = set()
    for index, step in enumerate(guide.steps):
        if state.is_over:
            raise GuideError(f"step {index}: the game is already over")
        mine = state.to_play[0] == guide.seat
        if mine != bool(step.say and step.rule):
            whose = "the person's" if mine else "another seat's"
            raise GuideError(f"step {index} is {whose} move: say and rule go with the person's")
        if mine:
            shown |= found.teaches(state, step.action)
        try:
            state.apply(step.action)
        except IllegalAction as exc:
            raise GuideError(f"step {index}: {step.action} is not legal: {exc.reason}") from None
    missing = [rule for rule in found.rules if rule not in shown]
    if missing:
        raise GuideError(f"the guide never shows: {', '.join(missing)}")
    return shown
