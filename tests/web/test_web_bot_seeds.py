"""A table's bots cannot re-deal the deck (issue 39): their seeds come from a key drawn at
random when the game starts and kept in its save beside the record, never from the deal.

The planted bot here does what a bot seeded from its deal number could: it looks for the
deal whose hash gives its own seed (`spygames.bot_seed(deal, seat, label)`), and if it
finds one it can deal the cards again and read every hidden hand. At the tables it must
find nothing; the same search on a seed made the old way finds the deal at once.
"""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar

import pytest
from drivers.together import joined_pair, patient_move, table_of
from spyweb.app import App
from spyweb.browser.slots import BOTS_KEYS, as_key
from spyweb.browser.store import MemoryStorage
from spyweb.games.espionage.table import EspionageTable

import spygames

GAME = spygames.get_game("espionage")
DEAL = 21
SEARCHED = range(3000)  # the deal is in here: a bot seeded from it would be found out
LABELS = ("bot", "hint")
FROM_DEALS = {
    spygames.bot_seed(deal, seat, label): deal
    for deal in SEARCHED
    for seat in range(4)
    for label in LABELS
}


class DealFinder:
    """A planted bot: plays as the normal bot does, but first searches the deal numbers
    for the one its seed was made from, and deals that game again to read the hands."""

    seen: ClassVar[list[int]] = []  # every seed a DealFinder was made with
    found: ClassVar[list[list[str]]] = []  # the hidden hands it dealt again

    def __init__(self, level: str, seed: int) -> None:
        self.inner = REAL_BOT(level, seed=seed)
        DealFinder.seen.append(seed)
        deal = FROM_DEALS.get(seed)
        if deal is not None:
            state = GAME.new(seed=deal, players=3, options={})
            DealFinder.found.extend(state.view(seat)["hand"] for seat in range(3))

    def choose(self, view: Any, legal: list[dict[str, Any]]) -> dict[str, Any]:
        return self.inner.choose(view, legal)

    def __getattr__(self, name: str) -> Any:  # thinking in slices, as the tables ask
        return getattr(self.inner, name)


REAL_BOT = GAME.bot


@pytest.fixture
def planted(monkeypatch: pytest.MonkeyPatch) -> type[DealFinder]:
    DealFinder.seen, DealFinder.found = [], []
    monkeypatch.setattr(GAME, "bot", lambda level, seed=0, **kw: DealFinder(level, seed))
    return DealFinder


def table_with_bots(storage: MemoryStorage | None = None) -> App:
    app = App(storage or MemoryStorage(), base_url="https://example.org/spygames/")
    app.route(f"#/espionage/deal/{DEAL}")
    values = {"players": "3", "seat0-kind": "human", "seat0-name": "Ana"}
    values.update({"seat1-kind": "normal", "seat2-kind": "hard"})
    app.submit("start", values)
    target, _ = app.take_navigation()
    if target:
        app.route(target)
    assert isinstance(app.screen, EspionageTable) and app.screen.state is not None
    return app


def play(app: App, moves: int, rng: random.Random) -> None:
    """Ana's clicks and the bots' ticks, until `moves` more moves are in the game."""
    table = app.screen
    assert isinstance(table, EspionageTable) and table.state is not None
    goal = len(table.state.actions) + moves
    for _ in range(400):
        if table.state.is_over or len(table.state.actions) >= goal:
            return
        if app.pending_delay() is not None:
            app.tick()
        elif not patient_move(app, rng):
            app.click("continue", "")
    raise AssertionError("the game did not move on")


def test_the_planted_bot_finds_a_deal_from_a_seed_made_the_old_way() -> None:
    """The search works: a seed hashed from the deal gives the deal away."""
    assert FROM_DEALS[spygames.bot_seed(DEAL, 1)] == DEAL
    DealFinder.found = []
    DealFinder("normal", spygames.bot_seed(DEAL, 1))
    assert DealFinder.found == [GAME.new(seed=DEAL, players=3).view(s)["hand"] for s in range(3)]


def test_a_bot_at_the_table_cannot_work_out_the_deal(planted: type[DealFinder]) -> None:
    app = table_with_bots()
    play(app, 12, random.Random(3))
    table = table_of(app)
    assert len(planted.seen) >= 2, "the table seated no planted bot"
    assert planted.found == [], "a bot worked the deal out from its seed"
    assert set(planted.seen) == {table.bot_seed(1), table.bot_seed(2)}
    assert all(spygames.bot_seed(DEAL, s, label) not in planted.seen
               for s in range(3) for label in LABELS)  # fmt: skip


def test_the_key_is_kept_beside_the_record_and_a_reload_seats_the_same_bots() -> None:
    app = table_with_bots()
    play(app, 4, random.Random(5))
    table = table_of(app)
    key = table.bots_key
    stored = json.loads(app.ctx.saves.storage.get(f"spygames:slot:{table.slot}") or "{}")
    assert stored["bots"] == key and "bots" not in json.dumps(stored["record"])
    again = App(app.ctx.saves.storage, base_url=app.ctx.base_url)
    again.route("#/espionage")
    reopened = table_of(again)
    assert reopened.bots_key == key
    assert reopened.bot_seed(2) == table.bot_seed(2)


def test_a_new_game_at_the_same_table_draws_a_new_key() -> None:
    app = table_with_bots()
    table = table_of(app)
    first = table.bots_key
    play(app, 400, random.Random(9))  # to the game's end
    assert table.state is not None and table.state.is_over
    app.click("again", "")
    if "confirm-yes" in app.render():
        app.click("confirm-yes", "")
    table = table_of(app)
    assert table.state is not None and not table.state.actions
    assert table.bots_key != first


def test_the_key_never_reaches_a_friends_device_or_a_share_link() -> None:
    net = joined_pair(players=3, seed=DEAL)
    rng = random.Random(4)
    for _ in range(30):
        state = table_of(net.host).state
        assert state is not None
        if state.is_over:
            break
        app = net.guest if state.to_play[0] == 1 else net.host
        if not patient_move(app, rng) and app is net.host:
            net.host.click("continue", "")
        net.run()
    table = table_of(net.host)
    key = str(table.bots_key)
    assert net.sent_to_guest and not any(key in text for text in net.sent_to_guest)
    assert key not in json.dumps(table.share_record())
    assert key not in json.dumps(table.state.record())  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("stored", "kept"),
    [(0, 0), (BOTS_KEYS - 1, BOTS_KEYS - 1), (BOTS_KEYS, None), (-1, None), (True, None),
     (1.5, None), ("12", None), (None, None)],
)  # fmt: skip
def test_a_stored_key_is_a_whole_number_below_two_to_the_53(stored: Any, kept: Any) -> None:
    """JavaScript reads a save's numbers as doubles: a key at 2**53 or above would not
    come back exact, so it is not taken (a new key is drawn)."""
    assert as_key(stored) == kept


def test_a_damaged_key_in_a_save_is_replaced_and_the_game_plays_on() -> None:
    app = table_with_bots()
    play(app, 3, random.Random(6))
    table = table_of(app)
    name = f"spygames:slot:{table.slot}"
    storage = app.ctx.saves.storage
    data = json.loads(storage.get(name) or "{}")
    data["bots"] = "not a key"
    storage.set(name, json.dumps(data))
    again = App(storage, base_url=app.ctx.base_url)
    again.route("#/espionage")
    reopened = table_of(again)
    assert reopened.state is not None and len(reopened.state.actions) >= 3
    assert 0 <= reopened.bots_key < BOTS_KEYS
    play(again, 3, random.Random(6))
    assert json.loads(storage.get(name) or "{}")["bots"] == reopened.bots_key


# -- SpyNet's table too (issue 47: "test_web_bot_seeds checks Espionage tables only") ----
SPYNET = spygames.get_game("spynet")
REAL_SPYNET_BOT = SPYNET.bot


class SpyNetDealFinder:
    """The planted bot at a SpyNet table: the deal its seed was made from, if any."""

    seen: ClassVar[list[int]] = []
    found: ClassVar[list[int]] = []  # deals worked out from a seed

    def __init__(self, level: str, seed: int) -> None:
        self.inner = REAL_SPYNET_BOT(level, seed=seed)
        SpyNetDealFinder.seen.append(seed)
        if seed in FROM_DEALS:
            SpyNetDealFinder.found.append(FROM_DEALS[seed])

    def choose(self, view: Any, legal: list[dict[str, Any]]) -> dict[str, Any]:
        return self.inner.choose(view, legal)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def test_a_bot_at_a_spynet_table_cannot_work_out_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    from drivers.spynet import click_action, form, run_bots
    from spyweb.games.spynet.table import SpyNetTable

    SpyNetDealFinder.seen, SpyNetDealFinder.found = [], []
    monkeypatch.setattr(SPYNET, "bot", lambda level, seed=0, **kw: SpyNetDealFinder(level, seed))
    app = App(MemoryStorage(), base_url="https://example.org/spygames/")
    app.route(f"#/spynet/deal/{DEAL}")
    app.submit("start", form("human", "normal", "hard"))
    target, _ = app.take_navigation()
    if target:
        app.route(target)
    table = app.screen
    assert isinstance(table, SpyNetTable) and table.state is not None
    assert table.state.seed == DEAL
    rng = random.Random(2)
    for _ in range(12):  # Ana's moves, the bots' in between
        run_bots(table)
        if table.state.is_over:
            break
        click_action(table, rng.choice(table.state.legal_actions()))
    run_bots(table)
    assert len(SpyNetDealFinder.seen) >= 2, "the table seated no planted bot"
    assert SpyNetDealFinder.found == [], "a bot worked the deal out from its seed"
    assert set(SpyNetDealFinder.seen) >= {table.bot_seed(1), table.bot_seed(2)}
    assert all(spygames.bot_seed(DEAL, s, label) not in SpyNetDealFinder.seen
               for s in range(3) for label in LABELS)  # fmt: skip
