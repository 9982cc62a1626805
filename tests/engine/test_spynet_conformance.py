"""SpyNet against the engine contract: many seeded random games for 2, 3 and 4 players,
with no situation and with each of the eight, played by the engine's one path for random
games (`spygames.conformance.random_game`, as `make fuzz` plays them) under the game's
declared invariants (`spygames.spynet.invariants`: the 76 cards all somewhere, once,
after every action; legal actions until the end, the one chosen accepted; views and
results of their shape; the record replays to the same game).

What is checked here besides (`Rules`, at every position): one seat to play, and in the
recruit phase it looks at the pile it is at; on every fourth step of the first games, a
spread of other actions built from the cards about is refused exactly when it is not
listed, refusing changes nothing, and the game's `hidden` check (shuffling the cards a
seat cannot see — the deck, the unknown part of each pile, the other hands, the draft
packet, every other seat's face-down missions, a teammate's included — leaves that
seat's view unchanged); a replay up to a step gives that step's views (a sample); the
winners have the best score. At 4 players, no view ever names another seat's face-down
mission, the partner's included.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import spygames
from spygames import bot_seed
from spygames.conformance import checks_of, random_game, snapshot
from spygames.protocol import Action, State
from spygames.spynet.cards import BRANCH_IDS, KIND, SITUATION_BY_ID
from spygames.spynet.rules import ACTION_KEYS, SpyNetState
from spygames.spynet.table import RECRUIT

GAME = spygames.get_game("spynet")
CHECKS = checks_of("spynet")


def candidates(state: SpyNetState) -> list[dict[str, Any]]:
    """A spread of actions, legal and not, built from the cards about."""
    t = state.table
    seat = t.actor
    hand = t.hands[seat]
    funds = sorted(c for c in hand if KIND[c] == "funding")
    in_play = [e[0] for _, _, e in t.agents_in_play()]
    acts: list[dict[str, Any]] = [{"type": k} for k, v in ACTION_KEYS.items() if not v]
    acts += [{"type": "keep", "card": c} for c in [*t.draft, *hand[:2]]]
    for card in hand:
        acts.append({"type": "pass", "card": card})
        acts.append({"type": "discard_card", "card": card})
        for branch in BRANCH_IDS:
            acts.append({"type": "mission", "card": card, "branch": branch})
            acts.append({"type": "agent", "card": card, "branch": branch, "funding": []})
            if funds:
                acts.append({"type": "agent", "card": card, "branch": branch, "funding": funds[:2]})
    for card in in_play:
        acts.append({"type": "eliminate", "card": card})
        acts += [{"type": "flip", "card": card, "branch": b} for b in BRANCH_IDS]
    acts += [{"type": "discard", "seat": s} for s in range(-1, t.players + 1)]
    acts += [{"type": "agent", "card": "zz", "branch": "ops", "funding": []}, {"type": "fly"}]
    return acts


def key(action: dict[str, Any]) -> str:
    if "funding" in action:
        action = {**action, "funding": sorted(action["funding"])}
    return json.dumps(action, sort_keys=True)


def check_refusals(state: SpyNetState, rng: random.Random) -> None:
    """Listed ⟺ legal, for a spread of actions; a refused one changes nothing."""
    legal = {key(a) for a in state.legal_actions()}
    refused = []
    for action in candidates(state):
        reason = state.why_illegal(action)
        assert (reason is None) == (key(action) in legal), (action, reason)
        if reason is not None:
            assert reason and "\n" not in reason
            refused.append(action)
    before = snapshot(state)
    for action in rng.sample(refused, min(3, len(refused))):
        with pytest.raises(spygames.IllegalAction):
            state.apply(action)
    assert snapshot(state) == before, "a refused action changed the state"


class Rules:
    """A `conformance.Watch`: SpyNet's own checks at every position of a game; with
    `deep`, the refusals and hidden cards on every fourth step, and every seat's views
    kept (`trail`, for `stepwise`) to compare with partial replays."""

    def __init__(self, seed: int, deep: bool, stepwise: bool) -> None:
        self.rng = random.Random(seed)
        self.deep, self.stepwise = deep, stepwise
        self.trail: list[list[dict[str, Any]]] = []

    def __call__(self, state: State, action: Action | None) -> None:
        assert isinstance(state, SpyNetState)
        if self.stepwise:
            self.trail.append([state.view(seat) for seat in range(state.players)])
        if state.is_over:
            return
        assert len(state.to_play) == 1
        seat = state.to_play[0]
        if state.table.phase == RECRUIT:
            assert state.view(seat)["looking_at"] == state.table.piles[state.table.looking or 0]
        if self.deep and len(state.actions) % 4 == 0:
            check_refusals(state, self.rng)
            CHECKS.hidden(state, self.rng)


def play_random(players: int, seed: int, situation: str | None, deep: bool) -> SpyNetState:
    rules = Rules(seed, deep, stepwise=deep and seed % 5 == 0)
    done = random_game("spynet", players, seed, options={"situation": situation}, watch=rules)
    state = done.state
    assert isinstance(state, SpyNetState)
    result = state.result
    assert result is not None and result["winners"]
    # the winners are the seats with the best score (a team shares its score)
    assert max(result["scores"]) == max(
        result["scores"][state.table.team_of[w]] for w in result["winners"]
    )
    if rules.stepwise:
        record = json.loads(json.dumps(state.record()))
        for upto in range(0, len(record["actions"]) + 1, 7):
            partial = spygames.replay(record, upto=upto)
            assert isinstance(partial, SpyNetState)
            assert [partial.view(seat) for seat in range(players)] == rules.trail[upto]
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games(players: int) -> None:
    """DESIGN: legal actions until the end, hidden cards stay hidden, replay reproduces."""
    for seed in range(30):
        play_random(players, seed, None, deep=seed < 10)


@pytest.mark.parametrize("situation", [*sorted(SITUATION_BY_ID), "random"])
def test_random_games_with_each_situation(situation: str) -> None:
    for seed in range(6):
        play_random(2 + seed % 3, seed, situation, deep=seed < 3)


def face_down_of_others(state: SpyNetState, seat: int) -> set[str]:
    """The missions face down in the other seats' tableaus (none once revealed)."""
    t = state.table
    if t.is_over or t.situation.open_missions:
        return set()
    return {
        m
        for other in range(t.players)
        if other != seat
        for branch in BRANCH_IDS
        for m in t.missions[other][branch]
    }


def test_no_view_names_another_seats_face_down_mission() -> None:
    """ "You can look at the missions in your tableau at any time"; "You cannot
    communicate directly about cards or strategy" — so only the owner sees its face-down
    missions, a partner no more than an opponent, until "At the end of the game, reveal
    all mission cards in play". Over many seeded 4-player games (random and normal bots),
    at every position, for every seat: no face-down mission of another seat appears
    anywhere in the view, except in `passed` and `received` — cards that went through
    this seat's own hand (its memory of its own cards: it is never told where they
    went)."""
    checked = 0
    for seed in range(24):
        level = "random" if seed % 2 else "normal"
        state = GAME.new(seed=seed, players=4, options={"situation": None})
        assert isinstance(state, SpyNetState)
        bots = [GAME.bot(level, seed=bot_seed(seed, s)) for s in range(4)]
        while True:
            for seat in range(4):
                view = state.view(seat)
                hidden = face_down_of_others(state, seat)
                checked += len(hidden)
                memory = ("passed", "received")
                rest = json.dumps({k: v for k, v in view.items() if k not in memory})
                named = {m for m in hidden if f'"{m}"' in rest}
                assert not named, f"seed {seed}: seat {seat} sees {sorted(named)}"
                for tableau in view["tableaus"][:seat] + view["tableaus"][seat + 1 :]:
                    missions = [m for ms in tableau["missions"].values() for m in ms]
                    assert state.is_over or missions == [None] * len(missions)
            if state.is_over:
                break
            seat = state.to_play[0]
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        revealed = json.dumps(state.view(0)["tableaus"])
        assert all(f'"{m["card"]}"' in revealed for m in (state.result or {})["missions"])
    assert checked > 5_000, checked  # many face-down missions were there to leak
