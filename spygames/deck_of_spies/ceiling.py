"""What `python -m spygames solve deck-of-spies` prints: one deal's answer and line, or
a table over many deals — the perfect-information ceiling the bots are measured against.

    python -m spygames solve deck-of-spies --seed 7
    python -m spygames solve deck-of-spies --deals 0..999 --jobs 2 --hard hard.jsonl

`--hard FILE` reads the JSON lines that `python -m spygames.deck_of_spies.strength hard
--out FILE` writes, one per deal, and adds the bot's wins as a share of the deals shown
winnable (a deal the bot won is winnable, whatever the solver said).
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from .solver import DEFAULT_NODES, Solution, solve_deal
from .text import describe_action


@dataclass(frozen=True)
class Deal:
    seed: int
    solution: Solution


def parse_deals(text: str) -> range:
    """ "A..B" (both included) as a range; raises ValueError in words."""
    first, dots, last = text.partition("..")
    if not dots or not first.strip().isdigit() or not last.strip().isdigit():
        raise ValueError(f"--deals {text!r}: write the first and last deal like 0..999")
    start, stop = int(first), int(last)
    if stop < start:
        raise ValueError(f"--deals {text!r}: the last deal comes before the first")
    return range(start, stop + 1)


def _solve_one(args: tuple[int, int, float | None]) -> Deal:
    seed, nodes, seconds = args
    return Deal(seed, solve_deal(seed, nodes=nodes, seconds=seconds))


def solve_deals(
    deals: Sequence[int], *, nodes: int = DEFAULT_NODES, seconds: float | None = None, jobs: int = 1
) -> list[Deal]:
    """Every deal solved, in order; `jobs` > 1 shares them among processes."""
    work = [(seed, nodes, seconds) for seed in deals]
    if jobs > 1 and len(work) > 1:
        with multiprocessing.Pool(min(jobs, len(work))) as pool:
            return pool.map(_solve_one, work, chunksize=1)
    return [_solve_one(args) for args in work]


VERDICT_WORDS = {"won": "winnable", "lost": "proven lost", "unknown": "unknown"}


def print_deal(deal: Deal, out: TextIO) -> None:
    solution = deal.solution
    print(
        f"Deck of Spies deal #{deal.seed}: {VERDICT_WORDS[solution.verdict]} "
        f"({solution.nodes} nodes, {solution.seconds:.2f} s)",
        file=out,
    )
    for number, action in enumerate(solution.line, 1):
        print(f"  {number:>3}. {describe_action(action)}", file=out)


def read_bot_wins(path: Path) -> dict[int, bool]:
    """Deal seed -> whether the bot won it, from `strength --out` JSON lines."""
    wins: dict[int, bool] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            wins[int(row["seed"])] = bool(row["won"])
    return wins


def print_deals(deals: list[Deal], out: TextIO, bot_wins: dict[int, bool] | None = None) -> None:
    """The table (one row a deal) and the summary."""
    print(f"{'deal':>6}  {'answer':<12} {'nodes':>8} {'seconds':>8}  {'line':>5}", file=out)
    for deal in deals:
        solution = deal.solution
        print(
            f"{deal.seed:>6}  {VERDICT_WORDS[solution.verdict]:<12} {solution.nodes:>8} "
            f"{solution.seconds:>8.2f}  {len(solution.line):>5}",
            file=out,
        )
    for line in summary(deals, bot_wins):
        print(line, file=out)


def summary(deals: list[Deal], bot_wins: dict[int, bool] | None = None) -> list[str]:
    count = len(deals)
    if not count:
        return ["no deals"]
    tally = {verdict: 0 for verdict in VERDICT_WORDS}
    for deal in deals:
        tally[deal.solution.verdict] += 1
    nodes = sorted(deal.solution.nodes for deal in deals)
    seconds = sum(deal.solution.seconds for deal in deals)
    lines = [
        f"{count} deals: winnable {tally['won']} ({tally['won'] / count:.1%}), "
        f"proven lost {tally['lost']} ({tally['lost'] / count:.1%}), "
        f"unknown {tally['unknown']} ({tally['unknown'] / count:.1%})",
        f"nodes per deal: median {nodes[count // 2]}, largest {nodes[-1]}; "
        f"{seconds / count:.2f} s per deal on average",
    ]
    if bot_wins is not None:
        played = [deal for deal in deals if deal.seed in bot_wins]
        winnable = [
            deal for deal in played if deal.solution.verdict == "won" or bot_wins[deal.seed]
        ]
        won = sum(bot_wins[deal.seed] for deal in winnable)
        if winnable:
            lines.append(
                f"bot: played {len(played)} of these deals, won {won} of the {len(winnable)} "
                f"winnable ones ({won / len(winnable):.1%})"
            )
        else:
            lines.append("bot: no winnable deal among those it played")
    return lines
