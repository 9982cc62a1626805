"""Trim Pyodide's standard library to what the site imports; run inside Pyodide by
bytecode.mjs (docs/performance.md, "A trimmed standard library").

Pyodide ships its whole standard library as one zip of sources (2.5 MB, which gzip cannot
shrink further). A page of ours imports a few dozen of its 600 modules. Two fresh Pyodides
under Node find which:

- the probe (`probe`, in a Pyodide of its own, started with the standard library the
  site serves, whose start lean.py made lean; nothing this tool imports is counted:
  it reads our archives with the app's own reader, not `zipfile`) starts as a player's
  page does, imports every module of the UI (which imports the engine modules it uses),
  then every standard module that any of our loaded modules names in an `import`
  anywhere (inside functions too), and reports `sys.modules`, and which of them Python
  loaded from its own frozen copies (importlib's bootstrap, os, site, codecs…: their
  files are never read);
- `trim` writes those modules but the frozen ones, with the packages above them and
  what Pyodide itself loads, as compiled bytecode (no docstrings, no asserts: `-OO`,
  which the standard library supports; Pyodide's own packages keep theirs, it reads its
  docstrings) into the zip the site serves, and adds `_left_out_stdlib`, the names of
  the modules left out.

A module that a page still asks for is loaded from the full zip, which the site serves
beside the trimmed one (`spyweb/browser/stdlib.py`); the e2e suite fails if any page asks.
"""

from __future__ import annotations

import ast
import importlib.util
import json
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

# Encodings Python looks up by name at run time (no `import` names them): the codecs a
# page may meet (UTF-8/16/32, Latin-1, ASCII, the escapes) and IDNA for addresses.
ENCODINGS = (
    "ascii", "charmap", "idna", "latin_1", "punycode", "raw_unicode_escape",
    "unicode_escape", "utf_16", "utf_16_be", "utf_16_le", "utf_32", "utf_32_be",
    "utf_32_le", "utf_8", "utf_8_sig",
)  # fmt: skip
# Pyodide's own packages, whole: its start-up and its foreign-function layer; but for
# the parts its start no longer imports (web/tools/lean.py), which a page that needs
# them loads from the full zip, as any module left out.
WHOLE = ("pyodide", "_pyodide")
ON_DEMAND = (
    "pyodide.console", "pyodide.http", "pyodide.webloop", "pyodide._nodesock_transport",
    "pyodide._package_loader_whole",
)  # fmt: skip
LEFT_OUT = "_left_out_stdlib"


def module_name(path: str) -> str | None:
    """`json/decoder.py` -> `json.decoder`; `json/__init__.py` -> `json`."""
    if not path.endswith(".py"):
        return None
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts) or None


def imported_names(source: bytes) -> set[str]:
    """Every absolute module an `import` in `source` names, wherever the import is."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def probe(archives: list[str]) -> str:
    """In a fresh Pyodide: import the UI from `archives` (our wheel and UI zip, sources)
    and every standard module named by our loaded modules; JSON of the modules then
    loaded and of ours that could not be imported here (their imports are still
    followed)."""
    import sys

    for archive in archives:
        sys.path.insert(0, archive)
    # Read with the app's own reader (spyweb.browser.archives, which the probe imports anyway):
    # zipfile here would count zipfile, and what it imports, as the pages' own.
    from spyweb.browser.archives import members

    ours: dict[str, bytes] = {}
    for archive in archives:
        with open(archive, "rb") as opened:
            for path, data in members(opened.read()):
                name = module_name(path)
                if name is not None:
                    ours[name] = data
    failed: dict[str, str] = {}
    for name in sorted(n for n in ours if n.split(".")[0] == "spyweb"):
        try:
            importlib.import_module(name)
        except BaseException as exc:  # a module that needs the page: noted
            failed[name] = f"{type(exc).__name__}: {exc}"
    named: set[str] = set()
    for name in ours:
        if name in sys.modules or name in failed:
            named |= imported_names(ours[name])
    for name in sorted(named):
        if name.split(".")[0] in sys.stdlib_module_names:
            try:
                importlib.import_module(name)
            except BaseException:  # `from x import a_function`: no such module
                continue
    # Modules Python loaded from its own frozen copies (importlib's bootstrap, os, site,
    # codecs…): their files in the zip are never read.
    frozen = [n for n, m in sys.modules.items() if getattr(m, "__spec__", None) is not None
              and m.__spec__.origin == "frozen"]  # fmt: skip
    return json.dumps({"modules": sorted(sys.modules), "frozen": sorted(frozen), "failed": failed})


def compiled(path: str, source: bytes, optimize: int) -> bytes:
    code = compile(source, path, "exec", dont_inherit=True, optimize=optimize)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def trim(full: str, target: str, probed: str) -> str:
    """Write the trimmed standard library `target` from the full one and the probe's
    report; JSON of what was kept and left out."""
    import zipfile

    loaded = set(json.loads(probed)["modules"])
    with zipfile.ZipFile(full) as whole:
        paths = {module_name(i.filename): i.filename for i in whole.infolist()}
        paths.pop(None, None)
        keep = {n for n in loaded if n in paths}
        keep |= {f"encodings.{e}" for e in ENCODINGS}
        keep |= {n for n in paths if n.split(".")[0] in WHOLE and not n.startswith(ON_DEMAND)}
        keep -= set(json.loads(probed).get("frozen", []))
        keep |= {".".join(n.split(".")[:i]) for n in keep for i in range(1, n.count(".") + 1)}
        left_out = sorted(set(paths) - keep)
        kept_bytes = 0
        # Stored, not deflated: the whole zip compresses better as one stream (packed.py).
        with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
            for info in whole.infolist():
                name = module_name(info.filename)
                if info.filename.endswith("/"):
                    folder = info.filename.rstrip("/").replace("/", ".")
                    if folder in keep:
                        out.writestr(info, b"", zipfile.ZIP_STORED)
                    continue
                if name is None or name not in keep:
                    continue
                optimize = 0 if name.split(".")[0] in WHOLE else 2
                data = compiled(info.filename, whole.read(info), optimize)
                kept_bytes += len(data)
                entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
                out.writestr(entry, data, zipfile.ZIP_STORED)
            note = f"LEFT_OUT = frozenset({left_out!r})\n".encode()
            out.writestr(
                zipfile.ZipInfo(f"{LEFT_OUT}.pyc", (2026, 1, 1, 0, 0, 0)),
                compiled(f"{LEFT_OUT}.py", note, 2),
                zipfile.ZIP_STORED,
            )
    return json.dumps({"kept": sorted(keep), "left_out": len(left_out), "bytes": kept_bytes})
