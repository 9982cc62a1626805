"""Share links: a record (seed + setup + actions) packed into the URL's hash."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import spygames
from spygames.i18n import N_, _
from spygames.protocol import RECORD_FORMAT
from spygames.record import pack


class BadLink(ValueError):
    """A link that cannot be opened. `str()` is the headline, in a player's words (in the
    language in use: a `Msg`); `detail` says exactly what was wrong (shown folded away, for
    a bug report: in English, as the engine says it)."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.message = message  # as given: a `Msg` stays one (`str()` gives a plain str)
        self.detail = detail


def encode(record: dict[str, Any]) -> str:
    return pack(record)


MAX_PAYLOAD = 200_000  # characters of link
MAX_RECORD = 1_000_000  # bytes of JSON once decompressed
# The headlines (translated when said: `_(CUT)`).
CUT = N_("This link is damaged: part of it is missing or changed, so it holds no game.")
DAMAGED = N_("This link is damaged or from a newer version of spygames: its game cannot be opened.")
NEWER = N_(
    "This link is from a newer version of spygames. Reload the page to update, "
    "then open the link again."
)


def unpack(payload: str) -> Any:
    """The link's record as JSON, not yet checked or replayed; BadLink with a reason
    otherwise. The work is bounded: the link's length, the decompressed size, and JSON
    nesting are capped."""
    if len(payload) > MAX_PAYLOAD:
        raise BadLink(
            _("This link is far too long to be a spygames link, so it was not opened."),
            f"{len(payload):,} characters; a spygames link has at most {MAX_PAYLOAD:,}",
        )
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(data, MAX_RECORD)
        if inflater.unconsumed_tail:
            raise BadLink(
                _("This link holds far more than a game, so it was not opened."),
                f"over {MAX_RECORD:,} bytes once unpacked",
            )
        record = json.loads(text.decode())
    except BadLink:
        raise
    except (ValueError, zlib.error, RecursionError) as exc:
        raise BadLink(_(CUT), f"it could not be unpacked ({type(exc).__name__}: {exc})") from exc
    return record


def game_of(payload: str) -> str | None:
    """The id of the shipped game a link is for, without replaying it; None for a link
    that cannot be unpacked or names no game we ship (decode then says why)."""
    try:
        record = unpack(payload)
    except BadLink:
        return None
    game = record.get("game") if isinstance(record, dict) else None
    return game if isinstance(game, str) and spygames.listing(game) is not None else None


def decode(payload: str) -> spygames.State:
    """The game the link describes, replayed; BadLink with a reason otherwise."""
    record = unpack(payload)
    if isinstance(record, dict):
        made = record.get("format")
        if isinstance(made, int) and not isinstance(made, bool) and made > RECORD_FORMAT:
            raise BadLink(_(NEWER), f"record format {made}; this version reads {RECORD_FORMAT}")
        game = record.get("game")
        if isinstance(game, str) and game not in spygames.GAMES:
            raise BadLink(
                _("This link is for a game this version of spygames does not have."),
                f"game {game[:40]!r}",
            )
    try:
        return spygames.replay(record)
    except (spygames.SpyGamesError, RecursionError) as exc:
        raise BadLink(_(DAMAGED), str(exc)) from exc


def replay_route(record: dict[str, Any], seat: int = 0) -> str:
    """The address of a record's replay, watched as `seat` (see spyweb/screens/replay.py)."""
    return f"#/replay/{encode(record)}" + (f"/{seat}" if seat else "")
