"""SpyNet against the engine contract: many seeded random games for 2, 3 and 4 players,
with no situation and with each of the eight.

Per step: the 76 cards are all somewhere, once; there are legal actions until the end
and the one chosen is accepted; a spread of other actions is refused exactly when it is
not listed, and refusing changes nothing; shuffling the cards a seat cannot see (the
deck, the unknown part of each pile, the other hands, the draft packet, every other
seat's face-down missions, a teammate's included) leaves that seat's view unchanged.
Per game: replaying the record reproduces every view and the result. At 4 players, no
view ever names another seat's face-down mission, the partner's included.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import spygames
from spygames import bot_seed
from spygames.spynet.cards import BRANCH_IDS, KIND, SITUATION_BY_ID
from spygames.spynet.invariants import check_cards, check_hidden
from spygames.spynet.rules import ACTION_KEYS, SpyNetState
from spygames.spynet.table import RECRUIT

GAME = spygames.get_game("spynet")
VIEW_KEYS = {
    "seat", "to_play", "phase", "turn", "hand", "hand_sizes", "deck", "piles", "tableaus",
    "dominates", "situation", "final_round", "teams", "team_of", "pending", "looking",
    "looking_at", "draft", "received", "passed", "deploy", "result",
}  # fmt: skip


def views(state: SpyNetState) -> list[dict[str, Any]]:
    out = []
    for seat in range(state.players):
        view = state.view(seat)
        assert set(view) >= VIEW_KEYS
        assert view == json.loads(json.dumps(view))  # JSON-safe
        out.append(view)
    return out


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


def snapshot(state: SpyNetState) -> str:
    return json.dumps(
        [views(state), state.record(), state.legal_actions(), state.rng.getstate()],
        sort_keys=True,
    )


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


def play_random(players: int, seed: int, situation: str | None, deep: bool) -> SpyNetState:
    state = GAME.new(seed=seed, players=players, options={"situation": situation})
    assert isinstance(state, SpyNetState)
    rng = random.Random(seed)
    bots = [GAME.bot("random", seed=bot_seed(seed, s)) for s in range(players)]
    stepwise = deep and seed % 5 == 0  # keep every view to compare with partial replays
    trail = [views(state)]
    step = 0
    while not state.is_over:
        check_cards(state)
        legal = state.legal_actions()
        assert legal and len(state.to_play) == 1
        seat = state.to_play[0]
        if state.table.phase == RECRUIT:
            assert state.view(seat)["looking_at"] == state.table.piles[state.table.looking or 0]
        if deep and step % 4 == 0:
            check_refusals(state, rng)
            check_hidden(state, rng)
        action = bots[seat].choose(state.view(seat), legal)
        state.apply(action)
        if stepwise:
            trail.append(views(state))
        step += 1
        assert step < 3000
    check_cards(state)
    assert state.to_play == [] and state.legal_actions() == []
    result = state.result
    assert result is not None and result["winners"]
    assert set(result) >= {"winners", "reason", "scores", "teams", "missions"}
    assert max(result["scores"]) == max(
        result["scores"][state.table.team_of[w]] for w in result["winners"]
    )
    record = json.loads(json.dumps(state.record()))
    again = spygames.replay(record)
    assert again.result == state.result
    assert isinstance(again, SpyNetState) and views(again) == views(state)
    if stepwise:
        for upto in range(0, len(record["actions"]) + 1, 7):
            partial = spygames.replay(record, upto=upto)
            assert isinstance(partial, SpyNetState) and views(partial) == trail[upto]
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
