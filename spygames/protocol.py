"""The protocol every game speaks: Game (static facts), State (the position), Bot.

One reducer for all games, in boardgame.io's order: game over -> action shape ->
legal now -> apply -> log. The record (seed + setup + actions) reproduces a game
exactly because randomness only comes from the state's own seeded `random.Random`.

Undo is a rule of the engine too (DESIGN.md, "Every game — Undo"): a player may take
back their own decisions only as far back as nothing new was shown to them since — never
across a draw, a look at a pile, a new spy, a showdown, an effect that revealed a card,
or another seat's move that revealed one — and never once the game is over.
`State.undo_point(seat)` says where that seat's Undo goes (an `UndoPoint`: the number of
actions of the record to keep, or why there is none); a table offers exactly that, by
`replay(record, upto=point.upto)`. Each game says in its rules module what its turns
allow.
"""

from __future__ import annotations

import copy
import importlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .errors import IllegalAction, InvalidSetup
from .i18n import N_, _

Action = dict[str, Any]
View = dict[str, Any]
Result = dict[str, Any]
RECORD_FORMAT = 1


def json_copy(value: Any) -> Any:
    """A deep copy that also proves the value is JSON-safe."""
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError) as exc:
        raise InvalidSetup(f"not JSON-safe data: {exc}") from exc


@dataclass(frozen=True)
class UndoPoint:
    """Where a seat's Undo goes: keep the first `upto` actions of the record (just before
    that seat's last decision), or None with the `reason` a player can read, worded to
    follow "Undo is off: " (e.g. "the hands have been shown since")."""

    upto: int | None
    reason: str | None = None


@dataclass(frozen=True)
class Budget:
    """How long a searching bot may think about one decision: at most `playouts` games
    played out, and at most `seconds` of search (None: no clock — the whole budget is
    played, so the bot is deterministic given its seed and its strength does not depend
    on how busy the machine is). A bot that does not search has nothing to budget."""

    playouts: int
    seconds: float | None = None


# translators: a reason, after "Undo is off: " or "That move is not allowed: "
GAME_OVER = N_("the game is over")
"""Why nothing may be played or undone once the game is over (translated where used)."""


class State(ABC):
    """A game in progress. The only mutable thing; `apply` is the one way to change it."""

    game_id: ClassVar[str]

    def __init__(
        self, *, seed: int, players: int, options: dict[str, Any], setup: dict[str, Any] | None
    ) -> None:
        self.seed = seed
        self.players = players
        self.options = json_copy(options)
        self.setup = json_copy(setup) if setup is not None else None
        self.rng = random.Random(seed)
        self.actions: list[Action] = []
        self.actors: list[int] = []  # the seat that made each action (`to_play[0]` then)

    # -- what each game defines -------------------------------------------------
    @property
    @abstractmethod
    def to_play(self) -> list[int]:
        """Seats whose decision it is now; empty when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action legal now, as JSON-safe dicts with a "type" key."""

    @abstractmethod
    def why_illegal(self, action: Action) -> str | None:
        """None when `action` is legal now, else the reason a player can read."""

    @abstractmethod
    def _play(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def view(self, seat: int) -> View:
        """Exactly what `seat` may know, JSON-safe, with at least `seat` and `to_play`."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """None while playing; then at least `winners` (list of seats) and `reason`."""

    # -- shared by every game ---------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.result is not None

    def apply(self, action: Action) -> None:
        """Play `action`; raise IllegalAction (state untouched) when it is not legal now."""
        if self.is_over:
            raise IllegalAction(_(GAME_OVER))
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(f"{action!r} is not an action: expected a dict with a 'type'")
        try:
            action = json_copy(action)
        except InvalidSetup as exc:
            raise IllegalAction(str(exc)) from exc
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        actor = self.to_play[0]
        self._play(action)
        self.actions.append(action)
        self.actors.append(actor)

    def undo_point(self, seat: int) -> UndoPoint:
        """Where `seat`'s Undo goes now: just before its last decision, when nothing new
        has been shown to it since (each game decides, in `_undo_point`); pressed again
        from there it goes one decision further back while that still holds. Never once
        the game is over. `seat` must be a seat of this game (else ValueError)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        if self.is_over:
            return UndoPoint(None, _(GAME_OVER))
        return self._undo_point(seat)

    def _undo_point(self, seat: int) -> UndoPoint:
        """The game's own rule for `undo_point` (the game is not over). A game that does
        not say offers no undo at all."""
        # translators: follows "Undo is off: " or "Nothing to undo: "
        return UndoPoint(None, _("this game has no undo"))

    def record(self) -> dict[str, Any]:
        """The save format, the share-link payload and the replay format."""
        return {
            "game": self.game_id,
            "format": RECORD_FORMAT,
            "seed": self.seed,
            "players": self.players,
            "options": copy.deepcopy(self.options),
            "setup": copy.deepcopy(self.setup),
            "actions": copy.deepcopy(self.actions),
        }

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} seed={self.seed} players={self.players} "
            f"actions={len(self.actions)} over={self.is_over}>"
        )


@dataclass(frozen=True)
class Advice:
    """A bot's choice and a one-line reason a player can read (the Hint).

    `facts` may carry the figures behind the reason (JSON-safe, by name, e.g. a chance
    from 0 to 1), so that a UI can word its own sentence; a bot may leave it empty."""

    action: Action
    reason: str
    facts: dict[str, Any] = field(default_factory=dict)


class Bot(ABC):
    """Decides from a view and the legal actions only — never from the full state."""

    level: ClassVar[str] = "random"

    def __init__(self, seed: int | None = None, *, budget: Budget | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = budget  # only a searching bot (`spygames.search.SearchBot`) uses it

    def choose(self, view: View, legal_actions: list[Action]) -> Action:
        return self.advise(view, legal_actions).action

    @abstractmethod
    def advise(self, view: View, legal_actions: list[Action]) -> Advice:
        """The chosen action (one of `legal_actions`) with a short reason."""

    def think(
        self, view: View, legal_actions: list[Action], slice_s: float
    ) -> Iterator[Advice | None]:
        """`advise` in slices for a page that must stay responsive: yields None after each
        stretch of about `slice_s` seconds of work, then the Advice. A bot that decides
        quickly yields its answer at once; a searching bot overrides this."""
        yield self.advise(view, legal_actions)

    def prepare(self, budget_s: float) -> bool:
        """Do up to `budget_s` seconds of one-off work (tables, caches) before deciding;
        True when ready. A page calls it in short slices so it never freezes; `advise`
        works without it, only slower the first time."""
        return True


class RandomBot(Bot):
    """Picks uniformly among the legal actions: a baseline for measuring bots."""

    level = "random"

    def advise(self, view: View, legal_actions: list[Action]) -> Advice:
        return Advice(self.rng.choice(legal_actions), _("a random legal move"))


def _found(where: Any) -> Any:
    """A class, or the class a `"module:Class"` names (its module imported now)."""
    if not isinstance(where, str):
        return where
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


class Game(ABC):
    """Static facts about one game, and the factory for its states and bots."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    bot_levels: ClassVar[tuple[str, ...]] = ("easy", "normal", "hard")
    top_score: ClassVar[int | None] = None
    """The most a result's `score` can be (Deck of Spies: 12 face cards); None when a
    result has no score."""
    endings: ClassVar[frozenset[str]] = frozenset()
    """How a game of it can end: every result's `ending` is one of these (an end screen
    words the end from it; `spygames.conformance` checks it)."""
    state_type: ClassVar[type[State] | str]
    """The game's State, or where it is (`"module:Class"`, imported when a game starts,
    so that the declaration stays light): `_new` builds one with the seed, players,
    options and setup."""
    bot_types: ClassVar[tuple[type[Bot] | str, ...]] = ()
    """The game's bots, one a level (each says its `level`), or where each is
    (`"module:Class"`, imported when a bot is asked for)."""
    text: ClassVar[str | None] = None
    """The module of the game's words for the CLI and the move log, with
    `describe_action(action)` and `describe_view(view)`; None: the plain forms below."""
    demo_prefix: ClassVar[str] = ""
    """Every id of the game's rules demos starts with this and "-" ("sn-recruit")."""
    guide: ClassVar[str | None] = None
    """The module of the game's guided first game (`spygames.guides`), or None."""
    hint_budget: ClassVar[Budget | None] = None
    """The Hint's budget (`spygames.hints`); None: the hard bot's own."""
    retry_from_review: ClassVar[bool] = False
    """Whether a review of a finished game offers to try the deal again from a position."""
    demo_size: ClassVar[tuple[int, int]] = (600, 500)
    """The width and height an embedded rules demo of the game asks for, in pixels."""
    invariants: ClassVar[str | None] = None
    """The module of what every position of the game keeps, whose `checks(game)` says
    how `spygames.conformance` checks it (a terminal's tool: never loaded in a page);
    None: the generic checks alone."""

    @property
    def package(self) -> str:
        """The package the game's rules live in (its `Game` is in `<package>.game`)."""
        return type(self).__module__.rpartition(".")[0]

    def new(
        self,
        seed: int | None = None,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
        *,
        as_recorded: bool = False,
    ) -> State:
        """A new game. `seed` None picks one at random (it is kept in the record).

        A new game's options get the game's current rules filled in (`rule_options`), so
        its record says which rules it is played by. `as_recorded=True` (what `replay`
        passes) takes the options exactly as a record holds them: a record made before a
        rule changed lacks the new rule's option and replays under the rule it was
        played by.
        """
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidSetup(f"seed must be a whole number, not {seed!r}")
        if players is None:
            players = self.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidSetup(f"players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            span = (
                f"{self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players}–{self.max_players}"
            )
            raise InvalidSetup(f"{self.name} is for {span} players, not {players}")
        if options is not None and not isinstance(options, dict):
            raise InvalidSetup(f"options must be a dict, not {options!r}")
        if setup is not None and not isinstance(setup, dict):
            raise InvalidSetup(f"setup must be a dict or None, not {setup!r}")
        options = dict(options or {})
        if not as_recorded:
            options = self.rule_options(players, options)
        return self._new(seed=seed, players=players, options=options, setup=setup)

    def rule_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The options of a new game with the rules of today filled in where a rule
        changed after records were made (absent in an old record = the old rule). None
        by default."""
        return options

    def _new(
        self, *, seed: int, players: int, options: dict[str, Any], setup: dict[str, Any] | None
    ) -> State:
        """Build the state; raise InvalidSetup for a bad option or setup."""
        state_type: type[State] = _found(self.state_type)
        return state_type(seed=seed, players=players, options=options, setup=setup)

    def bot(self, level: str, seed: int | None = None, *, budget: Budget | None = None) -> Bot:
        """A bot of one of `bot_levels` ("random" is always there as a baseline); `budget`
        bounds a searching bot's thinking (else its level's own budget)."""
        if level == "random":
            return RandomBot(seed)
        factories = self._bots()
        if level not in factories:
            levels = ", ".join((*self.bot_levels, "random"))
            raise InvalidSetup(f"{self.name} has no bot level {level!r} (levels: {levels})")
        return factories[level](seed, budget=budget)

    def _bots(self) -> dict[str, type[Bot]]:
        """Bot class by level (by default from `bot_types`)."""
        bots: list[type[Bot]] = [_found(bot) for bot in self.bot_types]
        return {bot.level: bot for bot in bots}

    # -- what `simulate` reports beyond wins ----------------------------------------
    def teams(self, players: int) -> list[list[int]]:
        """Seats by team (seats of a team win together); by default everyone alone."""
        return [[seat] for seat in range(players)]

    def summary(self, state: State) -> dict[str, Any]:
        """Facts about one finished game for `simulate`'s report: `measures` (name ->
        number, averaged over the games, e.g. {"turns": 41}) and `credits` (label -> the
        seats it is credited to, e.g. a card -> the seat that played it; the report gives
        each label's games and the win rate of the side credited). None by default."""
        return {}

    # -- text forms, for the CLI and the move log --------------------------------
    def describe_action(self, action: Action) -> str:
        if self.text:
            return str(importlib.import_module(self.text).describe_action(action))
        rest = ", ".join(f"{k}={v}" for k, v in action.items() if k != "type")
        return f"{action['type']} {rest}".strip()

    def describe_view(self, view: View) -> str:
        if self.text:
            return str(importlib.import_module(self.text).describe_view(view))
        return "\n".join(f"{key}: {value}" for key, value in view.items())

    def __repr__(self) -> str:
        return f"spygames.get_game({self.id!r})"
