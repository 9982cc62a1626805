"""Pyodide's start made lean (web/tools/lean.py), checked in Pyodide itself under Node,
with the standard library zip the build patches: a start that loads neither asyncio nor
the package installer, asyncio and Pyodide's event loop as before once something uses
them, and a memory snapshot of Python that can still be made (web/snapshot.mjs)."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import lean  # web/tools, on the path by conftest.py
import pytest

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "web" / "node_modules" / "pyodide"

# Starts Pyodide with the standard library zip argv[2]; prints what the start loaded,
# whether a snapshot can be made, and what asyncio and the package loader give once the
# first use of asyncio is argv[3]: importing pyodide.webloop, or an attribute of asyncio.
START = """
const { loadPyodide } = await import(process.argv[1] + "/pyodide.mjs");
const python = await loadPyodide({ stdLibURL: process.argv[2], _makeSnapshot: true });
const started = python.runPython("import sys; sorted(sys.modules)").toJs();
let snapshot = 0;
try { snapshot = python.makeMemorySnapshot().length; } catch (error) { snapshot = String(error); }
const webloop = "from pyodide.webloop import WebLoop";
const first = process.argv[3] === "webloop" ? webloop : "asyncio.sleep";
const later = python.runPython(`
import asyncio, time, json
${first}
from pyodide import _package_loader as loader
json.dumps({
    "loop": type(asyncio.get_event_loop()).__name__,
    "sleep": time.sleep.__module__,
    "future": asyncio.Future.__module__,
    "site_packages": str(loader.SITE_PACKAGES),
    "unpack": loader.unpack_buffer.__module__,
})`);
console.log(JSON.stringify({ started, snapshot, later: JSON.parse(later) }));
"""


def run(stdlib: Path, first: str = "asyncio") -> dict:
    # Node may exit non-zero once Pyodide is left running: the output says how it went.
    command = ["node", "--input-type=module", "-e", START, str(PYODIDE), str(stdlib), first]
    out = subprocess.run(command, capture_output=True, text=True, timeout=120)
    lines = out.stdout.strip().splitlines()
    assert lines and lines[-1].startswith("{"), out.stderr[-2000:]
    return json.loads(lines[-1])


@pytest.fixture(scope="module")
def shipped_and_lean(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, dict, dict]:
    if not (PYODIDE / "python_stdlib.zip").exists():
        pytest.fail("web/node_modules/pyodide is missing: run `make test` (it installs it)")
    folder = tmp_path_factory.mktemp("lean")
    patched = folder / "python_stdlib.zip"
    shutil.copy(PYODIDE / "python_stdlib.zip", patched)
    lean.patch(str(patched))
    return run(PYODIDE / "python_stdlib.zip"), run(patched), run(patched, "webloop")


def test_the_lean_start_loads_no_event_loop_and_no_package_installer(
    shipped_and_lean: tuple[dict, dict, dict],
) -> None:
    shipped, lean_start, _ = shipped_and_lean
    heavy = {"asyncio.base_events", "ssl", "socket", "subprocess", "threading", "logging",
             "shutil", "tempfile", "zipfile", "pathlib", "pyodide.webloop"}  # fmt: skip
    assert heavy <= set(shipped["started"])  # what Pyodide as shipped loads as it starts
    assert not heavy & set(lean_start["started"])
    assert len(lean_start["started"]) < 0.7 * len(shipped["started"])


def test_asyncio_and_the_package_loader_work_as_shipped_once_used(
    shipped_and_lean: tuple[dict, dict, dict],
) -> None:
    """Pyodide's event loop (and its time.sleep) once asyncio is first used, be it by an
    import of pyodide.webloop; the whole loader once asked for."""
    shipped, *lean_starts = shipped_and_lean
    for lean_start in lean_starts:
        later = lean_start["later"]
        assert later["unpack"] == "pyodide._package_loader_whole"
        assert {**later, "unpack": shipped["later"]["unpack"]} == shipped["later"]
        assert later["loop"] == "WebLoop"


def test_a_snapshot_of_the_lean_start_can_be_made(
    shipped_and_lean: tuple[dict, dict, dict],
) -> None:
    """Pyodide's snapshot expects the references to JavaScript that its start takes, in
    order: the lean start takes the same ones (a snapshot made before asyncio is used)."""
    shipped, lean_start, _ = shipped_and_lean
    assert isinstance(shipped["snapshot"], int) and shipped["snapshot"] > 0
    assert isinstance(lean_start["snapshot"], int), lean_start["snapshot"]
    assert lean_start["snapshot"] > 0


def test_a_pyodide_whose_start_changed_stops_the_build(tmp_path: Path) -> None:
    changed = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(changed, "w") as out:
        out.writestr(lean.INIT, "from . import _state\n")
        out.writestr(lean.LOADER, "SITE_PACKAGES = None\n")
    with pytest.raises(SystemExit, match=r"not what web/tools/lean\.py expects"):
        lean.patch(str(changed))
