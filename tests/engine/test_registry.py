"""The registry imports a game's rules only when the game is asked for: the site serves
each game's modules on their own (web/tools/archives.py), so a page that names a game,
lists the games or checks an id must not pull in all three."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import spygames
from spygames.registry import SHIPPED

PACKAGES = [entry.package for entry in SHIPPED]


def imported_after(code: str) -> list[str]:
    """The shipped games' packages a fresh Python has imported after running `code`."""
    seen = f"sorted(m for m in {PACKAGES!r} if m in sys.modules)"
    probe = f"import json, sys\n{code}\nprint(json.dumps({seen}))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("entry", SHIPPED, ids=lambda e: e.id)
def test_each_listing_agrees_with_its_game(entry: spygames.Listing) -> None:
    game = spygames.get_game(entry.id)
    assert (entry.id, entry.name, entry.min_players, entry.max_players, entry.top_score) == (
        game.id,
        game.name,
        game.min_players,
        game.max_players,
        game.top_score,
    )
    assert type(game).__module__.startswith(entry.package)
    demos = spygames.all_demos(entry.id)
    assert demos and all(d.id.startswith(entry.demos + "-") for d in demos)


def test_games_are_listed_in_the_home_pages_order_and_toys_after() -> None:
    from drivers.pile_game import GAME as PILE  # registers a toy game

    listed = list(spygames.GAMES)
    assert listed[:3] == ["deck-of-spies", "espionage", "spynet"]
    assert listed[-1] == PILE.id and listed.count(PILE.id) == 1
    assert len(spygames.GAMES) == len(listed) and spygames.GAMES[PILE.id] is PILE
    assert spygames.listing(PILE.id) is None  # not shipped: not on the home page


def test_naming_checking_and_listing_games_imports_no_rules() -> None:
    code = (
        "import spygames\n"
        "assert 'spynet' in spygames.GAMES and 'chess' not in spygames.GAMES\n"
        "assert list(spygames.GAMES) == ['deck-of-spies', 'espionage', 'spynet']\n"
        "assert spygames.listing('espionage').name == 'Espionage'\n"
    )
    assert imported_after(code) == []


def test_asking_for_a_game_imports_that_game_only() -> None:
    code = "import spygames\nassert spygames.get_game('espionage').name == 'Espionage'"
    assert imported_after(code) == ["spygames.espionage"]


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
