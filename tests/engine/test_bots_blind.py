"""Bots see only the view — a proof that a cheating bot fails.

DESIGN: "Bots decide from view(seat) and the legal actions only: a bot that reads the
full state is cheating, and a test must show it cannot."

For many positions of every game, two *twins* are built from records whose `setup`
deals the hidden cards differently (Deck of Spies: the order of the draw deck and of
the spies within each tier; Espionage: the other players' hands) while the seat to
play sees exactly the same view and has the same legal actions. The positions come from
every phase of real games (Deck of Spies up to its last spy, Espionage's later rounds,
SpyNet's final round), and the twins share nothing else: each record has its own game
seed, and the bot's seed comes from neither (a bot that worked its game's seed out of
its own could not deal the game again). Each bot is asked about
one twin; that twin is dropped and collected (`gc.collect()`, and a weak reference
shows it is gone); only then is the other twin built and a fresh bot with the same seed
asked again. Only one twin is ever alive, so a bot that finds the game through the
garbage collector reads the hidden cards of the very twin it is asked about, and its
advice follows them; an honest bot's advice is the same for both.

`PeekingBot` is such a cheat, and `test_the_proof_catches_a_bot_that_peeks` shows the
proof catches it. The proof this replaced asked about two twins alive together, which
the same cheat passes (`test_with_both_twins_alive_the_cheat_slips_through`).

A new game joins with one entry in `TWINS`: how to build its twins, what its
view hides, and (if a level needs settings to be deterministic) how to make its bots.
Every game the engine ships must have one.
"""

from __future__ import annotations

import functools
import gc
import json
import weakref
from collections.abc import Callable

import pytest
from drivers.twins import (
    ESP_DEALS,
    SHIPPED,
    TWINS,
    PeekingBot,
    Record,
    Twins,
    _espionage_later_rounds,
    hidden_apart,
    live_states,
    make_bot,
    public,
)

import spygames
from spygames import Advice, Bot, State, bot_seed
from spygames.deck_of_spies import DeckOfSpiesState
from spygames.spynet.rules import SpyNetState

LEVELS = [
    (game_id, level)
    for game_id in SHIPPED
    for level in (*spygames.GAMES[game_id].bot_levels, "random")
]


@functools.cache
def twins_of(game_id: str) -> tuple[Twins, ...]:
    if game_id not in TWINS:
        pytest.fail(f"{game_id}: no twin builder in TWINS, so no proof its bots are blind")
    return tuple(TWINS[game_id].build())


# -- the proof ---------------------------------------------------------------------------------
def proof_seed(index: int, seat: int) -> int:
    """The bot's seed for the twins at `index`: the same for both, from neither's seed."""
    return bot_seed(index, seat, "blind proof")


def _ask(
    index: int, twin: Twins, which: Record, bot: Callable[[int], Bot]
) -> tuple[Advice, weakref.ref[State]]:
    """Build one twin, ask a fresh bot about it, and hand back a weak reference to it."""
    state = spygames.replay(which)
    view, legal = public(state.view(twin.seat)), public(state.legal_actions())
    return bot(proof_seed(index, twin.seat)).advise(view, legal), weakref.ref(state)


def blind_proof(twins: tuple[Twins, ...], bot: Callable[[int], Bot]) -> str | None:
    """None when the bot (made by `bot(seed)`) gives each pair of twins the same advice,
    asked with only one of them alive at a time; else what gave it away.

    What lived before the proof is frozen (`gc.freeze`): `gc.collect()` then looks at the
    objects made since, the twins among them, not at the whole test session's heap (in a
    pytest-xdist worker that took 18 s of the 19 s the random bot's proof took). A twin
    kept alive by a reference from an older object is still caught: that is a reference,
    not garbage; and `gc.get_objects()`, the cheat's way in, still lists every twin."""
    gc.freeze()
    try:
        return _blind_proof(twins, bot)
    finally:
        gc.unfreeze()


def _blind_proof(twins: tuple[Twins, ...], bot: Callable[[int], Bot]) -> str | None:
    for index, twin in enumerate(twins):
        answers = []
        for which in (twin.a, twin.b):
            advice, alive = _ask(index, twin, which, bot)
            gc.collect()
            if alive() is not None:
                return f"twin {index}: the state outlived the question (something kept it)"
            answers.append(advice)
        if answers[0] != answers[1]:
            where = f"seed {twin.a['seed']}, {len(twin.a['actions'])} actions in"
            return f"twin {index} ({where}): {answers[0]} but {answers[1]}"
    return None


@pytest.mark.parametrize("game_id", SHIPPED)
def test_twins_look_the_same_and_hide_different_cards(game_id: str) -> None:
    twins = twins_of(game_id)
    assert len(twins) >= 30
    for twin in twins:
        a, b = spygames.replay(twin.a), spygames.replay(twin.b)
        assert a.view(twin.seat) == b.view(twin.seat)
        assert a.legal_actions() == b.legal_actions() and len(a.legal_actions()) > 1
        assert twin.a["setup"] != twin.b["setup"] and hidden_apart(a, b)
        assert twin.a["seed"] != twin.b["seed"]  # nothing shared but what the view shows
    assert len({json.dumps(twin.a) for twin in twins}) == len(twins)


def test_twins_come_from_every_phase_of_a_game() -> None:
    """Late positions too: a bot that reads the state only once the game is well on (the
    last spy, a later Espionage round, SpyNet's final round) is asked there."""
    last_spy = 0
    for twin in twins_of("deck-of-spies"):
        state = spygames.replay(twin.a)
        assert isinstance(state, DeckOfSpiesState)
        last_spy += len(state.table.spies) == 1
    assert last_spy >= 3
    later = {
        json.dumps(setup)
        for seed in range(ESP_DEALS)
        for setup in _espionage_later_rounds(seed, 2 + seed % 3)
    }
    assert sum(json.dumps(twin.a["setup"]) in later for twin in twins_of("espionage")) >= 20
    final = 0
    for twin in twins_of("spynet"):
        final += spygames.replay(twin.a).view(twin.seat)["final_round"]
    assert final >= 5


def test_spynet_twins_hide_a_teammates_face_down_missions() -> None:
    """ "You can look at the missions in your tableau at any time"; "You cannot
    communicate directly about cards or strategy": a teammate's face-down missions are
    hidden like any other, so twins may hold them differently — and every bot's advice
    (`test_every_bot_gives_twins_the_same_advice`) shows no team bot reads them."""
    apart = 0
    for twin in twins_of("spynet"):
        a, b = spygames.replay(twin.a), spygames.replay(twin.b)
        assert isinstance(a, SpyNetState) and isinstance(b, SpyNetState)
        mate = a.table.teammate(twin.seat)
        if mate is not None and a.table.missions[mate] != b.table.missions[mate]:
            apart += 1
    assert apart >= 5


@pytest.mark.parametrize(("game_id", "level"), LEVELS)
def test_every_bot_gives_twins_the_same_advice(game_id: str, level: str) -> None:
    problem = blind_proof(twins_of(game_id), lambda seed: make_bot(game_id, level, seed))
    assert problem is None, f"{game_id} {level} bot reads hidden cards: {problem}"


# -- a bot that cheats, and the proof catching it ---------------------------------------------
@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_proof_catches_a_bot_that_peeks(game_id: str) -> None:
    problem = blind_proof(twins_of(game_id), lambda seed: PeekingBot(game_id, seed))
    assert problem is not None and "but" in problem


def test_the_cheat_really_finds_the_live_game() -> None:
    """The cheat is not a straw man: asked about a live twin, it finds exactly that
    state and nothing else."""
    twin = twins_of("deck-of-spies")[0]
    state = spygames.replay(twin.a)
    view = public(state.view(twin.seat))
    assert live_states(view) == [state]
    del state
    gc.collect()
    assert live_states(view) == []


def test_with_both_twins_alive_the_cheat_slips_through() -> None:
    """Why only one twin may be alive: with both in memory the cheat finds the same one
    whichever it is asked about, and gives the same advice — the old proof passed it."""
    for game_id in SHIPPED:
        twin = twins_of(game_id)[0]
        a, b = spygames.replay(twin.a), spygames.replay(twin.b)
        legal = public(a.legal_actions())
        advice_a = PeekingBot(game_id, 1).advise(public(a.view(twin.seat)), legal)
        advice_b = PeekingBot(game_id, 1).advise(public(b.view(twin.seat)), legal)
        assert advice_a == advice_b
        del a, b
        gc.collect()
