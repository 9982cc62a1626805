"""Reviews kept beside their saves (issue 50: "a review once worked out is kept, not
worked out again on every opening").

A finished game's review, once worked out, is stored with the game's slot under
`spygames:review:<slot>:<seat>`: the decisions (`spygames.review.Decision`), the record's
digest, the bots key the advice was seeded with and the edition of the game's Hint
(`spygames.review.edition`). Opening the review again shows it at once while all four are
the same; a new Hint (another edition) works it out again. The entry goes with its slot
(`Saves.delete`, and the finished games dropped to make room). A damaged entry, or one of
another game, is worked out again as if there were none; a storage too full to keep one
still shows the review.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from functools import cache
from typing import Any

import spygames.review
from spygames.review import Decision

from .store import REVIEW, Saves, Slot

BUILT = os.path.join(os.path.dirname(os.path.dirname(__file__)), "editions.json")
MOST = 200_000  # characters: a kept review longer than this is damaged (SpyNet's: ~30 KB)


@dataclass(frozen=True)
class Kept:
    """A kept review: its decisions and when it was worked out (seconds since 1970)."""

    decisions: list[Decision]
    when: float


@cache
def _built() -> dict[str, str]:
    """The games' editions the build worked out from the sources (in the UI zip)."""
    try:
        with open(BUILT, encoding="utf-8") as file:
            found = json.load(file)
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def edition(game_id: str) -> str:
    """The edition of `game_id`'s Hint (`spygames.review.edition`): the build's, in the
    page, where a game's files arrive after Python may have started from a snapshot;
    worked out from the files where there is none (run from the sources)."""
    return str(_built().get(game_id) or spygames.review.edition(game_id))


def digest(record: dict[str, Any]) -> str:
    """The record's digest: a kept review is of this very game."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def key(slot: Slot, seat: int) -> str:
    return f"{REVIEW}{slot.id}:{seat}"


def find(saves: Saves, slot: Slot, seat: int, record: dict[str, Any], bots: int) -> Kept | None:
    """The review of `seat` in `slot`'s game kept for this record, bots key and edition."""
    raw = saves.storage.get(key(slot, seat))
    if raw is None or len(raw) > MOST:
        return None
    try:
        data = json.loads(raw)
        if not (
            isinstance(data, dict)
            and data.get("edition") == edition(str(record["game"]))
            and data.get("record") == digest(record)
            and data.get("bots") == bots
            and isinstance(data.get("decisions"), list)
        ):
            return None
        decisions = [Decision.from_json(d) for d in data["decisions"]]
        when = float(data.get("when", 0))
    except (ValueError, TypeError, RecursionError):
        return None
    return Kept(decisions, when)


def keep(
    saves: Saves,
    slot: Slot,
    seat: int,
    record: dict[str, Any],
    bots: int,
    decisions: list[Decision],
) -> bool:
    """Keep the review of `seat` with `slot`; False when the storage refuses it."""
    data = {
        "edition": edition(str(record["game"])),
        "record": digest(record),
        "bots": bots,
        "when": saves.clock(),
        "decisions": [d.to_json() for d in decisions],
    }
    return saves.set_quietly(key(slot, seat), json.dumps(data, separators=(",", ":")))
