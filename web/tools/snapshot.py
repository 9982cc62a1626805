"""The site's Python snapshot modules (web/python.mjs, web/snapshot.mjs), written beside
Pyodide for one build.

python.mjs is what Python's worker (web/worker.mjs) starts Pyodide with: it restores
Python from a memory snapshot this browser keeps, or starts it afresh, and the page then
has snapshot.mjs (another worker) make one. Each snapshot carries the hash written here, of
everything it holds: Pyodide, the trimmed standard library, our wheel and the two
modules themselves. A snapshot of another build is never restored.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

WEB = Path(__file__).resolve().parents[1]
SLOTS = {
    "python.mjs": ("__SNAPSHOT__", "__PACKED__"),
    "snapshot.mjs": ("__WHEEL__", "__GAMES__", "__MODULES__"),
    "memory.mjs": (),  # how a snapshot is kept (the Lab's sandboxes read it too)
}


def snapshot_modules(*archives: Path) -> list[str]:
    """Every module of the engine and the app in the wheel, the UI zip and the games'
    archives (web/tools/archives.py), packages first, but `__main__` (the CLI). The app's
    modules import nothing of the page's (Python runs in a worker, spyweb/worker.py), so a
    warm visit finds them imported too."""
    names = []
    members = [name for archive in archives for name in zipfile.ZipFile(archive).namelist()]
    for name in members:
        if not name.endswith((".py", ".pyc")) or not name.startswith(("spygames/", "spyweb/")):
            continue
        parts = name.rsplit(".", 1)[0].split("/")
        if parts[-1] == "__init__":
            parts.pop()
        if parts[-1] != "__main__":
            names.append(".".join(parts))
    return sorted(names, key=lambda n: (n.count("."), n))


def snapshot_hash(pyodide: Path, archives: list[Path], templates: dict[str, str]) -> str:
    digest = hashlib.sha256()
    for path in (pyodide / "pyodide.asm.wasm", pyodide / "python_stdlib.zip", *archives):
        digest.update(path.read_bytes())
    for name in sorted(templates):
        digest.update(templates[name].encode())
    return digest.hexdigest()[:16]


def from_pyodide(packed: dict[str, str]) -> dict[str, str]:
    """`packed` ({path in the site: type}) with each path relative to vendor/pyodide/."""
    here = "vendor/pyodide/"
    return {
        (name.removeprefix(here) if name.startswith(here) else "../../" + name): kind
        for name, kind in packed.items()
    }


def write(
    pyodide: Path,
    wheel: Path,
    packed: dict[str, str] | None = None,
    games: dict[str, str] | None = None,
    app: str | None = None,
) -> str:
    """Write python.mjs, snapshot.mjs and memory.mjs into `pyodide` (the site's vendor/pyodide/) for
    `wheel` (the site's engine wheel), `packed` (the files with an .xz copy, {path in
    the site: type}, web/tools/packed.py), `games` (each game's archive, {game id: path
    in the site}, web/tools/archives.py) and `app` (the UI zip's path in the site);
    return the snapshot's hash."""
    site = pyodide.parents[1]
    paths = [*([app] if app else []), *(games or {}).values()]
    archives = [site / path for path in paths]
    templates = {name: (WEB / name).read_text() for name in SLOTS}
    for name, slots in SLOTS.items():
        for slot in slots:
            if templates[name].count(slot) != 1:
                raise SystemExit(f"web/{name} must hold {slot} exactly once")
    build = snapshot_hash(pyodide, [wheel, *archives], templates)
    wheel_url = Path("../..", wheel.parent.name, wheel.name).as_posix()
    filled = {
        "python.mjs": templates["python.mjs"]
        .replace("__SNAPSHOT__", build)
        .replace("__PACKED__", json.dumps(from_pyodide(packed or {}), indent=1)),
        "snapshot.mjs": templates["snapshot.mjs"]
        .replace("__WHEEL__", wheel_url)
        .replace("__GAMES__", json.dumps([f"../../{p}" for p in paths]))
        .replace("__MODULES__", json.dumps(snapshot_modules(wheel, *archives))),
        "memory.mjs": templates["memory.mjs"],
    }
    for name, text in filled.items():
        (pyodide / name).write_text(text)
    return build
