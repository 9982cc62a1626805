"""The registry imports a game's rules only when the game is asked for: the site serves
each game's modules on their own (web/tools/archives.py), so a page that names a game,
lists the games or checks an id must not pull in all three."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import spygames
from spygames.registry import GAMES, SHIPPED


def imported_after(code: str) -> list[str]:
    """The shipped games whose rules a fresh Python has imported after running `code`
    (any module of the game's package but its `__init__` and `game` counts)."""
    packages = [game.package for game in GAMES.shipped.values()]
    seen = (
        f"sorted(p for p in {packages!r} if any(m.startswith(p + '.') and m != p + '.game'"
        " for m in sys.modules))"
    )
    probe = f"import json, sys\n{code}\nprint(json.dumps({seen}))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("path", SHIPPED)
def test_each_shipped_game_is_declared_by_its_game_class(path: str) -> None:
    module, _, name = path.partition(":")
    game = spygames.get_game(getattr(__import__(module, fromlist=[name]), name).id)
    assert type(game).__name__ == name and type(game).__module__ == module
    assert module == f"{game.package}.game" and spygames.listing(game.id) is game
    demos = spygames.all_demos(game.id)
    assert demos and all(d.id.startswith(game.demo_prefix + "-") for d in demos)


def test_games_are_listed_in_the_home_pages_order_and_toys_after() -> None:
    from drivers.pile_game import GAME as PILE  # registers a toy game

    listed = list(spygames.GAMES)
    assert listed[:3] == ["deck-of-spies", "espionage", "spynet"]
    assert listed[-1] == PILE.id and listed.count(PILE.id) == 1
    assert len(spygames.GAMES) == len(listed) and spygames.GAMES[PILE.id] is PILE
    assert spygames.listing(PILE.id) is None  # not shipped: not on the home page


def test_naming_checking_and_listing_games_imports_no_rules() -> None:
    code = (
        "import spygames, spygames.guides, spygames.hints\n"
        "assert 'spynet' in spygames.GAMES and 'chess' not in spygames.GAMES\n"
        "assert list(spygames.GAMES) == ['deck-of-spies', 'espionage', 'spynet']\n"
        "assert spygames.listing('espionage').name == 'Espionage'\n"
        "assert [g.top_score for g in spygames.GAMES.values()] == [12, None, None]\n"
        "assert spygames.guides.guided() == list(spygames.GAMES)\n"
        "assert spygames.get_game('spynet').hint_budget.playouts == 70\n"
    )
    assert imported_after(code) == []


def test_a_new_game_imports_that_games_rules_only() -> None:
    code = "import spygames\nassert spygames.get_game('espionage').new(seed=1, players=2)"
    assert imported_after(code) == ["spygames.espionage"]


def test_a_games_package_gives_its_names_on_first_use() -> None:
    code = "import spygames.spynet as sn\nassert sn.card_info('a01')['id'] == 'a01'"
    assert imported_after(code) == ["spygames.spynet"]


def test_a_demo_is_found_in_the_game_its_id_names() -> None:
    code = "import spygames\nassert spygames.get_demo('sn-dominate').game == 'spynet'"
    assert imported_after(code) == ["spygames.spynet"]
    assert [spygames.registry.game_of_demo(d) for d in ("dos-x", "esp-y", "sn-z", "zz", "")] == [
        "deck-of-spies", "espionage", "spynet", None, None,
    ]  # fmt: skip


def test_an_unknown_id_is_refused_with_the_ids_there_are() -> None:
    with pytest.raises(spygames.UnknownGame, match="deck-of-spies, espionage, spynet"):
        spygames.get_game("chess")
    with pytest.raises(spygames.UnknownGame):
        spygames.get_game(["espionage"])  # type: ignore[arg-type]
    with pytest.raises(spygames.UnknownDemo, match="dos-counter"):
        spygames.get_demo("dos-nothing")
