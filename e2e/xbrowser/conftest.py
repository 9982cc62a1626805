"""Under CI a smoke suite that only skipped fails.

An engine is skipped where its packages do not exist (engines.py): fine on a laptop, but
on CI (`$CI` set, as GitHub Actions and most CI services set it) a skip would leave the
run green with the engine never tested. So when `$CI` is set and the tests of this
directory that ran include a skip and no pass, the run fails and says why.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
OFF = ("", "0", "false", "no", "off")
OUTCOMES = pytest.StashKey[dict[str, list[str]]]()


def under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in OFF


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if not item.path.resolve().is_relative_to(HERE):
        return report  # `pytest e2e` loads this conftest too; its own tests are no smokes
    outcomes = item.config.stash.setdefault(OUTCOMES, {"passed": [], "skipped": []})
    if report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        outcomes["skipped"].append(f"{report.nodeid}: {reason}")
    elif report.passed and report.when == "call":
        outcomes["passed"].append(report.nodeid)
    return report


def _only_skipped(config: pytest.Config) -> list[str]:
    outcomes = config.stash.get(OUTCOMES, None)
    if not under_ci() or not outcomes or outcomes["passed"]:
        return []
    return outcomes["skipped"]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _only_skipped(session.config) and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    skipped = _only_skipped(terminalreporter.config)
    if skipped:
        terminalreporter.write_line(
            "FAILED: under CI ($CI is set) a browser smoke suite must run, not skip:", red=True
        )
        for line in skipped:
            terminalreporter.write_line(f"  skipped {line}", red=True)
