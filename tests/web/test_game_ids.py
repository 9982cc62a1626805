"""No code outside a game's own package names a game (issue 48, "one shape"): the app's
shared screens (web/app/spyweb, but its games' packages) ask a game's record
(spyweb/gameui.py) and the Bot Lab (web/lab) the list the build writes into its pages
(web/lab/games.mjs). A game's id written there, in a comparison, as a key or a default,
or an import of a game's package, is a list of games kept apart from the one list.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import spygames

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "web" / "app" / "spyweb"
LAB = ROOT / "web" / "lab"
SHIPPED = [entry for game_id in spygames.GAMES if (entry := spygames.listing(game_id)) is not None]
IDS = {entry.id for entry in SHIPPED}
PACKAGES = {entry.package.rsplit(".", 1)[1] for entry in SHIPPED}  # deck_of_spies, ...


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstrings' nodes (their examples may name a game)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            found.add(id(first.value))
    return found


def named_in_python(where: str, text: str) -> list[str]:
    """Each game id written as a string of its own in a module's code (not in a
    docstring), and each import of a game's package."""
    tree = ast.parse(text)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in IDS and id(node) not in skip:
            found.append(f"{where}: {node.value!r}")
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or "", *(alias.name for alias in node.names)]
            found += [f"{where}: import {n}" for n in names for p in PACKAGES if p in n.split(".")]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
            found += [f"{where}: import {n}" for n in names for p in PACKAGES if p in n.split(".")]
    return found


QUOTED = re.compile(r"""(["'`])([a-z-]+)\1|\b([a-z]+)\s*:""")


def named_in_lab(where: str, text: str) -> list[str]:
    """Each game id the Lab's page or script writes as a string or an object's key."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for match in QUOTED.finditer(line):
            word = match.group(2) or match.group(3)
            if word in IDS:
                found.append(f"{where}:{number}: {line.strip()}")
    return found


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def app_files() -> list[Path]:
    games = {APP / "games" / package for package in PACKAGES}
    return [p for p in sorted(APP.rglob("*.py")) if not games & set(p.parents)]


def lab_files() -> list[Path]:
    # Not its templates/: each is one game's own bot.
    return sorted(p for p in LAB.iterdir() if p.suffix in (".mjs", ".js", ".html"))


def test_the_apps_shared_screens_name_no_game() -> None:
    files = app_files()
    assert len(files) > 40 and APP / "screens" / "home.py" in files
    assert not [p for p in files if "espionage" in p.parts]
    found = [hit for path in files for hit in named_in_python(_name(path), path.read_text())]
    assert found == [], "ask the game's record (spyweb/gameui.py)"


def test_the_bot_lab_names_no_game() -> None:
    files = lab_files()
    assert LAB / "match.mjs" in files and LAB / "index.html" in files
    found = [hit for path in files for hit in named_in_lab(_name(path), path.read_text())]
    assert found == [], "read the Lab's games (web/lab/games.mjs)"


def test_the_scans_find_a_game_named_and_let_words_be() -> None:
    """What the scans above catch: a comparison, a key, an import of a game's package, a
    quoted id, a key in a script; not a docstring's example or a sentence."""
    code = (
        '"""Opens "#/spynet/new" or `spynet`."""\n'
        'if game.id == "deck-of-spies":\n    pass\n'
        'SIZES = {"spynet": 1}\n'
        "from .espionage import table\n"
        "from . import deck_of_spies\n"
        'def said():\n    """The "espionage" of a docstring is words."""\n'
        '    return "Espionage, the spynet"\n'
    )
    assert sorted(named_in_python("x.py", code)) == [
        "x.py: 'deck-of-spies'",
        "x.py: 'spynet'",
        "x.py: import deck_of_spies",
        "x.py: import espionage",
    ]
    script = (
        'const A = { espionage: [2, 4] };\nif (id === "deck-of-spies") go();\n'
        "<option value='spynet'>SpyNet</option>\n// SpyNet, from spygames.spynet.cards\n"
    )
    assert [hit.split(": ")[0] for hit in named_in_lab("x.mjs", script)] == [
        "x.mjs:1",
        "x.mjs:2",
        "x.mjs:3",
    ]
