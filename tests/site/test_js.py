"""The page's JavaScript modules' own tests (tests/js/*.test.mjs, Node's test runner, no
package to install): run here so that `make unit` runs them too. A run that finds no test
fails, as pytest's own does."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests" / "js"


def test_the_javascript_tests_pass() -> None:
    # The files are named, not the folder: Node 20 reads its arguments as paths, Node 21 and
    # later as glob patterns (CI runs Node 24); file names mean the same to both.
    files = sorted(path.relative_to(ROOT).as_posix() for path in TESTS.glob("*.test.mjs"))
    assert files, "no tests/js/*.test.mjs"
    run = subprocess.run(
        ["node", "--test", "--test-reporter=tap", *files],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    told = run.stdout + run.stderr
    assert run.returncode == 0, told
    counts = {name: int(n) for name, n in re.findall(r"^# (pass|fail) (\d+)$", told, re.M)}
    assert counts.get("pass", 0) >= 1 and counts.get("fail") == 0, told
    # A file that runs no test is counted as a passing test of its own (Node 20): a test
    # named by the file's path. Such a file tests nothing, and one named test must pass.
    passed = re.findall(r"^ok \d+ - (.*)$", told, re.M)
    empty = [name for name in passed if name.endswith(".test.mjs")]
    assert empty == [] and len(passed) > len(empty), told
