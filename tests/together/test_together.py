"""Playing together across devices, on CPython: the host's referee and a friend's seat
talking over an in-memory wire (the page puts the same texts on a WebRTC data channel).

Whole games are played with friends' seats acting from the scenes they receive; every
text a friend receives is checked for another seat's cards, the deck's order and the
record; and every kind of bad message (too long, not JSON, another version, an unknown
kind, a missing or extra field, out of turn, for a move that has passed, the wrong
invitation) is refused with its reason and leaves the game as it was."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from drivers.untrusted import EngineHost
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
from spyweb.together.joined import Joined
from spyweb.together.referee import Referee

import spygames

TABLE = "Tbl-0123456789_x"
CARD_ID = re.compile(r'"([a-z]+(?:-[a-z0-9]+)+)"')


def invitation(seat: int) -> Invitation:
    return Invitation("v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n", TABLE, seat, "espionage", "Ana", "Ben")


def table(players: int = 3, friends: tuple[int, ...] = (1, 2), seed: int = 5) -> tuple[
    EngineHost, Referee, dict[int, Joined]
]:  # fmt: skip
    host = EngineHost(spygames.get_game("espionage").new(seed=seed, players=players))
    referee = Referee(host, TABLE, "espionage")
    joined = {}
    for seat in friends:
        referee.invite(seat, f"Friend {seat}")
        joined[seat] = Joined(invitation(seat))
        referee.connected(seat)
        joined[seat].hello()
    return host, referee, joined


def carry(referee: Referee, joined: dict[int, Joined], log: dict[int, list[str]]) -> None:
    """Deliver every waiting text both ways until the wire is quiet."""
    for _ in range(100):
        moved = False
        for seat, guest in joined.items():
            for text in guest.take():
                referee.receive(seat, text)
                moved = True
        for seat, text in referee.take():
            log.setdefault(seat, []).append(text)
            joined[seat].receive(text)
            moved = True
        if not moved:
            return
    raise AssertionError("the wire never went quiet")


def hidden_from(state: spygames.State, seat: int) -> set[str]:
    """Card ids in the game that `seat`'s own view does not show."""
    everything = set(CARD_ID.findall(json.dumps([state.view(s) for s in range(state.players)])))
    return everything - set(CARD_ID.findall(json.dumps(state.view(seat))))


@pytest.mark.parametrize("seed", range(6))
def test_friends_play_a_whole_game_from_their_scenes_and_see_only_their_seat(seed: int) -> None:
    host, referee, joined = table(players=3 + seed % 2, friends=(1, 2), seed=seed)
    rng = random.Random(seed)
    log: dict[int, list[str]] = {}
    carry(referee, joined, log)
    assert all(j.welcomed and j.scene is not None for j in joined.values())
    for _ in range(2000):
        if host.state.is_over:
            break
        seat = host.state.to_play[0]
        if seat in joined:
            scene = joined[seat].scene
            assert scene is not None and scene["legal"], "the friend to play was offered nothing"
            assert joined[seat].act(rng.choice(scene["legal"])) is None
        else:
            host.play_for(seat, rng.choice(host.state.legal_actions()))
            referee.changed()
        for s in joined:
            log[s] = []
        carry(referee, joined, log)
        for s, texts in log.items():
            assert texts == [] or joined[s].n == len(host.state.actions)
            for text in texts:
                assert not set(CARD_ID.findall(text)) & hidden_from(host.state, s)
                assert '"seed"' not in text and '"actions"' not in text
        for guest in joined.values():
            assert guest.refusal is None and guest.noted == [] and referee.noted == []
    assert host.state.is_over
    assert {s for s, _ in host.played} >= {1, 2}


def test_a_scene_is_sent_only_when_it_changed() -> None:
    _, referee, joined = table()
    carry(referee, joined, {})
    referee.changed()
    assert referee.take() == []


def test_a_dropped_friend_gets_nothing_and_rejoins_with_a_fresh_hello() -> None:
    host, referee, joined = table()
    carry(referee, joined, {})
    referee.dropped(1)
    host.play_for(0, host.state.legal_actions()[0])
    referee.changed()
    assert [seat for seat, _ in referee.take()] == [2]
    referee.receive(1, wire.encode({"kind": "act", "id": 5, "n": 1, "action": {"type": "call"}}))
    assert referee.take() == []  # nothing is heard on a closed connection
    referee.connected(1)
    joined[1].hello()
    log: dict[int, list[str]] = {}
    carry(referee, joined, log)
    assert [json.loads(t)["kind"] for t in log[1]] == ["welcome", "scene"]
    assert joined[1].n == 1


def refusal(referee: Referee, seat: int, text: Any) -> str:
    referee.receive(seat, text)
    sent = referee.take()
    assert len(sent) >= 1 and sent[0][0] == seat
    message = wire.decode(sent[0][1], wire.FROM_HOST)  # its words said here, as a friend's are
    assert message["kind"] == "refused"
    return str(message["reason"])


BAD = [
    ("x" * (wire.MAX_FROM_GUEST + 1), "is 4,097 characters long; at most 4,096"),
    ("{not json", "is not JSON"),
    ("[1, 2]", "is not a JSON object"),
    ('{"kind": "act"}', "has no version"),
    ('{"v": 4, "kind": "act", "id": 1, "n": 0, "action": {}}', "a newer version of spygames"),
    ('{"v": 3, "kind": "explode"}', "unknown kind of message 'explode'"),
    ('{"v": 3, "kind": "scene", "n": 0, "scene": {}}', "a guest cannot send “scene”"),
    ('{"v": 3, "kind": "act", "id": 5, "n": 0}', "a “act” message needs “action”"),
    ('{"v": 3, "kind": "act", "n": 0, "action": {"type": "call"}}', "needs “id”"),
    ('{"v": 3, "kind": "act", "id": 0, "n": 0, "action": {"type": "call"}}', "has no id"),
    ('{"v": 3, "kind": "act", "id": -2, "n": 0, "action": {"type": "call"}}', "“id” is out"),
    (
        '{"v": 3, "kind": "act", "id": 5, "n": 0, "action": {"type": "call"}, "x": 1}',
        "no field 'x'",
    ),
    ('{"v": 3, "kind": "act", "id": 5, "n": true, "action": {"type": "call"}}', "“n” of a “act”"),
    (
        '{"v": 3, "kind": "act", "id": 5, "n": -1, "action": {"type": "call"}}',
        "“n” is out of range",
    ),
    ('{"v": 3, "kind": "act", "id": 5, "n": 0, "action": {"type": NaN}}', "holds NaN"),
    ('{"v": 3, "kind": "act", "id": 5, "n": 0, "action": {"count": 1}}', "the action has no type"),
    (
        '{"v": 3, "kind": "act", "id": 5, "n": 0, "action": ' + "[" * 50 + "]" * 50 + "}",
        "has the wrong",
    ),
    (
        '{"v": 3, "kind": "act", "id": 5, "n": 0, "action": {"a": ' + "[" * 50 + "]" * 50 + "}}",
        "nested",
    ),
    ('{"v": 3, "kind": "hello", "table": "short", "seat": 1}', "not a table's id"),
    ('{"v": 3, "kind": "hello", "table": "' + TABLE + '", "seat": 9}', "no such seat"),
    (None, "is not text"),
]


@pytest.mark.parametrize(("text", "words"), BAD)
def test_a_bad_message_is_refused_with_its_reason_and_changes_nothing(
    text: Any, words: str
) -> None:
    host, referee, joined = table()
    carry(referee, joined, {})
    before = json.dumps(host.state.record())
    reason = refusal(referee, 1, text)
    assert reason.startswith("That message was not understood: ") and words in reason
    assert referee.noted == [f"Friend 1: {reason}"]
    assert json.dumps(host.state.record()) == before


def test_an_action_out_of_turn_for_a_passed_move_or_illegal_is_refused() -> None:
    host, referee, joined = table(friends=(0, 1))
    carry(referee, joined, {})
    call = {"type": "bid", "count": 1, "attribute": "face", "next": 1}
    # seat 1 acts on seat 0's turn
    assert refusal(referee, 1, wire.encode({"kind": "act", "id": 5, "n": 0, "action": call})) == (
        "It is not your turn."
    )
    # seat 0 acts for a move that has passed: refused, and sent the scene of now
    host.play_for(0, call)
    referee.changed()
    referee.take()
    referee.receive(1, wire.encode({"kind": "act", "id": 6, "n": 0, "action": {"type": "call"}}))
    sent = [wire.decode(t, wire.FROM_HOST) for _, t in referee.take()]
    assert [m["kind"] for m in sent] == ["refused", "scene"]
    assert sent[0]["reason"] == "The table has moved on since that move was chosen."
    assert sent[1]["n"] == 1
    # an illegal action: the engine's own reason
    before = json.dumps(host.state.record())
    bad = {"type": "bid", "count": 1, "attribute": "face", "next": 0}
    reason = refusal(referee, 1, wire.encode({"kind": "act", "id": 7, "n": 1, "action": bad}))
    try:
        host.state.apply(bad)
    except spygames.IllegalAction as exc:
        assert reason == f"That move is not allowed: {exc.reason}."
    assert json.dumps(host.state.record()) == before


def test_a_device_must_say_its_invitation_before_anything_else() -> None:
    _, referee, _ = table(friends=(1,))
    assert refusal(referee, 1, wire.encode({"kind": "ping", "t": 1})) == (
        "The device has not said which invitation it holds."
    )
    other = wire.encode({"kind": "hello", "table": "x" * 16, "seat": 1})
    assert refusal(referee, 1, other) == "That invitation is for another table or seat."
    wrong_seat = wire.encode({"kind": "hello", "table": TABLE, "seat": 2})
    assert refusal(referee, 1, wrong_seat) == "That invitation is for another table or seat."
    referee.receive(3, wire.encode({"kind": "hello", "table": TABLE, "seat": 3}))
    assert referee.take() == []  # a seat nobody was invited to is not listened to


def test_a_closed_seat_is_told_and_its_device_sends_no_more() -> None:
    _, referee, joined = table()
    carry(referee, joined, {})
    referee.close(1, "Ana gave your seat to a bot.")
    carry(referee, joined, {})
    assert joined[1].closed == "Ana gave your seat to a bot."
    assert joined[1].act({"type": "call"}) == "Ana gave your seat to a bot."
    assert joined[1].take() == []


def test_the_friend_refuses_what_a_host_may_not_send_and_keeps_its_scene() -> None:
    guest = Joined(invitation(1))
    guest.hello()
    assert guest.receive(wire.encode({"kind": "welcome", "seat": 1, "name": "Ben",
                                      "game": "espionage", "table": TABLE}))  # fmt: skip
    assert guest.receive(wire.encode({"kind": "scene", "n": 4, "scene": {"a": 1}}))
    assert not guest.receive(wire.encode({"kind": "scene", "n": 3, "scene": {"a": 0}}))
    assert not guest.receive(wire.encode({"kind": "act", "id": 5, "n": 4, "action": {"type": "x"}}))
    assert not guest.receive("x" * (wire.MAX_FROM_HOST + 1))
    assert guest.scene == {"a": 1} and guest.n == 4
    assert guest.noted == [
        "A message from the host was not understood: a host cannot send “act”.",
        "A message from the host was not understood: the message is 262,145 characters "
        "long; at most 262,144.",
    ]


def test_a_friend_may_not_act_before_the_table_arrives() -> None:
    guest = Joined(invitation(1))
    assert guest.act({"type": "call"}) == "The table has not arrived yet."
    assert guest.take() == []


# -- the invitation and the reply --------------------------------------------------------
def test_an_invitation_and_a_reply_go_through_a_link_and_a_pasted_code() -> None:
    sent = invitation(2)
    link = "https://example.github.io/spygames/#/join/" + invitation_code(sent)
    assert read_invitation(link) == sent
    reply = Reply("v=0\r\nanswer\r\n", TABLE, 2)
    code = reply_code(reply)
    pasted = "\n".join(code[i : i + 60] for i in range(0, len(code), 60))
    assert read_reply("  " + pasted + "\n") == reply


def test_a_damaged_or_foreign_code_is_refused_in_words() -> None:
    code = invitation_code(invitation(1))
    with pytest.raises(BadCode, match=r"^This is an invitation, not a reply: it goes to the fr"):
        read_reply(code)
    with pytest.raises(BadCode, match=r"^This is a reply, not an invitation: it goes back to t"):
        read_invitation(reply_code(Reply("v=0", TABLE, 1)))
    with pytest.raises(BadCode, match=r"^This invitation is damaged: part of it is missing"):
        read_invitation(code[:-12])
    with pytest.raises(BadCode, match=r"^This is not an invitation: it should start with"):
        read_invitation("hello")
    with pytest.raises(BadCode, match=r"^This is far too long to be a reply"):
        read_reply("spyr1." + "A" * 16_001)
    with pytest.raises(BadCode, match=r"^This invitation holds no way to reach the other device"):
        read_invitation(invitation_code(Invitation("http://x", TABLE, 1, "g", "a", "b")))
    with pytest.raises(BadCode, match=r"^This invitation is damaged: it names no table or seat"):
        read_invitation(invitation_code(Invitation("v=0", TABLE, 4, "g", "a", "b")))
    with pytest.raises(BadCode, match=r"^This invitation is damaged: a name is missing or too"):
        read_invitation(invitation_code(Invitation("v=0", TABLE, 1, "g", "a" * 41, "b")))
