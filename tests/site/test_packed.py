"""The .xz copies of the boot's largest files (web/tools/packed.py) and the decoder that
unpacks them in the page and the service worker (web/unxz.js, run here under Node with
the very WebAssembly the site ships). e2e/test_packed.py checks a first visit that
downloads the copies and a later one that reads the worker's plain files."""

from __future__ import annotations

import base64
import hashlib
import json
import lzma
import os
import subprocess
import zipfile
from pathlib import Path

import packed  # web/tools, on the path by conftest.py
import pytest
import snapshot

ROOT = Path(__file__).resolve().parents[2]
XZWASM = ROOT / "web" / "node_modules" / "xzwasm" / "dist" / "package" / "xzwasm.js"

# Decodes argv[2] (an .xz file) with web/unxz.js and argv[3] (xz.wasm); prints the
# decoded file's size and SHA-256, or the error.
DECODE = """
const fs = require("fs"), crypto = require("crypto");
globalThis.self = globalThis;
const realFetch = globalThis.fetch;
globalThis.fetch = async (url) =>
  url.startsWith("/") ? new Response(fs.readFileSync(url)) : realFetch(url);
require(process.argv[1]);
const packed = new Blob([fs.readFileSync(process.argv[2])]).stream();
new Response(self.spygamesUnxz(packed, process.argv[3])).arrayBuffer().then(
  (bytes) => console.log(JSON.stringify({ size: bytes.byteLength,
    sha256: crypto.createHash("sha256").update(Buffer.from(bytes)).digest("hex") })),
  (error) => console.log(JSON.stringify({ error: error.message })));
"""


@pytest.fixture(scope="module")
def decoder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("site")
    packed.write_decoder(site, XZWASM, ROOT / "web" / "unxz.js")
    return site / packed.DECODER


def unxz(decoder: Path, xz_file: Path) -> dict[str, object]:
    run = subprocess.run(
        ["node", "-e", DECODE, str(decoder / "unxz.js"), str(xz_file), str(decoder / "xz.wasm")],
        check=True, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    return dict(json.loads(run.stdout))


def test_the_dictionary_is_the_smallest_xz_size_that_holds_the_file() -> None:
    # xz writes dictionary sizes as 2**n or 3 * 2**(n-1); 4 KiB at the least.
    assert packed.dictionary_size(1) == 4096
    assert packed.dictionary_size(4096) == 4096
    assert packed.dictionary_size(4097) == 6144
    assert packed.dictionary_size(6144) == 6144
    assert packed.dictionary_size(6145) == 8192
    assert packed.dictionary_size(9_598_218) == 12 << 20  # pyodide.asm.wasm
    assert packed.dictionary_size(12 << 20) == 12 << 20
    assert packed.dictionary_size((12 << 20) + 1) == 16 << 20


def test_a_copy_is_xz_with_the_check_the_decoder_reads() -> None:
    data = os.urandom(2000) * 50
    copy = packed.xz(data)
    assert lzma.decompress(copy) == data
    reader = lzma.LZMADecompressor()
    reader.decompress(copy)
    assert reader.check == lzma.CHECK_CRC32  # xz-embedded in the browser checks CRC32


def test_every_boot_download_worth_packing_gets_its_copy(tmp_path: Path) -> None:
    for name in [*packed.PACKED, "dist/spygames-9.9-py3-none-any.whl", "boot.js"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(name.encode() * 100)
    files = packed.write(tmp_path)
    assert set(files) == {*packed.PACKED, "dist/spygames-9.9-py3-none-any.whl"}
    assert files["vendor/pyodide/pyodide.asm.wasm"] == "application/wasm"
    for name in files:
        copy = tmp_path / (name + ".xz")
        assert lzma.decompress(copy.read_bytes()) == (tmp_path / name).read_bytes()
    assert not (tmp_path / "boot.js.xz").exists()


def test_python_mjs_names_the_copies_relative_to_itself() -> None:
    assert snapshot.from_pyodide(
        {"vendor/pyodide/pyodide.asm.wasm": "application/wasm", "app/spyweb.zip": "application/zip"}
    ) == {"pyodide.asm.wasm": "application/wasm", "../../app/spyweb.zip": "application/zip"}


def test_the_decoder_is_taken_out_of_its_bundle_with_its_licences(decoder: Path) -> None:
    assert (decoder / "xz.wasm").read_bytes()[:4] == b"\0asm"
    notice = (decoder / "LICENSE").read_text()
    assert "xz-embedded" in notice and "MIT" in notice and "walloc" in notice


def test_a_bundle_without_the_webassembly_is_refused(tmp_path: Path) -> None:
    bundle = tmp_path / "xzwasm.js"
    bundle.write_text("/*!\n * xzwasm\n */\nmodule.exports = 1;\n")
    with pytest.raises(SystemExit, match="no WebAssembly"):
        packed.write_decoder(tmp_path, bundle, ROOT / "web" / "unxz.js")
    fake = base64.b64encode(b"not wasm").decode()
    bundle.write_text(f'/*!\n * xzwasm\n */\nx = "data:application/wasm;base64,{fake}";\n')
    with pytest.raises(SystemExit, match="not WebAssembly"):
        packed.write_decoder(tmp_path, bundle, ROOT / "web" / "unxz.js")


@pytest.mark.parametrize("kind", ["", *sorted(packed.BITS)])
def test_the_page_decoder_gives_back_the_file(decoder: Path, tmp_path: Path, kind: str) -> None:
    """Each kind's fitted LZMA bits (packed.BITS) too: xz-embedded reads any LZMA2."""
    # Larger than the decoder's buffers, and a zip of stored members, as the site ships.
    with zipfile.ZipFile(tmp_path / "a.zip", "w", zipfile.ZIP_STORED) as archive:
        for n in range(40):
            archive.writestr(f"m{n}.pyc", os.urandom(3000) + bytes(range(256)) * 40)
    data = (tmp_path / "a.zip").read_bytes()
    (tmp_path / "a.zip.xz").write_bytes(packed.xz(data, kind))
    got = unxz(decoder, tmp_path / "a.zip.xz")
    assert got == {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}


@pytest.mark.parametrize("damage", ["cut short", "a bit flipped", "not xz", "empty"])
def test_a_damaged_copy_is_an_error_never_a_wrong_file(
    decoder: Path, tmp_path: Path, damage: str
) -> None:
    copy = bytearray(packed.xz(os.urandom(5000) * 30))
    if damage == "cut short":
        copy = copy[: len(copy) - 40]
    elif damage == "a bit flipped":
        copy[len(copy) // 2] ^= 1
    elif damage == "not xz":
        copy = bytearray(b"<html>404</html>")
    else:
        copy = bytearray()
    (tmp_path / "bad.xz").write_bytes(bytes(copy))
    got = unxz(decoder, tmp_path / "bad.xz")
    assert "does not decode" in str(got.get("error")), got
