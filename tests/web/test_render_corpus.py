"""The render corpus (`web/tools/render_corpus.py`), which shows that a refactor of the
screens left every page byte-identical, must itself stay sound: the same walk draws the
same pages every time, and its walks reach real play in every game."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[2] / "web" / "tools" / "render_corpus.py"


@pytest.fixture(scope="module")
def corpus() -> ModuleType:
    spec = importlib.util.spec_from_file_location("render_corpus", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["render_corpus"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.drawn_bots_keys  # the walk seeds the system's random source itself
@pytest.mark.parametrize("game", ["dos", "esp", "sn"])
def test_a_walk_is_the_same_every_time_and_plays(corpus: ModuleType, game: str) -> None:
    name, route, kinds, _ = next(w for w in corpus.WALKS if w[0].startswith(game))
    first = corpus.walk(name, route, kinds, 40)
    assert corpus.walk(name, route, kinds, 40) == first
    assert len(first) > 20
    moves = [p.split(" ", 2)[1] for p in first if p.startswith("<!-- ")]
    assert set(moves) - corpus.LOOKS, "the walk only looked, it never played"


def test_the_walks_never_press_what_asks_the_clock(corpus: ModuleType) -> None:
    assert {"hint", "newtable"} <= corpus.SKIP
    page = '<button data-act="hint">Hint</button><button data-act="bid" data-arg="2">Bid</button>'
    assert corpus.controls(page) == [("bid", "2")]
