"""The .xz copies of the boot's largest files, and the decoder that unpacks them.

GitHub Pages serves every file gzipped, and gzip is what a browser decodes by itself.
xz (LZMA2) takes a quarter more off these files than gzip does: a first visit downloads
each one's `.xz` copy, which web/unxz.js decodes as it arrives (python.mjs sends the
boot's requests for the plain file there); the service worker decodes them once, at
install, and keeps the plain files for every later visit. The zips hold their members
stored, not deflated, so that one xz (or gzip) stream compresses the whole archive at
once: deflating each member alone saved less than that.

The plain files stay on the site beside their copies: a browser whose service worker
has them asks for them, and so do the tests and tools that start Pyodide under Node.
"""

from __future__ import annotations

import base64
import lzma
import re
from pathlib import Path

import archives

# Each file the boot downloads that has an .xz copy: its path in the site, its type.
PACKED = {
    "vendor/pyodide/pyodide.asm.wasm": "application/wasm",
    "vendor/pyodide/python_stdlib.zip": "application/zip",
    "app/spyweb.zip": "application/zip",
}
WHEELS = "dist/*.whl"  # the engine's wheel, whatever its version: application/zip too
GAMES = f"{archives.GAMES}/*.zip"  # each game's archive: application/zip too
DECODER = "vendor/xz"  # unxz.js and xz.wasm

# xz as web/unxz.js's decoder (xz-embedded) reads it: LZMA2 with a CRC32 check (it does
# not check CRC64, xz's default), a dictionary no larger than the biggest file needs.
FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME}]
# LZMA's literal context and position bits fitted to each kind of file (xz's defaults
# are lc 3, lp 0, pb 2), measured on this build's files: WebAssembly codes its
# instructions in single bytes (pb 0: 3.8 KB less of 2.49 MB); our archives are Python
# bytecode in two-byte units (lc 4, pb 1: 0.4 KB less on each, 1.6 KB on the standard
# library). Any lc + lp <= 4 is plain LZMA2, which xz-embedded (web/unxz.js) decodes.
BITS = {
    "application/wasm": {"lc": 3, "lp": 0, "pb": 0},
    "application/zip": {"lc": 4, "lp": 0, "pb": 1},
}
DATA_URL = re.compile(r'"data:application/wasm;base64,([A-Za-z0-9+/=]+)"')
LICENSE_HEADER = re.compile(r"^/\*!\n(.*?)\*/", re.S)


def packed_files(site: Path) -> dict[str, str]:
    """{path in `site`: type} of every file that gets an .xz copy."""
    zips = [*site.glob(WHEELS), *sorted(site.glob(GAMES))]
    wheels = {p.relative_to(site).as_posix(): "application/zip" for p in zips}
    return {**{p: t for p, t in PACKED.items() if (site / p).is_file()}, **wheels}


def preload_kind(files: dict[str, str], kind: str, url: str) -> str:
    """A preload's kind in index.html: "packed" for a download in `files` (packed_files),
    which boot.js preloads as the page will fetch it, else `kind`."""
    return "packed" if url.removeprefix("./") in files else kind


def worker_types(site: Path, precached: list[str]) -> dict[str, str]:
    """{file: type} for sw.js of each file whose .xz copy it precaches (it keeps the copy
    decoded under the file's name, with this type); every .xz file it precaches must be
    the copy of one of packed_files(site)."""
    types = packed_files(site)
    copies = {f.removesuffix(".xz") for f in precached if f.endswith(".xz")}
    if not copies <= set(types):
        raise SystemExit("sw.js: an .xz file precached is not the copy of a packed file")
    return {f: t for f, t in types.items() if f in copies}


def dictionary_size(size: int) -> int:
    """The smallest xz dictionary that holds `size` bytes (2**n or 3 * 2**(n-1), as xz
    writes it; at least 4 KiB): the decoder allocates what the file's header asks for."""
    bound = 4096
    while bound < size:
        three_halves = bound * 3 // 2
        if three_halves >= size:
            return three_halves
        bound *= 2
    return bound


def xz(data: bytes, kind: str = "") -> bytes:
    """`data` as xz, fitted to its type `kind` (BITS)."""
    filters = [{**FILTERS[0], "dict_size": dictionary_size(len(data)), **BITS.get(kind, {})}]
    return lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=filters)


def write(site: Path) -> dict[str, str]:
    """Write `<file>.xz` beside each packed file of `site`; returns packed_files(site)."""
    files = packed_files(site)
    for path, kind in files.items():
        plain = site / path
        plain.with_name(plain.name + ".xz").write_bytes(xz(plain.read_bytes(), kind))
    return files


def write_decoder(site: Path, xzwasm: Path, driver: Path) -> None:
    """vendor/xz/: our driver (web/unxz.js), and xz-embedded's WebAssembly taken out of
    npm xzwasm's bundle (where it is a data: URL, which the site's Content-Security-Policy
    would not let a page fetch), with the licences its bundle names."""
    bundle = xzwasm.read_text(encoding="utf-8")
    found = DATA_URL.search(bundle)
    notice = LICENSE_HEADER.search(bundle)
    if not found or not notice:
        raise SystemExit(f"{xzwasm}: no WebAssembly data: URL or licence header found")
    wasm = base64.b64decode(found.group(1))
    if wasm[:4] != b"\0asm":
        raise SystemExit(f"{xzwasm}: its data: URL is not WebAssembly")
    target = site / DECODER
    target.mkdir(parents=True, exist_ok=True)
    (target / "xz.wasm").write_bytes(wasm)
    (target / "unxz.js").write_text(driver.read_text(encoding="utf-8"), encoding="utf-8")
    lines = [line.strip(" *") for line in notice.group(1).splitlines()]
    (target / "LICENSE").write_text("\n".join(line for line in lines if line) + "\n")
