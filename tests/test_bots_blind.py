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

import copy
import functools
import gc
import json
import random
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

import spygames
from spygames import Action, Advice, Bot, Budget, State, View, bot_seed
from spygames.deck_of_spies import DeckOfSpiesState, HardBot
from spygames.deck_of_spies.invariants import twin_setups as dos_twin_setups
from spygames.espionage.cards import DECK
from spygames.espionage.rules import SOURCES_FOR, EspionageState
from spygames.spynet.bots import HardBot as SpyNetHardBot
from spygames.spynet.invariants import twin_setups as spynet_twin_setups
from spygames.spynet.rules import SpyNetState

Record = dict[str, Any]


@dataclass(frozen=True)
class Twins:
    """Two records whose states show `seat` the same view but hide different cards."""

    seat: int
    a: Record
    b: Record


def record(
    game_id: str, seed: int, players: int, setup: dict[str, Any], actions: list[Action]
) -> Record:
    return {"game": game_id, "format": 1, "seed": seed, "players": players, "options": {},
            "setup": setup, "actions": list(actions)}  # fmt: skip


OTHER_SEED = 1_000_003  # twin b's game seed is twin a's plus this


def public(value: Any) -> Any:
    """What a bot is handed: plain JSON, nothing attached to the state."""
    return json.loads(json.dumps(value))


# -- Deck of Spies twins ---------------------------------------------------------------------
DOS_DEALS = 6
DOS_EVERY = 11  # a position every this many moves of a game played by the normal bot


def deck_of_spies_twins() -> list[Twins]:
    """Positions of seeded games (before paying, after paying, after retiring) up to the
    last spy, each dealt twice from its own cards with the hidden orders apart."""
    game = spygames.get_game("deck-of-spies")
    twins: list[Twins] = []
    for seed in range(DOS_DEALS):
        state = game.new(seed=seed)
        mover = game.bot("normal", seed=bot_seed(seed, 0, "mover"))
        step, seen_last = 0, False
        while not state.is_over:
            assert isinstance(state, DeckOfSpiesState)
            last_spy = len(state.table.spies) == 1 and not seen_last
            seen_last = seen_last or last_spy
            if (step % DOS_EVERY == 0 or last_spy) and len(state.table.draw) > 1:
                setup_a, setup_b = dos_twin_setups(state, random.Random(seed * 1000 + step))
                twins += _played_on(game, seed, 1, setup_a, setup_b, lambda s: 0, moves=2)
            state.apply(mover.choose(state.view(0), state.legal_actions()))
            step += 1
    return twins


def _played_on(
    game: spygames.Game,
    seed: int,
    players: int,
    setup_a: dict[str, Any],
    setup_b: dict[str, Any],
    seat_of: Callable[[State], int],
    moves: int,
) -> list[Twins]:
    """Twins at the start of two setups and after each of up to `moves` of the normal
    bot's moves, for as long as the views stay the same and the hidden cards differ."""
    found = []
    actions: list[Action] = []
    deal = functools.partial(record, game.id, seed, players)
    deal_b = functools.partial(record, game.id, seed + OTHER_SEED, players)
    for _ in range(moves + 1):
        a, b = spygames.replay(deal(setup_a, actions)), spygames.replay(deal_b(setup_b, actions))
        if a.is_over:
            break
        seat = seat_of(a)
        if a.view(seat) != b.view(seat) or not hidden_apart(a, b):
            break
        assert a.legal_actions() == b.legal_actions()
        if len(a.legal_actions()) > 1:  # a forced move asks the bot nothing
            found.append(Twins(seat, deal(setup_a, actions), deal_b(setup_b, actions)))
        mover = game.bot("normal", seed=bot_seed(seed, seat, "mover"))
        actions.append(mover.choose(a.view(seat), a.legal_actions()))
    return found


def hidden_apart(a: State, b: State) -> bool:
    """The twins really hold their hidden cards differently."""
    hidden = TWINS[a.game_id].hidden
    return hidden(a) != hidden(b)


# -- Espionage twins ---------------------------------------------------------------------------
ESP_DEALS = 36


def espionage_twins() -> list[Twins]:
    """Rounds of 2-, 3- and 4-player games — first rounds, rounds made up part-way (fewer
    Sources, some points) and the later rounds of games the normal bots play — a few
    bids in: the same hand for the seat to play, the other hands dealt again from the
    cards that seat cannot see."""
    game = spygames.get_game("espionage")
    twins: list[Twins] = []
    for seed in range(ESP_DEALS):
        rng = random.Random(seed)
        players = 2 + seed % 3
        top = SOURCES_FOR[players]
        setup: dict[str, Any] = {}
        sources = [top] * players
        if seed % 2:
            sources = [rng.randint(1, top) for _ in range(players)]
            setup["sources"] = sources
            setup["points"] = [rng.randint(0, 2) for _ in range(players)]
        deck = list(DECK)
        rng.shuffle(deck)
        hands, at = [], 0
        for size in sources:
            hands.append(deck[at : at + size])
            at += size
        setup.update(hands=hands, first=rng.randrange(players))
        setups = [setup, *_espionage_later_rounds(seed, players)[:ESP_LATER]]
        for one_setup in setups:
            twin = _espionage_twin(game, seed, players, one_setup, rng)
            if twin is not None:
                twins.append(twin)
    return twins


ESP_LATER = 2  # later rounds taken from each game


def _espionage_later_rounds(seed: int, players: int) -> list[dict[str, Any]]:
    """How each round after the first began in a game the normal bots play: the hands,
    the active Sources, the points and the opener, as a setup; the latest rounds first."""
    game = spygames.get_game("espionage")
    state = game.new(seed=seed, players=players)
    assert isinstance(state, EspionageState)
    found: list[dict[str, Any]] = []
    round_ = state.round
    while not state.is_over:
        if state.round != round_ and state.round > 1:
            found.append({"hands": [list(h) for h in state.hands], "sources": list(state.sources),
                          "points": list(state.points), "first": state.opener})  # fmt: skip
        round_ = state.round
        seat = state.to_play[0]
        mover = game.bot("normal", seed=bot_seed(seed, seat, "mover"))
        state.apply(mover.choose(state.view(seat), state.legal_actions()))
    return found[::-1]


def _espionage_twin(
    game: spygames.Game, seed: int, players: int, setup: dict[str, Any], rng: random.Random
) -> Twins | None:
    """A few bids by the normal bots from `setup` (stopping before a call or spot), then
    the other hands dealt again from the cards the seat to play does not see."""
    state = game.new(seed=seed, players=players, setup=setup)
    assert isinstance(state, EspionageState)
    hands = [list(h) for h in state.hands]
    actions: list[Action] = []
    for _ in range(rng.randint(0, 5)):
        seat = state.to_play[0]
        action = game.bot("normal", seed=bot_seed(seed, seat, "mover")).choose(
            state.view(seat), state.legal_actions()
        )
        if action["type"] != "bid":
            break  # the position before a call or spot is worth asking about
        state.apply(action)
        actions.append(action)
    seat = state.to_play[0]
    unseen = [card for card in DECK if card not in hands[seat]]
    rng.shuffle(unseen)
    others, at = [], 0
    for s, hand in enumerate(hands):
        others.append(hand if s == seat else unseen[at : at + len(hand)])
        at += 0 if s == seat else len(hand)
    one = record(game.id, seed, players, setup, actions)
    other = record(game.id, seed + OTHER_SEED, players, {**setup, "hands": others}, actions)
    a, b = spygames.replay(one), spygames.replay(other)
    assert a.view(seat) == b.view(seat) and a.legal_actions() == b.legal_actions()
    if hidden_apart(a, b) and len(a.legal_actions()) > 1:
        return Twins(seat, one, other)
    return None


# -- SpyNet twins ------------------------------------------------------------------------------
SPYNET_DEALS = 6
SPYNET_EVERY = 9  # a position every this many moves, at the start of a turn


def spynet_twins() -> list[Twins]:
    """Turn starts of seeded 2-, 3- and 4-player games played by the normal bots — every
    turn of the final round among them — laid out twice with the hidden cards dealt
    apart, and a few moves on from each."""
    game = spygames.get_game("spynet")
    twins: list[Twins] = []
    for seed in range(SPYNET_DEALS):
        players = 2 + seed % 3
        state = game.new(seed=seed, players=players)
        step, turn = 0, -1
        while not state.is_over:
            assert isinstance(state, SpyNetState)
            table = state.table
            begun, turn = table.turn_number != turn, table.turn_number  # a turn starts
            every = step % SPYNET_EVERY == 0 and table.phase == "choose" and table.deck
            if every or (begun and table.final):
                setup_a, setup_b = spynet_twin_setups(table, random.Random(seed * 1000 + step))
                twins += _played_on(
                    game, seed, players, setup_a, setup_b, lambda s: s.to_play[0], moves=2
                )
            seat = state.to_play[0]
            mover = game.bot("normal", seed=bot_seed(seed, seat, "mover"))
            state.apply(mover.choose(state.view(seat), state.legal_actions()))
            step += 1
    return twins


def _spynet_hidden(state: State) -> Any:
    assert isinstance(state, SpyNetState)
    return state.table.deck, state.table.piles, state.table.hands, state.table.missions


def _spynet_bot(level: str, seed: int) -> Bot:
    if level == "hard":  # a fixed budget and no clock, so its advice is a function of the view
        return SpyNetHardBot(seed=seed, budget=Budget(8, None))
    return spygames.get_game("spynet").bot(level, seed=seed)


# -- one entry per game ------------------------------------------------------------------------
@dataclass(frozen=True)
class TwinMaker:
    """What the proof needs to know about one game."""

    build: Callable[[], list[Twins]]
    """The twins: records of positions that look the same and hide different cards."""
    hidden: Callable[[State], Any]
    """Everything the view hides, to check that twins really differ."""
    bot: Callable[[str, int], Bot] | None = None
    """`bot(level, seed)`, when a level needs settings to be deterministic."""


def _deck_of_spies_hidden(state: State) -> Any:
    assert isinstance(state, DeckOfSpiesState)
    return state.table.draw, state.table.spies


def _deck_of_spies_bot(level: str, seed: int) -> Bot:
    if level == "hard":  # a fixed budget and no clock, so its advice is a function of the view
        return HardBot(seed=seed, budget=Budget(24, None))
    return spygames.get_game("deck-of-spies").bot(level, seed=seed)


def _espionage_hidden(state: State) -> Any:
    assert isinstance(state, EspionageState)
    return state.hands


TWINS: dict[str, TwinMaker] = {
    "deck-of-spies": TwinMaker(deck_of_spies_twins, _deck_of_spies_hidden, _deck_of_spies_bot),
    "espionage": TwinMaker(espionage_twins, _espionage_hidden),
    "spynet": TwinMaker(spynet_twins, _spynet_hidden, _spynet_bot),
}
"""One entry per game."""


def make_bot(game_id: str, level: str, seed: int) -> Bot:
    maker = TWINS[game_id].bot
    return maker(level, seed) if maker else spygames.get_game(game_id).bot(level, seed=seed)


SHIPPED = sorted(
    game_id
    for game_id, game in spygames.GAMES.items()
    if type(game).__module__.startswith("spygames.")  # not the tests' own toy games
)
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
    asked with only one of them alive at a time; else what gave it away."""
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
def live_states(view: View) -> list[State]:
    """Every State in memory that shows `view` to its seat: found through the collector."""
    found = []
    for thing in gc.get_objects():
        if isinstance(thing, State):
            try:
                if thing.view(view["seat"]) == view:
                    found.append(thing)
            except ValueError:
                continue
    return found


class PeekingBot(Bot):
    """Cheats: finds the live game through `gc`, then plays each legal action out on a
    copy of it — the real deck order, the real hands — and picks the one that does best."""

    level = "cheat"

    def __init__(self, game_id: str, seed: int | None = None) -> None:
        super().__init__(seed)
        self.game = spygames.get_game(game_id)

    def advise(self, view: View, legal_actions: list[Action]) -> Advice:
        states = live_states(view)
        if not states:
            return Advice(legal_actions[0], "nothing to peek at")
        state = min(states, key=id)  # if there are several, always the same one
        seat = view["seat"]
        # Ten candidates are plenty to show the hidden cards steering the choice (the
        # sample is seeded, so the same for both twins); all of them would be slow.
        candidates = legal_actions
        if len(candidates) > 10:
            candidates = self.rng.sample(legal_actions, 10)

        def outcome(action: Action) -> tuple[bool, int]:
            trial = copy.deepcopy(state)
            trial.apply(action)
            while not trial.is_over:
                s = trial.to_play[0]
                easy = self.game.bot("easy", seed=bot_seed(0, s))
                trial.apply(easy.choose(trial.view(s), trial.legal_actions()))
            result = trial.result or {}
            return seat in result["winners"], int(result.get("score", 0))

        return Advice(max(candidates, key=outcome), "I looked at the hidden cards")


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
