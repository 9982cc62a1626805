"""Ship compiled bytecode instead of source in a wheel or zip; run inside Pyodide by
bytecode.mjs.

It runs in the very Python the players' browsers run (Pyodide's 3.14 under Node), so the
bytecode's magic number is that Python's, whatever Python built the site. Each `x.py`
becomes `x.pyc` in the same folder, with no `x.py` beside it: Python's sourceless loader
imports it as it would the source (a package's `__init__.pyc` too), and skips compiling
our modules at every start. Everything else (data such as cards.json) is copied as it is.
Tracebacks still name the file, line and function, and give the error's type and message;
only the source lines are missing. A wheel's RECORD lists each `x.pyc` with its hash and
size in place of `x.py`, so the wheel stays a valid wheel.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import importlib.util
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def without_docstrings(source: bytes, name: str) -> ast.Module:
    """`source`'s tree without the docstrings of its module and functions (which no code
    of ours reads; they are most of what a .pyc holds beyond the code). A class keeps
    its docstring: `dataclass` works one out with `inspect.signature` for a class that has
    none, at import. Asserts stay: they guard the engine's invariants."""
    tree = ast.parse(source, name)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return ast.fix_missing_locations(tree)


def bytecode(name: str, source: bytes) -> tuple[str, bytes]:
    """(the archive path of `name`'s sourceless bytecode, the .pyc's bytes)."""
    code = compile(without_docstrings(source, name), name, "exec", dont_inherit=True)
    # Hash-based and unchecked: with no source beside it, there is nothing to check.
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    return name + "c", bytes(pyc)


def add_bytecode(source: str, target: str) -> int:
    """Copy the archive `source` to `target` with each module compiled in place of its
    source; returns how many modules were compiled."""
    compiled: dict[str, tuple[str, bytes]] = {}  # source path -> (its .pyc, the bytes)
    # Members stored, not deflated: the whole archive compresses better as one stream
    # (web/tools/packed.py).
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as new:
        record = next((n for n in old.namelist() if n.endswith(".dist-info/RECORD")), None)
        for info in old.infolist():
            if info.filename == record:
                continue
            data = old.read(info)
            if info.filename.endswith(".py"):
                name, pyc = bytecode(info.filename, data)
                new.writestr(zipfile.ZipInfo(name, info.date_time), pyc, zipfile.ZIP_STORED)
                compiled[info.filename] = (name, pyc)
            else:
                new.writestr(info, data, zipfile.ZIP_STORED)
        if record is not None:
            lines = [ln for ln in old.read(record).decode().splitlines() if ln]
            listed = {ln.rsplit(",", 2)[0]: n for n, ln in enumerate(lines)}
            missing = sorted(set(compiled) - set(listed))
            if missing:
                raise ValueError(f"{record} does not list {', '.join(missing)}")
            for path, (name, pyc) in compiled.items():
                lines[listed[path]] = record_line(name, pyc)
            new.writestr(old.getinfo(record), "\n".join(lines) + "\n", zipfile.ZIP_STORED)
    return len(compiled)
