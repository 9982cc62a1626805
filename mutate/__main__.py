"""`make mutate`: mutation testing of the modules where a bug costs a player a game.

    python -m mutate [--jobs 2] [--module spygames/record.py ...] [--quick]

mutmut (from PyPI, pinned in pyproject's `mutate` extra) changes one thing at a time in
the engine's rules, payment, scoring and record and in the web store (a `<` for a
`<=`, a constant, a dropped call...) and runs the tests that reach the changed function;
a mutant the tests still pass is a bug they would miss. It prints the kill rate of each
module and every survivor's name; `docs/testing.md` keeps the figures and says of each
survivor left why it is equivalent (no test can tell it from the original).

mutmut names a module after its path from where it runs, while the app imports the web
modules as `spyweb.*` (from web/app): so the run happens in `_mutate/`, a staged copy with
`spygames/`, `spyweb/` and `tests/` side by side. The stage is made anew on each run.
`--quick` (in `make test`) mutates the record module only: the harness must keep working.

Exit status: 1 when a module is under the goal (`GOAL`) and a `--module` subset was not
asked for, 2 when mutmut itself failed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STAGE = ROOT / "_mutate"
GOAL = 0.90

# The modules under mutation, as staged (spyweb is web/app/spyweb in the repository).
MODULES = (
    "spygames/deck_of_spies/rules.py",
    "spygames/deck_of_spies/payment.py",
    "spygames/espionage/rules.py",
    "spygames/spynet/rules.py",
    "spygames/spynet/scoring.py",
    "spygames/record.py",
    "spyweb/browser/store.py",
    "spyweb/browser/slots.py",
)
QUICK = ("spygames/record.py",)
QUICK_TESTS = ("tests/engine/test_core.py",)

# The tests mutmut may run: those that check these modules, without the long strength
# and simulation runs (a survivor is run against every test that reaches it).
TESTS = (
    "tests/engine/test_core.py",
    "tests/engine/test_undo.py",
    "tests/web/test_untrusted_input.py",
    "tests/engine/test_deck_of_spies_rules.py",
    "tests/engine/test_deck_of_spies_conformance.py",
    "tests/engine/test_espionage_rules.py",
    "tests/engine/test_espionage_conformance.py",
    "tests/engine/test_spynet_rules.py",
    "tests/engine/test_spynet_conformance.py",
    "tests/engine/test_spynet_outlook.py",
    "tests/web/test_web_saves.py",
    "tests/web/test_web_store.py",
    "tests/web/test_web_keys.py",  # record.pack, and the bots' key kept in the store
    "tests/web/test_web_bot_seeds.py",
)

# A surviving mutant runs every selected test that reaches it, so the long random runs
# are cut to one or two of each kind: the 10,000 generated untrusted inputs (most of a
# minute), the 3- and 4-player random games, six of Deck of Spies' eight batches and the
# random SpyNet games of six situations (s1 Surge, s4 Stand-off and s7 Control Bonus stay;
# every situation keeps its own rule test in test_spynet_rules.py).
LONG = (
    "web/test_untrusted_input.py::test_generated_untrusted_input_opens_or_is_refused_cleanly",
    "engine/test_espionage_conformance.py::test_random_games[3]",
    "engine/test_espionage_conformance.py::test_random_games[4]",
    "engine/test_spynet_conformance.py::test_random_games[3]",
    "engine/test_spynet_conformance.py::test_random_games[4]",
    "engine/test_spynet_conformance.py::test_no_view_names_another_seats_face_down_mission",
    *(f"engine/test_spynet_conformance.py::test_random_games_with_each_situation[{s}]"
      for s in ("s2", "s3", "s5", "s6", "s8", "random")),
    "engine/test_undo.py::test_no_undo_crosses_a_reveal_in_random_games[espionage-3-30]",
    "engine/test_undo.py::test_no_undo_crosses_a_reveal_in_random_games[espionage-4-30]",
    "engine/test_undo.py::test_no_undo_crosses_a_reveal_in_random_games[spynet-3-5]",
    "engine/test_undo.py::test_no_undo_crosses_a_reveal_in_random_games[spynet-4-5]",
    *(f"engine/test_deck_of_spies_conformance.py::test_random_games_keep_the_invariants[{n}]"
      for n in (250, 500, 750, 1250, 1500, 1750)),
)  # fmt: skip
PYTEST_ARGS = ["-p", "no:cacheprovider", "-q"]
for _test in LONG:
    PYTEST_ARGS += ["--deselect", f"tests/{_test}"]

STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 36: "timeout"}


@dataclass
class Score:
    counts: Counter[str] = field(default_factory=Counter)
    survivors: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def rate(self) -> float:
        # A timeout is the tests noticing (the mutant loops); anything else not killed counts
        # against the module.
        caught = self.counts["killed"] + self.counts["timeout"]
        return caught / self.total if self.total else 0.0


def repo_path(module: str) -> Path:
    return ROOT / "web" / "app" / module if module.startswith("spyweb/") else ROOT / module


def stage(modules: tuple[str, ...], tests: tuple[str, ...]) -> None:
    """`_mutate/`: the sources, the tests and the pyproject with mutmut's settings."""
    shutil.rmtree(STAGE, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "spygames", STAGE / "spygames", ignore=ignore)
    shutil.copytree(ROOT / "web" / "app" / "spyweb", STAGE / "spyweb", ignore=ignore)
    shutil.copytree(ROOT / "tests", STAGE / "tests", ignore=ignore)
    lines = [
        "",
        "[tool.mutmut]",
        'source_paths = ["spygames", "spyweb"]',
        f"only_mutate = {json.dumps(list(modules))}",
        f"pytest_add_cli_args_test_selection = {json.dumps(list(tests))}",
        f"pytest_add_cli_args = {json.dumps(PYTEST_ARGS)}",
        "use_git_change_detection = false",
        "",
    ]
    # The project's own pyproject (tests read it) with mutmut's settings added.
    project = (ROOT / "pyproject.toml").read_text()
    (STAGE / "pyproject.toml").write_text(project + "\n".join(lines))


def mutmut(*args: str) -> int:
    """Runs mutmut in the stage; its progress goes to `_mutate/mutmut.log` (a spinner)."""
    log = STAGE / "mutmut.log"
    with log.open("w") as out:
        code = subprocess.call(
            [sys.executable, "-m", "mutmut", *args], cwd=STAGE, stdout=out, stderr=subprocess.STDOUT
        )
    if code != 0:
        print(log.read_text()[-4000:], file=sys.stderr)
    return code


def scores(modules: tuple[str, ...]) -> dict[str, Score]:
    """Each module's results, read from mutmut's files (mutants/<path>.meta)."""
    found: dict[str, Score] = {}
    for module in modules:
        meta = STAGE / "mutants" / f"{module}.meta"
        score = found.setdefault(module, Score())
        if not meta.exists():
            continue
        for name, code in json.loads(meta.read_text())["exit_code_by_key"].items():
            status = STATUS.get(code, "suspicious" if code is not None else "not checked")
            score.counts[status] += 1
            if status not in ("killed", "timeout"):
                score.survivors.append(f"{status}: {name}")
    return found


def report(found: dict[str, Score], seconds: float) -> str:
    lines = [f"{'module':40} {'mutants':>7} {'killed':>7} {'rate':>6}"]
    for module, score in found.items():
        killed = score.counts["killed"] + score.counts["timeout"]
        lines.append(f"{module:40} {score.total:7} {killed:7} {score.rate:6.1%}")
    total = Score()
    for score in found.values():
        total.counts.update(score.counts)
    killed = total.counts["killed"] + total.counts["timeout"]
    lines.append(f"{'all':40} {total.total:7} {killed:7} {total.rate:6.1%}")
    lines.append(f"({seconds / 60:.1f} min; statuses: {dict(total.counts)})")
    for score in found.values():
        for survivor in score.survivors:
            lines.append(f"  {survivor}   (python -m mutmut show {survivor.split(': ')[1]})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mutate", description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--module", action="append", choices=MODULES, help="only this module")
    parser.add_argument("--quick", action="store_true", help="the record module only")
    args = parser.parse_args(argv)
    modules = QUICK if args.quick else tuple(args.module or MODULES)
    tests = QUICK_TESTS if args.quick else TESTS
    start = time.monotonic()
    stage(modules, tests)
    if mutmut("run", "--max-children", str(args.jobs)) != 0:
        print("mutmut failed", file=sys.stderr)
        return 2
    found = scores(modules)
    print(report(found, time.monotonic() - start))
    if not any(score.total for score in found.values()):
        print("no mutant was made: the module list is out of date", file=sys.stderr)
        return 2
    if args.quick or args.module:
        return 0
    return 0 if all(score.rate >= GOAL for score in found.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
