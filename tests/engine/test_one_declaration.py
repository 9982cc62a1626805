"""A game is declared once, by its `Game` class (issue 48, "one shape"): a game added
with the one registration (`spygames.register`) is found, listed, checked and hinted
like the shipped ones, and no module outside a game's own package keeps a table keyed
by a game's id (the facts about a game are its `Game`'s attributes)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

import spygames
from spygames import Advice, Bot, Game, State, conformance, hints

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = list(spygames.GAMES.shipped.values())
IDS = {game.id for game in SHIPPED}
PACKAGES = {game.package.rsplit(".", 1)[1] for game in SHIPPED}  # deck_of_spies, ...


class CountdownState(State):
    """Two seats take 1 or 2 from 5 in turn; who takes the last one wins."""

    game_id = "test-countdown"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.left = 5

    @property
    def to_play(self) -> list[int]:
        return [len(self.actions) % 2] if self.left else []

    def legal_actions(self) -> list[dict[str, Any]]:
        return [{"type": "take", "count": n} for n in (1, 2) if n <= self.left]

    def why_illegal(self, action: dict[str, Any]) -> str | None:
        count = action.get("count")
        if type(count) is not int or action not in self.legal_actions():  # True is no 1
            return "take 1 or 2 of what is left"
        return None

    def _play(self, action: dict[str, Any]) -> None:
        self.left -= action["count"]

    def view(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "to_play": self.to_play, "left": self.left}

    @property
    def result(self) -> dict[str, Any] | None:
        if self.left:
            return None
        last = self.actors[-1]
        return {"winners": [last], "reason": "took the last one", "ending": "last_one"}


class TakeOne(Bot):
    level = "hard"

    def advise(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> Advice:
        return Advice(legal[0], "one at a time")


class Countdown(Game):
    id = "test-countdown"
    name = "Countdown"
    min_players = 2
    max_players = 2
    endings = frozenset({"last_one"})
    state_type = CountdownState
    bot_types = (TakeOne,)


@pytest.fixture
def countdown(monkeypatch: pytest.MonkeyPatch) -> Game:
    """The toy game, registered for this test only."""
    monkeypatch.setattr(spygames.GAMES, "_games", dict(spygames.GAMES._games))
    return spygames.register(Countdown())


def test_a_game_registered_once_is_found_listed_checked_and_hinted(countdown: Game) -> None:
    assert spygames.get_game("test-countdown") is countdown
    assert list(spygames.GAMES)[-1] == "test-countdown" and "test-countdown" in spygames.GAMES
    assert spygames.listing("test-countdown") is None  # not shipped: not on the home page
    checks = conformance.checks_of("test-countdown")  # the generic checks: it names none
    assert checks.game is countdown and checks.players == (2,)
    played = conformance.random_game("test-countdown", 2, seed=7, tempt=1.0, deep=bool)
    assert played.state.is_over and played.refused > 0
    bot = hints.hint_bot("test-countdown", seed=1)
    assert isinstance(bot, TakeOne) and bot.budget is None  # the Hint's budget by default
    assert countdown.guide is None and not countdown.retry_from_review


def keyed_by_a_game(where: str, text: str) -> list[str]:
    """Each game id written as a key of a dict or a member of a set in a module's code."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Dict):
            keys: list[ast.expr | None] = list(node.keys)
        elif isinstance(node, ast.Set):
            keys = list(node.elts)
        else:
            continue
        found += [
            f"{where}: {key.value!r}"
            for key in keys
            if isinstance(key, ast.Constant) and key.value in IDS
        ]
    return found


def modules_outside_the_games() -> list[Path]:
    """The engine's and the app's modules, but those of a game's own package."""
    roots = (ROOT / "spygames", ROOT / "web" / "app" / "spyweb")
    folders = (ROOT / "spygames", ROOT / "web" / "app" / "spyweb" / "games")  # the games'
    games = {folder / package for folder in folders for package in PACKAGES}
    return [
        path
        for root in roots
        for path in sorted(root.rglob("*.py"))
        if not games & set(path.parents)
    ]


def test_no_module_outside_a_games_package_keeps_a_table_by_game_id() -> None:
    files = modules_outside_the_games()
    assert ROOT / "spygames" / "hints.py" in files
    assert ROOT / "web/app/spyweb/screens/review.py" in files
    assert not [p for p in files if "spynet" in p.parts]
    found = {
        hit
        for path in files
        for hit in keyed_by_a_game(path.relative_to(ROOT).as_posix(), path.read_text())
    }
    assert found == set(), "make it an attribute of the game's Game class"


def test_the_scan_finds_a_table_by_game_id() -> None:
    code = (
        '"""{"spynet": 1} in a docstring is words."""\n'
        'SIZES = {"spynet": (1, 2), "other": 3}\n'
        'RETRY = {"deck-of-spies"}\n'
        'if game == "espionage":\n    pass\n'
    )
    assert keyed_by_a_game("x.py", code) == ["x.py: 'spynet'", "x.py: 'deck-of-spies'"]
