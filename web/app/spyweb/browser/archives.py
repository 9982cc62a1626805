"""Each game's own modules, fetched when the game is first opened.

The site serves every game's rules (`spygames/<game>/`) and table (`spyweb/games/<game>/`) in
an archive of its own, `app/games/<id>.zip` (web/tools/archives.py); Python's worker
(web/worker.mjs) unpacks only the engine's core and the shared screens at start, with
each game's record (`spyweb/games/<game>/__init__.py`, spyweb/gameui.py).
`install` puts a `GameArchives` finder first on `sys.meta_path`:

- `want` asks the worker to download archives (the `request` it was given), without
  holding up the app, and runs what waits for them once they are in (`arrived`): the
  worker has already requested the opened game's archive with the page, and on a first
  visit python.mjs answers with the archive's `.xz` copy, decoded; it downloads the
  other games' once the page has drawn its first frame;
- whatever imports a game's module before its archive is in (a link to a replay, a
  click before the other games' downloads ended) gets it at once, by a synchronous
  request: the import cannot wait, and the page never breaks for want of a download.

Nothing here waits on a promise: the worker does the waiting, so the app needs no event
loop (and the site's standard library no `asyncio`).
"""

from __future__ import annotations

import os
import struct
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from importlib import import_module
from importlib.machinery import ModuleSpec, PathFinder
from typing import Any

import spygames
from spygames.i18n import _
from spygames.registry import game_of_demo

from . import stdlib

FOLDER = "app/games"
GAMES_UI = "spyweb.games"  # the package that holds each game's UI package (spyweb/games/)


def packages() -> dict[str, str]:
    """{module that lives in a game's archive: the game's id}: each shipped game's rules
    package and table package (named alike: spygames.espionage, spyweb.games.espionage), and
    what is in them, but the table package's `__init__` (its `GameUI`, spyweb/gameui.py),
    which ships with the app's shared screens (`GameArchives.game_of`)."""
    found = {}
    for game_id in spygames.GAMES:
        entry = spygames.listing(game_id)
        if entry is not None:
            name = entry.package.rsplit(".", 1)[1]
            found[f"spygames.{name}"] = found[f"{GAMES_UI}.{name}"] = game_id
    return found


def declarations() -> set[str]:
    """The modules of each shipped game that the core holds, not its archive: its rules
    package and the `game` module that declares it (light: the registry lists the games
    by them, web/tools/archives.py keeps them in the wheel)."""
    return {f"{g.package}{tail}" for g in spygames.GAMES.shipped.values() for tail in ("", ".game")}


# A download the app asks of the worker: (game, the archive's address, soon). `soon`: the
# app waits for it (the address opens that game); otherwise the worker downloads it once
# the page has drawn its first frame.
Request = Callable[[str, str, bool], None]


class GameArchives:
    """A `sys.meta_path` finder that unpacks a game's archive before its first import."""

    def __init__(
        self,
        folder_url: str,
        fetch: Callable[[str], bytes],
        root: str = ".",
        request: Request | None = None,
    ) -> None:
        self.folder_url = folder_url.rstrip("/")
        self.fetch = fetch
        self.root = root
        self.request = request
        self.packages = packages()
        self.declarations = declarations()
        self.loaded: set[str] = set()
        self.fetched_at_once: list[str] = []  # games an import had to wait for, in order
        # The downloads asked of the worker and not yet in: a second ask for one (a click
        # while the background download runs) waits for the same one. And what waits for
        # them: (the games, what to run once none of them is still downloading).
        self.asked: set[str] = set()
        self.waiting: list[tuple[set[str], Callable[[], None]]] = []

    def url(self, game_id: str) -> str:
        return f"{self.folder_url}/{game_id}.zip"

    def game_of(self, fullname: str) -> str | None:
        parent, _, _ = fullname.rpartition(".")
        if parent == GAMES_UI:
            return None  # a game's record (spyweb/gameui.py): with the app's own modules
        for package, game in self.packages.items():
            if fullname == package or fullname.startswith(f"{package}."):
                return game
        return None

    def unpack(self, game_id: str, data: bytes) -> None:
        for name, content in members(data):
            path = os.path.join(self.root, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as file:
                file.write(content)
        # The finders of the import path's folders list a folder once: have them look
        # again. (Not importlib.invalidate_caches(), which imports importlib.metadata,
        # a module the site's trimmed standard library leaves out.)
        for finder in list(sys.path_importer_cache.values()):
            if finder is not None and hasattr(finder, "invalidate_caches"):
                finder.invalidate_caches()
        self.loaded.add(game_id)

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if fullname in self.declarations:
            return None  # a game's declaration is in the core: the registry lists it
        game = self.game_of(fullname)
        if game is not None and game not in self.loaded:
            self.fetched_at_once.append(game)
            self.unpack(game, self.fetch(self.url(game)))
        return None  # the modules are now files: Python's own finders take it from here

    def want(
        self, games: Iterable[str], then: Callable[[], None] | None = None, soon: bool = True
    ) -> None:
        """Have the worker download the archives of `games` not yet in (no game we ship:
        skipped), and run `then` once none of them is still downloading (at once if
        none is), whether each came in or not: one that could not be downloaded is left
        to the synchronous request of the first import."""
        missing = {g for g in games if g in self.packages.values() and g not in self.loaded}
        for game in sorted(missing - self.asked):
            self.asked.add(game)
            if self.request is not None:
                self.request(game, self.url(game), soon)
        if then is None:
            return
        if missing & self.asked:
            self.waiting.append((missing, then))
        else:
            then()

    def arrived(self, game: str, data: bytes | None, problem: str = "") -> None:
        """The worker's download of `game`'s archive: its bytes, or None and why not."""
        self.asked.discard(game)
        if data is None:
            reason = problem or f"could not fetch {self.url(game)}"
            warn(f"spygames: {reason}; it will be fetched when first needed")
        elif game not in self.loaded:  # an import may have unpacked it meanwhile
            self.unpack(game, data)
        ready = [entry for entry in self.waiting if not entry[0] & self.asked]
        self.waiting = [entry for entry in self.waiting if entry[0] & self.asked]
        for _games, then in ready:
            then()


def members(data: bytes) -> Iterator[tuple[str, bytes]]:
    """The files of a zip archive (ours: members stored, or deflated), read by its
    central directory: (path, content). (Not `zipfile`, which the site's trimmed
    standard library leaves out.)"""
    end = data.rfind(b"PK\x05\x06")
    if end < 0 or len(data) < end + 22:
        raise ValueError("not a zip archive")
    count, _, at = struct.unpack_from("<HII", data, end + 10)
    for _ in range(count):
        if data[at : at + 4] != b"PK\x01\x02":
            raise ValueError("a damaged zip archive")
        (method,) = struct.unpack_from("<H", data, at + 10)
        packed, _, length, extra, comment = struct.unpack_from("<IIHHH", data, at + 20)
        (local,) = struct.unpack_from("<I", data, at + 42)
        name = data[at + 46 : at + 46 + length].decode()
        at += 46 + length + extra + comment
        if name.startswith("/") or ".." in name.split("/"):
            raise ValueError(f"a zip archive with a path outside it: {name}")
        if name.endswith("/"):
            continue
        start = local + 30 + sum(struct.unpack_from("<HH", data, local + 26))
        body = data[start : start + packed]
        if method == 8:
            body = zlib.decompress(body, -15)
        elif method != 0:
            raise ValueError(f"a zip member packed in a way we do not read: {name}")
        yield name, body


def warn(text: str) -> None:
    from js import console

    console.warn(text)


def fetch_at_once(url: str) -> bytes:
    """The archive's bytes by a synchronous request (spyweb/browser/stdlib.py)."""
    # translators: said after "Something went wrong (ImportError: …)"; {url} an address
    failed = _("this game's code could not be fetched ({url}); reload", url=url)
    return stdlib.fetch_at_once(url, failed)


def opened_by(location_hash: str) -> list[str]:
    """The game an address opens: `#/<game>/…`, a shared game or replay's (`#/play/…`,
    `#/replay/…`), a friend's invitation's (`#/join/…`), a demo's in an embed
    (`#/demo/…`); none for the other pages.

    >>> opened_by("#/espionage/new"), opened_by("#/demo/sn-recruit"), opened_by("#/saves")
    (['espionage'], ['spynet'], [])
    """
    parts = [p for p in location_hash.lstrip("#").split("/") if p]
    if not parts:
        return []
    if parts[0] == "demo" and len(parts) > 1:  # embed.html's address of a rules demo
        demo_game = game_of_demo(parts[1])
        return [demo_game] if demo_game is not None else []
    if parts[0] == "join" and len(parts) > 1:  # a friend's invitation to a table
        from ..together.invite import BadCode, read_invitation

        try:
            invited = read_invitation(parts[1]).game
        except BadCode:
            return []
        return [invited] if spygames.listing(invited) is not None else []
    if parts[0] in ("play", "replay") and len(parts) > 1:
        from .links import game_of

        game = game_of(parts[1])
        return [game] if game is not None else []
    return [parts[0]] if spygames.listing(parts[0]) is not None else []


ACTIVE: GameArchives | None = None  # the page's finder, once `install` has put it in


def when_loaded(location_hash: str, route: Callable[[], None], current: Callable[[], str]) -> None:
    """Route to an address now, or, when it opens a game whose archive the page has not
    got yet, once the archive is in and if the page is still there (`current`: the
    page's address as it then is). (An import would
    otherwise wait for the download with the page frozen; and WebKit sends no synchronous
    request through the service worker, so one made offline fails.)"""
    missing = [g for g in opened_by(location_hash) if ACTIVE and g not in ACTIVE.loaded]
    if ACTIVE is None or not missing:
        return route()

    def then() -> None:
        if current() == location_hash:
            route()

    ACTIVE.want(missing, then)


def on_disk(module: str) -> bool:
    """Whether `module` (a game's package) is on the import path with its own modules as
    files, whatever `sys.modules` holds (a Python restored from a snapshot has a game's
    rules imported but not its files). The core holds each game's declaration (its
    packages' `__init__`, the engine's `game`: `declarations`, spyweb/gameui.py) without
    the rest: a package folder holding no more than that is not its game on disk."""
    parent, _, _ = module.rpartition(".")
    if parent and parent not in sys.modules:  # spyweb.games, before any game's record
        try:
            import_module(parent)  # its `__init__` alone: light
        except ImportError:
            return False
    where = getattr(sys.modules.get(parent), "__path__", None)
    spec = PathFinder.find_spec(module, where) if where is not None else None
    folders = (spec.submodule_search_locations or []) if spec is not None else []
    return any(holds_more_than_a_declaration(folder) for folder in folders)


def holds_more_than_a_declaration(folder: str) -> bool:
    """Whether the package `folder` holds a module beside its `__init__` and `game`."""
    try:
        names = os.listdir(folder)
    except OSError:
        return False
    return any(name.split(".")[0] not in ("__init__", "game", "__pycache__") for name in names)


def install(page: str, request: Request, root: str = ".") -> GameArchives | None:
    """Fetch the games' archives on demand, for the page at `page` (`request`: how to
    ask the worker for one); None where every game's modules are already on the import
    path (under CPython, say)."""
    finder = GameArchives("", fetch_at_once, os.path.abspath(root), request)
    missing = {game for module, game in finder.packages.items() if not on_disk(module)}
    if not missing:
        return None
    finder.loaded = set(finder.packages.values()) - missing
    folder = page.split("#")[0].split("?")[0].rsplit("/", 1)[0]
    finder.folder_url = f"{folder}/{FOLDER}"
    sys.meta_path.insert(0, finder)
    global ACTIVE
    ACTIVE = finder
    return finder
