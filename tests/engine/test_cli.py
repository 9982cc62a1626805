"""The command line: play, simulate and replay, generic over the contract."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from drivers.pile_game import GAME as PILE

from spygames import cli, get_game, simulate


def test_wilson_interval() -> None:
    low, high = simulate.wilson(50, 100)
    assert low == pytest.approx(0.404, abs=0.002) and high == pytest.approx(0.596, abs=0.002)
    assert simulate.wilson(0, 0) == (0.0, 1.0)  # no games: nothing known
    assert simulate.wilson(0, 10)[0] == 0.0 and simulate.wilson(10, 10)[1] == 1.0


def test_play_a_game_in_the_terminal() -> None:
    answers = iter(["x", "99", "1"] * 50)
    out = io.StringIO()
    state = cli.play(PILE, players=2, seed=4, human=0, bots=["easy"],
                     read=lambda _prompt: next(answers), out=out)  # fmt: skip
    assert state.is_over
    text = out.getvalue()
    assert "pick a number from 1 to" in text and "Game over" in text


def test_quit_prints_a_replayable_record() -> None:
    out = io.StringIO()
    cli.play(PILE, players=2, seed=4, human=0, bots=["easy"], read=lambda _p: "q", out=out)
    record = json.loads(out.getvalue().split("record:\n")[1])
    assert record["game"] == "test-pile" and record["actions"] == []


def test_simulate_reports_rates_intervals_and_speed() -> None:
    report = simulate.simulate(PILE, bots=["easy", "random"], games=60, seed=1)
    levels = {row["level"]: row for row in report["levels"]}
    assert levels["easy"]["games"] == 60 and levels["random"]["games"] == 60
    easy = levels["easy"]
    assert easy["ci95"][0] <= easy["win_rate"] <= easy["ci95"][1]
    assert easy["win_rate"] > levels["random"]["win_rate"]  # perfect play beats random
    assert sum(report["seat_win_rate"]) == pytest.approx(1.0)
    out = io.StringIO()
    cli.print_simulation(report, out)
    assert "95% interval" in out.getvalue() and "wins by seat" in out.getvalue()
    again = simulate.simulate(PILE, bots=["easy", "random"], games=60, seed=1)
    assert [r["win_rate"] for r in again["levels"]] == [r["win_rate"] for r in report["levels"]]


def test_replay_prints_each_step(tmp_path: Path) -> None:
    state = PILE.new(seed=8, players=2, setup={"pile": 5})
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    out = io.StringIO()
    cli.print_replay(state.record(), out)
    assert "   1. seat 0: take count=1" in out.getvalue()
    assert "   2. seat 1: take count=1" in out.getvalue()


def test_main_reports_bad_files_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "test-pile", "format": 1}')
    assert cli.main(["replay", str(bad)]) == 2
    assert "error:" in capsys.readouterr().err
    assert cli.main(["simulate", "test-pile", "--bots", "easy,easy", "--games", "3"]) == 0
    assert "test-pile: 3 games" in capsys.readouterr().out


def test_league_lineups() -> None:
    lineups, sizes = simulate.league(PILE, None)
    assert ["hard", "random"] in lineups and ["hard", "normal"] in lineups
    assert ["hard", "normal", "normal"] in lineups and sizes.count(3) == 3
    assert len(lineups) == len(sizes) == 6 + 3


def test_simulate_without_bots_prints_a_league(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "test-pile", "--games", "4", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "line-up" in out and "hard vs random" in out


def test_jobs_share_the_deals_and_give_the_same_results() -> None:
    one = simulate.simulate(PILE, bots=["easy", "random"], games=30, seed=5)
    two = simulate.simulate(PILE, bots=["easy", "random"], games=30, seed=5, jobs=2)
    keep = ("level", "games", "win_rate", "ci95")
    assert [{k: r[k] for k in keep} for r in one["levels"]] == [
        {k: r[k] for k in keep} for r in two["levels"]
    ]
    assert one["seat_win_rate"] == two["seat_win_rate"]
    assert one["mean_actions"] == two["mean_actions"]


def test_simulate_reports_teams_measures_and_credits() -> None:
    """A small seeded SpyNet smoke run (the full balance run is in docs/spynet-balance.md):
    win rate by team, mean turns, and each card's games and win rate, with flags."""
    spynet = get_game("spynet")
    report = simulate.simulate(spynet, bots=["normal"] * 4, games=6, seed=1, players=4)
    assert report["teams"] == [[0, 2], [1, 3]]
    assert sum(report["team_win_rate"]) == pytest.approx(1.0)
    assert report["measures"]["turns"] > 20
    assert report["fair_share"] == 0.5
    rows = {row["label"]: row for row in report["credits"]}
    assert "a01 Breacher" in rows or "a02 Bodyguard" in rows
    assert all(0 <= r["win_rate"] <= 1 and r["games"] <= 6 and not r["flag"] for r in rows.values())
    out = io.StringIO()
    cli.print_simulation(report, out)
    cli.print_credits(report, out, every=True)
    text = out.getvalue()
    assert "wins by team (seats): 0+2:" in text and "turns" in text and "credited labels" in text


def test_games_without_teams_report_seats_as_teams() -> None:
    report = simulate.simulate(PILE, bots=["easy", "random"], games=10, seed=1)
    assert report["teams"] == [[0], [1]]
    assert report["team_win_rate"] == report["seat_win_rate"]
    assert report["credits"] == [] and report["measures"] == {}


def test_the_game_speaks_the_language_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--lang`: the engine's words (actions, cards) in that language; an unknown one is
    refused, naming those there are."""
    from spygames import get_game, i18n

    state = get_game("espionage").new(seed=3, players=2)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    record = tmp_path / "game.json"
    record.write_text(json.dumps(state.record()))
    try:
        assert cli.main(["replay", str(record)]) == 0
        english = capsys.readouterr().out
        assert cli.main(["--lang", "fr", "replay", str(record)]) == 0
        french = capsys.readouterr().out
        assert i18n.language() == "fr" and french != english and "joueur" in french
        assert cli.main(["--lang", "xx", "replay", str(record)]) == 2
        assert "no language “xx”" in capsys.readouterr().err
    finally:
        i18n.use("en")
