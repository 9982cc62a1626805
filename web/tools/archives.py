"""The site's Python as archives: the UI zip, and one archive per game.

Python's worker (web/worker.mjs) unpacks the engine wheel and the UI zip onto the import
path at every start. Each game's own modules, its rules (`spygames/<game>/`) and its
table (`spyweb/games/<game>/`), are taken out of both into `app/games/<id>.zip`, which the page
fetches when the game is first opened (web/app/spyweb/browser/archives.py): a visit to one table
downloads that game's code, not all three. What stays is the engine's core (the contract,
the registry, records, demos), each game's declaration (`spygames/<game>/__init__` and
`game`: light, what the registry lists the games by), the app's shared screens and each
game's UI record (its table package's `__init__`, web/app/spyweb/gameui.py). The
engine's tools for a terminal (its command line, its conformance run and their
statistics) and the Bot Lab's match never run in a page: the site's wheel and archives
leave them out.
"""

from __future__ import annotations

import base64
import hashlib
import json
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "web" / "app"
GAMES = "app/games"  # in the site: one <id>.zip per game
# Never imported in a page: the engine's command line and conformance run, the game
# statistics behind them (`simulate`: the league; each game's `invariants`, Deck of
# Spies' `ceiling` and `strength`), and the Bot Lab's match and a person's bot's sandbox
# (`lab`, `sandbox`: the sandbox installs the whole wheel, from wheels/, with micropip).
TERMINAL = (
    "spygames/__main__.pyc",
    "spygames/cli.pyc",
    "spygames/conformance.pyc",
    "spygames/simulate.pyc",
    "spygames/lab.pyc",
    "spygames/sandbox.pyc",
    "spygames/deck_of_spies/ceiling.pyc",
    "spygames/deck_of_spies/invariants.pyc",
    "spygames/deck_of_spies/strength.pyc",
    "spygames/espionage/invariants.pyc",
    "spygames/spynet/invariants.pyc",
)


# The UI's modules that only the build runs: the frames drawn into index.html.
BUILD_ONLY = ("spyweb/screens/preboot.py",)


def zip_app(site: Path) -> Path:
    """The UI package (web/app/spyweb) as one zip that Python's worker unpacks at start."""
    target = site / "app" / "spyweb.zip"
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as archive:  # see packed.py
        for path in sorted((APP / "spyweb").rglob("*.py")):
            name = path.relative_to(APP).as_posix()
            if name not in BUILD_ONLY:
                archive.write(path, name)
        archive.writestr(EDITIONS, json.dumps(editions(), sort_keys=True))
    return target


EDITIONS = "spyweb/editions.json"


def editions() -> dict[str, str]:
    """Each game's review edition (`spygames.review.edition`), worked out here from the
    sources: the page reads it from the UI zip (`spyweb/browser/reviews.py`), the same at
    every start however its game's files arrive."""
    import spygames
    from spygames.review import edition

    return {game_id: edition(game_id) for game_id in spygames.GAMES}


def game_folders() -> dict[str, tuple[str, str]]:
    """{game id: (its rules' folder in the wheel, its table's folder in the UI zip)}."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from spygames.registry import GAMES

    folders = {}
    for game in GAMES.shipped.values():
        package = game.package.rsplit(".", 1)[1]
        folders[game.id] = (f"spygames/{package}/", f"spyweb/games/{package}/")
    return folders


# Each game's declaration, kept in the wheel: the registry imports it to list the games.
DECLARATION = ("__init__.pyc", "game.pyc")


Members = list[tuple[zipfile.ZipInfo, bytes]]


def _take_out(archive: Path, group_of: Callable[[str], str | None]) -> dict[str, Members]:
    """Rewrite `archive` without the members that `group_of` puts in a group; returns them
    by group. A wheel's RECORD stops listing them, so it stays a valid wheel."""
    taken: dict[str, Members] = {}
    kept: Members = []
    with zipfile.ZipFile(archive) as old:
        for info in old.infolist():
            group = group_of(info.filename)
            (taken.setdefault(group, []) if group else kept).append((info, old.read(info)))
    moved = {info.filename for members in taken.values() for info, _ in members}
    kept = [(info, _headers_only(info.filename, data)) for info, data in kept]
    hashes = {info.filename: _hashed(data) for info, data in kept}
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as new:
        for info, data in kept:
            if info.filename.endswith(".dist-info/RECORD"):
                lines = []
                for line in data.decode().splitlines():
                    name, digest, _ = line.rsplit(",", 2)
                    if name in moved:
                        continue
                    lines.append(f"{name},{hashes[name]}" if digest else line)
                data = "".join(f"{line}\n" for line in lines).encode()
            new.writestr(info, data, zipfile.ZIP_STORED)
    return taken


def _headers_only(name: str, data: bytes) -> bytes:
    """A wheel's METADATA without its long description (the README, after the headers):
    a page never reads it."""
    if not name.endswith(".dist-info/METADATA"):
        return data
    return data.split(b"\n\n", 1)[0] + b"\n"


def _hashed(data: bytes) -> str:
    """A RECORD entry's hash and size, as wheels write them."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest},{len(data)}"


def _by_folder(folders: dict[str, str]) -> Callable[[str], str | None]:
    return lambda name: next((game for game, f in folders.items() if name.startswith(f)), None)


def _each_taken(archive: Path, taken: dict[str, Members], expected: dict[str, str]) -> None:
    for group, what in expected.items():
        if not taken.get(group):
            raise SystemExit(f"{archive.name}: nothing under {what} to take out")


def split_games(site: Path, wheel: Path, app_zip: Path) -> dict[str, str]:
    """Take each game's modules out of `wheel` and `app_zip` into its own archive;
    returns {game id: the archive's path in `site`}."""
    folders = game_folders()
    in_wheel = {game: pair[0] for game, pair in folders.items()}
    in_app = {game: pair[1] for game, pair in folders.items()}
    # One pass over the wheel: each game's rules by game, each terminal tool on its own
    # (taken out and written nowhere).
    by_game = _by_folder(in_wheel)
    kept = {folder + name for folder in in_wheel.values() for name in DECLARATION}
    rules = _take_out(
        wheel, lambda name: name if name in TERMINAL else None if name in kept else by_game(name)
    )
    _each_taken(wheel, rules, {**in_wheel, **{name: name for name in TERMINAL}})
    # A table's package leaves its `__init__` (the game's record, spyweb/gameui.py) with
    # the app's shared screens: the home page reads every game's words from it.
    by_table = _by_folder(in_app)
    records = {f"{folder}__init__.{end}" for folder in in_app.values() for end in ("py", "pyc")}
    tables = _take_out(app_zip, lambda name: None if name in records else by_table(name))
    _each_taken(app_zip, tables, in_app)
    (site / GAMES).mkdir(parents=True, exist_ok=True)
    written = {}
    for game in folders:
        path = f"{GAMES}/{game}.zip"
        with zipfile.ZipFile(site / path, "w", zipfile.ZIP_STORED) as archive:
            for info, data in rules[game] + tables[game]:
                archive.writestr(info, data, zipfile.ZIP_STORED)
        written[game] = path
    return written
