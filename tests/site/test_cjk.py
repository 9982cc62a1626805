"""The CJK codecs' tables taken out of Pyodide's WebAssembly (web/tools/cjk.py), and the
site's Python refusing their modules (web/tools/lean.py's sitecustomize), checked in
Pyodide itself under Node."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import cjk  # web/tools, on the path by conftest.py
import lean
import pytest

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "web" / "node_modules" / "pyodide"


def wasm_with(data: bytes) -> bytes:
    """A WebAssembly file whose only section is a data section holding `data`."""
    size, length = bytearray(), len(data)
    while True:
        size.append((length & 0x7F) | (0x80 if length > 0x7F else 0))
        length >>= 7
        if not length:
            break
    return b"\0asm\x01\0\0\0" + bytes([11]) + bytes(size) + data


def test_only_runs_found_once_in_the_data_section_are_taken() -> None:
    rng = random.Random(7)
    noise = lambda n: bytes(rng.randrange(256) for _ in range(n))  # noqa: E731
    table, twice, short = noise(513), noise(100), noise(cjk.RUN - 1)
    data = noise(301) + table + noise(50) + twice + noise(40) + twice + noise(9) + short
    theirs = noise(99) + table + noise(7) + twice + noise(8) + short + b"\xff" + bytes(200)
    wasm = wasm_with(data + bytes(200))  # zeros: never taken, whatever they match
    at = wasm.index(table)
    assert cjk.find(wasm, theirs) == [(at, len(table))]


def test_the_build_refuses_a_webassembly_the_ranges_were_not_made_for(tmp_path: Path) -> None:
    other = tmp_path / "pyodide.asm.wasm"
    other.write_bytes(wasm_with(b"spies" * 100))
    with pytest.raises(SystemExit, match="not the WebAssembly"):
        cjk.apply(other)


@pytest.fixture(scope="module")
def trimmed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of Pyodide as the site ships it: the tables zeroed, the lean start."""
    if not (PYODIDE / "pyodide.asm.wasm").exists():
        pytest.fail("web/node_modules/pyodide is missing: run `make test` (it installs it)")
    folder = tmp_path_factory.mktemp("pyodide")
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json",
                 "python_stdlib.zip"):  # fmt: skip
        shutil.copy(PYODIDE / name, folder / name)
    cjk.apply(folder / "pyodide.asm.wasm")
    lean.patch(str(folder / "python_stdlib.zip"), cjk.BLOCKED)
    return folder


def test_only_the_ranges_named_are_zeroed_all_in_the_data_section(trimmed: Path) -> None:
    before = (PYODIDE / "pyodide.asm.wasm").read_bytes()
    after = (trimmed / "pyodide.asm.wasm").read_bytes()
    start, end = cjk.data_section(before)
    ranges = json.loads(cjk.RANGES.read_text())["ranges"]
    assert sum(length for _, length, _ in ranges) > 500_000
    zeroed = bytearray(before)
    for at, length, _ in ranges:
        assert start <= at and at + length <= end
        zeroed[at : at + length] = bytes(length)
    assert after == bytes(zeroed)


# Starts the trimmed Pyodide; prints what its codecs do.
CODECS = """
const { loadPyodide } = await import(process.argv[1] + "/pyodide.mjs");
const python = await loadPyodide({ indexURL: process.argv[1] + "/" });
console.log(python.runPython(`
import json
def attempt(step):
    try:
        return repr(step())
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
def jp():
    import _codecs_jp
json.dumps({
    "utf8": attempt(lambda: "Spy ñ 諜報".encode("utf-8").decode("utf-8")),
    "latin1": attempt(lambda: "ñ".encode("latin-1")),
    "idna": attempt(lambda: "bücher.example".encode("idna")),
    "shift_jis": attempt(lambda: "諜報".encode("shift_jis")),
    "import": attempt(jp),
})`));
"""


def test_the_trimmed_python_encodes_unicode_and_refuses_the_cjk_codecs(trimmed: Path) -> None:
    out = subprocess.run(
        ["node", "--input-type=module", "-e", CODECS, str(trimmed)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    lines = out.stdout.strip().splitlines()
    assert lines and lines[-1].startswith("{"), out.stderr[-2000:]
    said = json.loads(lines[-1])
    assert said["utf8"] == repr("Spy ñ 諜報")
    assert said["latin1"] == repr(b"\xf1")
    assert said["idna"] == repr(b"xn--bcher-kva.example")
    assert said["import"].startswith("ModuleNotFoundError: No module named '_codecs_jp': the")
    assert said["shift_jis"].startswith(("LookupError", "ModuleNotFoundError")), said
