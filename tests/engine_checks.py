"""What every game must keep under random pressure, for the Hypothesis properties
(`tests/test_engine_properties.py`) and `make fuzz` (`fuzz/`).

One entry per game in `CHECKS`, built from the conformance tests' own checks (cards
conserved, the view unchanged when the cards it hides are shuffled) and the setups the
bot-blindness proof deals its twins from (`tests/test_bots_blind.py`). `play` runs one
game with them, its moves chosen by the caller (Hypothesis draws them, `make fuzz` takes
them from a seeded generator), checking after every step:

- the cards are conserved, and there are legal actions until the game ends (it must
  end within `MAX_STEPS`);
- the action played is accepted by `apply`; on tempted and deep steps every listed
  action is accepted by `why_illegal`;
- on tempted steps, illegal actions (mutated from a legal one, or not actions at all)
  raise `IllegalAction` and change nothing; one that is not listed is never accepted;
- on deep steps: each seat's view is unchanged when the hidden cards are shuffled, and
  two games dealt by `setup` with the hidden cards apart look the same to the seat to
  play;
- at the end (and at one step of a deep game), `replay(record)` gives the same state.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import test_bots_blind as blind
import test_deck_of_spies_conformance as dos
import test_espionage_conformance as esp
import test_spynet_conformance as net

import spygames
from spygames import Action, IllegalAction, State
from spygames.deck_of_spies import DeckOfSpiesState
from spygames.espionage.cards import DECK as ESPIONAGE_DECK
from spygames.espionage.rules import EspionageState
from spygames.spynet.rules import SpyNetState

# How each shipped game can end: its result's "ending" (the UI words the end from it).
ENDINGS = {
    "deck-of-spies": {"no_double_agent", "infiltrated", "outnumbered"},
    "espionage": {"points", "last_active"},
    "spynet": {"points", "funding", "shared"},
}
MAX_STEPS = 5000  # no game comes near: Espionage ~80 actions, SpyNet ~300
Setups = tuple[dict[str, Any], dict[str, Any]]


@dataclass(frozen=True)
class Checks:
    """How one game is checked."""

    game_id: str
    players: tuple[int, ...]
    conserved: Callable[[State], None]
    """Asserts every card is somewhere, once."""
    hidden: Callable[[State, random.Random], None]
    """Asserts each seat's view is unchanged when the cards it cannot see are shuffled."""
    setups: Callable[[State, random.Random], Setups | None]
    """Two setups dealing this position with the hidden cards apart (None: not here)."""
    defaults: dict[str, dict[str, Any]] | None = None
    """Keys an action may leave out, by action type, and the value they then take."""


# -- Deck of Spies ------------------------------------------------------------------------------
def _dos_conserved(state: State) -> None:
    assert isinstance(state, DeckOfSpiesState)
    dos.check_conserved(state)


def _dos_hidden(state: State, _rng: random.Random) -> None:
    assert isinstance(state, DeckOfSpiesState)
    dos.check_view_hides(state, state.view(0))


def _dos_setups(state: State, rng: random.Random) -> Setups | None:
    assert isinstance(state, DeckOfSpiesState)
    if len(state.table.spies) < 2 or state.is_over:
        return None
    return blind._dos_setups(state, rng)


# -- Espionage ----------------------------------------------------------------------------------
def _esp_conserved(state: State) -> None:
    assert isinstance(state, EspionageState)
    if not state.is_over:
        esp.check_deal(state)


def _redealt(state: EspionageState, seat: int, rng: random.Random) -> list[list[str]]:
    """The hands with every other seat's dealt again from the cards `seat` cannot see."""
    unseen = [card for card in ESPIONAGE_DECK if card not in state.hands[seat]]
    unseen = blind._shuffled_apart(unseen, rng)
    hands, at = [], 0
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(list(hand))
        else:
            hands.append(unseen[at : at + len(hand)])
            at += len(hand)
    return hands


def _esp_hidden(state: State, rng: random.Random) -> None:
    assert isinstance(state, EspionageState)
    esp.check_views(state)  # no other seat's cards outside what a call or spot showed
    for seat in range(state.players):
        before, hands = state.view(seat), state.hands
        state.hands = _redealt(state, seat, rng)
        try:
            assert state.view(seat) == before, f"seat {seat}'s view depends on hidden cards"
        finally:
            state.hands = hands


def _esp_setups(state: State, rng: random.Random) -> Setups | None:
    """At a round's start: the same sources, points and opener, the other hands apart."""
    assert isinstance(state, EspionageState)
    if state.is_over or state.bid is not None:
        return None
    seat = state.to_play[0]
    common = {"sources": list(state.sources), "points": list(state.points), "first": seat}
    return (
        {**common, "hands": [list(hand) for hand in state.hands]},
        {**common, "hands": _redealt(state, seat, rng)},
    )


# -- SpyNet -------------------------------------------------------------------------------------
def _net_conserved(state: State) -> None:
    assert isinstance(state, SpyNetState)
    net.check_cards(state)


def _net_hidden(state: State, rng: random.Random) -> None:
    assert isinstance(state, SpyNetState)
    net.check_hidden(state, rng)


def _net_setups(state: State, rng: random.Random) -> Setups | None:
    assert isinstance(state, SpyNetState)
    table = state.table
    if state.is_over or table.phase != "choose" or not table.deck:
        return None
    return blind._spynet_setups(table, rng)


CHECKS: dict[str, Checks] = {
    "deck-of-spies": Checks("deck-of-spies", (1,), _dos_conserved, _dos_hidden, _dos_setups),
    "espionage": Checks("espionage", (2, 3, 4), _esp_conserved, _esp_hidden, _esp_setups),
    "spynet": Checks(
        "spynet",
        (2, 3, 4),
        _net_conserved,
        _net_hidden,
        _net_setups,
        defaults={"agent": {"funding": []}},  # an agent played without funding
    ),
}
"""One entry per game the engine ships."""


# -- shared pieces ------------------------------------------------------------------------------
def key(action: Any, defaults: dict[str, dict[str, Any]] | None = None) -> str:
    """An action's identity: lists of cards compare as sets (their order is not a choice),
    a key left out is its default."""
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
    return {**state.record(), "setup": setup, "actions": []}


def check_twins(checks: Checks, state: State, rng: random.Random) -> bool:
    """The position dealt twice by `setup` with the hidden cards apart looks the same to
    the seat to play; True when this position could be dealt."""
    setups = checks.setups(state, rng)
    if setups is None:
        return False
    a, b = (spygames.replay(deal_record(state, setup)) for setup in setups)
    assert b.to_play == a.to_play
    if a.is_over:  # dealt afresh, a position can end at once (Deck of Spies: no Ace left)
        return False
    seat = a.to_play[0]
    assert a.view(seat) == b.view(seat), "twins dealt apart do not look the same"
    assert a.legal_actions() == b.legal_actions()
    return True


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
) -> Played:
    """Play `state` to the end, `pick(n)` choosing among the n legal actions and, when
    `tempt()` says so, trying illegal actions first; every check above, the costly ones
    on the steps where `deep(step)` is true."""
    done = Played(state)
    trail: dict[int, str] = {}
    checks.conserved(state)
    while not state.is_over:
        assert done.steps < MAX_STEPS, "the game does not end"
        legal = state.legal_actions()
        assert legal, "no legal action before the end"
        assert len(state.to_play) >= 1
        tempted, deeply = tempt(), deep(done.steps)
        if tempted or deeply:
            for action in legal:
                assert state.why_illegal(action) is None, f"listed but refused: {action!r}"
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
        state.apply(legal[pick(len(legal))])
        done.steps += 1
        checks.conserved(state)
    assert state.to_play == [] and state.legal_actions() == []
    result = state.result
    assert result is not None and isinstance(result.get("winners"), list) and result["reason"]
    assert result.get("ending") in ENDINGS.get(state.game_id, {result.get("ending")}), result
    assert isinstance(result["ending"], str) and result["ending"], "every result says its ending"
    with_refusal = False
    try:
        state.apply(rng.choice([{"type": "end_turn"}, {"type": "call"}, None]))
    except IllegalAction:
        with_refusal = True
    assert with_refusal, "a finished game accepted an action"
    record = json.loads(json.dumps(state.record()))
    again = spygames.replay(record)
    assert snapshot(again) == snapshot(state), "replay(record) is not the same game"
    for step, seen in list(trail.items())[-1:]:
        assert snapshot(spygames.replay(record, upto=step)) == seen, f"replay up to {step}"
    return done
