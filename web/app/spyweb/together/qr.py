"""QR codes for invitations and replies, drawn as SVG: a phone's camera opens the link.

A small encoder of the QR Code standard (ISO/IEC 18004) for what the app needs: text in
byte mode, error correction level M (15% of the code may be damaged and still read) or
L when the text is too long for M, versions 1–40, the mask with the lowest penalty.
Every size and mask is read back by a maintained decoder (zxing-cpp) in the tests.

>>> matrix = encode("https://example.org/#/join/spyi1.abc")  # 36 bytes: version 3
>>> len(matrix), matrix[0][:8]
(29, [True, True, True, True, True, True, True, False])
"""

from __future__ import annotations

from collections.abc import Callable

# Table 9 of the standard, levels L and M: per version, the block groups as (blocks,
# codewords in a block, data codewords in a block).
Blocks = tuple[tuple[int, int, int], ...]
LEVEL_L: tuple[Blocks, ...] = (
    ((1, 26, 19),), ((1, 44, 34),), ((1, 70, 55),), ((1, 100, 80),), ((1, 134, 108),),
    ((2, 86, 68),), ((2, 98, 78),), ((2, 121, 97),), ((2, 146, 116),),
    ((2, 86, 68), (2, 87, 69)), ((4, 101, 81),), ((2, 116, 92), (2, 117, 93)),
    ((4, 133, 107),), ((3, 145, 115), (1, 146, 116)), ((5, 109, 87), (1, 110, 88)),
    ((5, 122, 98), (1, 123, 99)), ((1, 135, 107), (5, 136, 108)),
    ((5, 150, 120), (1, 151, 121)), ((3, 141, 113), (4, 142, 114)),
    ((3, 135, 107), (5, 136, 108)), ((4, 144, 116), (4, 145, 117)),
    ((2, 139, 111), (7, 140, 112)), ((4, 151, 121), (5, 152, 122)),
    ((6, 147, 117), (4, 148, 118)), ((8, 132, 106), (4, 133, 107)),
    ((10, 142, 114), (2, 143, 115)), ((8, 152, 122), (4, 153, 123)),
    ((3, 147, 117), (10, 148, 118)), ((7, 146, 116), (7, 147, 117)),
    ((5, 145, 115), (10, 146, 116)), ((13, 145, 115), (3, 146, 116)),
    ((17, 145, 115),), ((17, 145, 115), (1, 146, 116)), ((13, 145, 115), (6, 146, 116)),
    ((12, 151, 121), (7, 152, 122)), ((6, 151, 121), (14, 152, 122)),
    ((17, 152, 122), (4, 153, 123)), ((4, 152, 122), (18, 153, 123)),
    ((20, 147, 117), (4, 148, 118)), ((19, 148, 118), (6, 149, 119)),
)  # fmt: skip
LEVEL_M: tuple[Blocks, ...] = (
    ((1, 26, 16),), ((1, 44, 28),), ((1, 70, 44),), ((2, 50, 32),), ((2, 67, 43),),
    ((4, 43, 27),), ((4, 49, 31),), ((2, 60, 38), (2, 61, 39)), ((3, 58, 36), (2, 59, 37)),
    ((4, 69, 43), (1, 70, 44)), ((1, 80, 50), (4, 81, 51)), ((6, 58, 36), (2, 59, 37)),
    ((8, 59, 37), (1, 60, 38)), ((4, 64, 40), (5, 65, 41)), ((5, 65, 41), (5, 66, 42)),
    ((7, 73, 45), (3, 74, 46)), ((10, 74, 46), (1, 75, 47)), ((9, 69, 43), (4, 70, 44)),
    ((3, 70, 44), (11, 71, 45)), ((3, 67, 41), (13, 68, 42)), ((17, 68, 42),),
    ((17, 74, 46),), ((4, 75, 47), (14, 76, 48)), ((6, 73, 45), (14, 74, 46)),
    ((8, 75, 47), (13, 76, 48)), ((19, 74, 46), (4, 75, 47)), ((22, 73, 45), (3, 74, 46)),
    ((3, 73, 45), (23, 74, 46)), ((21, 73, 45), (7, 74, 46)), ((19, 75, 47), (10, 76, 48)),
    ((2, 74, 46), (29, 75, 47)), ((10, 74, 46), (23, 75, 47)), ((14, 74, 46), (21, 75, 47)),
    ((14, 74, 46), (23, 75, 47)), ((12, 75, 47), (26, 76, 48)), ((6, 75, 47), (34, 76, 48)),
    ((29, 74, 46), (14, 75, 47)), ((13, 74, 46), (32, 75, 47)), ((40, 75, 47), (7, 76, 48)),
    ((18, 75, 47), (31, 76, 48)),
)  # fmt: skip
LEVELS = {"M": (LEVEL_M, 0b00), "L": (LEVEL_L, 0b01)}  # the format's bits for each level
MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
)

# GF(256) with the standard's polynomial x^8 + x^4 + x^3 + x^2 + 1.
EXP = [0] * 512
LOG = [0] * 256
_value = 1
for _i in range(255):
    EXP[_i], LOG[_value] = _value, _i
    _value = (_value << 1) ^ (0x11D if _value & 0x80 else 0)
for _i in range(255, 512):
    EXP[_i] = EXP[_i - 255]

Matrix = list[list[bool]]


class TooLong(ValueError):
    """The text does not fit in the largest QR code."""


def _ec_codewords(data: list[int], count: int) -> list[int]:
    """The Reed–Solomon error correction codewords of one block."""
    generator = [1]  # the product of (x - a^i), highest power first
    for i in range(count):
        shifted = [*generator, 0]
        for j in range(1, len(shifted)):
            if generator[j - 1]:
                shifted[j] ^= EXP[LOG[generator[j - 1]] + i]
        generator = shifted
    remainder = [0] * count
    for byte in data:
        factor = byte ^ remainder[0]
        remainder = [*remainder[1:], 0]
        if factor:
            for j in range(count):
                if generator[j + 1]:
                    remainder[j] ^= EXP[LOG[generator[j + 1]] + LOG[factor]]
    return remainder


def _capacity(blocks: Blocks) -> int:
    return sum(n * data for n, _, data in blocks)


def _codewords(text: bytes, version: int, blocks: Blocks) -> list[int]:
    """The data in byte mode, padded, split in blocks, with their error correction,
    interleaved as the standard places them."""
    bits: list[int] = []

    def put(value: int, length: int) -> None:
        bits.extend((value >> i) & 1 for i in reversed(range(length)))

    put(0b0100, 4)
    put(len(text), 8 if version < 10 else 16)
    for byte in text:
        put(byte, 8)
    capacity = _capacity(blocks) * 8
    put(0, min(4, capacity - len(bits)))
    put(0, -len(bits) % 8)
    data = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = 0xEC
    while len(data) < capacity // 8:
        data.append(pad)
        pad ^= 0xEC ^ 0x11
    split: list[list[int]] = []
    at = 0
    for count, _, size in blocks:
        for _ in range(count):
            split.append(data[at : at + size])
            at += size
    ec_size = blocks[0][1] - blocks[0][2]
    ecs = [_ec_codewords(block, ec_size) for block in split]
    out = [b[i] for i in range(max(map(len, split))) for b in split if i < len(b)]
    return out + [e[i] for i in range(ec_size) for e in ecs]


def _alignment(version: int) -> list[int]:
    if version == 1:
        return []
    count = version // 7 + 2
    size = version * 4 + 17
    step = 26 if version == 32 else (version * 4 + count * 2 + 1) // (count * 2 - 2) * 2
    return [6, *reversed([size - 7 - i * step for i in range(count - 1)])]


def _bch(value: int, poly: int, length: int) -> int:
    remainder = value
    for _ in range(length):
        remainder = (remainder << 1) ^ ((remainder >> (length - 1)) * poly)
    return remainder


class _Symbol:
    def __init__(self, version: int) -> None:
        self.version = version
        self.size = size = version * 4 + 17
        self.dark: Matrix = [[False] * size for _ in range(size)]
        self.fixed: Matrix = [[False] * size for _ in range(size)]
        self._patterns()

    def set(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True

    def _patterns(self) -> None:
        size = self.size
        for i in range(size):
            self.set(6, i, i % 2 == 0)
            self.set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < size and 0 <= y < size:
                        ring = max(abs(dx), abs(dy))
                        self.set(x, y, ring not in (2, 4))
        places = _alignment(self.version)
        last = len(places) - 1
        for i, cx in enumerate(places):
            for j, cy in enumerate(places):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        self.format(0, 0)  # reserve the format's modules (drawn for real once masked)
        if self.version >= 7:
            bits = self.version << 12 | _bch(self.version, 0x1F25, 12)
            for i in range(18):
                dark = (bits >> i) & 1 == 1
                a, b = size - 11 + i % 3, i // 3
                self.set(a, b, dark)
                self.set(b, a, dark)

    def format(self, level_bits: int, mask: int) -> None:
        data = level_bits << 3 | mask
        bits = (data << 10 | _bch(data, 0x537, 10)) ^ 0x5412
        size = self.size
        for i in range(6):
            self.set(8, i, (bits >> i) & 1 == 1)
        self.set(8, 7, (bits >> 6) & 1 == 1)
        self.set(8, 8, (bits >> 7) & 1 == 1)
        self.set(7, 8, (bits >> 8) & 1 == 1)
        for i in range(9, 15):
            self.set(14 - i, 8, (bits >> i) & 1 == 1)
        for i in range(8):
            self.set(size - 1 - i, 8, (bits >> i) & 1 == 1)
        for i in range(8, 15):
            self.set(8, size - 15 + i, (bits >> i) & 1 == 1)
        self.set(8, size - 8, True)

    def place(self, codewords: list[int]) -> None:
        size, i = self.size, 0
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5
            for vert in range(size):
                for j in range(2):
                    x = right - j
                    upward = (right + 1) & 2 == 0
                    y = size - 1 - vert if upward else vert
                    if not self.fixed[y][x] and i < len(codewords) * 8:
                        self.dark[y][x] = (codewords[i >> 3] >> (7 - (i & 7))) & 1 == 1
                        i += 1
            right -= 2

    def masked(self, mask: int) -> Matrix:
        rule = MASKS[mask]
        return [
            [d != (not self.fixed[y][x] and rule(x, y)) for x, d in enumerate(row)]
            for y, row in enumerate(self.dark)
        ]


def penalty(matrix: Matrix) -> int:
    """The standard's penalty of a masked symbol (lower reads better)."""
    size = len(matrix)
    score = 0
    lines = matrix + [list(col) for col in zip(*matrix, strict=True)]
    finder = [True, False, True, True, True, False, True, False, False, False, False]
    for line in lines:
        run, last = 0, None
        for dark in line:
            run = run + 1 if dark == last else 1
            last = dark
            if run == 5:
                score += 3
            elif run > 5:
                score += 1
        text = [False] * 4 + line + [False] * 4
        for i in range(len(text) - 10):
            window = text[i : i + 11]
            if window in (finder, finder[::-1]):
                score += 40
    for y in range(size - 1):
        for x in range(size - 1):
            if matrix[y][x] == matrix[y][x + 1] == matrix[y + 1][x] == matrix[y + 1][x + 1]:
                score += 3
    darks = sum(row.count(True) for row in matrix)
    score += abs(darks * 20 - size * size * 10) // (size * size) * 10
    return score


def encode(text: str, *, mask: int | None = None, version: int | None = None) -> Matrix:
    """The QR code of `text` (True: a dark module), level M, or L when M cannot hold it."""
    data = text.encode()
    for level, (table, level_bits) in LEVELS.items():
        for v in range(1, 41) if version is None else (version,):
            header = 4 + (8 if v < 10 else 16)
            if (header + 8 * len(data) + 7) // 8 <= _capacity(table[v - 1]):
                symbol = _Symbol(v)
                symbol.place(_codewords(data, v, table[v - 1]))
                masks = range(8) if mask is None else (mask,)
                best = min(masks, key=lambda m: penalty(_format(symbol, level_bits, m)))
                return _format(symbol, level_bits, best)
        del level
    raise TooLong(f"{len(data)} bytes is more than a QR code holds")


def _format(symbol: _Symbol, level_bits: int, mask: int) -> Matrix:
    symbol.format(level_bits, mask)
    return symbol.masked(mask)


def svg(matrix: Matrix, label: str) -> str:
    """The code as an SVG image (dark on white, a quiet zone of 4 modules), one path."""
    size = len(matrix)
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < size:
            if row[x]:
                start = x
                while x < size and row[x]:
                    x += 1
                runs.append(f"M{start + 4} {y + 4}h{x - start}v1h-{x - start}z")
            x += 1
    side = size + 8
    return (
        f'<svg class="qr" viewBox="0 0 {side} {side}" role="img" aria-label="{label}" '
        'xmlns="http://www.w3.org/2000/svg" shape-rendering="crispEdges">'
        f'<rect width="{side}" height="{side}" fill="#fff"/>'
        f'<path fill="#000" d="{"".join(runs)}"/></svg>'
    )


def qr_code(text: str, label: str) -> str:
    """`text` as an SVG QR code, or "" when it is too long for one."""
    try:
        return svg(encode(text), label)
    except TooLong:
        return ""
