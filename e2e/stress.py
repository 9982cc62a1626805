"""The together e2e tests under load (`make stress`): RUNS runs of `e2e/test_together*.py`
(their `make test` selection) one after another, with LOOPS busy loops (a core each)
running beside them the whole time. Prints each run's outcome, time and load average,
then the count of failed runs; exits 1 if any failed. A run's failures are printed as
pytest tells them (the short summary), so a flaky wait can be found again.

    python e2e/stress.py [RUNS] [LOOPS]      # defaults: 20 runs, 2 loops
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TESTS = sorted(str(p.relative_to(HERE.parent)) for p in HERE.glob("test_together*.py"))
BUSY = "while True: pass"


def run_once(index: int, runs: int) -> bool:
    started = time.monotonic()
    command = [sys.executable, "-m", "pytest", *TESTS, "-q", "-p", "no:cacheprovider"]
    done = subprocess.run(
        [*command, "-m", "not long", "-rf"],
        cwd=HERE.parent,
        capture_output=True,
        text=True,
    )
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = done.stdout.strip().splitlines()
    print(
        f"run {index + 1}/{runs}: {lines[-1] if lines else '(no output)'} "
        f"({time.monotonic() - started:.0f} s, load {load})",
        flush=True,
    )
    if done.returncode != 0:
        print("\n".join(line for line in lines if line.startswith("FAILED")) or done.stderr)
    return done.returncode == 0


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    loops = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    print(f"{runs} runs of {' '.join(TESTS)} beside {loops} busy loops", flush=True)
    busy = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(loops)]
    try:
        failed = sum(not run_once(i, runs) for i in range(runs))
    finally:
        for loop in busy:
            loop.kill()
    print(f"stress: {runs - failed} of {runs} runs passed, {failed} failed ({loops} busy loops)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
