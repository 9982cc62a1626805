"""What every game must keep under random pressure: the engine contract checked along
whole games, in the spirit of OpenSpiel's random simulation test (`pyspiel`'s
`random_sim_test`), shipped with the engine so that the tests, the Hypothesis properties
(`tests/engine/test_engine_properties.py`) and `make fuzz` (`fuzz/`) play under the same checks.

`play` runs one game, its moves chosen by the caller (Hypothesis draws them, `make fuzz`
takes them from a seeded generator; `random_game` is that), checking after every step:

- the cards are conserved, and there are legal actions until the game ends (it must
  end within `MAX_STEPS`);
- the view of the seat to play (of every seat at the start, the end and on deep steps)
  and the result have their game's shape, the TypedDicts of its `views` module
  (`shape_problem`): exactly their keys, each value of its type all the way down;
- the action played is accepted by `apply`, and has the shape of one of the game's
  `ACTIONS` (its `views` module); on tempted and deep steps every listed action is
  accepted by `why_illegal` and has such a shape;
- on tempted steps, illegal actions (mutated from a legal one, or not actions at all)
  raise `IllegalAction` and change nothing; one that is not listed is never accepted;
- on deep steps: each seat's view is unchanged when the hidden cards are shuffled, and
  two games dealt by `setup` with the hidden cards apart look the same to the seat to
  play;
- at the end: no seat to play and no legal action; the result names its winners, a
  reason and one of the game's `endings`; a finished game refuses an action; and
  `replay(record)` gives the same state (and so does a replay up to one deep step).

What is generic is here; what only a game knows comes from the game: its `endings` (a
class fact of its `Game`), its `views` module (the shapes) and its `invariants` module
(how its cards are conserved, what its views hide, how it deals a position twice),
named by its `Game.invariants` (`checks_of`; a game that names none gets the generic
checks alone).

>>> import random
>>> import spygames
>>> state = spygames.get_game("espionage").new(seed=3, players=3)
>>> rng = random.Random(3)
>>> done = play(checks_of("espionage"), state, rng.randrange, lambda: True, rng, lambda s: True)
>>> done.state.is_over, done.refused > 0
(True, True)
"""

from __future__ import annotations

import functools
import importlib
import json
import random
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from .errors import IllegalAction
from .protocol import Action, Game, Result, State, View
from .record import replay
from .registry import GAMES, get_game
from .twins import Setups

MAX_STEPS = 5000  # no game comes near: Espionage ~80 actions, SpyNet ~300


@dataclass(frozen=True)
class Checks:
    """How one game is checked."""

    game: Game
    conserved: Callable[[State], None]
    """Asserts every card is somewhere, once."""
    hidden: Callable[[State, random.Random], None]
    """Asserts each seat's view is unchanged when the cards it cannot see are shuffled."""
    setups: Callable[[State, random.Random], Setups | None]
    """Two setups dealing this position with the hidden cards apart (None: not here)."""
    view: Any
    """The TypedDict every view has the shape of (the game's `views` module)."""
    result: Any
    """The TypedDict every result has the shape of."""
    actions: tuple[Any, ...] | None
    """The TypedDicts a legal action has the shape of, one per `"type"` (None: any
    dict with a `"type"`, for a game that declares no shapes)."""
    defaults: dict[str, dict[str, Any]] | None = None
    """Keys an action may leave out, by action type, and the value they then take."""

    @property
    def players(self) -> tuple[int, ...]:
        """Every player count the game is for."""
        return tuple(range(self.game.min_players, self.game.max_players + 1))


def _nothing(state: State, rng: random.Random | None = None) -> None:
    """A game that says nothing of its cards: nothing to check."""


def checks_of(game_id: str) -> Checks:
    """How `game_id` is checked: what the module its `Game.invariants` names says
    (`checks(game)`: its invariants, its views' shapes), else the generic checks (any
    view and result, any action with a type)."""
    game = get_game(game_id)
    if game.invariants is not None:
        found = importlib.import_module(game.invariants).checks(game)
        assert isinstance(found, Checks), f"{game.invariants}.checks gives no Checks"
        return found
    return Checks(game, _nothing, _nothing, lambda state, rng: None, View, Result, None)


def shipped_checks() -> dict[str, Checks]:
    """Each shipped game's checks, by id, in the registry's order."""
    return {game_id: checks_of(game_id) for game_id in GAMES.shipped}


def shape_problem(value: Any, hint: Any, where: str = "") -> str | None:
    """None when `value` has the shape the type `hint` gives it, else where it does not and
    why. A TypedDict has exactly its keys (its optional ones may be left out), each of its
    type; lists, dicts, unions, `Literal`s and `Any` are looked into; an int is not a bool.

    >>> from typing import TypedDict
    >>> class Spot(TypedDict):
    ...     count: int
    ...     cards: list[str] | None
    >>> shape_problem({"count": 4, "cards": ["AS"]}, Spot) is None
    True
    >>> shape_problem({"count": True, "cards": None}, Spot)
    "['count']: True is not a int"
    >>> shape_problem({"count": 4, "cards": None, "hand": []}, Spot)
    ": keys missing [], not in the shape ['hand']"
    """
    problem = _checker(hint)(value)
    return None if problem is None else where + problem


Checker = Callable[[Any], "str | None"]
"""A value's problem as its path within the value and why (`"[2]: 'x' is not a int"`)."""


@functools.cache
def _checker(hint: Any) -> Checker:
    """`shape_problem` for one type, worked out once (a view is checked at every step)."""
    if hint is Any:
        return lambda value: None
    if hint is None or hint is type(None):
        return lambda value: None if value is None else f": {value!r:.80} is not None"
    if is_typeddict(hint):
        return _typed_dict_checker(hint)
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:

        def literal(value: Any) -> str | None:
            if any(value == arg and type(value) is type(arg) for arg in args):
                return None
            return f": {value!r:.80} is not one of {list(args)}"

        return literal
    if origin is Union or origin is types.UnionType:
        options = [_checker(arg) for arg in args]
        some = [_checker(arg) for arg in args if arg is not type(None)]

        optional = len(some) == 1 and len(options) == 2  # X | None, the common union

        def union(value: Any) -> str | None:
            if optional:  # None, or what is wrong with it as X
                return None if value is None else some[0](value)
            if any(option(value) is None for option in options):
                return None
            if value is not None and len(some) == 1:  # X | None: what is wrong with it as X
                return some[0](value)
            return f": {value!r:.80} is none of {hint}"

        return union
    if origin is list:
        each = _checker(args[0])
        simple = args[0] if args[0] in (str, int) else None  # most lists: one type checked fast

        def listed(value: Any) -> str | None:
            if not isinstance(value, list):
                return f": {value!r:.80} is not a list"
            if simple is not None and all(type(item) is simple for item in value):
                return None
            for index, item in enumerate(value):
                problem = each(item)
                if problem:
                    return f"[{index}]{problem}"
            return None

        return listed
    if origin is dict:
        key_of, value_of = _checker(args[0]), _checker(args[1])

        def mapped(value: Any) -> str | None:
            if not isinstance(value, dict):
                return f": {value!r:.80} is not a dict"
            for name, item in value.items():
                problem = key_of(name)
                if problem:
                    return f" key {name!r}{problem}"
                problem = value_of(item)
                if problem:
                    return f"[{name!r}]{problem}"
            return None

        return mapped
    exact = hint is int or hint is bool  # True is an int to Python, not to a view

    def plain(value: Any) -> str | None:
        if type(value) is hint if exact else isinstance(value, hint):
            return None
        return f": {value!r:.80} is not a {hint.__name__}"

    return plain


def _typed_dict_checker(hint: Any) -> Checker:
    fields = {name: _checker(kind) for name, kind in get_type_hints(hint).items()}
    required = frozenset(hint.__required_keys__)

    def typed_dict(value: Any) -> str | None:
        if not isinstance(value, dict):
            return f": {value!r:.80} is not a dict"
        if not required <= value.keys() or not value.keys() <= fields.keys():
            missing = sorted(required - value.keys())
            extra = sorted(value.keys() - fields.keys(), key=str)
            return f": keys missing {missing}, not in the shape {extra}"
        for name, item in value.items():
            problem = fields[name](item)
            if problem:
                return f"[{name!r}]{problem}"
        return None

    return typed_dict


def check_shapes(checks: Checks, state: State, seats: list[int] | range) -> None:
    """The views of `seats`, and the result once there is one, have their game's shapes."""
    for seat in seats:
        problem = shape_problem(state.view(seat), checks.view)
        assert problem is None, f"seat {seat}'s view is not a {checks.view.__name__}: {problem}"
    if state.result is not None:
        problem = shape_problem(state.result, checks.result)
        assert problem is None, f"the result is not a {checks.result.__name__}: {problem}"


def action_problem(action: Any, shapes: tuple[Any, ...]) -> str | None:
    """None when `action` has the shape of the one of `shapes` its `"type"` names.

    >>> from spygames.espionage.views import ACTIONS
    >>> action_problem({"type": "call"}, ACTIONS) is None
    True
    >>> action_problem({"type": "bid", "count": 2, "attribute": "face"}, ACTIONS)
    ": keys missing ['next'], not in the shape []"
    >>> action_problem({"type": "raise"}, ACTIONS)
    "'raise' is no action type: ['bid', 'call', 'spot']"
    """
    named = _by_type(shapes)
    kind = action.get("type") if isinstance(action, dict) else None
    if kind not in named:
        return f"{kind!r} is no action type: {list(named)}"
    return shape_problem(action, named[kind])


@functools.cache
def _by_type(shapes: tuple[Any, ...]) -> dict[Any, Any]:
    """Each action shape by the `"type"` it names, worked out once (not at every step)."""
    return {get_args(get_type_hints(shape)["type"])[0]: shape for shape in shapes}


def check_actions(checks: Checks, actions: list[Action]) -> None:
    if checks.actions is None:
        return
    for action in actions:
        problem = action_problem(action, checks.actions)
        assert problem is None, f"{action!r:.120} has no shape of the game's ACTIONS: {problem}"


def key(action: Any, defaults: dict[str, dict[str, Any]] | None = None) -> str:
    """An action's identity: lists of cards compare as sets (their order is not a choice),
    a key left out is its default.

    >>> key({"type": "agent", "card": "a1", "funding": ["f2", "f1"]}) == key(
    ...     {"funding": ["f1", "f2"], "card": "a1", "type": "agent"})
    True
    """
    if not isinstance(action, dict):
        return repr(action)
    if defaults and isinstance(action.get("type"), str):
        action = {**defaults.get(action["type"], {}), **action}
    norm = {
        k: sorted(v, key=str) if isinstance(v, list) and all(isinstance(x, str) for x in v) else v
        for k, v in action.items()
    }
    return json.dumps(norm, sort_keys=True, default=repr)


def snapshot(state: State) -> str:
    """Everything an action could change."""
    views = [state.view(seat) for seat in range(state.players)]
    return json.dumps(
        [state.record(), views, state.legal_actions(), state.result, state.rng.getstate()],
        sort_keys=True,
    )


WEIRD: tuple[Any, ...] = (None, True, -1, 0, 7, 10**12, 2.5, "", "ZZ", "AS", [], {}, ["ZZ"])


def mutants(legal: list[Action], rng: random.Random) -> list[Any]:
    """Actions near the legal ones — a value changed, a key lost or added, another
    action's type — and things that are not actions at all."""
    base = rng.choice(legal)
    out: list[Any] = [None, "end_turn", [base], {"type": rng.choice(WEIRD)}, {"type": "explode"}]
    out.append({k: v for k, v in base.items() if k != "type"})
    for _ in range(4):
        action = dict(base)
        field = rng.choice(sorted(action))
        value = action[field]
        if field == "type":
            action["type"] = rng.choice([a["type"] for a in legal] + ["call", "recruit", "pass"])
        elif isinstance(value, list) and value and rng.random() < 0.6:
            changed = list(value)
            how = rng.randrange(3)
            if how == 0:
                changed.pop(rng.randrange(len(changed)))
            elif how == 1:
                changed.append(rng.choice(changed))
            else:
                changed[rng.randrange(len(changed))] = rng.choice(WEIRD)
            action[field] = changed
        elif isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.6:
            action[field] = value + rng.choice([-100, -1, 1, 100])
        elif rng.random() < 0.2:
            del action[field]
        else:
            action[field] = rng.choice(WEIRD)
        if rng.random() < 0.2:
            action[rng.choice(["extra", "card", "cards", "count", "seat"])] = rng.choice(WEIRD)
        out.append(action)
    return out


def refuse(checks: Checks, state: State, action: Any, listed: set[str]) -> bool:
    """Check one action that may be illegal: True when it was refused; False when it is
    one of the listed ones (not tried). The caller checks that refusing changed nothing."""
    if key(action, checks.defaults) in listed:
        return False
    if isinstance(action, dict) and isinstance(action.get("type"), str):
        reason = state.why_illegal(action)
        assert reason is not None, f"accepted an action it does not list: {action!r}"
        assert isinstance(reason, str) and reason.strip(), "a refusal needs a reason"
    try:
        state.apply(action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"apply accepted {action!r}, which is not listed")
    return True


def deal_record(state: State, setup: dict[str, Any]) -> dict[str, Any]:
    """This game's record dealt by `setup` instead, with no action played."""
    return {**state.record(), "setup": setup, "actions": []}


def check_twins(checks: Checks, state: State, rng: random.Random) -> bool:
    """The position dealt twice by `setup` with the hidden cards apart looks the same to
    the seat to play; True when this position could be dealt."""
    setups = checks.setups(state, rng)
    if setups is None:
        return False
    a, b = (replay(deal_record(state, setup)) for setup in setups)
    assert b.to_play == a.to_play
    if a.is_over:  # dealt afresh, a position can end at once (Deck of Spies: no Ace left)
        return False
    seat = a.to_play[0]
    assert a.view(seat) == b.view(seat), "twins dealt apart do not look the same"
    assert a.legal_actions() == b.legal_actions()
    return True


def check_end(checks: Checks, state: State, rng: random.Random) -> None:
    """A finished game: nobody to play, nothing legal, a result with its winners, a reason
    and one of the game's endings, and any action refused."""
    assert state.to_play == [] and state.legal_actions() == []
    result = state.result
    assert result is not None and isinstance(result.get("winners"), list) and result["reason"]
    assert isinstance(result.get("ending"), str) and result["ending"], "a result says its ending"
    assert result["ending"] in checks.game.endings, f"not one of the game's endings: {result}"
    with_refusal = False
    tries: list[Any] = [{"type": "end_turn"}, {"type": "call"}, None]
    try:
        state.apply(rng.choice(tries))
    except IllegalAction:
        with_refusal = True
    assert with_refusal, "a finished game accepted an action"


Watch = Callable[[State, "Action | None"], None]
"""A caller's own look at a game `play` plays: the state at the start (with None), then
after each action (with that action), once the generic checks have passed."""


@dataclass
class Played:
    """What `play` did, for the counts `make fuzz` prints."""

    state: State
    steps: int = 0
    refused: int = 0
    twins: int = 0


def play(
    checks: Checks,
    state: State,
    pick: Callable[[int], int],
    tempt: Callable[[], bool],
    rng: random.Random,
    deep: Callable[[int], bool],
    watch: Watch | None = None,
) -> Played:
    """Play `state` to the end, `pick(n)` choosing among the n legal actions and, when
    `tempt()` says so, trying illegal actions first; every check above, the costly ones
    on the steps where `deep(step)` is true; `watch` (a test's own checks of its game's
    rules) sees the state at the start and after every action."""
    done = Played(state)
    trail: dict[int, str] = {}
    checks.conserved(state)
    check_shapes(checks, state, range(state.players))
    if watch is not None:
        watch(state, None)
    while not state.is_over:
        assert done.steps < MAX_STEPS, "the game does not end"
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        assert len(state.to_play) >= 1
        tempted, deeply = tempt(), deep(done.steps)
        if tempted or deeply:
            for action in legal:
                assert state.why_illegal(action) is None, f"listed but refused: {action!r}"
            check_actions(checks, legal)
        if tempted:
            listed = {key(a, checks.defaults) for a in legal}
            tried = mutants(legal, rng)
            before = snapshot(state)
            done.refused += sum(refuse(checks, state, a, listed) for a in tried)
            assert snapshot(state) == before, f"refusing one of {tried!r} changed the state"
        if deeply:
            checks.hidden(state, rng)
            done.twins += check_twins(checks, state, rng)
            trail[done.steps] = snapshot(state)
        chosen = legal[pick(len(legal))]
        check_actions(checks, [chosen])
        state.apply(chosen)
        done.steps += 1
        checks.conserved(state)
        check_shapes(checks, state, range(state.players) if deeply else state.to_play)
        if watch is not None:
            watch(state, chosen)
    check_shapes(checks, state, range(state.players))
    check_end(checks, state, rng)
    record = json.loads(json.dumps(state.record()))
    again = replay(record)
    assert snapshot(again) == snapshot(state), "replay(record) is not the same game"
    for step, seen in list(trail.items())[-1:]:
        assert snapshot(replay(record, upto=step)) == seen, f"replay up to {step}"
    return done


def random_game(
    game_id: str,
    players: int,
    seed: int,
    *,
    tempt: float = 0.03,
    deep: Callable[[int], bool] = lambda step: False,
    options: dict[str, Any] | None = None,
    watch: Watch | None = None,
) -> Played:
    """One game of `game_id` dealt from `seed` (with the game's `options`), its moves and
    its illegal tries (on a share `tempt` of the steps) drawn by a generator seeded with
    `seed` too, under every check; the costly ones on the steps where `deep(step)` is
    true; `watch` as `play` says. Raises AssertionError (or worse) on a failure, so the
    seed replays it."""
    checks = checks_of(game_id)
    rng = random.Random(seed)
    state = checks.game.new(seed=seed, players=players, options=options)
    return play(checks, state, rng.randrange, lambda: rng.random() < tempt, rng, deep, watch)
