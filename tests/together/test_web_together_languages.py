"""A friend reads the table in their own language (issue 49): the host's device sends
the messages its words were made from, never its sentences (`spyweb.together.wire`,
`spygames.i18n.data`), so Ben's page in the pseudo-locale shows no English where Ana's,
in English, shows no word of his language. Both apps run here in one Python: each acts
in its own language (`Speaking`)."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import drivers.together_spynet as spynet
from drivers.together import Network, host_table, invitation_route, table_of
from spyweb.app import App
from spyweb.browser.store import MemoryStorage

from spygames import i18n

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web" / "tools"))
import untranslated

NAMES = {"Ana", "Ben", "Cai", "Agent", "Vesper", "Kestrel", "Halden"}
PSEUDO_TEXT = re.compile(r"\[[^\]]*[åéîöû][^\]]*~+\]")


class Speaking:
    """An app whose every call runs in `lang` (the other app, in the same Python, in its own)."""

    def __init__(self, app: App, lang: str) -> None:
        self._app, self._lang = app, lang

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._app, name)
        if not callable(attr):
            return attr

        def call(*args: Any, **kwargs: Any) -> Any:
            before = i18n.language()
            i18n.use(self._lang)
            try:
                return attr(*args, **kwargs)
            finally:
                i18n.use(before)

        return cast(Callable[..., Any], call)


def english_on(page: str) -> list[str]:
    found = []
    for text in untranslated.english(page):
        rest = re.sub(r"\[[^\]]*\]", " ", text)
        if set(re.findall(r"[A-Za-z]{3,}", rest)) - NAMES:
            found.append(text)
    return found


def test_a_friend_reads_the_table_in_their_own_language() -> None:
    host = host_table(players=3, seed=21)
    guest = Speaking(App(MemoryStorage()), i18n.PSEUDO)
    net = Network(host, cast(App, guest))
    route = invitation_route(net)
    guest.route(route)
    assert english_on(guest.render()) == []  # the invitation, in Ben's language
    guest.click("join", "")
    net.run()
    reply = re.search(r'<textarea id="reply-code"[^>]*>([^<]+)</textarea>', guest.render())
    assert reply is not None
    host.submit("friend-reply", {"seat": "1", "reply": reply.group(1)})
    net.run()
    rng = random.Random(5)
    seen_bens_turn = 0
    for _ in range(120):
        state = table_of(host).state
        assert state is not None
        if state.is_over:
            break
        page = guest.render()
        assert english_on(page) == [], english_on(page)[:5]
        assert not PSEUDO_TEXT.search(host.render())  # Ana's page: all English
        actor = state.to_play[0]
        app = guest if actor == 1 else host
        controls = re.findall(
            r'data-act="(bid|call|spot|continue|attr)"(?: data-arg="([^"]*)")?', app.render()
        )
        if actor == 1:
            seen_bens_turn += 1
        if controls:
            act, arg = rng.choice(controls)
            app.click(act, arg or "")
        elif actor == 0:
            host.click("continue", "")
        net.run()
    assert seen_bens_turn >= 3  # Ben played, reading his own language
    assert i18n.language() == i18n.ENGLISH


def test_a_friend_reads_spynet_in_their_own_language() -> None:
    """SpyNet's scenes carry the most words: its log (cards, branches, funding), the
    engine's reasons for each refused control, Since your turn, Undo's reason."""
    host = App(MemoryStorage(), base_url=spynet.BASE)
    host.route("#/spynet/deal/4")
    values = {"players": "3", "situation": ""}
    for i, kind in enumerate(["human", "friend", "normal"]):
        values[f"seat{i}-kind"] = kind
        values[f"seat{i}-name"] = spynet.NAMES[i]
    host.submit("start", values)
    target, _ = host.take_navigation()
    if target:
        host.route(target)
    net = spynet.Network(host)
    guest = Speaking(App(MemoryStorage()), i18n.PSEUDO)
    seat = 1
    spynet.invite(net, seat, cast(App, guest), english=False)
    rng = random.Random(3)
    friends_moves = 0
    for _ in range(150):
        table = host.screen
        state = getattr(table, "state", None)
        if state is None or state.is_over:
            break
        page = guest.render()
        assert english_on(page) == [], english_on(page)[:5]
        assert not PSEUDO_TEXT.search(host.render())
        if state.to_play[0] == seat:
            friends_moves += spynet.click_move(cast(App, guest), rng)
        else:
            spynet.click_move(host, rng)
        net.run()
    assert friends_moves >= 5
