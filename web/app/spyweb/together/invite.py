"""The two messages that connect a friend's device to a seat: the invitation and the reply.

WebRTC connects two browsers once each has the other's description of itself (its
"session description": the ways it can be reached). With no server to carry them, the
players carry them: the host's device writes an **invitation** (its description, the
table's id, the seat, the game, and names) into a link; the friend opens it, and their
device writes a **reply** (its own description, for that table and seat) as a code to
send back. Both are packed the way share links are (JSON, deflate, URL-safe base64),
behind a prefix that says which of the two it is, and both are checked on arrival
exactly like a message from a peer: bounded, and every field of the right kind.

>>> table = "abcdefgh12345678"
>>> code = invitation_code(Invitation("v=0\\r\\n", table, 1, "espionage", "Ana", "Ben"))
>>> code.startswith(INVITE)
True
>>> read_invitation(code).seat_name
'Ben'
>>> read_reply(code)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spyweb.together.invite.BadCode: This is an invitation, not a reply: it goes to the friend...
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from spygames.i18n import _, ngettext

from .wire import MAX_SEATS, is_table_id

INVITE = "spyi1."  # an invitation, as the end of a link: …#/join/spyi1.…
REPLY = "spyr1."  # a reply, as a code (or the end of a link: …#/answer/spyr1.…)
MAX_CODE = 16_000  # characters: a description with every address of a busy device
MAX_DESCRIPTION = 24_000  # bytes of JSON once unpacked
MAX_NAME = 40


class BadCode(ValueError):
    """An invitation or reply that cannot be used, in a player's words."""


@dataclass(frozen=True)
class Invitation:
    description: str  # the host device's session description (SDP)
    table: str  # the table's id: the reply must name it
    seat: int
    game: str
    host_name: str
    seat_name: str
    ice: tuple[str, ...] = ()  # STUN servers the host chose (none: one network only)
    scan: bool = False  # the host's browser can scan the reply's QR code


@dataclass(frozen=True)
class Reply:
    description: str  # the friend's device's session description (SDP)
    table: str
    seat: int
    made: int = 0  # when it was made (ms since 1970, the friend's clock): the newest counts


def _pack(prefix: str, fields: dict[str, Any]) -> str:
    data = zlib.compress(json.dumps(fields, separators=(",", ":")).encode(), 9)
    return prefix + base64.urlsafe_b64encode(data).decode().rstrip("=")


def invitation_code(invitation: Invitation) -> str:
    return _pack(INVITE, asdict(invitation))


def reply_code(reply: Reply) -> str:
    return _pack(REPLY, asdict(reply))


def _unpack(code: Any, prefix: str) -> dict[str, Any]:
    """The fields packed in `code`, an invitation (`prefix` INVITE) or a reply (REPLY)."""
    invitation = prefix == INVITE
    damaged = (
        _("This invitation is damaged: part of it is missing or changed.")
        if invitation
        else _("This reply is damaged: part of it is missing or changed.")
    )
    if not isinstance(code, str):
        raise BadCode(_("This is not an invitation.") if invitation else _("This is not a reply."))
    code = "".join(code.split())  # a code pasted across lines
    other = REPLY if invitation else INVITE
    marker = code.rfind(prefix)
    if marker < 0:
        if other in code:
            raise BadCode(
                _("This is an invitation, not a reply: it goes to the friend who is invited.")
                if other == INVITE
                else _("This is a reply, not an invitation: it goes back to the host.")
            )
        # translators: {prefix} is how the code begins: "spyi1." or "spyr1."
        raise BadCode(
            _("This is not an invitation: it should start with “{prefix}”.", prefix=prefix)
            if invitation
            else _("This is not a reply: it should start with “{prefix}”.", prefix=prefix)
        )
    payload = code[marker + len(prefix) :]
    if len(payload) > MAX_CODE:
        raise BadCode(
            _("This is far too long to be an invitation.")
            if invitation
            else _("This is far too long to be a reply.")
        )
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(data, MAX_DESCRIPTION)
        if inflater.unconsumed_tail:
            raise BadCode(
                _("This holds far more than an invitation.")
                if invitation
                else _("This holds far more than a reply.")
            )
        fields = json.loads(text.decode())
    except BadCode:
        raise
    except (ValueError, zlib.error, binascii.Error, RecursionError) as exc:
        raise BadCode(damaged) from exc
    if not isinstance(fields, dict):
        raise BadCode(damaged)
    return fields


def _check(fields: dict[str, Any], kinds: Mapping[str, type], invitation: bool) -> None:
    """Each field of an invitation (or, not `invitation`, a reply) is there, of its kind."""
    if set(fields) != set(kinds) or any(
        not isinstance(fields[k], t) or (t is not bool and isinstance(fields[k], bool))
        for k, t in kinds.items()
    ):
        raise BadCode(
            _("This invitation is damaged or from another version of spygames.")
            if invitation
            else _("This reply is damaged or from another version of spygames.")
        )
    if not fields["description"].startswith("v=0") or not fields["description"].isascii():
        raise BadCode(
            _("This invitation holds no way to reach the other device.")
            if invitation
            else _("This reply holds no way to reach the other device.")
        )
    if not is_table_id(fields["table"]) or not 0 <= fields["seat"] < MAX_SEATS:
        raise BadCode(
            _("This invitation is damaged: it names no table or seat.")
            if invitation
            else _("This reply is damaged: it names no table or seat.")
        )
    for name in ("host_name", "seat_name", "game"):
        if name in fields and not 0 < len(fields[name]) <= MAX_NAME:
            raise BadCode(
                _("This invitation is damaged: a name is missing or too long.")
                if invitation
                else _("This reply is damaged: a name is missing or too long.")
            )


def read_invitation(code: Any) -> Invitation:
    """The invitation in `code` (the code, or a whole link ending in it); BadCode if not."""
    fields = _unpack(code, INVITE)
    kinds: dict[str, type] = {k: str for k in Invitation.__dataclass_fields__}
    kinds.update(seat=int, ice=list, scan=bool)
    _check(fields, kinds, invitation=True)
    ice = fields.pop("ice")
    if len(ice) > MAX_SERVERS or not all(is_stun(url) for url in ice):
        raise BadCode(_("This invitation names a server that is not a STUN server."))
    return Invitation(**{**fields, "ice": tuple(ice)})


MAX_SERVERS = 4
STUN = ("stun:stun.l.google.com:19302",)  # the STUN server used unless the player chose


def is_stun(url: Any) -> bool:
    """A STUN server's address, as WebRTC takes it: `stun:host[:port]` (or `stuns:`, over
    TLS), nothing else (no TURN: a relay would carry the game's messages through someone
    else's machine).

    >>> is_stun("stun:stun.example.org:3478"), is_stun("stuns:stun.example.org")
    (True, True)
    >>> is_stun("turn:relay.example.org"), is_stun("stun:"), is_stun("http://example.org")
    (False, False, False)
    """
    if not isinstance(url, str) or len(url) > 200:
        return False
    scheme, colon, host = url.partition(":")
    return (
        scheme in ("stun", "stuns")
        and bool(colon and host)
        and all(c.isascii() and (c.isalnum() or c in ".-:[]") for c in host)
    )


def stun_list(text: str) -> tuple[str, ...]:
    """The STUN servers a player typed (one a line, or apart by spaces), each once; an
    empty list means the default. ValueError saying what is wrong, in words.

    >>> stun_list("stun:a.example.org\\n stun:b.example.org:3478")
    ('stun:a.example.org', 'stun:b.example.org:3478')
    >>> stun_list("turn:relay.example.org")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: “turn:relay.example.org” is a TURN relay, not a STUN server: ...
    """
    urls = tuple(dict.fromkeys(text.split()))
    for url in urls:
        if is_stun(url):
            continue
        shown = url if len(url) <= 60 else url[:60] + "…"
        if url.lower().startswith(("turn:", "turns:")):
            raise ValueError(
                # translators: {url} is the address the player typed
                _(
                    "“{url}” is a TURN relay, not a STUN server: a relay would carry the "
                    "game's messages through someone else's machine. Only stun: or stuns: "
                    "addresses are taken.",
                    url=shown,
                )
            )
        raise ValueError(
            # translators: {url} is the address the player typed
            _(
                "“{url}” is not a STUN server's address: each must start with stun: or "
                "stuns:, like stun:stun.example.org:3478.",
                url=shown,
            )
        )
    if len(urls) > MAX_SERVERS:
        raise ValueError(
            ngettext(
                "That is {n} STUN server: at most {most} are taken (one or two is plenty).",
                "That is {n} STUN servers: at most {most} are taken (one or two is plenty).",
                len(urls),
                most=MAX_SERVERS,
            )
        )
    return urls


def read_reply(code: Any) -> Reply:
    """The reply in `code` (the code, or a whole link ending in it); BadCode if not."""
    fields = _unpack(code, REPLY)
    kinds = {k: (int if k in ("seat", "made") else str) for k in Reply.__dataclass_fields__}
    _check(fields, kinds, invitation=False)
    return Reply(**fields)
