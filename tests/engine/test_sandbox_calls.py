"""What a person's bot's sandbox answers the page (spygames.sandbox.Calls, which
web/sandbox/worker.py hands to the page in PyScript's worker), on CPython."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import people  # web/tools, on the path by conftest.py
import pytest

from spygames.lab import Match, load
from spygames.sandbox import BEAT_S, DECIDE_S, LIMITS, Calls

ROOT = Path(__file__).resolve().parents[2]
FIRST = "def choose(view, legal, rng):\n    return legal[0]\n"


class Clock:
    """A clock the test moves: `step` seconds a reading."""

    def __init__(self, step: float = 0.0) -> None:
        self.now, self.step = 100.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def calls(step: float = 0.0) -> tuple[Calls, list[str]]:
    heard: list[str] = []
    return Calls(heard.append, Clock(step)), heard


def test_a_match_played_in_slices_is_the_match_played_on_cpython() -> None:
    box, _ = calls()
    assert json.loads(box.start(FIRST, "espionage", "easy", 3, 2, 7, 1)) == {"ok": True}
    games: list[dict[str, Any]] = []
    while len(games) < 3:
        said = json.loads(box.play(1000, 2))
        games += said["games"]
    whole = list(Match(load(FIRST), "espionage", "easy", 3, 2, 7).play())
    assert [(g["deal"], g["won"], g["moves"]) for g in games] == [
        (r.deal, r.won, r.moves) for r in whole
    ]
    assert said["summary"]["games"] == 3


def test_nothing_is_played_before_a_match_starts_and_a_broken_bot_says_its_line() -> None:
    box, _ = calls()
    assert json.loads(box.play(100, 1))["error"] == "no match started"
    said = json.loads(box.start("def choose(view, legal, rng):\n    return (\n", "espionage",
                                "easy", 1, 2, 1, 2))  # fmt: skip
    assert said["line"] == 2 and "error" in said
    assert json.loads(box.walk(0, 100, 3))["error"] == "no such game in the match started"


def test_a_game_stepped_through_gives_each_decision_then_the_game() -> None:
    box, _ = calls()
    box.start(FIRST, "espionage", "easy", 2, 2, 3, 1)
    steps: list[dict[str, Any]] = []
    game = None
    while game is None:
        said = json.loads(box.walk(1, 1000, 2))
        steps += said["steps"]
        game = said["game"]
    assert game["index"] == 1 and steps
    assert all(step["choice"] == step["legal"][0] for step in steps)


def test_a_tables_decision_loads_the_code_once_and_answers_in_json() -> None:
    box, _ = calls()
    legal = [{"type": "call"}, {"type": "bid", "count": 2}]
    said = json.loads(box.decide(FIRST, json.dumps({"round": 1}), json.dumps(legal), 5, 1))
    assert said == {"action": {"type": "call"}}
    loaded = box.loaded[FIRST]
    box.decide(FIRST, "{}", json.dumps(legal), 6, 2)
    assert box.loaded == {FIRST: loaded}  # the same text: not loaded again
    raising = "def choose(view, legal, rng):\n    return 1 / 0\n"
    assert "ZeroDivisionError" in json.loads(box.decide(raising, "{}", "[]", 1, 3))["error"]
    assert list(box.loaded) == [raising]  # one text kept at a time


def test_a_decision_over_the_limit_is_refused_with_its_time() -> None:
    box, _ = calls(step=DECIDE_S + 0.01)  # each reading of the clock later: over it
    said = json.loads(box.decide(FIRST, "{}", json.dumps([{"type": "call"}]), 1, 9))
    assert said == {"error": f"It took more than {DECIDE_S:g} seconds on one decision."}


def test_the_watchdog_hears_mine_then_theirs_with_the_calls_number() -> None:
    box, heard = calls(step=BEAT_S / 2)
    box._call(4)
    box._turn(False)  # no watchdog set: nothing said
    box._turn(True)
    box._turn(True)  # within BEAT_S of the last "mine": not said again
    box._turn(False)  # more than BEAT_S since "mine": the watchdog is let go
    box._turn(False)
    assert heard == ["mine 4", "theirs 4"]


def test_the_pages_side_gets_the_limits_from_the_build(tmp_path: Path) -> None:
    """DECIDE_S and BEAT_S are defined once (spygames.sandbox); the build writes them
    into sandbox.mjs, which the Lab (python.mjs, match.mjs) and the tables (yours.mjs)
    read."""
    assert LIMITS == {"DECIDE_S": DECIDE_S, "BEAT_S": BEAT_S}
    for page_side in ("web/lab/python.mjs", "web/lab/match.mjs", "web/yours.mjs"):
        text = (ROOT / page_side).read_text()
        assert "DECIDE_S = 2" not in text and "BEAT_S = 0.5" not in text, page_side
    written = sandbox_built(tmp_path / "site", "pyodide")
    assert f"export const LIMITS = {json.dumps(LIMITS)};" in written["sandbox.mjs"]


def sandbox_built(
    site: Path, wasm: str, wheel: str = "engine", memory: str = "packed"
) -> dict[str, str]:
    """web/sandbox/ as the build writes it into `site`, with a stand-in Pyodide whose
    WebAssembly is `wasm`, a stand-in engine wheel holding `wheel` and a stand-in of how
    a snapshot is kept (web/memory.mjs) holding `memory`: {file: text}."""
    shutil.copytree(ROOT / "web" / "sandbox", site.parent / "source", dirs_exist_ok=True)
    for folder in ("wheels", "vendor/pyodide-py", "vendor/pyscript", "vendor/pyodide"):
        (site / folder).mkdir(parents=True, exist_ok=True)
    for name in (*people.PYODIDE_FILES, "pyodide-lock.json"):
        (site / "vendor/pyodide-py" / name).write_text(wasm if name.endswith(".wasm") else name)
    (site / "wheels/spygames-1-py3-none-any.whl").write_text(wheel)
    (site / "vendor/pyodide/memory.mjs").write_text(memory)
    shutil.rmtree(site / "sandbox", ignore_errors=True)
    people.write_sandbox(site, site.parent / "source", "spygames-1-py3-none-any.whl")
    return {p.name: p.read_text() for p in (site / "sandbox").iterdir() if p.is_file()}


def test_the_labs_snapshot_belongs_to_the_pyodide_it_is_made_from(tmp_path: Path) -> None:
    """The build writes into kept.mjs a hash of the Pyodide the Lab's snapshot is made from,
    of the engine wheel installed in it and of how it is kept (web/memory.mjs; see
    web/sandbox/kept.mjs): another Pyodide, wheel or way of keeping it, another build,
    and a snapshot kept for the one before is never handed to a sandbox."""
    builds = []
    for made in [("pyodide", "engine", "packed"), ("pyodide", "engine", "packed"),
                 ("another pyodide", "engine", "packed"), ("pyodide", "another engine", "packed"),
                 ("pyodide", "engine", "raw")]:  # fmt: skip
        kept = sandbox_built(tmp_path / "site", *made)["kept.mjs"]
        found = re.search(r'export const BUILD = "([0-9a-f]{16})";', kept)
        assert found and "__SNAPSHOT_BUILD__" not in kept
        builds.append(found.group(1))
    assert builds[0] == builds[1]
    assert len(set(builds[1:])) == 4, builds


@pytest.mark.parametrize("placeholder", ["__LIMITS__"])
def test_a_sandbox_without_its_limits_slot_is_refused(tmp_path: Path, placeholder: str) -> None:
    shutil.copytree(ROOT / "web" / "sandbox", tmp_path / "source")
    opener = tmp_path / "source" / "sandbox.mjs"
    opener.write_text(opener.read_text().replace(placeholder, "{}"))
    with pytest.raises(SystemExit, match="__LIMITS__ once"):
        people.write_sandbox(tmp_path / "site", tmp_path / "source", "x.whl")
