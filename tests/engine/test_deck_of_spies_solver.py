"""The Deck of Spies solver: staged deals whose answer is known by hand (won and lost),
real deals whose found line replays to a win, and the honesty of the three answers.

Rules quoted from rules/deck-of-spies.txt and DESIGN.md ("Rulings")."""

from __future__ import annotations

import io
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

import spygames
from spygames import Budget, cli
from spygames.deck_of_spies import HardBot, ceiling, daily, strength
from spygames.deck_of_spies.deck import GROUP_OF, NAMES
from spygames.deck_of_spies.solver import (
    CountingRandom,
    replays_to_win,
    solve,
    solve_deal,
    solving,
)

GAME = spygames.get_game("deck-of-spies")
SIX_FACES = ["JS", "QS", "KS", "JC", "QC", "KC"]


def last_spy(spy: str, draw: list[str], owned_faces: list[str]) -> dict[str, Any]:
    """A setup with one spy left: `owned_faces` in the discard pile, every other spy
    already dealt with, the hand drawn from `draw` (top first)."""
    done = [
        NAMES[card]
        for card in range(52)
        if GROUP_OF[card] != "A-4" and NAMES[card] not in {spy, *owned_faces}
    ]
    return {"spies": [spy], "draw": draw, "discard": owned_faces, "spy_discard": done}


def test_the_last_face_recruited_with_its_double_agent_wins() -> None:
    """Recruit: the Ace of the spy's suit counts 1 and the others need not be of its suit
    (DESIGN, Rulings); won with 7 of the 12 faces owned. Six faces owned and K♥ the last
    spy: A♥ 4♠ 4♣ 4♦ recruits it (1+12 = 13, each 4 necessary) — the only winning line."""
    setup = last_spy("KH", ["AH", "4S", "4C", "4D", "3S"], SIX_FACES)
    solution = solve_deal(3, setup)
    assert solution.verdict == "won"
    assert solution.line[0] == {"type": "recruit", "cards": ["AH", "4S", "4D", "4C"]}
    assert replays_to_win(3, setup, solution.line)


def test_no_heart_and_no_double_agent_in_hand_is_proven_lost() -> None:
    """Recruit needs every card of the spy's suit or its Ace; the hand 4♠ 4♣ 4♦ 3♠ 3♣
    (18, so it must pay: no assassination) can only counter K♥, which leaves six faces:
    every line loses, and the solver proves it by searching them all."""
    setup = last_spy("KH", ["4S", "4C", "4D", "3S", "3C"], SIX_FACES)
    state = GAME.new(seed=3, setup=setup)
    assert {action["type"] for action in state.legal_actions()} == {"counter"}
    solution = solve(state)
    assert solution.verdict == "lost" and solution.line == []
    assert solution.nodes >= len(state.legal_actions())  # searched, not assumed


def test_too_few_faces_left_to_reach_seven_is_lost_without_search() -> None:
    """Won with 7 or more faces owned; faces come only by recruiting them. Five owned
    and one face spy left: at most six, so lost before any move is tried."""
    setup = last_spy("KH", ["AH", "4S", "4C", "4D", "3S"], SIX_FACES[:5])
    solution = solve_deal(3, setup)
    assert solution.verdict == "lost" and solution.nodes == 0


@pytest.mark.parametrize("seed", [0, 1, 2, 5, 8])
def test_a_found_line_replays_to_a_win_and_the_state_is_untouched(seed: int) -> None:
    state = GAME.new(seed=seed)
    before = state.record()
    solution = solve(state)
    assert state.record() == before and not state.is_over
    assert solution.verdict == "won"
    record = {**before, "actions": solution.line}
    final = spygames.replay(record)
    assert final.result is not None and final.result["won"]


def test_solved_from_the_middle_of_a_game() -> None:
    """The line starts at the position solved: played on after the moves already made."""
    state = GAME.new(seed=9)
    bot = GAME.bot("normal", seed=1)
    for _ in range(12):
        state.apply(bot.choose(state.view(0), state.legal_actions()))
    solution = solve(state)
    assert solution.verdict == "won"
    for action in solution.line:
        state.apply(action)
    assert state.result is not None and state.result["won"]


def test_never_lost_without_a_complete_search() -> None:
    """A budget too small to find the line (or to prove anything) answers unknown."""
    assert solve_deal(5, nodes=3).verdict == "unknown"
    assert solve_deal(5, seconds=0.0).verdict == "unknown"


def test_pausing_by_time_never_changes_the_answer() -> None:
    """A slice of 0 seconds pauses after every node; the budget counts nodes only."""
    state = GAME.new(seed=5)
    steps = list(solving(state, slice_s=0.0))
    last = steps[-1]
    assert last is not None and last.line == solve(state).line
    assert len(steps) == last.nodes + 1


def test_in_slices_the_same_answer() -> None:
    state = GAME.new(seed=5)
    steps = list(solving(state, slice_nodes=50))
    assert steps[:-1] and all(step is None for step in steps[:-1])
    last = steps[-1]
    assert last is not None
    assert (last.verdict, last.line, last.nodes) == (
        (whole := solve(state)).verdict,
        whole.line,
        whole.nodes,
    )


def test_the_copied_generator_shuffles_as_the_game_would() -> None:
    """The key's shuffle sizes stand in for the generator: the copy must deal the same."""
    state = GAME.new(seed=4)
    copy = CountingRandom(state.rng)
    a, b = list(range(20)), list(range(20))
    state.rng.shuffle(a)
    copy.shuffle(b)
    assert a == b and copy.history == (20,)


def test_the_cli_prints_the_answer_and_the_line() -> None:
    out = io.StringIO()
    args = cli.argparse.Namespace(seed=1, deals=None, nodes=50_000, seconds=None, jobs=1, hard=None)
    cli.solve(args, out)
    text = out.getvalue()
    assert text.startswith("Deck of Spies deal #1: winnable")
    assert "end turn" in text


def test_the_cli_prints_a_table_over_deals(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["solve", "deck-of-spies", "--deals", "0..2"]) == 0
    text = capsys.readouterr().out
    assert "3 deals: winnable 3 (100.0%), proven lost 0" in text
    assert cli.main(["solve", "deck-of-spies", "--deals", "2..0"]) == 2
    assert "the last deal comes before the first" in capsys.readouterr().err


def test_a_bot_is_measured_against_the_deals_shown_winnable(tmp_path: Path) -> None:
    """strength --out writes a line a deal; the summary counts the bot's wins among the
    deals shown winnable (a deal it won counts as winnable whatever the solver said)."""
    out = tmp_path / "easy.jsonl"
    assert strength.main(["easy", "--games", "3", "--out", str(out)]) == 0
    wins = ceiling.read_bot_wins(out)
    assert sorted(wins) == [0, 1, 2]
    deals = ceiling.solve_deals([0, 1, 2])
    lines = ceiling.summary(deals, {**wins, 1: True})
    won = sum(wins[seed] for seed in (0, 2)) + 1
    assert lines[-1] == (
        f"bot: played 3 of these deals, won {won} of the 3 winnable ones ({won / 3:.1%})"
    )


def test_strength_measures_the_hard_bot_on_its_budget_not_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """strength plays the hard bot with its time cap off (the whole playout budget), so a
    deal's result depends on the deal and the bot's seed only; `--capped` keeps the cap.
    (A small budget keeps the test quick; the cap itself is never timed here.)"""
    limits: list[float | None] = []
    advise = HardBot.advise

    def small(self: HardBot, view: dict[str, Any], legal: list[dict[str, Any]]) -> Any:
        limits.append(self.budget.seconds)
        self.budget = Budget(6, self.budget.seconds)
        return advise(self, view, legal)

    monkeypatch.setattr(HardBot, "advise", small)
    first = strength.play_one("hard", 5)
    assert limits and set(limits) == {None} and first.decisions == len(limits)
    again = strength.play_one("hard", 5)
    assert (again.won, again.score, again.decisions) == (first.won, first.score, first.decisions)
    limits.clear()
    strength.play_one("hard", 5, keep_cap=True)
    assert limits and set(limits) == {HardBot.default_budget.seconds} and None not in limits


# -- the daily deal --------------------------------------------------------------------
def test_the_daily_deal_is_the_same_for_a_day_and_changes_the_next() -> None:
    day = date(2026, 11, 30)
    seed = daily.daily_seed(day)
    assert seed == daily.daily_seed(date(2026, 11, 30))
    assert daily.daily_seed(day + timedelta(days=1)) != seed
    assert 1 <= seed <= daily.MAX_SEED
    assert daily.daily_number(day) == 334


def test_the_daily_deals_already_dealt_never_change() -> None:
    # "the same for everyone": a player on an older page (the service worker keeps it) and
    # one on a newer page get the same deal, so re-tuning the bots must not move a day.
    firsts = [daily.daily_seed(date(2026, 11, day)) for day in (1, 2, 3, 4, 5)]
    assert firsts == [569273906, 457521124, 327976613, 562832473, 160740812]


def test_the_daily_deal_is_one_the_solver_shows_winnable() -> None:
    day = date(2027, 2, 14)
    seed = daily.daily_seed(day)
    assert seed in list(daily.candidates(day))
    assert solve_deal(seed, nodes=daily.DAILY_NODES).verdict == "won"
    steps = list(daily.finding(day, slice_nodes=20))
    assert steps[-1] == seed and all(step is None for step in steps[:-1])
