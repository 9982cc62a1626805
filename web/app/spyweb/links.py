"""Share links: a record (seed + setup + actions) packed into the URL's hash."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import spygames


class BadLink(ValueError):
    """A share link that cannot be opened; the message says why."""


def encode(record: dict[str, Any]) -> str:
    data = zlib.compress(json.dumps(record, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


MAX_PAYLOAD = 200_000  # characters of link
MAX_RECORD = 1_000_000  # bytes of JSON once decompressed


def decode(payload: str) -> spygames.State:
    """The game the link describes, replayed; BadLink with a reason otherwise. The work
    is bounded: the link's length, the decompressed size, and JSON nesting are capped."""
    if len(payload) > MAX_PAYLOAD:
        raise BadLink("This link is too long to be a spygames link.")
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(data, MAX_RECORD)
        if inflater.unconsumed_tail:
            raise BadLink("This link holds far more than a game: it was not opened.")
        record = json.loads(text.decode())
    except BadLink:
        raise
    except (ValueError, zlib.error, RecursionError) as exc:
        raise BadLink("This link is damaged: it does not hold a game.") from exc
    try:
        return spygames.replay(record)
    except (spygames.SpyGamesError, RecursionError) as exc:
        raise BadLink(f"This link's game cannot be replayed: {exc}.") from exc


def replay_route(record: dict[str, Any], seat: int = 0) -> str:
    """The address of a record's replay, watched as `seat` (see spyweb/replay.py)."""
    return f"#/replay/{encode(record)}" + (f"/{seat}" if seat else "")
