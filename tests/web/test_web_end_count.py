"""At the end of a game the turn (or round) count in the header and in Saved games is
the last turn (or round) in the log, in every game — the log is the story the player
reads, the header must not tell a different one."""

from __future__ import annotations

import random
import re

import pytest
from spyweb.browser.store import MemoryStorage, Saves
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
from spyweb.games.espionage.table import EspionageTable
from spyweb.games.spynet.table import SpyNetTable
from spyweb.tables.screen import Context

import spygames


def context() -> Context:
    return Context(Saves(MemoryStorage()))


def played_out(game_id: str, seed: int, players: int = 1) -> spygames.State:
    """A whole game of random legal moves (seeded, so the same game every run)."""
    state = spygames.get_game(game_id).new(seed=seed, players=players)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def dos_ending(ending: str) -> spygames.State:
    """The first seed whose random game ends this way (the seeds are scanned in order)."""
    for seed in range(400):
        state = played_out("deck-of-spies", seed)
        if state.result is not None and state.result["ending"] == ending:
            return state
    raise AssertionError(f"no random game in 400 seeds ends {ending!r}")


def dos_log_turns(html: str) -> list[int]:
    return [int(t) for t in re.findall(r'class="dos-log-turn">T(\d+)<', html)]


# Deck of Spies rules (rules/deck-of-spies.txt): "End of the game" — it ends after the
# turn in which you deal with the last spy ("outnumbered" here); "Assassinate" — "If you
# must assassinate but have no Ace left, you have lost" ("no_double_agent": that spy's
# turn is the last one, lost as it begins).
@pytest.mark.parametrize("ending", ["outnumbered", "no_double_agent"])
def test_deck_of_spies_header_turn_is_the_logs_last_turn(ending: str) -> None:
    state = dos_ending(ending)
    assert state.result is not None
    turns = state.result["turns"]
    table = DeckOfSpiesTable(context(), state=spygames.replay(state.record()))
    html = table.render()
    header = re.search(r'class="dos-turn">Turn (\d+)<', html)
    assert header is not None and int(header.group(1)) == turns
    logged = dos_log_turns(html)
    assert max(logged) == turns and logged[0] == turns  # newest first
    assert table.summary()["progress"].endswith(f"turn {turns}")
    if ending == "no_double_agent":
        # the spy that could not be paid for is shown in the turn it began, with the end
        newest = re.search(r'<li class="log-game_over"[^>]*>.*?</li>', html)
        assert newest is not None and "The next spy is" in newest.group(0)
        assert "no double agent is left" in newest.group(0)


def test_deck_of_spies_turn_while_playing_is_the_turn_being_played() -> None:
    state = spygames.get_game("deck-of-spies").new(seed=3)
    for _ in range(2):
        state.apply(state.legal_actions()[0])  # counter or recruit, then...
        while not any(a["type"] == "end_turn" for a in state.legal_actions()):
            state.apply(state.legal_actions()[0])
        state.apply({"type": "end_turn"})
    table = DeckOfSpiesTable(context(), state=state)
    html = table.render()
    assert 'class="dos-turn">Turn 3<' in html
    assert max(dos_log_turns(html)) == 2  # turn 3 has no move yet


# Espionage rules (rules/espionage.txt, "Endgame and victory"): the game ends in the round
# where a player reaches 3 points or is the last with active Sources; no new round begins.
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_espionage_header_round_is_the_logs_last_round(seed: int) -> None:
    state = played_out("espionage", seed, players=3)
    table = EspionageTable(context(), state=spygames.replay(state.record()))
    html = table.render()
    header = re.search(r'class="esp-meta">Round (\d+)\b', html)
    rounds = [int(e.text.split()[1]) for e in table.log if e.kind == "round"]
    assert header is not None and int(header.group(1)) == rounds[-1] == max(rounds)
    assert table.log[-1].kind == "end"
    assert table.summary()["progress"] == f"Round {rounds[-1]}"


# SpyNet rules (rules/spynet.txt, "End of the Game"): when the last card is taken from the
# deck every player takes one final turn; the last of those is the game's last turn.
@pytest.mark.parametrize("seed", [0, 1])
def test_spynet_saved_turn_is_the_logs_last_turn(seed: int) -> None:
    state = played_out("spynet", seed, players=2)
    table = SpyNetTable(context(), state=spygames.replay(state.record()))
    html = table.render()
    turns = [int(m.group(1)) for e in table.log if (m := re.match(r"Turn (\d+) — ", e.text))]
    assert turns and turns[-1] == max(turns)
    assert table.summary()["progress"].startswith(f"Turn {turns[-1]} ")
    assert 'id="sn-meta">Game over ·' in html  # the header names no other turn
