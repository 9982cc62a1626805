"""Untrusted input, generated: records, share links, saves and the addresses that carry
them, for `tests/web/test_untrusted_input.py` (a count within the test budget) and
`make fuzz` (many more).

Every input starts from real records (random games of each game, part-played and
finished) and is broken the ways input arrives broken: truncated, a value of the wrong
type, huge numbers and strings, an unknown game, a future `format`, actions out of
order, one action changed, deeply nested JSON, bytes that are not UTF-8, a link far too
long, a zip bomb. Each goes through the path the app uses for it, and the outcome must be
a game or a clean refusal with a reason a player can read — never another exception:

- a record: `spygames.replay` → a State or `InvalidRecord`;
- a share link: `links.decode` → a State or `BadLink`;
- a stored slot: `store.parse_slot` never raises (a problem is noted on the slot), and
  `Saves.resume` gives the game or None with a message;
- an imported file: `transfer.read` → what it would add, or `BadFile`;
- an address: `App.route` then `App.render` never raise, and a bad one says so;
- a message from a friend's device (playing together): the host's `Referee.receive`
  never raises, answers a bad one with a refusal a player can read, and the game moves
  only by a legal action of the seat to play;
- an invitation or a reply: `read_invitation` / `read_reply` give one or `BadCode`.
"""

from __future__ import annotations

import base64
import json
import random
import time
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spyweb.app import App
from spyweb.browser import links, transfer
from spyweb.browser.store import CURRENT, SLOT, MemoryStorage, Saves, parse_slot
from spyweb.together import wire
from spyweb.together.invite import (
    BadCode,
    Invitation,
    Reply,
    invitation_code,
    read_invitation,
    read_reply,
    reply_code,
)
from spyweb.together.referee import Referee

import spygames

HUGE_INTS = (2**63, 2**64 + 1, -(2**63), 10**30, -1, 10**4000)
BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
HUGE_TEXT = ("x" * 100_000, "🂡" * 20_000)


def base_records(seed: int = 0) -> list[dict[str, Any]]:
    """Real records: every game and player count, early, midway and finished."""
    rng = random.Random(seed)
    out = []
    for game_id, counts in (("deck-of-spies", (1,)), ("espionage", (2, 3, 4)),
                            ("spynet", (2, 3, 4))):  # fmt: skip
        game = spygames.get_game(game_id)
        for players in counts:
            for stop in (3, 25, None):
                state = game.new(seed=rng.randrange(10**6), players=players)
                while not state.is_over and (stop is None or len(state.actions) < stop):
                    legal = state.legal_actions()
                    state.apply(legal[rng.randrange(len(legal))])
                out.append(state.record())
    return out


def nested(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for level in range(depth):
        value = [value] if level % 2 else {"a": value}
    return value


def weird(rng: random.Random) -> Any:
    return rng.choice(
        [None, True, False, 0, 1.5, -7, "", "AS", "explode", [], {}, [1, "2"], {"type": 3},
         rng.choice(HUGE_INTS), rng.choice(HUGE_TEXT), nested(rng.choice((30, 200, 500)))]
    )  # fmt: skip


def mutate_value(value: Any, rng: random.Random) -> Any:
    """The value with one thing broken somewhere inside it."""
    if rng.random() < 0.12:
        return weird(rng)
    if isinstance(value, dict) and value:
        value = dict(value)
        name = rng.choice(sorted(value))
        roll = rng.random()
        if roll < 0.15:
            del value[name]
        elif roll < 0.25:
            value[rng.choice(["zz", "type", "card", "extra"])] = weird(rng)
        else:
            value[name] = mutate_value(value[name], rng)
        return value
    if isinstance(value, list) and value:
        value = list(value)
        at = rng.randrange(len(value))
        roll = rng.random()
        if roll < 0.15:
            del value[at:]  # truncated
        elif roll < 0.25:
            value.insert(at, rng.choice(value))
        elif roll < 0.35:
            rng.shuffle(value)  # out of order
        else:
            value[at] = mutate_value(value[at], rng)
        return value
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -value - 1, rng.choice(HUGE_INTS)])
    if isinstance(value, str):
        return rng.choice([value[:-1], value + "x", value.upper(), "", value * 3])
    return weird(rng)


def broken_record(base: dict[str, Any], rng: random.Random) -> Any:
    """A record broken one of the ways records arrive broken."""
    record = json.loads(json.dumps(base))
    how = rng.randrange(10)
    actions = record["actions"]
    if how == 0:
        record["format"] = rng.choice([2, 99, 0, "1", 1.0, None])  # a future or odd format
    elif how == 1:
        record["game"] = rng.choice(["chess", "", "Deck-Of-Spies", None, ["spynet"], 7])
    elif how == 2 and len(actions) > 1:  # two actions swapped: out of order
        i = rng.randrange(len(actions) - 1)
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
    elif how == 3 and actions:  # one action changed into another legal-looking one
        actions[rng.randrange(len(actions))] = rng.choice(actions)
    elif how == 4:
        record[rng.choice(["seed", "players"])] = rng.choice([*HUGE_INTS, "7", 2.0, None, True])
    elif how == 5:
        record[rng.choice(["options", "setup", "actions"])] = weird(rng)
    elif how == 6:
        record["actions"] = [*actions[: rng.randrange(len(actions) + 1)], weird(rng)]
    else:
        for _ in range(rng.randint(1, 3)):
            record = mutate_value(record, rng)
    return record


def broken_text(text: str, rng: random.Random) -> str:
    """JSON text cut short, with bytes changed, or nested far too deep."""
    roll = rng.randrange(5)
    if roll == 0 and text:
        return text[: rng.randrange(len(text))]
    if roll == 1 and text:
        chars = list(text)
        for _ in range(rng.randint(1, 5)):
            chars[rng.randrange(len(chars))] = rng.choice('{}[]":,0x\\')
        return "".join(chars)
    if roll == 2:
        depth = rng.choice((40, 1000, 100_000))
        return "[" * depth + "]" * depth
    if roll == 3:
        return rng.choice(["", "null", "[]", "1e999999", "NaN", '"text"', "{}", "-0"])
    return text


def pack(data: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode().rstrip("=")


def broken_link(base: dict[str, Any], rng: random.Random) -> str:
    """A share link's payload broken one of the ways links arrive broken."""
    roll = rng.randrange(9)
    if roll == 0:
        return links.encode(broken_record(base, rng))
    if roll == 1:  # cut short, or characters changed, in transit
        payload = links.encode(base)
        chars = list(payload[: rng.randrange(1, len(payload) + 1)])
        for _ in range(rng.randint(0, 3)):
            chars[rng.randrange(len(chars))] = rng.choice("A_-9z=%.~ ")
        return "".join(chars)
    if roll == 2:  # random characters, some of them a 100 KB link
        size = rng.choice((1, 4, 50, 2000, 100_000))
        return "".join(rng.choice(BASE64URL) for _ in range(size))
    if roll == 3:  # not UTF-8 once inflated
        return pack(bytes(rng.randrange(256) for _ in range(rng.randint(1, 200))) + b"\xff\xfe")
    if roll == 4:
        return pack(broken_text(json.dumps(base), rng).encode())
    if roll == 5:  # a zip bomb, or nesting within the size bound
        return pack(rng.choice([b" " * 20_000_000, ("[" * 400_000 + "]" * 400_000).encode()]))
    if roll == 6:
        depth = rng.choice((25, 500, 5000))
        return pack(("[" * depth + "1" + "]" * depth).encode())
    if roll == 7:
        return "x" * (links.MAX_PAYLOAD + 1)
    return links.encode(base)  # a good one now and then: it must open


def stored_slot(base: dict[str, Any], rng: random.Random) -> str:
    """A slot's stored text, broken."""
    data: Any = {"id": "x", "game": base["game"], "created": 1.0, "updated": 2.0,
                 "engine": "0.1.0", "record": base, "summary": {}, "counted": False}  # fmt: skip
    if rng.random() < 0.6:
        data = (
            mutate_value(data, rng)
            if rng.random() < 0.5
            else {**data, "record": broken_record(base, rng)}
        )
    return broken_text(json.dumps(data), rng) if rng.random() < 0.3 else json.dumps(data)


def import_file(base: dict[str, Any], rng: random.Random) -> str:
    """An exported file (or a bare record), broken."""
    entry = {"id": f"{base['game']}-abc", "game": base["game"], "record": base, "summary": {}}
    data: Any = {"spygames": "saves", "format": 1, "saves": [entry]}
    roll = rng.randrange(5)
    if roll == 0:
        data = base if rng.random() < 0.5 else broken_record(base, rng)
    elif roll == 1:
        data["format"] = rng.choice([2, "1", None])
    elif roll == 2:
        data["saves"] = [{**entry, "record": broken_record(base, rng)}]
    elif roll == 3:
        data = mutate_value(data, rng)
    text = json.dumps(data)
    return broken_text(text, rng) if rng.random() < 0.25 else text


# -- checking ------------------------------------------------------------------------------
def readable(message: str) -> None:
    """A reason a player can read: some words, not a traceback or an object's repr."""
    assert message.strip(), "an empty reason"
    assert "Traceback" not in message and "object at 0x" not in message, message[:200]


def try_record(record: Any) -> str:
    try:
        spygames.replay(record)
    except spygames.InvalidRecord as exc:
        readable(str(exc))
        return "refused"
    return "opened"


def try_link(payload: str) -> str:
    try:
        links.decode(payload)
    except links.BadLink as exc:
        readable(str(exc))
        return "refused"
    return "opened"


def try_slot(raw: str) -> str:
    slot = parse_slot("deck-of-spies-fuzz", raw)
    storage = MemoryStorage()
    storage.set(SLOT + slot.id, raw)
    storage.set(CURRENT + slot.game, slot.id)
    saves = Saves(storage)
    resumed = saves.resume(slot.game)
    if resumed is None:
        for message in saves.messages:
            readable(message)
        return "refused"
    return "opened"


def try_import(text: str) -> str:
    try:
        transfer.read(text, Saves(MemoryStorage()))
    except transfer.BadFile as exc:
        readable(str(exc))
        return "refused"
    return "opened"


def try_address(address: str) -> str:
    app = App(MemoryStorage())
    app.route(address)
    html = app.render()
    assert "Something went wrong" not in html and "could not be drawn" not in html
    return "opened" if "notice" not in html else "refused"


@dataclass
class EngineHost:
    """A host's table as the referee sees it, over a real engine state."""

    state: spygames.State
    played: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    def move_count(self) -> int:
        return len(self.state.actions)

    def to_play(self) -> list[int]:
        return list(self.state.to_play)

    def play_for(self, seat: int, action: dict[str, Any]) -> str | None:
        try:
            self.state.apply(action)
        except spygames.IllegalAction as exc:
            return exc.reason
        self.played.append((seat, action))
        return None

    def undo_for(self, seat: int) -> str | None:
        point = self.state.undo_point(seat)
        if point.upto is None:
            return str(point.reason)
        self.state = spygames.replay(self.state.record(), upto=point.upto)
        return None

    def scene_for(self, seat: int) -> dict[str, Any]:
        mine = seat in self.state.to_play and not self.state.is_over
        return {"view": self.state.view(seat), "legal": self.state.legal_actions() if mine else []}


TABLE = "fuzz-table-00001"


def friend_message(base: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], int, Any]:
    """A message a friend's device might send for a seat of `base`'s game: a real one
    (an action of the game, legal now or not, a hello, a ping) broken somewhere."""
    actions = base["actions"] or [{"type": "call"}]
    seat = rng.randrange(int(base["players"]))
    message: Any = rng.choice([
        {"kind": "act", "n": len(base["actions"]), "action": rng.choice(actions)},
        {"kind": "act", "n": rng.randrange(len(actions) + 2), "action": rng.choice(actions)},
        {"kind": "hello", "table": TABLE, "seat": seat},
        {"kind": "ping", "t": rng.randrange(10**6)},
    ])  # fmt: skip
    roll = rng.random()
    if roll < 0.5:
        message = mutate_value(message, rng)
    text = wire.encode(message) if isinstance(message, dict) else json.dumps(message)
    if roll > 0.8:
        text = broken_text(text, rng)
    return base, seat, text


def try_message(value: tuple[dict[str, Any], int, Any]) -> str:
    base, seat, text = value
    host = EngineHost(spygames.replay(base))
    referee = Referee(host, TABLE, str(base["game"]))
    referee.invite(seat, "Friend")
    referee.connected(seat)
    referee.receive(seat, wire.encode({"kind": "hello", "table": TABLE, "seat": seat}))
    referee.take()
    before = len(host.state.actions)
    to_play = host.to_play()
    referee.receive(seat, text)
    sent = [wire.decode(t, wire.FROM_HOST) for _, t in referee.take()]  # said as a friend's
    moved = len(host.state.actions) - before
    assert moved in (0, 1), "one message moved the game more than one action"
    if moved:
        assert seat in to_play, "a friend moved for another seat"
        return "opened"
    for answer in sent:
        if answer["kind"] == "refused":
            readable(answer["reason"])
    return "refused" if any(a["kind"] == "refused" for a in sent) else "opened"


def invite_code(base: dict[str, Any], rng: random.Random) -> str:
    """An invitation or a reply, broken the ways a pasted code arrives broken."""
    if rng.random() < 0.5:
        code = invitation_code(Invitation("v=0\r\n", TABLE, 1, str(base["game"]), "Ana", "Ben"))
    else:
        code = reply_code(Reply("v=0\r\n", TABLE, 1))
    prefix, payload = code[:6], code[6:]
    roll = rng.randrange(4)
    if roll == 0:
        return code[: rng.randrange(len(code))]
    if roll == 1:
        fields = json.loads(zlib.decompress(base64.urlsafe_b64decode(payload + "==")))
        return prefix + pack(json.dumps(mutate_value(fields, rng)).encode())
    if roll == 2:
        return prefix + pack(broken_text(json.dumps({"a": 1}), rng).encode())
    return rng.choice([prefix, "spyx1." + payload, code.replace("A", "B"), code * 3])


def try_code(code: str) -> str:
    try:
        if code.startswith("spyr1."):
            read_reply(code)
        else:
            read_invitation(code)
    except BadCode as exc:
        readable(str(exc))
        return "refused"
    return "opened"


@dataclass
class Report:
    tried: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    seconds: float = 0.0

    def summary(self) -> str:
        kinds = ", ".join(f"{kind} {count:,}" for kind, count in sorted(self.tried.items()))
        return (
            f"untrusted input: {self.tried.total():,} inputs tried ({kinds}); "
            f"{self.outcomes['opened']:,} opened a game, {self.outcomes['refused']:,} refused "
            f"with a reason, {len(self.failures)} failures; {self.seconds:.1f} s, slowest "
            f"input {self.slowest[0] * 1000:.0f} ms ({self.slowest[1]})"
        )


KINDS: dict[str, tuple[Callable[[dict[str, Any], random.Random], Any], Callable[[Any], str]]] = {
    "records": (broken_record, try_record),
    "links": (broken_link, try_link),
    "slots": (stored_slot, try_slot),
    "files": (import_file, try_import),
    "addresses": (
        lambda base, rng: (
            rng.choice(["#/play/", "#/replay/", "#/replay/"])
            + broken_link(base, rng)
            + rng.choice(["", "", "/1", "/99", "/embed", "/x/y"])
        ),
        try_address,
    ),
    "messages": (friend_message, try_message),
    "codes": (invite_code, try_code),
}
SHARE = {"records": 4, "links": 4, "slots": 2, "files": 2, "addresses": 1, "messages": 2,
         "codes": 1}  # fmt: skip


def fuzz(count: int, seed: int = 0) -> Report:
    """Try `count` generated inputs; the report counts them and lists any failure."""
    rng = random.Random(seed)
    bases = base_records(seed)
    kinds = [kind for kind, weight in SHARE.items() for _ in range(weight)]
    report = Report()
    start = time.perf_counter()
    for number in range(count):
        kind = kinds[number % len(kinds)]
        make, check = KINDS[kind]
        value = make(rng.choice(bases), rng)
        began = time.perf_counter()
        try:
            report.outcomes[check(value)] += 1
        except Exception as exc:  # the very thing looked for: report it, go on
            shown = repr(value)
            report.failures.append(
                f"{kind} #{number} (seed {seed}): {type(exc).__name__}: {str(exc)[:300]} "
                f"— input {shown[:300]}{'…' if len(shown) > 300 else ''}"
            )
        took = time.perf_counter() - began
        if took > report.slowest[0]:
            report.slowest = (took, f"{kind} #{number}")
        report.tried[kind] += 1
    report.seconds = time.perf_counter() - start
    return report
