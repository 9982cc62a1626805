"""The QR codes of invitations and replies (`spyweb/together/qr.py`) read back as the
text they hold, with a maintained decoder (zxing-cpp, a dev dependency): every size from
a few characters to the largest code, every mask; and the version and level are the
smallest that hold the text (the standard's capacities, at their exact bounds)."""

from __future__ import annotations

import random

import numpy as np
import pytest
import zxingcpp
from spyweb.together import qr


def read(matrix: qr.Matrix, scale: int = 3) -> str | None:
    """What a camera would read from the code, drawn with its quiet zone."""
    size = len(matrix) + 8
    image = np.full((size * scale, size * scale), 255, dtype=np.uint8)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                image[(y + 4) * scale : (y + 5) * scale, (x + 4) * scale : (x + 5) * scale] = 0
    found = zxingcpp.read_barcodes(image)
    return found[0].text if found else None


def link(rng: random.Random, n: int) -> str:
    chars = "ABCDEFGHIJabcdefghij0123456789-_"
    return "https://ana.github.io/spygames/#/join/spyi1." + "".join(
        rng.choice(chars) for _ in range(n)
    )


@pytest.mark.parametrize("n", [0, 1, 13, 60, 200, 700, 1500, 2900])
def test_a_code_reads_back_as_its_text(n: int) -> None:
    text = link(random.Random(n), n)
    assert read(qr.encode(text)) == text


@pytest.mark.parametrize("mask", range(8))
def test_every_mask_makes_a_code_that_reads(mask: int) -> None:
    text = link(random.Random(mask), 300)
    assert read(qr.encode(text, mask=mask)) == text


def version(matrix: qr.Matrix) -> int:
    return (len(matrix) - 17) // 4


def test_the_smallest_version_and_level_that_hold_the_text_at_the_exact_bounds() -> None:
    # Version 1 at level M holds 14 bytes; 15 need version 2.
    assert version(qr.encode("a" * 14)) == 1
    assert version(qr.encode("a" * 15)) == 2
    # The largest code: version 40, level L (when M cannot hold it), 2,953 bytes.
    assert version(qr.encode("a" * 2331)) == 40  # the most at level M
    assert version(qr.encode("a" * 2332)) < 40  # one more: level L, a smaller code
    assert read(qr.encode("a" * 2953)) == "a" * 2953
    with pytest.raises(qr.TooLong, match=r"^2954 bytes is more than a QR code holds$"):
        qr.encode("a" * 2954)
    assert qr.qr_code("a" * 2954, "x") == ""


def test_the_svg_draws_each_dark_run_and_a_quiet_zone() -> None:
    svg = qr.svg([[True, True, False], [False, True, False], [True, False, True]], "A code")
    assert svg.startswith('<svg class="qr" viewBox="0 0 11 11" role="img" aria-label="A code"')
    assert 'd="M4 4h2v1h-2zM5 5h1v1h-1zM4 6h1v1h-1zM6 6h1v1h-1z"' in svg
