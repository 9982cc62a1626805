"""Add compiled bytecode to a wheel or zip; run inside Pyodide by bytecode.mjs.

It runs in the very Python the players' browsers run (Pyodide's 3.14 under Node), so the
bytecode's magic number and cache tag are that Python's, whatever Python built the site.
Each `x.py` gains `__pycache__/x.<tag>.pyc`, hash-based and unchecked: Python loads it
without looking at the source's timestamp (an unpacked archive has none worth trusting),
and tracebacks still show the source beside it. A wheel's RECORD lists every added file
with its hash and size, so the wheel stays a valid wheel.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def bytecode(name: str, source: bytes) -> tuple[str, bytes]:
    """(the archive path of `name`'s cached bytecode, the .pyc's bytes)."""
    code = compile(source, name, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    return importlib.util.cache_from_source(name), bytes(pyc)


def add_bytecode(source: str, target: str) -> int:
    """Copy the archive `source` to `target` with bytecode for each module; returns how
    many modules were compiled."""
    added: list[tuple[str, bytes]] = []
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        record = next((n for n in old.namelist() if n.endswith(".dist-info/RECORD")), None)
        for info in old.infolist():
            if info.filename == record:
                continue
            data = old.read(info)
            new.writestr(info, data, zipfile.ZIP_DEFLATED)
            if info.filename.endswith(".py"):
                name, pyc = bytecode(info.filename, data)
                new.writestr(zipfile.ZipInfo(name, info.date_time), pyc, zipfile.ZIP_DEFLATED)
                added.append((name, pyc))
        if record is not None:
            lines = [
                ln for ln in old.read(record).decode().splitlines() if ln and ln != f"{record},,"
            ]
            lines += [record_line(name, pyc) for name, pyc in added] + [f"{record},,"]
            new.writestr(old.getinfo(record), "\n".join(lines) + "\n", zipfile.ZIP_DEFLATED)
    return len(added)
