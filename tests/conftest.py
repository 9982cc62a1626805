import random
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "web" / "app"), str(ROOT / "web" / "tools")]

# Hypothesis: reproducible runs (derandomize), no example database written, no deadline
# (the machine is shared). `make fuzz` sets HYPOTHESIS_PROFILE=fuzz for many more examples.
import os  # noqa: E402

from hypothesis import HealthCheck, settings  # noqa: E402

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example]
settings.register_profile(
    "spygames", deadline=None, derandomize=True, database=None, suppress_health_check=_QUIET
)
settings.register_profile("fuzz", settings.get_profile("spygames"), max_examples=400)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "spygames"))


# Figures a test reports (`record_property("figures", text)`), printed after the run's
# tests: the hooks run in the main pytest process, with or without pytest-xdist workers.
_FIGURES: list[str] = []


def pytest_runtest_logreport(report: Any) -> None:
    if report.when == "call":
        _FIGURES.extend(str(value) for name, value in report.user_properties if name == "figures")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for text in _FIGURES:
        terminalreporter.write_line(text)


@pytest.fixture(autouse=True)
def steady_bots_keys(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """A table draws its bots' key at random when a game starts (spyweb.tables.deals): here
    each test draws the same keys on every run, in the same order (a generator seeded
    with the test's id), so a test that plays a deal against a table's bots plays it the
    same way each time, as it would on a player's device with those keys. The id leaves out
    the layer's folder (`tests/test_x.py::test_y` for tests/web/test_x.py), so a file moved
    between layers keeps its keys. A test marked `drawn_bots_keys` gets them as the app
    draws them (render_corpus seeds that itself)."""
    if request.node.get_closest_marker("drawn_bots_keys"):
        return
    from spyweb.tables import deals

    test = request.node.nodeid.split("::", 1)[1]
    keys = random.Random(f"tests/{request.node.path.name}::{test}")
    monkeypatch.setattr(deals, "new_bots_key", lambda: keys.getrandbits(53))
