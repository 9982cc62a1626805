"""The boot's parts that CPython can check: frames per address, lazy tables, bytecode, CSP."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import bytecode  # web/tools, on the path by conftest.py
from spyweb.catalogue import CATALOGUE, TABLES
from spyweb.preboot import frames, templates

import spygames

ROOT = Path(__file__).resolve().parents[1]


def test_every_game_has_a_table_frame_and_a_rules_frame() -> None:
    shown = frames()
    for game in CATALOGUE:
        assert game.name in shown[game.id] and 'data-frame="' + game.id + '"' in shown[game.id]
        assert "rules" in shown[f"{game.id}/rules"].lower()
    assert {"home", "saves", "stats", "play", "replay"} <= set(shown)
    # Nothing in a frame can be pressed before Python runs: no buttons, no forms, and
    # the only links go home (the crumbs).
    for key, html in shown.items():
        if key == "home":
            continue
        assert "<button" not in html and "<form" not in html, key
        assert re.findall(r'href="([^"]*)"', html) == ["#/"], key


def test_boot_js_knows_the_games_the_frames_are_drawn_for() -> None:
    """boot.js maps `#/<game>/…` to a frame; its list must be the catalogue's."""
    script = (ROOT / "web" / "boot.js").read_text()
    listed = re.search(r"var games = (\[[^\]]*\]);", script)
    assert listed is not None
    assert json.loads(listed.group(1)) == [g.id for g in CATALOGUE if g.id in spygames.GAMES]
    assert templates().count("<template") == len(frames())


def _modules_after(code: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys; print(' '.join(sorted(sys.modules)))"],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT / "web" / "app",
    ).stdout.split()
    return [m for m in out if m.split(".")[:2] in [["spyweb", t] for t in TABLES.values()]]


def test_the_app_starts_without_any_game_table_and_imports_only_the_one_opened() -> None:
    assert _modules_after("import spyweb.app") == []
    opened = _modules_after(
        "from spyweb.app import App\nfrom spyweb.store import MemoryStorage\n"
        "App(MemoryStorage()).route('#/espionage/new')"
    )
    assert opened and all(m.startswith("spyweb.espionage") for m in opened)


def _archive(path: Path, files: dict[str, str]) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)


def test_bytecode_is_used_by_import_and_listed_in_the_wheel_record(tmp_path: Path) -> None:
    record = "pkg-1.0.dist-info/RECORD"
    _archive(tmp_path / "in.whl", {
        "pkg/__init__.py": "ANSWER = 'compiled'\n",
        "pkg-1.0.dist-info/METADATA": "Name: pkg\n",
        record: "pkg/__init__.py,sha256=x,20\npkg-1.0.dist-info/RECORD,,\n",
    })  # fmt: skip
    assert bytecode.add_bytecode(str(tmp_path / "in.whl"), str(tmp_path / "out.whl")) == 1
    with zipfile.ZipFile(tmp_path / "out.whl") as wheel:
        names = wheel.namelist()
        cached = next(n for n in names if n.startswith("pkg/__pycache__/") and n.endswith(".pyc"))
        pyc = wheel.read(cached)
        lines = wheel.read(record).decode().splitlines()
        wheel.extractall(tmp_path / "unpacked")
    digest = base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=").decode()
    assert f"{cached},sha256={digest},{len(pyc)}" in lines
    assert lines[-1] == f"{record},," and lines.count(f"{record},,") == 1
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked
    # Python loads the bytecode without checking the source: change the source after
    # compiling and the import still gives the compiled value.
    (tmp_path / "unpacked" / "pkg" / "__init__.py").write_text("ANSWER = 'source'\n")
    answer = subprocess.run(
        [sys.executable, "-c", "import pkg; print(pkg.ANSWER)"],
        cwd=tmp_path / "unpacked", check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    assert answer == "compiled"


def _policy(page: str) -> str:
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert found is not None
    return found.group(1)


def test_both_pages_carry_one_policy_that_keeps_everything_on_this_site() -> None:
    index = (ROOT / "index.html").read_text()
    embed = (ROOT / "web" / "embed.html").read_text()
    policy = _policy(index)
    assert _policy(embed) == policy
    assert "http" not in policy and "*" not in policy and "blob:" not in policy
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["default-src"] == "'self'" and directives["object-src"] == "'none'"
    # Every source beyond 'self' is justified in the comment beside the tag.
    comment = index[index.index("<!-- Content-Security-Policy") : index.index("<meta http-equiv")]
    for source in ("'wasm-unsafe-eval'", "'unsafe-eval'", "'unsafe-inline'", "data:"):
        if source in policy:
            assert source in comment, source
    # The meta tag comes before anything the page loads.
    assert index.index('Content-Security-Policy" content') < index.index("<link")
