"""Bots never read the live game, at any point of a whole game — a second proof beside
the twins of `test_bots_blind.py`.

DESIGN: "Bots decide from view(seat) and the legal actions only: a bot that reads the
full state is cheating, and a test must show it cannot."

Whole seeded games of every game at every bot level, every seat a bot: at each decision
the live state (and its table) is sealed (`sealed.sealed`) while the bot is asked, so a
read of it by any route raises. The twins show that hidden cards never steer a bot on
the positions they cover; this covers every decision of real games, from the first move
to the last (the last spy, a late Espionage round, SpyNet's final round). A bot that
plays honestly until the game is well on and then peeks is caught here
(`test_a_bot_that_starts_peeking_late_is_caught`); the twins' builders now reach those
phases too (`test_twins_come_from_every_phase_of_a_game`).
"""

from __future__ import annotations

import pytest
from drivers.sealed import ReadTheGame, sealed
from drivers.twins import SHIPPED, PeekingBot, make_bot, public

import spygames
from spygames import Action, Advice, Bot, View, bot_seed

PLAYERS = {"deck-of-spies": (1,), "espionage": (2, 3, 4), "spynet": (2, 3, 4)}
LEVELS = [
    (game_id, level)
    for game_id in SHIPPED
    for level in (*spygames.GAMES[game_id].bot_levels, "random")
]


def play_sealed(game_id: str, players: int, seed: int, bot_for: dict[int, Bot]) -> int:
    """Play a whole game, asking each seat's bot with the game sealed; the decisions."""
    game = spygames.get_game(game_id)
    state = game.new(seed=seed, players=players)
    decisions = 0
    while not state.is_over:
        seat = state.to_play[0]
        view, legal = public(state.view(seat)), public(state.legal_actions())
        with sealed(state):
            action = bot_for[seat].choose(view, legal)
        state.apply(action)
        decisions += 1
    return decisions


@pytest.mark.parametrize(("game_id", "level"), LEVELS)
def test_no_bot_reads_the_game_it_plays(game_id: str, level: str) -> None:
    games = 1 if level == "hard" else 3
    for players in PLAYERS[game_id][: 1 if level == "hard" else None]:
        for seed in range(games):
            bots = {s: make_bot(game_id, level, bot_seed(seed, s, "sealed"))
                    for s in range(players)}  # fmt: skip
            assert play_sealed(game_id, players, seed, bots) > 0


def well_on(view: View) -> bool:
    """Late in the game, as each game's view shows it."""
    if view["game"] == "deck-of-spies":
        return int(view["spies_left"]) <= 1
    if view["game"] == "espionage":
        return int(view["round"]) >= 3
    return bool(view["final_round"])


class LatePeeker(Bot):
    """Honest — the normal bot — until the game is well on; then it finds the live game
    and plays the hidden cards (`PeekingBot`). The twins' old positions, all early,
    passed it in every game."""

    level = "late cheat"

    def __init__(self, game_id: str, seed: int) -> None:
        super().__init__(seed)
        self.honest = spygames.get_game(game_id).bot("normal", seed=seed)
        self.cheat = PeekingBot(game_id, seed)
        self.peeked = 0

    def advise(self, view: View, legal_actions: list[Action]) -> Advice:
        if not well_on(view):
            return self.honest.advise(view, legal_actions)
        self.peeked += 1
        return self.cheat.advise(view, legal_actions)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_bot_that_starts_peeking_late_is_caught(game_id: str) -> None:
    players = PLAYERS[game_id][0]
    bots: dict[int, Bot] = {s: LatePeeker(game_id, s) for s in range(players)}
    caught = 0
    for seed in range(6):
        try:
            play_sealed(game_id, players, seed, bots)
        except ReadTheGame:
            caught += 1
    assert caught >= 1
