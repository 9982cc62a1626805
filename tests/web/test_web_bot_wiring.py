"""The bots the web tables run see only what their seat may: the tables' wiring.

DESIGN: "Bots decide from view(seat) and the legal actions only." The engine's bots are
proved blind (`test_bots_blind.py`, `test_bots_sealed.py`); this checks what the web
tables hand them. Every bot a table or a Hint makes (through `Game.bot`) is wrapped: each
time it is asked, the view must be exactly `view(seat)` of the seat to play and the
actions legal there, and while the bot works the table's game is sealed (`sealed.py`),
so a bot reading the game through any route raises. Whole games of SpyNet and Espionage
with every seat a bot at each level, and the Hint of all three games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from drivers.espionage import play_to_end
from drivers.sealed import sealed, sealed_steps
from drivers.spynet import click_action, run_bots
from spyweb.browser.store import MemoryStorage, Saves
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
from spyweb.games.espionage.table import EspionageTable
from spyweb.games.spynet.table import SpyNetTable
from spyweb.tables.screen import Context

import spygames
from spygames import Action, Advice, State, View

Live = Callable[[], State | None]


class Watched:
    """A bot as a table made it, checked each time it is asked."""

    def __init__(self, bot: spygames.Bot, live: Live, asked: list[int]) -> None:
        object.__setattr__(self, "_bot", bot)
        object.__setattr__(self, "_live", live)
        object.__setattr__(self, "_asked", asked)

    # Whatever a table reads of its bot reaches the bot.
    def __getattr__(self, name: str) -> Any:
        return getattr(self._bot, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._bot, name, value)

    def _state(self, view: View, legal: list[Action]) -> State:
        state = self._live()
        assert state is not None and not state.is_over
        assert isinstance(view, dict), f"a table handed its bot a {type(view).__name__}"
        seat = view["seat"]
        assert state.to_play == [seat], "a table asked a bot for a seat not to play"
        assert view == state.view(seat), "a table handed its bot another view than its seat's"
        legal_now = state.legal_actions()
        assert legal and all(action in legal_now for action in legal)
        self._asked.append(seat)
        return state

    def advise(self, view: View, legal: list[Action]) -> Advice:
        state = self._state(view, legal)
        with sealed(state):
            return self._bot.advise(view, legal)

    def choose(self, view: View, legal: list[Action]) -> Action:
        return self.advise(view, legal).action

    def think(self, view: View, legal: list[Action], slice_s: float) -> Iterator[Advice | None]:
        state = self._state(view, legal)
        return sealed_steps(state, self._bot.think(view, legal, slice_s))


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Callable[[Live], list[int]]:
    """`watch(live)` wraps every bot the games make from now on, checked against the
    state `live()` returns; it returns the seats the bots were asked for."""

    makers = {game_id: game.bot for game_id, game in spygames.GAMES.items()}

    def start(live: Live) -> list[int]:
        asked: list[int] = []
        for game_id, game in spygames.GAMES.items():
            make = makers[game_id]  # a second watch replaces the first

            def wrapped(
                level: str, seed: int | None = None, budget: Any = None, make: Any = make
            ) -> Any:
                # A hard bot's wiring, not its strength: a small budget, the table's clock.
                small = spygames.Budget(6, budget.seconds if budget else None)
                return Watched(make(level, seed=seed, budget=small), live, asked)

            monkeypatch.setattr(game, "bot", wrapped)
        return asked

    return start


def context() -> Context:
    return Context(Saves(MemoryStorage()))


def seats_form(kinds: list[str], **extra: str) -> dict[str, str]:
    values = {"players": str(len(kinds)), **extra}
    for i, kind in enumerate(kinds):
        values[f"seat{i}-kind"] = kind
        values[f"seat{i}-name"] = ""
    return values


def spynet_to_end(table: SpyNetTable) -> None:
    """The bots' turns by ticks, the person's by clicks (the first legal action)."""
    for _ in range(2_000):
        run_bots(table)
        assert table.state is not None
        if table.state.is_over:
            return
        click_action(table, table.state.legal_actions()[0])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "kinds",
    [["human", "easy", "normal", "easy"], ["human", "hard"], ["human", "normal", "easy"]],
)
def test_a_spynet_table_hands_each_bot_its_own_seats_view(
    watch: Callable[[Live], list[int]], kinds: list[str]
) -> None:
    table = SpyNetTable(context(), seed=11)
    asked = watch(lambda: table.state)
    table.submit("start", seats_form(kinds, situation=""))
    assert table.state is not None
    spynet_to_end(table)
    assert set(asked) == set(range(1, len(kinds)))  # every bot was asked, and checked


def test_an_espionage_table_hands_each_bot_its_own_seats_view(
    watch: Callable[[Live], list[int]],
) -> None:
    table = EspionageTable(context(), seed=11)
    asked = watch(lambda: table.state)
    table.submit("start", seats_form(["human", "easy", "normal", "hard"]))
    play_to_end(table)
    assert set(asked) == {1, 2, 3}


def hinted(table: Any, ask: Callable[[], None]) -> None:
    ask()
    for _ in range(10_000):
        if table.pending_delay() is None:
            return
        table.tick()


def test_every_hint_asks_its_bot_about_the_seat_at_the_device(
    watch: Callable[[Live], list[int]],
) -> None:
    dos = DeckOfSpiesTable(context(), seed=5)
    asked = watch(lambda: dos.state)
    hinted(dos, lambda: dos.handle("hint", ""))
    assert asked == [0] and dos.hints.advice is not None

    esp = EspionageTable(context(), seed=5)
    asked = watch(lambda: esp.state)
    esp.submit("start", seats_form(["human", "normal", "normal"]))
    for _ in range(500):  # to the person's turn
        if esp.state is None or esp.state.to_play == [0] or esp.pending_delay() is None:
            break
        esp.tick()
    hinted(esp, lambda: esp.handle("hint", ""))
    assert asked and asked[-1] == 0

    net = SpyNetTable(context(), seed=5)
    asked = watch(lambda: net.state)
    net.submit("start", seats_form(["human", "normal"]))
    for _ in range(500):
        if net.state is None or net.my_turn or net.pending_delay() is None:
            break
        net.tick()
    hinted(net, lambda: net.handle("hint", ""))
    assert asked and asked[-1] == 0


def test_the_watch_catches_a_table_that_hands_a_bot_the_wrong_view(
    watch: Callable[[Live], list[int]],
) -> None:
    """The check is not a formality: a table asking about seat 1 with seat 0's view, or
    handing over the game itself, is refused."""
    state = spygames.get_game("spynet").new(seed=3, players=2)
    watch(lambda: state)
    bot = spygames.get_game("spynet").bot("normal", seed=1)
    seat = state.to_play[0]
    with pytest.raises(AssertionError, match="another view"):
        bot.advise({**state.view(seat), "deck": 99}, state.legal_actions())
    with pytest.raises(AssertionError, match="SpyNetState"):
        bot.advise(state, state.legal_actions())  # type: ignore[arg-type]
    with pytest.raises(AssertionError, match="not to play"):
        bot.advise(state.view(1 - seat), state.legal_actions())
    assert bot.advise(state.view(seat), state.legal_actions()).action in state.legal_actions()
