"""The integrity the build writes for the files a worker of the site asks for with it
(web/tools/integrity.py): the service worker hands those over unread (web/sw.js `claims`)
and the browser checks them, so a file changed after its integrity was written would be
refused at every visit. The build checks every one once it is whole."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import integrity  # web/tools, on the path by conftest.py
import pytest


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "vendor").mkdir()
    (tmp_path / "sandbox").mkdir()
    (tmp_path / "vendor" / "runtime.wasm").write_bytes(b"\0asm runtime")
    (tmp_path / "vendor" / "python.mjs").write_text("export const x = 1;\n")
    worker = integrity.fill("const A = 1;\nconst I = __INTEGRITY__;\n", tmp_path,
                            ["./vendor/runtime.wasm"], "worker.mjs")  # fmt: skip
    (tmp_path / "worker.mjs").write_text(worker)
    host = integrity.fill("const I = __INTEGRITY__;\n", tmp_path, ["vendor/python.mjs"], "host")
    (tmp_path / "sandbox" / "host.mjs").write_text(host)
    return tmp_path


def test_each_file_is_written_with_its_whole_sha256(site: Path) -> None:
    digest = hashlib.sha256(b"\0asm runtime").digest()
    expected = "sha256-" + base64.b64encode(digest).decode()
    assert f'"./vendor/runtime.wasm": "{expected}"' in (site / "worker.mjs").read_text()
    assert integrity.check(site) == 2


def test_a_file_changed_after_its_integrity_fails_the_build(site: Path) -> None:
    (site / "vendor" / "python.mjs").write_text("export const x = 2;\n")
    with pytest.raises(SystemExit, match=r"vendor/python\.mjs changed after"):
        integrity.check(site)


def test_a_slot_missing_or_twice_fails_the_build(site: Path) -> None:
    for text in ("const I = {};", "__INTEGRITY__ __INTEGRITY__"):
        with pytest.raises(SystemExit, match="exactly once"):
            integrity.fill(text, site, [], "worker.mjs")
    (site / "worker.mjs").write_text("const I = {};\n")
    with pytest.raises(SystemExit, match="no integrity written"):
        integrity.check(site)
