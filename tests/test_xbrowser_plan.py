"""The cross-engine smoke plan (e2e/xbrowser/plan.py): its moves are legal and made by
the page's own controls, and its verdict fails on each thing it exists to catch."""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e" / "xbrowser"))
import plan

import spygames
from spygames.espionage.cards import ATTRIBUTES

PRECACHED = 60


def good() -> dict[str, Any]:
    """What a driver finds when everything works: each save starts with the plan's move."""
    first, second = plan.dos_moves()
    records = {
        "deck-of-spies": {"actions": [first]},
        "espionage": {"actions": [plan.espionage_link()[1], {"type": "call"}]},  # a bot moved
        "spynet": {"actions": [plan.spynet_link()[1]]},
    }
    return {
        "events": [],
        "failed": None,
        "played": records,
        "reloaded": copy.deepcopy(records),
        "caches": {"spygames-abc": PRECACHED},
        "offline": {"actions": [first, second]},
        "problems_played": [],
        "problems_reloaded": [],
        "problems_offline": [],
    }


def test_the_moves_are_legal_where_the_plan_makes_them() -> None:
    state = spygames.get_game("deck-of-spies").new(seed=plan.DEAL)
    for move in plan.dos_moves():
        state.apply(move)  # raises IllegalAction if not
    payload, bid = plan.espionage_link()
    assert bid["type"] == "bid" and bid["attribute"] in ATTRIBUTES
    payload_sn, keep = plan.spynet_link()
    assert keep["type"] == "keep"
    clicks = [s["css"] for s in plan.steps() if s["do"] == "click"]
    assert clicks == [
        *(f"#card-{c}" for c in plan.dos_moves()[0]["cards"]),
        f"#act-{plan.dos_moves()[0]['type']}",
        f"#esp-attr-{bid['attribute']}",
        "#esp-bid",
        f"#sn-keep-{keep['card']}",
        "#act-end-turn",  # the second Deck of Spies move, offline
    ]
    routes = [s["hash"] for s in plan.steps() if s["do"] == "route"]
    assert f"#/play/{payload}" in routes and f"#/play/{payload_sn}" in routes
    # three boots: the first visit, a reload, an offline reload (after the server stops)
    boots = [i for i, s in enumerate(plan.steps()) if s["do"] == "boot"]
    offline = next(i for i, s in enumerate(plan.steps()) if s["do"] == "offline")
    assert len(boots) == 3 and boots[1] < offline < boots[2]


def test_all_well_is_no_problem() -> None:
    assert plan.problems(good(), PRECACHED) == []


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        (lambda f: f["problems_played"].append("page error: boom"), "played: page error: boom"),
        (lambda f: f["problems_offline"].append("outside the origin: x"), "offline: outside"),
        (lambda f: f["played"]["espionage"].update(actions=[]), "played: espionage's save"),
        (lambda f: f["reloaded"].update(spynet=None), "reloaded: spynet's save"),
        (lambda f: f["reloaded"]["deck-of-spies"]["actions"].clear(), "reloaded: deck-of-spies"),
        (lambda f: f.update(caches={}), "service worker's caches"),
        (lambda f: f.update(caches={"spygames-abc": PRECACHED - 1}), "service worker's caches"),
        (lambda f: f["offline"]["actions"].pop(), "offline: Deck of Spies"),
    ],
)
def test_each_failure_is_reported(spoil: Any, said: str) -> None:
    found = good()
    spoil(found)
    wrong = plan.problems(found, PRECACHED)
    assert len(wrong) == 1 and said in wrong[0], wrong
