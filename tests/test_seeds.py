"""Bot seeds come from a stream of their own, never from the game's seed.

A bot seeded with the game's seed starts its generator where the game's shuffle started,
so its guesses of the hidden orders could replay the real deal: a channel around the
view. `spygames.bot_seed` closes it, and every harness that seats a bot uses it.
"""

from __future__ import annotations

import ast
import hashlib
import itertools
import random
from pathlib import Path
from typing import Any

import pytest

import spygames
from spygames import bot_seed, seeds

ROOT = Path(__file__).resolve().parents[1]
HARNESSES = ("spygames", "web/app", "bench")
"""Where bots are seated at games: the engine's CLI and tools, the web app, the bench."""


def test_a_bot_seed_is_never_the_game_seed() -> None:
    game_seeds = itertools.chain(range(-100, 5000), (2**31 - 1, 2**32, 2**63, 2**64 - 1))
    for game_seed in game_seeds:
        for seat in range(5):
            for label in (seeds.DEFAULT_LABEL, "hint", "mover"):
                assert bot_seed(game_seed, seat, label) != game_seed


def test_the_bot_generator_does_not_start_where_the_game_shuffle_does() -> None:
    for game_seed in range(300):
        shuffle = random.Random(game_seed).getrandbits(64)
        for seat in range(4):
            assert random.Random(bot_seed(game_seed, seat)).getrandbits(64) != shuffle


def test_bot_seeds_are_stable_and_kept_apart() -> None:
    """Pinned values: SHA-256 gives the same seed on every CPython and on Pyodide, so a
    deal played against bots is the same everywhere. Seats and labels get their own."""
    assert bot_seed(7, 1) == 2897717018596848556
    assert bot_seed(0, 0) == 5699893884633090870
    assert bot_seed(7, 0, "hint") == 5047539469276285491
    found = {bot_seed(s, seat, label) for s in range(200) for seat in range(4)
             for label in ("bot", "hint")}  # fmt: skip
    assert len(found) == 200 * 4 * 2
    assert all(0 <= seed < 2**64 for seed in found)


def test_a_hash_equal_to_the_game_seed_is_moved_off_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one case a 64-bit hash cannot rule out, forced: the seed still differs."""

    class Echo:
        def __init__(self, data: bytes) -> None:
            self.seed = int(data.decode().rsplit("\x00", 2)[1])

        def digest(self) -> bytes:
            return self.seed.to_bytes(8, "big") + bytes(24)

    class FakeHashlib:
        sha256 = Echo

    monkeypatch.setattr(seeds, "hashlib", FakeHashlib)
    assert bot_seed(5, 0) == 4
    monkeypatch.setattr(seeds, "hashlib", hashlib)
    assert bot_seed(5, 0) != 5


def _seeded_bots(path: Path) -> list[tuple[int, str]]:
    """Every call that makes a bot with a seed (`x.bot(level, seed)`, `SomeBot(seed=…)`)
    and whose seed is not `bot_seed(…)` or a fixed number: (line, source)."""
    tree = ast.parse(path.read_text(), str(path))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        seeds_given: list[Any] = [k.value for k in node.keywords if k.arg == "seed"]
        if name == "bot" and len(node.args) > 1:
            seeds_given.append(node.args[1])
        elif not (name == "bot" or name.endswith("Bot")):
            continue
        for seed in seeds_given:
            if isinstance(seed, ast.Constant):
                continue
            if isinstance(seed, ast.Call):
                called = seed.func
                called_name = (
                    called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
                )
                if called_name == "bot_seed":
                    continue
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_every_harness_seeds_its_bots_with_bot_seed() -> None:
    """CLI play and simulate, strength, the web tables and the Hint, bench: no bot is
    seeded by arithmetic on a game's seed (`seed * 31 + seat` is the game's seed at 0)."""
    offenders = []
    files = [p for where in HARNESSES for p in sorted((ROOT / where).rglob("*.py"))]
    assert any(p.name == "cli.py" for p in files) and any(p.name == "table.py" for p in files)
    for path in files:
        if "node_modules" in path.parts:
            continue
        offenders += [f"{path.relative_to(ROOT)}:{line}: {src}" for line, src in _seeded_bots(path)]
    assert not offenders, "\n".join(offenders)


def test_the_check_sees_a_seed_taken_from_the_game(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "a = game.bot('hard', seed=state.seed * 31 + i)\n"
        "b = game.bot('hard', state.seed)\n"
        "c = HardBot(seed=deal)\n"
        "d = game.bot('hard', seed=spygames.bot_seed(state.seed, i))\n"
        "e = game.bot('easy', seed=1)\n"
    )
    assert [line for line, _ in _seeded_bots(sample)] == [1, 2, 3]


def test_bot_seed_is_exported() -> None:
    assert spygames.bot_seed is bot_seed and "bot_seed" in spygames.__all__
