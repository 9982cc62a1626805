"""`python -m spygames`: play in a terminal, simulate bots against bots, replay a record.

Generic over the engine contract, so every registered game gets all three for free.
`solve` (Deck of Spies only: the solitaire game) asks whether a deal could be won.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from . import __version__, i18n
from .errors import SpyGamesError
from .protocol import Bot, Game, State
from .record import replay
from .registry import GAMES, get_game
from .seeds import bot_seed
from .simulate import FLAG_MARGIN, FLAG_MIN_GAMES, Report, league, simulate


# -- play ---------------------------------------------------------------------------
def play(
    game: Game,
    *,
    players: int,
    seed: int | None,
    human: int,
    bots: Sequence[str],
    read: Callable[[str], str] = input,
    out: TextIO | None = None,
    options: dict[str, Any] | None = None,
) -> State:
    """A terminal game: the human picks numbered legal actions, bots play the other seats."""
    out = out or sys.stdout
    state = game.new(seed=seed, players=players, options=options)
    seat_bots: dict[int, Bot] = {}
    others = [s for s in range(players) if s != human]
    for i, seat in enumerate(others):
        level = bots[i % len(bots)] if bots else "normal"
        seat_bots[seat] = game.bot(level, seed=bot_seed(state.seed, seat))
    print(f"{game.name} — deal #{state.seed}. Type a number, 'q' to quit.", file=out)
    while not state.is_over:
        seat = state.to_play[0]
        legal = state.legal_actions()
        if seat in seat_bots:
            action = seat_bots[seat].choose(state.view(seat), legal)
            print(
                f"  seat {seat} ({seat_bots[seat].level}): {game.describe_action(action)}", file=out
            )
            state.apply(action)
            continue
        print("\n" + game.describe_view(state.view(seat)), file=out)
        for number, action in enumerate(legal, 1):
            print(f"  {number:>3}. {game.describe_action(action)}", file=out)
        while True:
            answer = read("your move> ").strip().lower()
            if answer in ("q", "quit"):
                print(f"Stopped. Replay with this record:\n{json.dumps(state.record())}", file=out)
                return state
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                state.apply(legal[int(answer) - 1])
                break
            print(f"  pick a number from 1 to {len(legal)}", file=out)
    print(f"\nGame over: {state.result}", file=out)
    return state


def print_simulation(report: Report, out: TextIO | None = None) -> None:
    out = out or sys.stdout
    print(
        f"{report['game']}: {report['games']} games, {report['players']} players, "
        f"seeds {report['seed']}..{report['seed'] + report['games'] - 1}",
        file=out,
    )
    print(f"{'level':<8} {'games':>6} {'win rate':>9} {'95% interval':>16} "
          f"{'mean score':>10} {'ms/decision':>12}", file=out)  # fmt: skip
    for row in report["levels"]:
        low, high = row["ci95"]
        score = "" if row["mean_score"] is None else f"{row['mean_score']:.2f}"
        print(
            f"{row['level']:<8} {row['games']:>6} {row['win_rate']:>8.1%} "
            f"{f'{low:.1%} – {high:.1%}':>16} {score:>10} {row['ms_per_decision']:>12.2f}",
            file=out,
        )
    if report["players"] > 1:
        seats = "  ".join(f"seat {i}: {w:.1%}" for i, w in enumerate(report["seat_win_rate"]))
        print(f"wins by seat: {seats}", file=out)
    if len(report["teams"]) < report["players"]:
        teams = "  ".join(
            f"{'+'.join(str(s) for s in seats)}: {w:.1%}"
            for seats, w in zip(report["teams"], report["team_win_rate"], strict=True)
        )
        print(f"wins by team (seats): {teams}", file=out)
    length = f"{report['mean_actions']:.1f} actions"
    for name, mean in report["measures"].items():
        length += f", {mean:.1f} {name}"
    print(f"mean game length: {length}", file=out)
    print_credits(report, out, every=False)


def print_credits(report: Report, out: TextIO | None = None, *, every: bool) -> None:
    """The credit labels (cards, say): every one, or only those flagged."""
    out = out or sys.stdout
    rows = report["credits"]
    if not rows:
        return
    flagged = [r for r in rows if r["flag"]]
    fair = report["fair_share"]
    print(
        f"{len(rows)} credited labels; fair share {fair:.0%}; flagged (beyond ±"
        f"{FLAG_MARGIN:.0%} over ≥ {FLAG_MIN_GAMES} games): {len(flagged)}",
        file=out,
    )
    for row in rows if every else flagged:
        mark = "  FLAG" if row["flag"] else ""
        print(
            f"  {row['label']:<28} {row['games']:>6} games {row['win_rate']:>7.1%}{mark}", file=out
        )


def print_league(reports: list[Report], out: TextIO | None = None) -> None:
    """One line per line-up: the first level's win rate against the rest."""
    out = out or sys.stdout
    first = reports[0]
    print(f"{first['game']}: {first['games']} games per line-up, seeds {first['seed']}.."
          f"{first['seed'] + first['games'] - 1}, seats rotating", file=out)  # fmt: skip
    print(f"{'players':>7}  {'line-up':<26} {'win rate':>9} {'95% interval':>16} "
          f"{'mean score':>10} {'ms/decision':>12} {'length':>7}", file=out)  # fmt: skip
    for report in reports:
        rows = report["levels"]
        focus = rows[0]
        if report["players"] == 1:
            lineup = focus["level"]
        elif len(rows) == 2 and report["players"] > 2:
            lineup = f"{focus['level']} + {rows[1]['level']}×{report['players'] - 1}"
        else:
            lineup = " vs ".join(r["level"] for r in rows)
        low, high = focus["ci95"]
        score = "" if focus["mean_score"] is None else f"{focus['mean_score']:.2f}"
        print(
            f"{report['players']:>7}  {lineup:<26} {focus['win_rate']:>8.1%} "
            f"{f'{low:.1%} – {high:.1%}':>16} {score:>10} {focus['ms_per_decision']:>12.2f} "
            f"{report['mean_actions']:>7.1f}",
            file=out,
        )


# -- replay ----------------------------------------------------------------------------
def print_replay(record: dict[str, Any], out: TextIO | None = None) -> State:
    """Print a recorded game step by step; raises InvalidRecord on a bad record."""
    out = out or sys.stdout
    game = get_game(record.get("game", ""))
    final = replay(record)  # validates every action first
    state = replay({**record, "actions": []})
    print(f"{game.name} — deal #{state.seed}, {state.players} player(s)", file=out)
    for index, action in enumerate(record["actions"]):
        seat = state.to_play[0] if state.to_play else "-"
        print(f"{index + 1:>4}. seat {seat}: {game.describe_action(action)}", file=out)
        state.apply(action)
    print(f"Result: {final.result if final.is_over else 'game not finished'}", file=out)
    return final


def solve(args: argparse.Namespace, out: TextIO | None = None) -> None:
    """`solve deck-of-spies --seed N` or `--deals A..B` (see deck_of_spies.ceiling)."""
    from .deck_of_spies import ceiling

    out = out or sys.stdout
    if args.seed is not None:
        deal = ceiling.solve_deals([args.seed], nodes=args.nodes, seconds=args.seconds)[0]
        ceiling.print_deal(deal, out)
        return
    seeds = ceiling.parse_deals(args.deals)
    found = ceiling.solve_deals(seeds, nodes=args.nodes, seconds=args.seconds, jobs=args.jobs)
    bot_wins = ceiling.read_bot_wins(args.hard) if args.hard else None
    ceiling.print_deals(found, out, bot_wins)


def lab(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """`lab FILE --game G --against LEVEL --games N`: the person's bot in FILE against the
    built-in bots (spygames.lab), the same match the Bot Lab page plays for that seed."""
    import secrets
    import signal
    import time

    from .lab import BotError, Match, deal_number, describe, load
    from .words import count

    out = out or sys.stdout
    seed = args.seed if args.seed is not None else secrets.randbits(53)
    choose = load(args.file.read_text(), args.file.name)
    limit = args.limit

    def timed(view: Any, legal: Any, rng: Any) -> Any:
        """`choose`, stopped after `limit` seconds (where the system has an interval timer)."""

        def over(*_: object) -> None:
            raise TimeoutError(f"no answer within {limit} s (--limit)")

        if not hasattr(signal, "setitimer"):
            return choose(view, legal, rng)
        before = signal.signal(signal.SIGALRM, over)
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            return choose(view, legal, rng)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, before)

    match = Match(timed, args.game, args.against, args.games, args.players, seed,
                  filename=args.file.name)  # fmt: skip
    started = time.perf_counter()
    try:
        for result in match.play():
            if args.list:
                verdict = "won " if result.won else "lost"
                print(f"{result.index + 1:>5}. deal #{result.deal:<10} seat {result.seat}  "
                      f"{verdict}  {result.moves:>4} moves  {result.reason}", file=out)  # fmt: skip
    except BotError as exc:
        index = len(match.results)
        print(f"error in game {index + 1} (deal #{deal_number(seed, index)}, seat "
              f"{index % (match.players or 1)}): {exc.message}", file=sys.stderr)  # fmt: skip
        if exc.view is not None:
            print(f"the view it was given: {json.dumps(exc.view)}", file=sys.stderr)
        return 1
    took = time.perf_counter() - started
    summary = match.summary()
    name, seats = match.game.name, count(match.players or 1, "player")
    print(f"{name}, {args.file.name} against {args.against} ({seats}), "
          f"match seed {seed}: {describe(summary)}; {summary['games'] / took:.1f} games/s",
          file=out)  # fmt: skip
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spygames", description=__doc__)
    parser.add_argument("--version", action="version", version=f"spygames {__version__}")
    parser.add_argument(
        "--lang",
        help="the language of the game's words: "
        f"{', '.join(i18n.LANGUAGES)} (default: English, or $LANG's language if spoken)",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p_play = sub.add_parser("play", help="play a game in the terminal against bots")
    p_play.add_argument("game", choices=sorted(GAMES))
    p_play.add_argument("--players", type=int)
    p_play.add_argument("--seed", type=int)
    p_play.add_argument("--seat", type=int, default=0, help="your seat")
    p_play.add_argument("--bots", default="normal", help="bot levels for the other seats")
    p_play.add_argument(
        "--options", type=json.loads, help='game options as JSON, e.g. \'{"situation": "random"}\''
    )
    p_sim = sub.add_parser("simulate", help="bots against bots: win rates, length, speed")
    p_sim.add_argument("game", choices=sorted(GAMES))
    p_sim.add_argument(
        "--bots",
        help="comma-separated levels, one per seat (seats rotate each game); "
        "omitted: every level alone (1 player) or a league of every pairing",
    )
    p_sim.add_argument("--games", type=int, default=100)
    p_sim.add_argument("--seed", type=int, default=1)
    p_sim.add_argument("--players", type=int)
    p_sim.add_argument("--options", type=json.loads, help="game options as JSON")
    p_sim.add_argument("--jobs", type=int, default=1, help="processes to share the deals")
    p_sim.add_argument("--json", action="store_true", help="print the report as JSON")
    p_sim.add_argument(
        "--credits", action="store_true", help="list every credited label (e.g. each card)"
    )
    p_lab = sub.add_parser("lab", help="your bot (a Python file) against the built-in bots")
    p_lab.add_argument("file", type=Path, help="a Python file defining choose(view, legal, rng)")
    p_lab.add_argument("--game", choices=sorted(GAMES), required=True)
    p_lab.add_argument("--against", default="normal", help="the built-in bots' level")
    p_lab.add_argument("--games", type=int, default=100)
    p_lab.add_argument("--players", type=int)
    p_lab.add_argument("--seed", type=int, help="the match seed (else drawn and printed)")
    p_lab.add_argument("--limit", type=float, default=5.0, help="seconds per decision")
    p_lab.add_argument("--list", action="store_true", help="print each game")
    p_ref = sub.add_parser("reference", help="a bot's reference: the view's keys, the actions")
    p_ref.add_argument("game", choices=sorted(GAMES))
    p_rep = sub.add_parser("replay", help="print a saved record step by step")
    p_rep.add_argument("file", type=Path)
    p_sol = sub.add_parser("solve", help="could a Deck of Spies deal be won, and how?")
    p_sol.add_argument("game", choices=["deck-of-spies"])
    deals = p_sol.add_mutually_exclusive_group(required=True)
    deals.add_argument("--seed", type=int, help="one deal: print the answer and the line")
    deals.add_argument("--deals", help="deals A..B: a table of answers, nodes and time")
    p_sol.add_argument("--nodes", type=int, default=50_000, help="node budget per deal")
    p_sol.add_argument("--seconds", type=float, help="time budget per deal (else nodes only)")
    p_sol.add_argument("--jobs", type=int, default=1, help="processes to share the deals")
    p_sol.add_argument("--hard", type=Path, help="a bot's per-deal results (strength --out)")
    args = parser.parse_args(argv)
    try:
        if args.lang and args.lang not in (*i18n.LANGUAGES, i18n.PSEUDO):
            raise ValueError(f"no language “{args.lang}”: {', '.join(i18n.LANGUAGES)}")
        environment = os.environ.get("LANG", "").split(".")[0].replace("_", "-")
        i18n.use(args.lang or i18n.choose([environment]))
        if args.command == "play":
            game = get_game(args.game)
            players = args.players or game.min_players
            play(game, players=players, seed=args.seed, human=args.seat,
                 bots=args.bots.split(","), options=args.options)  # fmt: skip
        elif args.command == "simulate":
            game = get_game(args.game)
            if args.bots:
                lineups = [args.bots.split(",")]
                sizes: list[int | None] = [args.players]
            else:
                lineups, sizes = league(game, args.players)
            reports = [
                simulate(
                    game,
                    bots=bots,
                    games=args.games,
                    seed=args.seed,
                    players=n,
                    jobs=args.jobs,
                    options=args.options,
                )
                for bots, n in zip(lineups, sizes, strict=True)
            ]
            if args.json:
                print(json.dumps(reports if len(reports) > 1 else reports[0], indent=1))
            elif len(reports) == 1:
                print_simulation(reports[0])
                if args.credits:
                    print_credits(reports[0], every=True)
            else:
                print_league(reports)
        elif args.command == "solve":
            solve(args)
        elif args.command == "lab":
            return lab(args)
        elif args.command == "reference":
            from .reference import markdown, reference

            print(markdown(reference(args.game)), end="")
        else:
            record = json.loads(args.file.read_text())
            print_replay(record)
    except (SpyGamesError, OSError, ValueError, LookupError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (EOFError, KeyboardInterrupt):
        print("\nbye", file=sys.stderr)
        return 130
    return 0
