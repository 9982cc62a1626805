"""Espionage odds and bots: exact chances, legal and explained choices (no peeking is
proved for every game in test_bots_blind.py)."""

from __future__ import annotations

import itertools
import json
import math
import random
from typing import Any

import pytest

import spygames
from spygames.espionage import odds
from spygames.espionage.bots import win_chance
from spygames.espionage.cards import ATTRIBUTES, DECK, count
from spygames.espionage.rules import EspionageState

GAME = spygames.get_game("espionage")
HAND = [
    "hacker-agency-london",
    "face-bureau-london",
    "mercenary-1",
    "traitor-2",
    "muscle-command-nyc",
]


# -- odds --------------------------------------------------------------------------------------


@pytest.mark.parametrize("attribute", ["london", "hacker", "command"])
def test_count_distribution_matches_brute_force(attribute: str) -> None:
    """Three unseen cards dealt from the 31 not in hand: every 3-card set, counted."""
    rest = [c for c in DECK if c not in HAND]
    tally: dict[int, int] = {}
    for combo in itertools.combinations(rest, 3):
        total = count(HAND, attribute) + count(combo, attribute)
        tally[total] = tally.get(total, 0) + 1
    n = math.comb(len(rest), 3)
    dist = odds.count_distribution(HAND, attribute, dealt=len(HAND) + 3)
    assert set(dist) == set(tally)
    for c, ways in tally.items():
        assert dist[c] == pytest.approx(ways / n)
    assert odds.chance_at_least(HAND, attribute, 2, 8) == pytest.approx(
        sum(w for c, w in tally.items() if c >= 2) / n
    )
    assert odds.chance_exactly(HAND, attribute, 2, 8) == pytest.approx(tally.get(2, 0) / n)


def test_count_can_be_negative_in_odds() -> None:
    """Traitors subtract, so a count below zero has a chance too."""
    hand = ["traitor-1", "traitor-2", "face-agency-london"]
    dist = odds.count_distribution(hand, "moscow", dealt=6)
    assert min(dist) < 0 and dist[-2] > 0
    assert sum(dist.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("attribute", [*ATTRIBUTES, "no-such-attribute"])
def test_the_pool_counts_each_unseen_card_by_what_it_adds(attribute: str) -> None:
    """The odds' pool: "each unseen card is worth +1 (a matching spy or a Mercenary), −1
    (a Traitor) or 0", counted card by card here against odds.pool's set arithmetic."""
    rng = random.Random(attribute)
    for size in (0, 1, 6, 12, len(DECK)):
        known = rng.sample(DECK, size)
        unseen = [c for c in DECK if c not in known]
        worth = [count([c], attribute) for c in unseen]
        expected = (worth.count(1), worth.count(-1), worth.count(0))
        assert odds.pool(known, attribute) == expected
        assert odds.pool([*known, *known[:2], "not-a-card"], attribute) == expected


def test_split_distribution_without_tilt_is_the_plain_deal() -> None:
    plus, minus, zero = odds.pool(HAND, "london")
    joint = odds.split_distribution(plus, minus, zero, [4, 3, 2], [0.0, 0.0, 0.0])
    merged: dict[int, float] = {}
    for (rest, last), p in joint.items():
        merged[rest + last] = merged.get(rest + last, 0.0) + p
    plain = odds.draw_distribution(9, plus, minus, zero)
    assert set(merged) == set(plain)
    for x, p in plain.items():
        assert merged[x] == pytest.approx(p)
    tilted = odds.split_distribution(plus, minus, zero, [4, 3, 2], [0.0, 0.0, 1.0])
    mean = sum(last * p for (_, last), p in joint.items())
    mean_tilted = sum(last * p for (_, last), p in tilted.items())
    assert mean_tilted > mean  # a bid on London makes the bidder likelier to hold some


def test_odds_table() -> None:
    table = odds.odds_table(HAND, 10)
    assert set(table) == set(ATTRIBUTES)
    for chances in table.values():
        assert len(chances) == 10
        assert all(a >= b for a, b in itertools.pairwise(chances))


def test_win_chance_model() -> None:
    assert win_chance((6, 6), (0, 0), 0) == pytest.approx(0.5)
    assert win_chance((3, 3, 3, 3), (0, 0, 0, 0), 2) == pytest.approx(0.25)
    assert win_chance((6, 1), (0, 0), 0) > 0.9
    assert win_chance((6, 6), (2, 0), 0) > 0.5


# -- bots ---------------------------------------------------------------------------------------


def positions(players: int, seeds: range) -> list[tuple[EspionageState, dict[str, Any]]]:
    """A spread of positions from random play."""
    out = []
    for seed in seeds:
        state = GAME.new(seed=seed, players=players)
        assert isinstance(state, EspionageState)
        mover = GAME.bot("random", seed=spygames.bot_seed(seed, 0, "mover"))
        for _ in range(seed % 9):
            if state.is_over:
                break
            state.apply(mover.choose(state.view(state.to_play[0]), state.legal_actions()))
        if not state.is_over:
            out.append((state, state.view(state.to_play[0])))
    return out


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_choose_legal_explained_actions(level: str, players: int) -> None:
    """Every advice is one of the legal actions, with a one-line reason."""
    for state, view in positions(players, range(40)):
        legal = state.legal_actions()
        advice = GAME.bot(level, seed=1).advise(view, legal)
        assert advice.action in legal
        assert advice.reason and "\n" not in advice.reason


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_are_deterministic_under_seed(level: str) -> None:
    def play(seed: int) -> list[Any]:
        state = GAME.new(seed=seed, players=3)
        bots = [GAME.bot(level, seed=spygames.bot_seed(seed, s)) for s in range(3)]
        while not state.is_over:
            seat = state.to_play[0]
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        actions: list[Any] = state.record()["actions"]
        return actions

    assert play(4) == play(4)


def test_hard_reason_names_the_chance() -> None:
    hand = ["face-agency-nyc", "face-bureau-nyc", "face-command-nyc", "mercenary-1"]
    hand += ["mercenary-2", "mercenary-3"]
    rest = [c for c in DECK if c not in hand and "london" not in c]
    state = GAME.new(seed=1, players=2, setup={"hands": [hand, rest[:6]], "first": 1})
    state.apply({"type": "bid", "count": 10, "attribute": "london", "next": 0})
    advice = GAME.bot("hard", seed=1).advise(state.view(0), state.legal_actions())
    assert advice.action == {"type": "call"}
    assert advice.reason.startswith("call: only ") and "% chance of at least 10" in advice.reason
    assert advice.facts["hold"] < 0.01 and advice.facts["exact"] < 0.01


@pytest.mark.parametrize("players", [2, 4])
def test_hard_advice_carries_its_figures(players: int) -> None:
    """`Advice.facts` holds the chances behind the reason, JSON-safe, for a UI's words."""
    kinds = set()
    for state, view in positions(players, range(60)):
        advice = GAME.bot("hard", seed=2).advise(view, state.legal_actions())
        facts = json.loads(json.dumps(advice.facts))
        kind = advice.action["type"]
        kinds.add(kind)
        wanted = {"hold", "called", "bluff"} if kind == "bid" else {"hold", "exact"}
        assert set(facts) == wanted
        assert all(0 <= facts[k] <= 1 for k in wanted - {"bluff"})
        if kind == "bid":
            assert facts["bluff"] == advice.reason.endswith("(a bluff)")
            assert f"{facts['hold']:.0%} likely to hold" in advice.reason
    assert "bid" in kinds and "call" in kinds


def _match(hero: str, villain: str, games: int, players: int) -> int:
    wins = 0
    for seed in range(games):
        seat = seed % players
        levels = [villain] * players
        levels[seat] = hero
        state = GAME.new(seed=seed, players=players)
        bots = [GAME.bot(level, seed=spygames.bot_seed(seed, s)) for s, level in enumerate(levels)]
        while not state.is_over:
            s = state.to_play[0]
            state.apply(bots[s].choose(state.view(s), state.legal_actions()))
        result = state.result
        assert result is not None
        wins += result["winners"] == [seat]
    return wins


def test_strength_ladder() -> None:
    """A small, seeded sample (the full measurement is in the report): hard crushes random
    and beats normal; normal beats easy; easy beats random."""
    assert _match("hard", "random", 30, 2) >= 28
    assert _match("hard", "normal", 40, 2) >= 26
    assert _match("normal", "easy", 30, 2) >= 20
    assert _match("easy", "random", 30, 2) >= 25


def test_hard_bot_prepares_its_tables_in_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never frozen: the hard bot's one-off win-chance table can be built in short slices
    (`Bot.prepare`), after which deciding needs no table work at all. The table starts
    empty here (another test may have filled it), and a zero budget stops each slice
    after one position, so the building really is spread over many slices."""
    from spygames.espionage import bots

    bots._chance.cache_clear()
    monkeypatch.setattr(bots, "_warming", bots._positions())
    bot = spygames.get_game("espionage").bot("hard", seed=1)
    slices = 0
    while not bot.prepare(0.0):
        slices += 1
        assert slices < 10_000
    assert slices > 1
    assert bots._chance.cache_info().currsize >= slices
    misses = bots._chance.cache_info().misses
    for sources, points in (((3, 3, 3, 3), (0, 0, 0, 0)), ((6, 6), (0, 0)), ((4, 2, 1), (2, 0, 1))):
        bots.win_chance(sources, points, 0)
    assert bots._chance.cache_info().misses == misses
    assert spygames.get_game("espionage").bot("easy").prepare(0.0)  # nothing to prepare
