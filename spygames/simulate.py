"""Bots against bots: `simulate` plays many seeded deals and reports win rates with their
95% intervals, speed, length, each game's own measures and the credits of its summary
(`python -m spygames simulate`, `bench`, the balance notes). `league` is the standard
set of line-ups. `wilson` is the one interval every strength figure uses.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from .errors import SpyGamesError
from .protocol import Game
from .registry import get_game
from .seeds import bot_seed


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate: `wins` out of `n` (nothing known at n=0).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


class LevelRow(TypedDict):
    """One bot level's results in a simulation."""

    level: str
    games: int
    win_rate: float
    ci95: list[float]
    mean_score: float | None
    ms_per_decision: float


class CreditRow(TypedDict):
    """One credit label (a card, say): its games and its side's win rate."""

    label: str
    games: int
    win_rate: float
    flag: bool


class Report(TypedDict):
    """What `simulate` returns (JSON-safe: `--json` prints it)."""

    game: str
    players: int
    games: int
    seed: int
    options: dict[str, Any]
    levels: list[LevelRow]
    seat_win_rate: list[float]
    teams: list[list[int]]
    team_win_rate: list[float]
    mean_actions: float
    measures: dict[str, float]
    fair_share: float
    credits: list[CreditRow]


@dataclass
class Tally:
    """What one bot level did over the simulated games."""

    level: str
    games: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.scores += other.scores
        self.decisions += other.decisions
        self.seconds += other.seconds


FLAG_MARGIN = 0.20
"""A credit is flagged when its side wins this far above or below the fair share (70% or
30% with two sides)."""
FLAG_MIN_GAMES = 100
"""... and only over at least this many games, to mean something."""


@dataclass
class Credit:
    """One label of a game's summary (e.g. a card): the games it was in and the wins of
    the side credited with it."""

    games: int = 0
    wins: float = 0.0


@dataclass
class Part:
    """The tallies of some of a run's deals (one process's share)."""

    players: int
    teams: int
    tallies: dict[str, Tally] = field(default_factory=dict)
    seat_wins: list[float] = field(default_factory=list)
    team_wins: list[float] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    measures: dict[str, float] = field(default_factory=dict)
    credits: dict[str, Credit] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.seat_wins = self.seat_wins or [0.0] * self.players
        self.team_wins = self.team_wins or [0.0] * self.teams

    def add(self, other: Part) -> None:
        for level, tally in other.tallies.items():
            self.tallies.setdefault(level, Tally(level)).add(tally)
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins, strict=True)]
        self.team_wins = [a + b for a, b in zip(self.team_wins, other.team_wins, strict=True)]
        self.lengths += other.lengths
        for name, value in other.measures.items():
            self.measures[name] = self.measures.get(name, 0.0) + value
        for label, credit in other.credits.items():
            into = self.credits.setdefault(label, Credit())
            into.games += credit.games
            into.wins += credit.wins


def _play_deals(
    game_id: str,
    bots: Sequence[str],
    n: int,
    deals: range,
    first: int,
    options: dict[str, Any] | None = None,
) -> Part:
    """Play the deals numbered `deals` (one game each; `first` is the run's first deal,
    which fixes the seating) and tally them."""
    game = get_game(game_id)
    teams = game.teams(n)
    team_of = {seat: t for t, seats in enumerate(teams) for seat in seats}
    part = Part(n, len(teams))
    tallies, credits = part.tallies, part.credits
    for deal in deals:
        g = deal - first  # the game's index in the run decides the seating
        lineup = [bots[(i + g) % len(bots)] for i in range(n)] if n > 1 else [bots[g % len(bots)]]
        state = game.new(seed=deal, players=n, options=options)
        seated = [game.bot(level, seed=bot_seed(deal, s)) for s, level in enumerate(lineup)]
        for level in lineup:
            tallies.setdefault(level, Tally(level)).games += 1
        while not state.is_over:
            seat = state.to_play[0]
            legal = state.legal_actions()
            started = time.perf_counter()
            action = seated[seat].choose(state.view(seat), legal)
            tally = tallies[lineup[seat]]
            tally.seconds += time.perf_counter() - started
            tally.decisions += 1
            state.apply(action)
        result = state.result or {}
        winners = result.get("winners", [])
        part.lengths.append(len(state.actions))
        for seat in winners:  # a shared win is split; a level's rate is per seat played
            share = 1 / len(winners)
            part.seat_wins[seat] += share
            tallies[lineup[seat]].wins += share
        won = {team_of[seat] for seat in winners}
        for t in won:
            part.team_wins[t] += 1 / len(won)
        if "score" in result:
            tallies[lineup[0]].scores.append(float(result["score"]))
        summary = game.summary(state)
        for name, value in summary.get("measures", {}).items():
            part.measures[name] = part.measures.get(name, 0.0) + value
        for label, seats in summary.get("credits", {}).items():
            credit = credits.setdefault(label, Credit())
            credit.games += 1
            if {team_of[s] for s in seats} & won:
                credit.wins += 1 / len(won)
    return part


def simulate(
    game: Game,
    *,
    bots: Sequence[str],
    games: int,
    seed: int,
    players: int | None = None,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
) -> Report:
    """Bots against bots on deals seed, seed+1, …; seats rotate so no level keeps the
    first seat. `jobs` > 1 shares the deals among processes: same deals, same results.

    Besides each level's results the report has the win rate by seat and by team, the
    mean of each of the game's `summary` measures, and for each credit label (a card,
    say) its games and the win rate of the side credited, flagged when it strays more
    than FLAG_MARGIN from the fair share over at least FLAG_MIN_GAMES games."""
    n = players or max(game.min_players, len(bots))
    if not game.min_players <= n <= game.max_players:
        raise SpyGamesError(f"{game.name} is for {game.min_players}–{game.max_players} players")
    for level in set(bots):
        game.bot(level)  # an unknown level fails here, not in a worker
    game.new(seed=seed, players=n, options=options)  # and so do bad options
    size = -(-games // max(1, jobs))
    chunks = [range(a, min(a + size, seed + games)) for a in range(seed, seed + games, size)]
    if jobs > 1 and len(chunks) > 1:
        with multiprocessing.Pool(min(jobs, len(chunks))) as pool:
            parts = pool.starmap(
                _play_deals, [(game.id, list(bots), n, c, seed, options) for c in chunks]
            )
    else:
        parts = [_play_deals(game.id, bots, n, c, seed, options) for c in chunks]
    teams = game.teams(n)
    run = Part(n, len(teams))
    for part in parts:
        run.add(part)
    tallies, credits, lengths, measures = run.tallies, run.credits, run.lengths, run.measures
    rows: list[LevelRow] = []
    for t in tallies.values():
        low, high = wilson(t.wins, t.games)
        rows.append(
            {
                "level": t.level,
                "games": t.games,
                "win_rate": t.wins / t.games if t.games else 0.0,
                "ci95": [low, high],
                "mean_score": sum(t.scores) / len(t.scores) if t.scores else None,
                "ms_per_decision": 1000 * t.seconds / t.decisions if t.decisions else 0.0,
            }
        )
    fair = 1 / len(teams)
    credit_rows: list[CreditRow] = []
    for label in sorted(credits):
        c = credits[label]
        rate = c.wins / c.games
        flagged = c.games >= FLAG_MIN_GAMES and abs(rate - fair) > FLAG_MARGIN
        credit_rows.append({"label": label, "games": c.games, "win_rate": rate, "flag": flagged})
    return {
        "game": game.id,
        "players": n,
        "games": games,
        "seed": seed,
        "options": options or {},
        "levels": rows,
        "seat_win_rate": [w / games for w in run.seat_wins] if games else [],
        "teams": teams,
        "team_win_rate": [w / games for w in run.team_wins] if games else [],
        "mean_actions": sum(lengths) / len(lengths) if lengths else 0.0,
        "measures": {name: total / games for name, total in measures.items()} if games else {},
        "fair_share": fair,
        "credits": credit_rows,
    }


def league(game: Game, players: int | None) -> tuple[list[list[str]], list[int | None]]:
    """The standard comparison: each level alone for a solo game; else every pairing of
    levels (random included) at 2 players, and each level against `normal` bots at
    every larger table."""
    levels = ["random", *game.bot_levels]
    if game.max_players == 1:
        return [[level] for level in levels], [1] * len(levels)
    lineups: list[list[str]] = []
    sizes: list[int | None] = []
    for n in [players] if players else range(game.min_players, game.max_players + 1):
        if n == 2:
            pairs = [[b, a] for i, a in enumerate(levels) for b in levels[i + 1 :]]
            lineups += pairs
            sizes += [2] * len(pairs)
        else:
            for level in levels:
                if level != "normal":
                    lineups.append([level] + ["normal"] * (n - 1))
                    sizes.append(n)
    return lineups, sizes
