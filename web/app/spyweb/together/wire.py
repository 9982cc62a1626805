"""What two devices at one table say to each other once they are connected.

The host's device holds the game and is its referee; a guest's device holds one seat.
Every message is one JSON object with the protocol's version `v` and its `kind`, and
nothing else but the fields its kind lists. Each end checks every message it receives
against this file before it acts on it: a peer is a stranger's page, and a message
that is too long, not JSON, of another version, of an unknown kind, with a missing,
extra or ill-typed field is refused with `BadMessage`, in words a player can read.

From the host:
- `welcome`: the seat is yours (its number, your name, the game, the table's id);
- `scene`: everything your seat may see now (`scene`), at move `n` of the game;
- `played`: your action `id` was played, as move `n` of the game;
- `undone`: your Undo `id` took your last decision back, or (`id` 0) another friend's
  did: the game is back at move `n`, and the scene drawn there follows;
- `refused`: your action `id` (0: a message that was no action) was not played, and
  why (the engine's words); the game stands at move `n`;
- `seat`: whether a bot plays your seat now (`bot`: the host let one play it while you
  were away; you see the table, and the host can give the seat back);
- `newgame`: the host started a new game at this table, with the same seats (`words`
  say so); the new game's scenes follow, from move 0;
- `closed`: the host stopped the table for now (`reason`).

From a guest:
- `hello`: I hold the invitation to seat `seat` of table `table`;
- `act`: play `action` at move `n` (the move the guest's scene was drawn at, so an
  action sent for a position that has since moved on is told apart from one for now).
  Its `id` (a number the guest's page draws at random, never 0) names it: every `act` is
  answered `played` or `refused` with its id, and an `act` sent again after a
  reconnection is answered as the first was, never played twice;
- `undo`: take back my last decision, as far as the engine's Undo rule allows my seat
  (chosen at move `n`, with an `id`, and answered like an `act`: `undone` or `refused`);
- `bye`: I am leaving the table.

Either way: `ping` and `pong` (with a number `t` the other end sends back) tell a
dropped connection from a quiet one.

>>> text = encode({"kind": "act", "id": 7, "n": 3, "action": {"type": "call"}})
>>> text
'{"v":3,"kind":"act","id":7,"n":3,"action":{"type":"call"}}'
>>> decode(text, FROM_GUEST)["action"]
{'type': 'call'}
>>> decode('{"v":3,"kind":"scene","n":3,"scene":{}}', FROM_GUEST)
Traceback (most recent call last):
...
spyweb.together.wire.BadMessage: a guest cannot send “scene”
"""

from __future__ import annotations

import json
import math
from typing import Any

from spygames import i18n
from spygames.i18n import N_, _

VERSION = 3  # 2: actions carry an id, answered `played` or `refused`; 3: words as messages
MAX_FROM_GUEST = 4_096  # characters: a guest says little (an action is under 200)
MAX_FROM_HOST = 262_144  # characters: a scene with its log (a long SpyNet game's is ~40 KB)
MAX_DEPTH = 48  # nesting of a message: a scene reaches 8, its words as messages (i18n.data) ~20
MAX_SEATS = 4
TABLE_ID = 16  # characters of a table's id (letters, digits, - and _)
HOST = "host"  # the key of a friend's one connection, to the host (the host keys by seat)

Message = dict[str, Any]

# Each kind's fields (beside `v` and `kind`) and their types.
FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "welcome": {"seat": int, "name": str, "game": str, "table": str},
    "scene": {"n": int, "scene": dict},
    "played": {"id": int, "n": int},
    "undone": {"id": int, "n": int},
    "refused": {"id": int, "n": int, "reason": (str, dict)},
    "seat": {"bot": bool},
    "newgame": {"words": (str, dict)},
    "closed": {"reason": (str, dict)},
    "hello": {"table": str, "seat": int},
    "act": {"id": int, "n": int, "action": dict},
    "undo": {"id": int, "n": int},
    "bye": {},
    "ping": {"t": int},
    "pong": {"t": int},
}
FROM_HOST = frozenset(
    {"welcome", "scene", "played", "undone", "refused", "seat", "newgame", "closed", "ping",
     "pong"}
)  # fmt: skip
FROM_GUEST = frozenset({"hello", "act", "undo", "bye", "ping", "pong"})


class BadMessage(ValueError):
    """A message refused, and why, in words a player can read."""


def encode(message: Message) -> str:
    """The message as the wire carries it, stamped with this protocol's version. Words
    in it travel as the messages they were made from (`spygames.i18n.data`): the other
    device says them in its own language."""
    return json.dumps({"v": VERSION, **i18n.data(message)}, separators=(",", ":"), allow_nan=False)


def _constant(name: str) -> Any:
    # translators: {name} is what JSON does not allow: NaN, Infinity or -Infinity
    raise BadMessage(_("the message holds {name}, which is not a number JSON allows", name=name))


def decode(text: Any, kinds: frozenset[str]) -> Message:
    """The message in `text`, checked to be one of `kinds` in this protocol's exact
    shape; BadMessage otherwise."""
    sender = "host" if kinds is FROM_HOST else "guest"
    limit = MAX_FROM_HOST if kinds is FROM_HOST else MAX_FROM_GUEST
    if not isinstance(text, str):
        raise BadMessage(_("the message is not text"))
    if len(text) > limit:
        raise BadMessage(
            _(
                "the message is {size} characters long; at most {limit}",
                size=format(len(text), ","),
                limit=format(limit, ","),
            )
        )
    try:
        message = json.loads(text, parse_constant=_constant)
    except (ValueError, RecursionError) as exc:
        if isinstance(exc, BadMessage):
            raise
        raise BadMessage(_("the message is not JSON")) from exc
    if not isinstance(message, dict):
        raise BadMessage(_("the message is not a JSON object"))
    version = message.get("v")
    if type(version) is not int:
        raise BadMessage(_("the message has no version"))
    if version != VERSION:
        raise BadMessage(
            # translators: {version} and {this} are numbers of the devices' protocols
            _(
                "the other device runs a newer version of spygames (protocol {version}, "
                "this one {this}): reload both pages",
                version=version,
                this=VERSION,
            )
            if version > VERSION
            else _(
                "the other device runs an older version of spygames (protocol {version}, "
                "this one {this}): reload both pages",
                version=version,
                this=VERSION,
            )
        )
    kind = message.get("kind")
    if not isinstance(kind, str) or kind not in FIELDS:
        # translators: {kind} is what the message said its kind was, quoted as code
        raise BadMessage(_("unknown kind of message {kind}", kind=repr(str(kind)[:40])))
    if kind not in kinds:
        # translators: {kind} is the name of a kind of message ("scene", "act"), as code
        raise BadMessage(
            _("a host cannot send “{kind}”", kind=kind)
            if sender == "host"
            else _("a guest cannot send “{kind}”", kind=kind)
        )
    fields = FIELDS[kind]
    extra = sorted(set(message) - set(fields) - {"v", "kind"})
    if extra:
        # translators: {kind} and {field} are names in the protocol, as code
        raise BadMessage(
            _("a “{kind}” message has no field {field}", kind=kind, field=repr(extra[0][:40]))
        )
    for name, kind_of in fields.items():
        value = message.get(name)
        if name not in message:
            raise BadMessage(_("a “{kind}” message needs “{field}”", kind=kind, field=name))
        if (
            (type(value) is not bool)
            if kind_of is bool
            else (not isinstance(value, kind_of) or isinstance(value, bool))
        ):
            raise BadMessage(
                _("“{field}” of a “{kind}” message has the wrong type", field=name, kind=kind)
            )
    _check_values(kind, message)
    return message


def _check_values(kind: str, message: Message) -> None:
    for name in ("n", "t", "id"):
        if name in message and not 0 <= message[name] < 2**53:
            raise BadMessage(_("“{field}” is out of range", field=name))
    if "seat" in message and not 0 <= message["seat"] < MAX_SEATS:
        raise BadMessage(_("there is no such seat"))
    if "table" in message and not is_table_id(message["table"]):
        raise BadMessage(_("that is not a table's id"))
    for name in ("action", "scene"):
        if name in message:
            problem = _shape(message[name], name)
            if problem:
                raise BadMessage(problem)
    if kind == "act" and not isinstance(message["action"].get("type"), str):
        raise BadMessage(_("the action has no type"))
    if kind in ("act", "undo") and message["id"] == 0:
        raise BadMessage(_("the action has no id"))
    for name in ("scene", "reason", "words"):  # the host's words, said in this device's language
        if name in message:
            try:
                message[name] = i18n.revive(message[name])
            except ValueError as exc:
                raise BadMessage(
                    _("“{field}” holds words that are not a message", field=name)
                ) from exc
            if name != "scene" and not isinstance(message[name], str):
                raise BadMessage(_("“{field}” holds words that are not a message", field=name))


def _shape(value: Any, name: str) -> str | None:
    """Why `value` (the field `name`) is not plain JSON data nested at most MAX_DEPTH
    deep, or None."""
    todo: list[tuple[Any, int]] = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if depth > MAX_DEPTH:
            # translators: {field} is "action" or "scene" (the protocol's names)
            return _("“{field}” is nested more than {depth} deep", field=name, depth=MAX_DEPTH)
        if isinstance(item, dict):
            todo.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            todo.extend((v, depth + 1) for v in item)
        elif isinstance(item, float) and not math.isfinite(item):
            return _("“{field}” holds a number that is not finite", field=name)
    return None


BOT_PLAYS = N_("a bot is playing your seat")  # why a friend's Undo is off while one does


def held_scene(
    scene: dict[str, Any],
    why: str = "",
    undo_off: str | None = None,
    *,
    everyone: bool = False,
) -> dict[str, Any]:
    """A seat's scene with its moves taken away, drawn while they cannot be sent or a bot
    plays the seat: not its turn, no legal action, no reasons for any; on a friend's
    own turn, `why` says what it waits for instead (never "Ben is thinking" to Ben), and
    on anyone's turn with `everyone` (the table is not connected: nobody is thinking).
    Undo stays shown, as on every friend's page, but off with `undo_off` as its reason
    (BOT_PLAYS unless given)."""
    undo_off = _(BOT_PLAYS) if undo_off is None else undo_off
    held = {**scene, "my_turn": False, "legal": []}
    if why and (everyone or scene.get("my_turn") is True):
        held["held"] = why
    if "refusals" in held:
        held["refusals"] = {}
    if isinstance(held.get("undo"), bool):  # Espionage: offered, and why it is off
        held["refusals"] = {"undo": undo_off} if held["undo"] else {}
    elif isinstance(held.get("undo"), dict):  # SpyNet: where it goes, or why it is off
        held["undo"] = {"upto": None, "reason": undo_off}
    return held


def is_table_id(text: str) -> bool:
    """A table's id: TABLE_ID letters, digits, `-` or `_` (the app makes them at random).

    >>> is_table_id("a" * 16), is_table_id("a" * 15), is_table_id("a" * 15 + "!")
    (True, False, False)
    """
    return len(text) == TABLE_ID and all(c.isascii() and (c.isalnum() or c in "-_") for c in text)
