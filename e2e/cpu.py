"""What each e2e test costs in CPU (`E2E_CPU=file make e2e`): the seconds of CPU its
worker's whole process tree spent during the test (the worker, Playwright's driver, the
browsers and every page's processes), its setup and teardown included, a line of JSON a
test appended to `file`. Each worker has browsers of its own, so the workers' figures do
not mix. The tree is sampled twice a second: a process is counted up to its last sample
(one that lives less than half a second is missed). docs/testing.md sums them by file."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

TICK = os.sysconf("SC_CLK_TCK")


class Tree:
    """The CPU ticks of this process and its descendants, each process's latest."""

    def __init__(self) -> None:
        self.seen: dict[int, int] = {}
        self.lock = threading.Lock()
        threading.Thread(target=self._every_half_second, daemon=True).start()

    def total(self) -> float:
        self.sample()
        with self.lock:
            return sum(self.seen.values()) / TICK

    def sample(self) -> None:
        children: dict[int, list[int]] = {}
        ticks: dict[int, int] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rfind(")") + 2 :].split()
            children.setdefault(int(fields[1]), []).append(int(entry))
            ticks[int(entry)] = int(fields[11]) + int(fields[12])
        mine = [os.getpid()]
        for pid in mine:  # grows as it goes: every descendant once
            mine.extend(children.get(pid, []))
        with self.lock:
            for pid in mine:
                self.seen[pid] = max(self.seen.get(pid, 0), ticks.get(pid, 0))

    def _every_half_second(self) -> None:
        while True:
            time.sleep(0.5)
            self.sample()


_tree: Tree | None = None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    global _tree
    out = os.environ.get("E2E_CPU")
    if not out:
        yield
        return
    _tree = _tree or Tree()
    before, started = _tree.total(), time.monotonic()
    yield
    line = {
        "test": item.nodeid,
        "cpu": round(_tree.total() - before, 2),
        "wall": round(time.monotonic() - started, 2),
    }
    with open(out, "a") as file:
        file.write(json.dumps(line) + "\n")
