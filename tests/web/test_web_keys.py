"""`App.keys()`: the keys `App.key` would use now, found without changing anything.

With Python in a worker the page cannot ask it, on a keydown, whether to stop the
browser's own use of the key (`preventDefault`): each frame carries `keys()` instead. So
for app states across the three games — tables mid-game, replays, rules pages and their
demos (watched and tried), a friend's seat, a question open, messages shown, a game open
in another tab, home — every key a player might press is in `keys()` exactly when `key`
on an identical app uses it, and asking `keys()` changes nothing the page shows.
"""

from __future__ import annotations

import copy
import random
import re
import string
from collections.abc import Callable
from functools import partial
from types import GeneratorType

import pytest
from drivers.embed import finished
from drivers.together import invitation, joined_pair
from drivers.together_spynet import seated
from spyweb.app import App
from spyweb.browser.links import replay_route
from spyweb.browser.store import MemoryStorage
from spyweb.embed import EmbedApp
from spyweb.games.deck_of_spies import model
from spyweb.games.deck_of_spies import table as dos_table
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
from spyweb.games.espionage import table as espionage_table
from spyweb.games.spynet import clicks
from spyweb.games.spynet import table as spynet_table
from spyweb.screens import demos, replay
from spyweb.screens.rules import RulesScreen
from spyweb.tables.screen import Screen
from spyweb.together.invite import invitation_code
from spyweb.together.join import JoinScreen

# Every key a key map or a condition names (letters in both cases), and more that none
# does: each is pressed on a twin of every state.
CANDIDATES: tuple[str, ...] = (
    *string.ascii_lowercase,
    *string.ascii_uppercase,
    *string.digits,
    *("Escape", "Enter", " ", "Tab", "Backspace", "Delete", "PageUp", "PageDown"),
    *("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"),
    *("+", "=", "-", "?", "/", "F1"),
)

# Clicks the walk leaves alone: the page's own effects (the clipboard, sharing, a
# download), connections to other devices (which need a page on the other end) and
# seating a new table (the walk is about the game on it).
SKIP = re.compile(r"^(copy|share|webshare|download|friend|scan|peer|host|newtable)")
TAG = re.compile(r"<[a-z]+\b[^>]*\bdata-act=\"[^\"]*\"[^>]*>")

Fresh = Callable[[], App]


def test_the_key_maps_are_all_tried() -> None:
    """Every key a screen's map names is among the keys pressed here."""
    named = {
        *model.KEY_NAMES,
        *clicks.KEY_NAMES,
        *espionage_table.KEY_NAMES,
        *replay.KEYS,
        *demos.KEYS,
    }
    assert named <= set(CANDIDATES)
    assert set(model.KEYS) | {k.upper() for k in model.KEYS if len(k) == 1} <= named


def check(fresh: Fresh) -> list[str]:
    """`keys()` of the state `fresh` makes (a new identical app each call) against what
    `key` does on a twin of it, for every candidate key; and `keys()` changes nothing."""
    app = fresh()
    shown = fresh().render()
    effects, delay, hash_ = list(app.ctx.effects), app.pending_delay(), app.hash
    used = app.keys()
    assert len(used) == len(set(used)), used
    assert set(used) <= set(CANDIDATES), set(used) - set(CANDIDATES)
    assert app.render() == shown  # nothing changed by asking
    assert (app.ctx.effects, app.pending_delay(), app.hash) == (effects, delay, hash_)
    assert app.take_navigation() == (None, None) or app.hash == hash_
    for key in CANDIDATES:
        assert fresh().key(key) == (key in used), (key, used, app.hash, type(app.screen))
    return used


def twin_of(app: App) -> Fresh:
    """Identical copies of `app` (for one with a search under way, see
    `test_keys_while_something_is_being_worked_out`)."""
    return partial(copy.deepcopy, app)


# -- walking the app as a player does ------------------------------------------------------
def controls(app: App) -> list[tuple[str, str]]:
    out = []
    for tag in TAG.findall(app.render()):
        if re.search(r"\sdisabled\b", tag):
            continue
        act = re.search(r'data-act="([^"]*)"', tag)
        arg = re.search(r'data-arg="([^"]*)"', tag)
        if act is not None and not SKIP.match(act.group(1)):
            out.append((act.group(1), arg.group(1) if arg else ""))
    return out


def settle(app: App, ticks: int = 400) -> None:
    """What the page does after an event: go where the app asked, run its timed steps
    (the bots, a hint, a showdown) until it waits for the player."""
    for _ in range(ticks):
        target, _ = app.take_navigation()
        if target is not None:
            app.route(target)
        app.take_effects()
        if app.pending_delay() is None:
            return
        app.tick()
    app.take_effects()


def walk(app: App, steps: int, seed: int, every: int = 1) -> set[str]:
    """Play `steps` random clicks and keys (the app's own `keys()`), checking every
    `every`th state; the keys seen used, over the walk."""
    rng = random.Random(seed)
    seen: set[str] = set()
    settle(app)
    for step in range(steps):
        if step % every == 0:
            seen.update(check(twin_of(app)))
        keys = app.keys()
        found = controls(app)
        if keys and (not found or rng.random() < 0.35):
            assert app.key(rng.choice(keys))
        elif found:
            app.click(*rng.choice(found))
        else:
            break
        settle(app)
    seen.update(check(twin_of(app)))
    return seen


def routed(route: str) -> App:
    app = App(MemoryStorage(), base_url="https://example.org/spygames/")
    app.route(route)
    settle(app)
    return app


def seated_table(game: str, kinds: list[str], seed: int) -> App:
    """A table of `game` dealt as `seed`, seated as `kinds` ("human" or a bot's level)."""
    app = routed(f"#/{game}/deal/{seed}")
    values = {"players": str(len(kinds)), "situation": ""}
    for i, kind in enumerate(kinds):
        values[f"seat{i}-kind"], values[f"seat{i}-name"] = kind, f"P{i}"
    app.submit("start", values)
    settle(app)
    return app


# -- the states ----------------------------------------------------------------------------
@pytest.mark.parametrize("route", ["#/", "#/saves", "#/stats", "#/chess", "#/espionage"])
def test_pages_without_a_game(route: str) -> None:
    """Home and the lists take no key; a message (a bad address) is dismissed by Escape;
    a table still being seated takes none."""
    app = routed(route)
    used = check(twin_of(app))
    assert used == (["Escape"] if app.ctx.messages else [])


@pytest.mark.parametrize("seed", [3, 11, 2024])
def test_deck_of_spies_mid_game(seed: int) -> None:
    app = routed(f"#/deck-of-spies/deal/{seed}")
    seen = walk(app, 30, seed, every=2)
    assert {"1", "c", "C", "h", "u", "x"} <= seen


def test_deck_of_spies_escape_clears_a_pick_only() -> None:
    app = routed("#/deck-of-spies/deal/3")
    assert "Escape" not in check(twin_of(app))  # nothing picked: Escape is the page's
    app.key("1")
    assert "Escape" in check(twin_of(app))


@pytest.mark.parametrize(
    ("kinds", "seed"),
    [(["human", "normal", "easy"], 7), (["human", "human", "normal"], 21), (["human", "hard"], 4)],
)
def test_espionage_mid_game(kinds: list[str], seed: int) -> None:
    app = seated_table("espionage", kinds, seed)
    seen = walk(app, 30, seed, every=3)
    assert {"b", "+", "1"} <= seen


@pytest.mark.parametrize(
    ("kinds", "seed"),
    [(["human", "normal"], 21), (["human", "human", "easy", "normal"], 5), (["human", "hard"], 8)],
)
def test_spynet_mid_game(kinds: list[str], seed: int) -> None:
    app = seated_table("spynet", kinds, seed)
    seen = walk(app, 30, seed, every=3)
    assert {"h", "x"} <= seen


@pytest.mark.parametrize(
    ("game", "players"), [("deck-of-spies", 1), ("espionage", 3), ("spynet", 2)]
)
def test_replays(game: str, players: int) -> None:
    state = finished(game, 5, players=players)
    app = routed(replay_route(state.record(), players - 1))
    seen = walk(app, 8, 5, every=2)
    assert {"ArrowLeft", "ArrowRight", "Home", "End"} <= seen


@pytest.mark.parametrize("game", ["deck-of-spies", "espionage", "spynet"])
def test_rules_pages_their_demos_and_a_demo_tried(game: str) -> None:
    app = routed(f"#/{game}/rules")
    assert set(check(twin_of(app))) == set(demos.KEYS)
    app.click("demo-next", "")
    app.click("demo-try", "")
    settle(app)
    assert isinstance(app.screen, RulesScreen) and app.screen.live is not None
    walk(app, 10, 9, every=2)


def test_a_join_screen_before_and_after_the_connection() -> None:
    app = routed("#/join/" + invitation_code(invitation(1)))
    assert isinstance(app.screen, JoinScreen) and check(twin_of(app)) == []
    espionage = joined_pair().guest  # an Espionage seat: U, its Undo through the host, only
    assert check(twin_of(espionage)) == ["u", "U"]


def test_a_friends_spynet_seat_and_the_hosts_table() -> None:
    net = seated(["human", "friend"], 21)
    host, friend = net.host, net.guests[1]
    assert isinstance(friend.screen, JoinScreen)
    rng = random.Random(4)
    seen: set[str] = set()
    for step in range(24):
        for app in (host, friend) if step % 2 == 0 else ():
            seen.update(check(twin_of(app)))
        app = rng.choice([host, friend])
        keys, found = app.keys(), controls(app)
        if keys and (not found or rng.random() < 0.35):
            app.key(rng.choice(keys))
        elif found:
            app.click(*rng.choice(found))
        net.run()
    friend.click("read", "a01")  # a card's face opened: Escape closes it
    assert "Escape" in check(twin_of(friend))
    assert seen - {"Escape"}


def test_a_question_open_and_messages_shown() -> None:
    app = routed("#/deck-of-spies/deal/3")
    table = app.screen
    assert isinstance(table, DeckOfSpiesTable) and table.state is not None
    move = next(a for a in table.state.legal_actions() if a.get("cards"))
    for card in move["cards"]:
        app.click("pick", card)
    app.click(move["type"], "")  # a move, so that a new game asks first
    settle(app)
    app.click("new", "")
    assert app.ctx.confirming is not None
    assert check(twin_of(app)) == ["Escape"]  # only closing it: Enter is the dialog's
    app.key("Escape")
    app.key("u")
    app.key("u")  # nothing (more) to undo: a message says why
    assert app.ctx.messages
    used = check(twin_of(app))
    assert "Escape" in used and "c" in used


def test_a_game_open_in_another_tab() -> None:
    app = routed("#/spynet/deal/4")
    app.submit("start", {"players": "2", "seat0-kind": "human", "seat1-kind": "normal"})
    settle(app)
    slot = app.playing
    assert slot is not None
    assert app.tab_message({"kind": "here", "slot": slot, "tab": "another"})
    assert app.away and check(twin_of(app)) == []
    app.ctx.notify("Hello")
    assert check(twin_of(app)) == []  # the table is set aside: not even Escape


@pytest.mark.parametrize("route", ["#/demo/dos-retire", "#/demo/nothing-such"])
def test_embeds(route: str) -> None:
    app = EmbedApp()
    app.route(route)
    walk(app, 8, 2, every=2)
    state = finished("espionage", 4, players=3)
    app.route(replay_route(state.record(), 2))
    assert set(check(twin_of(app))) == set(replay.KEYS)


def test_keys_while_something_is_being_worked_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Hint or a bot's move being searched: the search (a generator) cannot be copied,
    so the twins share it; no key steps a search under way. Slices of no time keep
    each search going, whatever the machine's speed."""
    monkeypatch.setattr(dos_table, "HINT_SLICE_S", 0.0)
    monkeypatch.setattr(spynet_table, "SLICE_S", 0.0)
    hinting = routed("#/deck-of-spies/deal/11")
    hinting.key("h")
    thinking = seated_table("spynet", ["human", "hard"], 8)
    thinking.click(*next(c for c in controls(thinking) if c[0] == "keep"))
    thinking.take_effects()
    for _ in range(5):  # the bot's pause, then the first slice of its thought
        if getattr(thinking.screen, "thinking", None) is not None:
            break
        thinking.tick()
    for app in (hinting, thinking):
        assert app.pending_delay() == 0  # still thinking
        with pytest.raises(TypeError, match="generator"):
            copy.deepcopy(app)
    copiers = copy._deepcopy_dispatch  # type: ignore[attr-defined]
    monkeypatch.setitem(copiers, GeneratorType, lambda generator, memo: generator)
    assert "h" in check(twin_of(hinting))
    assert set(check(twin_of(thinking))) == {"u", "U"}  # the bot's turn: only Undo


def test_every_screen_with_key_has_keys() -> None:
    """A screen that answers keys also says which (else the page would let the browser
    scroll, say, while Python moves the game too)."""

    def subclasses(cls: type) -> set[type]:
        return {cls, *(s for c in cls.__subclasses__() for s in subclasses(c))}

    from spyweb.catalogue import screen_class
    from spyweb.together import answer  # noqa: F401  (every screen loaded)

    for game in ("deck-of-spies", "espionage", "spynet"):
        screen_class(game)
    for cls in subclasses(Screen):
        if "key" in vars(cls):
            assert "keys" in vars(cls), cls
