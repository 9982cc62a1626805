"""Untrusted input never breaks the page (issue 12 item 3): records, share links, stored
slots, imported files and addresses, generated and broken (`tests/drivers/untrusted.py`), give
a game or a clean refusal with a reason a player can read — never another exception.
`make fuzz` tries many more."""

from __future__ import annotations

import base64
import json
import os
import zlib
from collections.abc import Callable

import pytest
from drivers import untrusted
from spyweb.browser import links, transfer
from spyweb.browser.store import MemoryStorage, Saves, parse_slot

import spygames

COUNT = int(os.environ.get("FUZZ_INPUTS", 5_000))  # `make fuzz` asks for 100,000


def test_generated_untrusted_input_opens_or_is_refused_cleanly(
    record_property: Callable[[str, object], None],
) -> None:
    report = untrusted.fuzz(COUNT, seed=0)
    # the count is printed in every run of the suite (by conftest, after the tests: a
    # pytest-xdist worker's own output never reaches the terminal)
    record_property("figures", report.summary())
    assert report.tried.total() == COUNT
    assert not report.failures, "\n".join(report.failures[:5])
    # Both outcomes occur: the generator makes real games as well as broken ones.
    assert report.outcomes["opened"] > COUNT // 50 and report.outcomes["refused"] > COUNT // 2


def record() -> dict[str, object]:
    state = spygames.get_game("espionage").new(seed=2, players=3)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    return state.record()


def deep(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"options": deep(60)}, "nested more than"),
        ({"seed": 2**64}, "the seed must be a whole number from 0"),
        ({"seed": -1}, "the seed must be a whole number from 0"),
        ({"seed": "7"}, "seed must be a whole number"),
        ({"seed": True}, "the seed must be a whole number from 0"),
        ({"format": 2}, "unknown record format 2"),
        ({"format": 0}, "unknown record format 0"),
        ({"format": 1.0}, "unknown record format 1.0"),
        ({"format": True}, "unknown record format True"),
        ({"format": "1"}, "unknown record format '1'"),
        ({"format": None}, "unknown record format None"),
        ({"game": ["espionage"]}, "no game called"),
        ({"players": 10**40}, "players"),
        (
            {"actions": [{"type": "bid", "count": 10**30, "attribute": "face", "next": 1}]},
            "action 0",
        ),
    ],
)
def test_replay_refuses_a_broken_record_with_a_reason(
    change: dict[str, object], reason: str
) -> None:
    with pytest.raises(spygames.InvalidRecord, match=reason):
        spygames.replay({**record(), **change})


def test_replay_refuses_actions_out_of_order() -> None:
    broken = record()
    actions = broken["actions"]
    assert isinstance(actions, list)
    actions.reverse()
    with pytest.raises(spygames.InvalidRecord, match="action"):
        spygames.replay(broken)


def pack(data: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode().rstrip("=")


@pytest.mark.parametrize(
    "payload",
    [
        pack(json.dumps({**record(), "setup": deep(500)}).encode()),  # within json's reach
        pack(b"[" * 300_000 + b"]" * 300_000),  # beyond it
        pack(b"\xff\xfe\x00garbage"),  # not UTF-8
        pack(b" " * 30_000_000),  # a zip bomb
        pack(json.dumps({**record(), "game": "chess"}).encode()),
        links.encode(record())[:-9],  # cut short
    ],
)
def test_a_broken_link_is_a_bad_link(payload: str) -> None:
    with pytest.raises(links.BadLink) as caught:
        links.decode(payload)
    untrusted.readable(str(caught.value))


def test_a_broken_save_is_listed_as_damaged_and_an_import_refused() -> None:
    raw = json.dumps({"record": {**record(), "actions": deep(900)}})
    slot = parse_slot("espionage-x", raw)
    assert slot.problem is not None and "nested" in slot.problem
    with pytest.raises(transfer.BadFile, match="damaged"):
        transfer.read(json.dumps({**record(), "game": {"a": 1}}), Saves(MemoryStorage()))
