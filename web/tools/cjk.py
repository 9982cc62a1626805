"""The CJK codecs' tables taken out of Pyodide's WebAssembly (docs/performance.md).

Pyodide builds CPython's Chinese, Japanese and Korean codecs into its WebAssembly
(`_codecs_cn`, `_codecs_hk`, `_codecs_iso2022`, `_codecs_jp`, `_codecs_kr`,
`_codecs_tw`, `_multibytecodec`): 0.6 MB of mapping tables in its data section, 0.17 MB
of a first visit once compressed, for text encodings (Shift JIS, GB 18030, Big5…) that
no page of ours reads or writes (they are all UTF-8). The build overwrites those tables
with zeros, which compress to nearly nothing, and the site's Python refuses to import the
seven modules (`BLOCKED`: lean.py's sitecustomize says why), so none can ever read them.

Which bytes: the runs of at least `RUN` bytes that the data section shares with the
read-only data of the same modules as the host's CPython builds them (their tables have
not changed in years), each found only once in the WebAssembly (no other module's data
can be among them). Finding them needs those modules as shared libraries (Debian's and
Ubuntu's CPython ship them), so it is done once per Pyodide version and written to
`cjk_ranges.json` with the WebAssembly's SHA-256 (`python web/tools/cjk.py --find WASM`);
the build checks that hash and each range's, and stops if Pyodide changed.
"""

from __future__ import annotations

import hashlib
import json
import struct
import sys
import sysconfig
from pathlib import Path

RANGES = Path(__file__).with_name("cjk_ranges.json")
BLOCKED = (
    "_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr",
    "_codecs_tw", "_multibytecodec",
)  # fmt: skip
RUN = 64  # bytes: long enough that no unrelated data matches by chance


def leb(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def data_section(wasm: bytes) -> tuple[int, int]:
    """(start, end) of the WebAssembly's data section in the file."""
    at = 8
    while at < len(wasm):
        kind = wasm[at]
        size, at = leb(wasm, at + 1)
        if kind == 11:
            return at, at + size
        at += size
    raise SystemExit("no data section in this WebAssembly")


def rodata(library: Path) -> bytes:
    """The `.rodata` section of a 64-bit ELF shared library."""
    elf = library.read_bytes()
    (table,) = struct.unpack_from("<Q", elf, 0x28)
    size, count, names = struct.unpack_from("<HHH", elf, 0x3A)
    headers = [struct.unpack_from("<IIQQQQ", elf, table + i * size) for i in range(count)]
    strings = elf[headers[names][4] : headers[names][4] + headers[names][5]]
    for name, _, _, _, offset, length in headers:
        if strings[name : strings.index(b"\0", name)] == b".rodata":
            return elf[offset : offset + length]
    raise SystemExit(f"{library}: no .rodata")


def find(wasm: bytes, theirs: bytes) -> list[tuple[int, int]]:
    """The (offset, length) runs of `wasm`'s data section found in `theirs` (the CJK
    modules' read-only data), each only once in the section."""
    start, end = data_section(wasm)
    windows: dict[bytes, int] = {}
    for at in range(len(theirs) - RUN):
        windows.setdefault(theirs[at : at + RUN], at)
    found: list[tuple[int, int]] = []
    at = start
    while at + RUN <= end:
        there = windows.get(wasm[at : at + RUN])
        if there is None or not any(wasm[at : at + RUN]):
            at += 1
            continue
        length = RUN
        while at + length < end and there + length < len(theirs):
            if wasm[at + length] != theirs[there + length]:
                break
            length += 1
        if wasm.count(wasm[at : at + length], start, end) == 1:
            found.append((at, length))
        at += length
    return found


def host_libraries() -> list[Path]:
    folder = Path(sysconfig.get_config_var("DESTSHARED"))  # lib-dynload (a venv's base's)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    libraries = [folder / f"{name}{suffix}" for name in BLOCKED]
    missing = [str(p) for p in libraries if not p.exists()]
    if missing:
        raise SystemExit(f"this CPython has no {', '.join(missing)}: find the ranges on Debian")
    return libraries


def write_ranges(wasm_path: Path) -> int:
    wasm = wasm_path.read_bytes()
    found = find(wasm, b"".join(rodata(library) for library in host_libraries()))
    ranges = [
        json.dumps([at, length, hashlib.sha256(wasm[at : at + length]).hexdigest()[:16]])
        for at, length in found
    ]
    digest = hashlib.sha256(wasm).hexdigest()
    RANGES.write_text(
        f'{{"pyodide.asm.wasm": "{digest}",\n "ranges": [\n  ' + ",\n  ".join(ranges) + "\n]}\n"
    )
    return sum(length for _, length in found)


def apply(wasm_path: Path) -> int:
    """Zero the CJK tables of the WebAssembly at `wasm_path`; the bytes zeroed."""
    wasm = bytearray(wasm_path.read_bytes())
    known = json.loads(RANGES.read_text())
    if hashlib.sha256(wasm).hexdigest() != known["pyodide.asm.wasm"]:
        raise SystemExit(
            f"{wasm_path} is not the WebAssembly web/tools/cjk_ranges.json was made for "
            "(Pyodide changed?): run `python web/tools/cjk.py --find` with the new one"
        )
    zeroed = 0
    for at, length, digest in known["ranges"]:
        if hashlib.sha256(wasm[at : at + length]).hexdigest()[:16] != digest:
            raise SystemExit(f"{wasm_path}: the bytes at {at} are not those cjk_ranges.json names")
        wasm[at : at + length] = bytes(length)
        zeroed += length
    wasm_path.write_bytes(bytes(wasm))
    return zeroed


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "--find":
        raise SystemExit("usage: python web/tools/cjk.py --find path/to/pyodide.asm.wasm")
    print(f"{RANGES}: {write_ranges(Path(sys.argv[2]))} bytes of CJK tables")
