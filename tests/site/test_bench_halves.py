"""`make bench-quick` runs the bench's parts in two processes at once (`--jobs 2`): the
two halves together are every part the bench runs, each once, or a part would rot
unseen (bench/__main__.py, read as source: the bench imports the e2e suite's helpers)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

SOURCE = (Path(__file__).resolve().parents[2] / "bench" / "__main__.py").read_text()


def test_the_two_halves_are_every_part_once() -> None:
    module = ast.parse(SOURCE)
    (measure,) = [n for n in module.body if isinstance(n, ast.FunctionDef) and n.name == "measure"]
    parts = re.findall(r'parts\.run\(\s*"(\w+)"', ast.get_source_segment(SOURCE, measure) or "")
    assert len(parts) == 13, parts
    (halves,) = [
        ast.literal_eval(n.value)
        for n in module.body
        if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "HALVES"
    ]
    assert sorted(part for half in halves for part in half) == sorted(parts)
