"""The build's Python snapshot modules (web/tools/snapshot.py): which engine modules the
worker imports before the snapshot, and a build hash that follows everything the
snapshot holds. e2e/test_snapshot.py checks a real snapshot kept and restored."""

from __future__ import annotations

import json
import re
import subprocess
import zipfile
from pathlib import Path

import pytest
import snapshot  # web/tools, on the path by conftest.py

ROOT = Path(__file__).resolve().parents[2]


def wheel(path: Path, names: list[str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name in names:
            archive.writestr(name, b"")
    return path


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, Path]:
    pyodide = tmp_path / "vendor" / "pyodide"
    pyodide.mkdir(parents=True)
    (pyodide / "pyodide.asm.wasm").write_bytes(b"wasm")
    (pyodide / "python_stdlib.zip").write_bytes(b"stdlib")
    (tmp_path / "dist").mkdir()
    whl = wheel(
        tmp_path / "dist" / "spygames-0.1.0-py3-none-any.whl",
        ["spygames/__init__.pyc", "spygames/game/__init__.pyc", "spygames/game/rules.pyc",
         "spygames/cards.pyc", "spygames/__main__.pyc", "spygames/cards.json",
         "spygames-0.1.0.dist-info/RECORD"],
    )  # fmt: skip
    return pyodide, whl


def test_the_worker_imports_every_engine_module_but_the_cli_entry(built: tuple[Path, Path]) -> None:
    assert snapshot.snapshot_modules(built[1]) == [
        "spygames", "spygames.cards", "spygames.game", "spygames.game.rules",
    ]  # fmt: skip


def test_the_modules_are_written_with_the_wheels_address_and_the_build(
    built: tuple[Path, Path],
) -> None:
    pyodide, whl = built
    build = snapshot.write(pyodide, whl)
    python = (pyodide / "python.mjs").read_text()
    worker = (pyodide / "snapshot.mjs").read_text()
    assert f'export const SNAPSHOT = "{build}";' in python
    assert 'new URL("../../dist/spygames-0.1.0-py3-none-any.whl", import.meta.url)' in worker
    modules = re.search(r"const MODULES = (\[.*?\]);", worker)
    assert modules and json.loads(modules.group(1)) == snapshot.snapshot_modules(whl)
    assert not re.search(r"__[A-Z]+__", python + worker)  # no slot left


def test_the_build_follows_what_the_snapshot_holds(built: tuple[Path, Path]) -> None:
    pyodide, whl = built
    first = snapshot.write(pyodide, whl)
    assert snapshot.write(pyodide, whl) == first
    seen = {first}
    for path in (pyodide / "python_stdlib.zip", pyodide / "pyodide.asm.wasm", whl):
        path.write_bytes(path.read_bytes() + b"!")
        changed = snapshot.write(pyodide, whl)
        assert changed not in seen, path.name
        seen.add(changed)


def test_each_template_holds_its_slots_once() -> None:
    for name, slots in snapshot.SLOTS.items():
        text = (ROOT / "web" / name).read_text()
        for slot in slots:
            assert text.count(slot) == 1, (name, slot)


def test_only_the_app_page_keeps_a_snapshot() -> None:
    """An embed on someone's blog restores a kept snapshot but never writes one."""
    assert 'data-python-snapshot="keep"' in (ROOT / "index.html").read_text()
    assert "data-python-snapshot" not in (ROOT / "web" / "embed.html").read_text()


# Python's memory packed without its pages of zeros and unpacked again (web/memory.mjs),
# in Node: a memory of zero pages, written pages, a run across pages and an odd tail; then
# copies that are not the packed snapshot: each must throw, so Python starts afresh.
PACKING = """
const { packSnapshot, unpackSnapshot } = await import(process.argv[1]);
const memory = new Uint8Array(40 * 4096 + 6);
memory[5] = 1;                          // page 0
memory.fill(9, 7 * 4096 + 100, 9 * 4096 + 1);  // pages 7-9, one run
memory[38 * 4096] = 3;                  // page 38
memory[40 * 4096 + 5] = 4;              // the tail, in a page of its own
const packed = packSnapshot(memory.subarray(0));
const own = (bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
const back = unpackSnapshot(own(packed));
const same = back.length === memory.length && back.every((b, i) => b === memory[i]);
const refused = (bytes) => { try { unpackSnapshot(bytes); return false; } catch { return true; } };
const view = new DataView(packed.buffer.slice(0));
const outside = () => {  // the first run said to start where the memory ends
  const bytes = packed.slice();
  new DataView(bytes.buffer).setUint32(12, 40 * 4096, true);
  return bytes.buffer;
};
console.log(JSON.stringify({
  same, length: packed.length, runs: view.getUint32(8, true),
  empty: unpackSnapshot(packSnapshot(new Uint8Array(8192)).buffer).length,
  raw: refused(memory.buffer.slice(0)),
  short: refused(packed.buffer.slice(0, packed.length - 1)),
  long: refused(new Uint8Array([...packed, 0]).buffer),
  tiny: refused(new ArrayBuffer(4)),
  outside: refused(outside()),
}));
"""


def test_a_snapshot_is_kept_without_its_pages_of_zeros(
    built: tuple[Path, Path], tmp_path: Path
) -> None:
    pyodide, whl = built
    snapshot.write(pyodide, whl)
    run = subprocess.run(
        ["node", "--input-type=module", "-e", PACKING, str(pyodide / "memory.mjs")],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    told = json.loads(run.stdout)
    assert told["same"]
    assert told["runs"] == 4  # page 0; pages 7-9; page 38; the tail
    assert told["length"] == 12 + 4 * 8 + 4096 * 5 + 6  # five pages and the tail, no more
    assert told["empty"] == 8192
    assert told["raw"] and told["short"] and told["long"] and told["tiny"] and told["outside"]
