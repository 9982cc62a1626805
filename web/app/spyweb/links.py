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


def decode(payload: str) -> spygames.State:
    """The game the link describes, replayed; BadLink with a reason otherwise."""
    if len(payload) > 200_000:
        raise BadLink("This link is too long to be a spygames link.")
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        record = json.loads(zlib.decompress(data, bufsize=1 << 16).decode())
    except (ValueError, zlib.error) as exc:
        raise BadLink("This link is damaged: it does not hold a game.") from exc
    try:
        return spygames.replay(record)
    except spygames.SpyGamesError as exc:
        raise BadLink(f"This link's game cannot be replayed: {exc}.") from exc
