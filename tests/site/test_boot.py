"""The boot's parts that CPython can check: frames per address, lazy tables, bytecode."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import bytecode
import pytest  # web/tools, on the path by conftest.py
from spyweb.catalogue import CATALOGUE, RECORDS
from spyweb.screens.preboot import frames, templates

ROOT = Path(__file__).resolve().parents[2]


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


def frame_keys(hashes: list[str]) -> list[str]:
    """boot.js's own `frameKey` (run by Node) for each address."""
    script = (ROOT / "web" / "boot.js").read_text()
    found = re.search(r"\n  function frameKey\(\) \{\n.*?\n  \}\n", script, re.S)
    assert found is not None, "boot.js has no frameKey()"
    code = (
        "var location = {hash: ''};" + found.group(0)
        + "console.log(JSON.stringify(" + json.dumps(hashes)
        + ".map(function (h) { location.hash = h; return frameKey(); })));"
    )  # fmt: skip
    out = subprocess.run(["node", "-e", code], check=True, capture_output=True, text=True)
    return list(json.loads(out.stdout))


def test_boot_js_finds_each_address_its_frame_with_no_list_of_games_of_its_own() -> None:
    """boot.js maps `#/<game>/…` to the frame the build drew for it: every game of the
    catalogue (its table, its rules, a deal of it) and the app's own pages."""
    keys = set(frames())
    addresses = {"": "home", "#/": "home", "#/nowhere!": "home", "#/<b>/x": "home"}
    for key in keys - {"home"}:
        addresses[f"#/{key}"] = key
    for game in CATALOGUE:
        addresses[f"#/{game.id}/deal/7"] = game.id
        addresses[f"#/{game.id}/rules/cards"] = f"{game.id}/rules"
    assert dict(zip(addresses, frame_keys(list(addresses)), strict=True)) == addresses
    assert "var games" not in (ROOT / "web" / "boot.js").read_text()
    assert templates().count("<template") == len(keys)


def _modules_after(code: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", code + "\nimport sys; print(' '.join(sorted(sys.modules)))"],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT / "web" / "app",
    ).stdout.split()
    # A game's table package is where its record's table comes from; the package itself is
    # the record (its `__init__`, spyweb/gameui.py), which the app imports at start.
    tables = {record.table.__module__ for record in RECORDS.values()}
    return [m for m in out if m.rpartition(".")[0] in tables]


def test_the_app_starts_without_any_game_table_and_imports_only_the_one_opened() -> None:
    assert _modules_after("import spyweb.app") == []
    opened = _modules_after(
        "from spyweb.app import App\nfrom spyweb.browser.store import MemoryStorage\n"
        "App(MemoryStorage()).route('#/espionage/new')"
    )
    assert opened and all(m.startswith("spyweb.games.espionage") for m in opened)


def _archive(path: Path, files: dict[str, str]) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)


def test_bytecode_replaces_the_source_and_the_wheel_record_lists_it(tmp_path: Path) -> None:
    record = "pkg-1.0.dist-info/RECORD"
    _archive(tmp_path / "in.whl", {
        "pkg/__init__.py": "from pkg.rules import ANSWER\n",
        "pkg/rules.py": "ANSWER = 'compiled'\n\n\ndef broken():\n"
                        "    raise ValueError('no such card')\n",
        "pkg/cards.json": '["spy"]',
        "pkg-1.0.dist-info/METADATA": "Name: pkg\n",
        record: "pkg/__init__.py,sha256=x,30\npkg/rules.py,sha256=y,70\npkg/cards.json,sha256=z,7\n"
        "pkg-1.0.dist-info/METADATA,sha256=w,10\npkg-1.0.dist-info/RECORD,,\n",
    })  # fmt: skip
    assert bytecode.add_bytecode(str(tmp_path / "in.whl"), str(tmp_path / "out.whl")) == 2
    with zipfile.ZipFile(tmp_path / "out.whl") as wheel:
        names = set(wheel.namelist())
        pycs = {name: wheel.read(name) for name in ("pkg/__init__.pyc", "pkg/rules.pyc")}
        lines = wheel.read(record).decode().splitlines()
        assert wheel.read("pkg/cards.json") == b'["spy"]'  # data is copied as it is
        wheel.extractall(tmp_path / "unpacked")
    # Sourceless: each module's .pyc where its .py was, no .py and no __pycache__.
    assert names == {*pycs, "pkg/cards.json", "pkg-1.0.dist-info/METADATA", record}
    # RECORD lists exactly the files in the wheel, with the .pyc's own hash and size.
    assert {ln.split(",")[0] for ln in lines} == names and lines[-1] == f"{record},,"
    for name, pyc in pycs.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=").decode()
        assert f"{name},sha256={digest},{len(pyc)}" in lines
        assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked
    assert "pkg/cards.json,sha256=z,7" in lines
    # Python imports the package and its module from bytecode alone, and a traceback
    # still gives the error's type and message, the file, line and function.
    run = subprocess.run(
        [sys.executable, "-c", "import pkg, pkg.rules\nprint(pkg.ANSWER, pkg.__spec__.loader)\n"
         "pkg.rules.broken()"],
        cwd=tmp_path / "unpacked", capture_output=True, text=True,
    )  # fmt: skip
    assert run.stdout.startswith("compiled <_frozen_importlib_external.SourcelessFileLoader")
    assert 'File "pkg/rules.py", line 5, in broken' in run.stderr
    assert run.stderr.rstrip().endswith("ValueError: no such card")


def test_bytecode_drops_module_and_function_docstrings_keeps_class_ones_and_asserts(
    tmp_path: Path,
) -> None:
    source = (
        '"""The module."""\nfrom __future__ import annotations\n\n\n'
        'def only():\n    """Only a docstring."""\n\n\n'
        'def checked(n):\n    """Checked."""\n    assert n > 0, "a positive count"\n'
        "    return n\n\n\n"
        'class Card:\n    """A card."""\n'
    )
    _archive(tmp_path / "in.zip", {"mod.py": source})
    bytecode.add_bytecode(str(tmp_path / "in.zip"), str(tmp_path / "out.zip"))
    with zipfile.ZipFile(tmp_path / "out.zip") as archive:
        pyc = archive.read("mod.pyc")
        archive.extractall(tmp_path / "unpacked")
    assert b"The module." not in pyc and b"Only a docstring." not in pyc
    assert b"Checked." not in pyc and b"A card." in pyc and b"a positive count" in pyc
    run = subprocess.run(
        [sys.executable, "-c", "import mod\nprint(mod.__doc__, mod.only(), mod.checked(2), "
         "mod.Card.__doc__)\nmod.checked(0)"],
        cwd=tmp_path / "unpacked", capture_output=True, text=True,
    )  # fmt: skip
    assert run.stdout == "None None 2 A card.\n"
    assert "AssertionError: a positive count" in run.stderr


def test_bytecode_refuses_a_wheel_whose_record_misses_a_module(tmp_path: Path) -> None:
    record = "pkg-1.0.dist-info/RECORD"
    _archive(tmp_path / "in.whl", {"pkg/__init__.py": "", record: f"{record},,\n"})
    with pytest.raises(ValueError, match=r"does not list pkg/__init__\.py"):
        bytecode.add_bytecode(str(tmp_path / "in.whl"), str(tmp_path / "out.whl"))
