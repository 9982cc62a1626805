"""Twins for the proof that bots see no hidden cards: for every game, positions that look the
same to the seat to play and hide different cards (records whose `setup` deals the hidden
cards apart); each game's bots by level; and `PeekingBot`, a bot that reads the live game,
which the proof must catch."""

from __future__ import annotations

import copy
import functools
import gc
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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


# -- a bot that cheats --------------------------------------------------------------------------
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
