"""The site's Python as archives: the UI zip, and one archive per game.

Python's worker (web/worker.mjs) unpacks the engine wheel and the UI zip onto the import
path at every start. Each game's own modules, its rules (`spygames/<game>/`) and its
table (`spyweb/<game>/`), are taken out of both into `app/games/<id>.zip`, which the page
fetches when the game is first opened (web/app/spyweb/archives.py): a visit to one table
downloads that game's code, not all three. What stays is the engine's core (the contract,
the registry, records, demos) and the app's shared screens. The engine's tools for a
terminal (its command line and its conformance run) never run in a page: the site's
wheel leaves them out.
"""

from __future__ import annotations

import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "web" / "app"
GAMES = "app/games"  # in the site: one <id>.zip per game
TERMINAL = ("spygames/__main__.pyc", "spygames/cli.pyc", "spygames/conformance.pyc")


def zip_app(site: Path) -> Path:
    """The UI package (web/app/spyweb) as one zip that Python's worker unpacks at start."""
    target = site / "app" / "spyweb.zip"
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as archive:  # see packed.py
        for path in sorted((APP / "spyweb").rglob("*.py")):
            archive.write(path, path.relative_to(APP).as_posix())
    return target


def game_folders() -> dict[str, tuple[str, str]]:
    """{game id: (its rules' folder in the wheel, its table's folder in the UI zip)}."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from spygames.registry import SHIPPED

    folders = {}
    for entry in SHIPPED:
        package = entry.package.rsplit(".", 1)[1]
        folders[entry.id] = (f"spygames/{package}/", f"spyweb/{package}/")
    return folders


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
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as new:
        for info, data in kept:
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines()
                data = "".join(f"{ln}\n" for ln in lines if ln.rsplit(",", 2)[0] not in moved)
                data = data.encode()
            new.writestr(info, data, zipfile.ZIP_STORED)
    return taken


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
    rules = _take_out(wheel, lambda name: name if name in TERMINAL else by_game(name))
    _each_taken(wheel, rules, {**in_wheel, **{name: name for name in TERMINAL}})
    tables = _take_out(app_zip, _by_folder(in_app))
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
