"""A unit of the engine in anyone's PyScript page (issue 39): Pyodide under Node (the
site's `vendor/pyodide-py/`, as shipped) loads micropip from its lock file, installs the
engine from the site's PEP 503 index (`simple/`, served over HTTP as Pages serves it) and
plays a game to its end, the same game as on CPython. Here, not in tests/, because it
needs the built site."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from server import SiteServer

import spygames

ROOT = Path(__file__).resolve().parents[1]


def test_micropip_in_pyodide_under_node_installs_the_engine_from_the_sites_index(
    pytestconfig: pytest.Config,
) -> None:
    if pytestconfig.getoption("--base-url"):
        pytest.skip("reads the built _site/")
    node = shutil.which("node")
    assert node is not None, "Node is needed (Pyodide runs under it)"
    site = ROOT / "_site"
    with SiteServer(site) as server:
        done = subprocess.run(
            [node, str(ROOT / "e2e" / "micropip_node.mjs"), str(site), server.url],
            capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
        asked = list(server.requests)
    said = [line for line in done.stderr.splitlines() if len(line) < 400]  # not minified code
    assert done.returncode == 0, "\n".join(said[-20:])
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["installer"] == "micropip" and found["version"] == spygames.__version__
    game = spygames.get_game("deck-of-spies")
    state = game.new(seed=3, players=1)
    bot = game.bot("normal", seed=1)
    while not state.is_over:
        state.apply(bot.choose(state.view(0), state.legal_actions()))
    assert found["moves"] == len(state.actions) and found["result"] == state.result
    assert any(a.startswith("/spygames/simple/spygames/") for a in asked), asked
    assert any(a.startswith("/spygames/wheels/spygames-") for a in asked), asked
