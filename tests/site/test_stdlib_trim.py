"""The trimmed standard library (web/tools/stdlib.py, run by the build inside Pyodide)
and its safety net in the page (spyweb/browser/stdlib.py), on CPython with small stand-in zips.
The e2e suite checks the real thing: every page boots and plays on the trimmed zip, and
fails if any page fetches the full one."""

from __future__ import annotations

import importlib
import json
import sys
import types
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import stdlib as tool  # web/tools (tests/conftest.py puts it on the path)
from spyweb.browser import stdlib as net

FULL = {
    "json/__init__.py": "from json.decoder import X\n",
    "json/decoder.py": '"""A docstring."""\nX = 1\n',
    "json/tool.py": "import argparse\n",
    "argparse.py": "A = 2\n",
    "encodings/__init__.py": "",
    "encodings/utf_8.py": "",
    "encodings/cp1252.py": "",
    "pyodide/__init__.py": '"""Pyodide reads its docstrings."""\n',
    "pyodide/ffi.py": "",
}


def zip_of(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return path


def test_names_of_modules_and_of_what_a_source_imports_anywhere() -> None:
    assert tool.module_name("json/decoder.py") == "json.decoder"
    assert tool.module_name("json/__init__.py") == "json"
    assert tool.module_name("json/") is None and tool.module_name("README.txt") is None
    source = b"import a.b\nfrom c import d\ndef f():\n    import e\nfrom . import g\n"
    assert tool.imported_names(source) == {"a.b", "c", "c.d", "e"}


def test_the_trimmed_zip_keeps_what_was_loaded_its_packages_and_names_the_rest(
    tmp_path: Path,
) -> None:
    full = zip_of(tmp_path / "full.zip", FULL)
    probed = json.dumps({"modules": ["sys", "json.decoder", "encodings.utf_8"], "failed": {}})
    report = json.loads(tool.trim(str(full), str(tmp_path / "trim.zip"), probed))
    kept = set(report["kept"])
    assert {"json", "json.decoder", "encodings", "encodings.utf_8"} <= kept  # with parents
    assert {"pyodide", "pyodide.ffi"} <= kept  # Pyodide's own, whole
    assert not {"json.tool", "argparse", "encodings.cp1252"} & kept
    with zipfile.ZipFile(tmp_path / "trim.zip") as trimmed:
        names = set(trimmed.namelist())
        assert "json/decoder.pyc" in names and "json/decoder.py" not in names
        assert all(i.compress_type == zipfile.ZIP_STORED for i in trimmed.infolist())
        decoder = trimmed.read("json/decoder.pyc")
        assert b"A docstring." not in decoder  # -OO
        assert b"Pyodide reads its docstrings." in trimmed.read("pyodide/__init__.pyc")
        left_out = trimmed.read("_left_out_stdlib.pyc")
    sys.path.insert(0, str(tmp_path / "trim.zip"))
    try:
        sys.modules.pop("_left_out_stdlib", None)
        from _left_out_stdlib import LEFT_OUT  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(tmp_path / "trim.zip"))
        sys.modules.pop("_left_out_stdlib", None)
    assert set(LEFT_OUT) == {"json.tool", "argparse", "encodings.cp1252"}
    assert left_out


@pytest.fixture
def finder(tmp_path: Path) -> Iterator[tuple[net.FullStandardLibrary, list[int]]]:
    """A page whose trimmed library holds `spyfakepkg` but not `spyfakepkg.sub` or
    `spyfake_mod`, both in the full zip; `fetches` counts the downloads."""
    (tmp_path / "trimmed" / "spyfakepkg").mkdir(parents=True)
    (tmp_path / "trimmed" / "spyfakepkg" / "__init__.py").write_text("")
    full = zip_of(
        tmp_path / "full-source.zip",
        {"spyfakepkg/__init__.py": "", "spyfakepkg/sub.py": "B = 3\n", "spyfake_mod.py": "C = 4\n"},
    ).read_bytes()
    fetches: list[int] = []

    def fetch() -> bytes:
        fetches.append(1)
        return full

    found = net.FullStandardLibrary(
        frozenset({"spyfakepkg.sub", "spyfake_mod"}), fetch, str(tmp_path / "kept.zip")
    )
    sys.path.insert(0, str(tmp_path / "trimmed"))
    sys.meta_path.append(found)
    yield found, fetches
    sys.meta_path.remove(found)
    sys.path.remove(str(tmp_path / "trimmed"))
    for name in ("spyfakepkg.sub", "spyfakepkg", "spyfake_mod"):
        sys.modules.pop(name, None)


def test_a_left_out_module_is_imported_from_the_full_zip_fetched_once(
    finder: tuple[net.FullStandardLibrary, list[int]],
) -> None:
    found, fetches = finder
    assert importlib.import_module("spyfake_mod").C == 4
    assert importlib.import_module("spyfakepkg.sub").B == 3  # a package's missing part
    assert fetches == [1] and found.asked == ["spyfake_mod", "spyfakepkg.sub"]


def test_a_module_that_is_nowhere_fetches_nothing(
    finder: tuple[net.FullStandardLibrary, list[int]],
) -> None:
    _found, fetches = finder
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("spyfake_nowhere")
    assert fetches == []


def test_the_full_zip_comes_back_whole_from_a_request_read_as_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A synchronous request can only give text: with `x-user-defined`, byte b is the
    character b below 0x80 and U+F700 + b above; every byte value comes back."""
    data = bytes(range(256)) * 3

    class Request:
        status = 200

        @classmethod
        def new(cls) -> Request:
            return cls()

        def open(self, method: str, url: str, asynchronous: bool) -> None:
            assert (method, url, asynchronous) == ("GET", "https://x/full.zip", False)

        def overrideMimeType(self, mime: str) -> None:
            assert mime == "text/plain; charset=x-user-defined"

        def send(self, body: None) -> None:
            self.responseText = "".join(chr(b if b < 0x80 else 0xF700 + b) for b in data)

    js = types.ModuleType("js")
    js.XMLHttpRequest = Request  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    assert net.fetch_full("https://x/full.zip")() == data
    Request.status = 404
    with pytest.raises(ImportError, match="could not be fetched"):
        net.fetch_full("https://x/full.zip")()


def test_install_does_nothing_where_the_library_is_whole() -> None:
    assert net.install("https://ana.github.io/spygames/") is None
