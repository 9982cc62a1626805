"""Each game's own modules, fetched when the game is first opened.

The site serves every game's rules (`spygames/<game>/`) and table (`spyweb/<game>/`) in
an archive of its own, `app/games/<id>.zip` (web/tools/archives.py); Python's worker
(web/worker.mjs) unpacks only the engine's core and the shared screens at start.
`install` puts a `GameArchives` finder first on `sys.meta_path`:

- `load` (awaited by spyweb/worker.py before the first draw, for the game the address
  opens, and run for the other games once it is drawn) downloads archives without
  holding up the app: the worker has already requested the opened game's archive, and
  on a first visit python.mjs answers with the archive's `.xz` copy, decoded;
- whatever imports a game's module before its archive is in (a link to a replay, a
  click before the idle download ended) gets it at once, by a synchronous request: the
  import cannot wait for a promise, and the page never breaks for want of a download.
"""

from __future__ import annotations

import asyncio
import io
import os
import sys
import zipfile
from collections.abc import Awaitable, Callable, Iterable
from importlib.machinery import ModuleSpec, PathFinder
from typing import Any

import spygames
from spygames.registry import game_of_demo

from . import stdlib

FOLDER = "app/games"


def packages() -> dict[str, str]:
    """{module that lives in a game's archive: the game's id}: each shipped game's rules
    package and table package (named alike: spygames.espionage, spyweb.espionage)."""
    found = {}
    for game_id in spygames.GAMES:
        entry = spygames.listing(game_id)
        if entry is not None:
            name = entry.package.rsplit(".", 1)[1]
            found[f"spygames.{name}"] = found[f"spyweb.{name}"] = game_id
    return found


class GameArchives:
    """A `sys.meta_path` finder that unpacks a game's archive before its first import."""

    def __init__(self, folder_url: str, fetch: Callable[[str], bytes], root: str = ".") -> None:
        self.folder_url = folder_url.rstrip("/")
        self.fetch = fetch
        self.root = root
        self.packages = packages()
        self.loaded: set[str] = set()
        self.fetched_at_once: list[str] = []  # games an import had to wait for, in order
        # Each download under way, by game: a second ask for it (a click while the idle
        # download runs) waits for the same one. And the loads started in the background,
        # kept here so that none is collected before it ends.
        self.downloads: dict[str, asyncio.Future[bytes]] = {}
        self.background: set[asyncio.Future[None]] = set()

    def url(self, game_id: str) -> str:
        return f"{self.folder_url}/{game_id}.zip"

    def game_of(self, fullname: str) -> str | None:
        top = ".".join(fullname.split(".")[:2])
        return self.packages.get(top)

    def unpack(self, game_id: str, data: bytes) -> None:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            archive.extractall(self.root)
        # The finders of the import path's folders list a folder once: have them look
        # again. (Not importlib.invalidate_caches(), which imports importlib.metadata,
        # a module the site's trimmed standard library leaves out.)
        for finder in list(sys.path_importer_cache.values()):
            if finder is not None and hasattr(finder, "invalidate_caches"):
                finder.invalidate_caches()
        self.loaded.add(game_id)

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        game = self.game_of(fullname)
        if game is not None and game not in self.loaded:
            self.fetched_at_once.append(game)
            self.unpack(game, self.fetch(self.url(game)))
        return None  # the modules are now files: Python's own finders take it from here

    async def load(self, games: Iterable[str]) -> None:
        """Download and unpack the archives of `games` not yet in, one after another; one
        that cannot be downloaded now is left to the synchronous request."""
        for game in games:
            if game in self.loaded or game not in self.packages.values():
                continue
            if game not in self.downloads:
                self.downloads[game] = asyncio.ensure_future(fetch_async(self.url(game)))
            download = self.downloads[game]
            try:
                data = await download
            except OSError as exc:
                warn(f"spygames: {exc}; it will be fetched when first needed")
                continue
            finally:
                if self.downloads.get(game) is download:
                    del self.downloads[game]
            if game not in self.loaded:  # an import, or another load, may have unpacked it
                self.unpack(game, data)

    def in_background(self, work: Awaitable[None]) -> asyncio.Future[None]:
        task = asyncio.ensure_future(work)
        self.background.add(task)
        task.add_done_callback(self.background.discard)
        return task

    def later(self, games: list[str]) -> None:
        """Load `games` once the page is idle, in the background."""

        async def run() -> None:
            await when_idle()
            await self.load(games)

        self.in_background(run())


def warn(text: str) -> None:
    from js import console

    console.warn(text)


async def fetch_async(url: str) -> bytes:
    from js import fetch

    try:
        response = await fetch(url)
    except Exception as exc:  # a network error rejects the fetch
        raise OSError(f"could not fetch {url}") from exc
    if not response.ok:
        raise OSError(f"could not fetch {url} (HTTP {response.status})")
    return bytes((await response.arrayBuffer()).to_bytes())


def fetch_at_once(url: str) -> bytes:
    """The archive's bytes by a synchronous request (spyweb/stdlib.py)."""
    return stdlib.fetch_at_once(url, f"this game's code could not be fetched ({url}); reload")


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
        from .together.invite import BadCode, read_invitation

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

    def then(_: Any) -> None:
        if current() == location_hash:
            route()

    ACTIVE.in_background(ACTIVE.load(missing)).add_done_callback(then)


def on_disk(module: str) -> bool:
    """Whether `module` (a game's package) is on the import path as files, whatever
    `sys.modules` holds (a Python restored from a snapshot has a game's rules imported
    but not its files)."""
    parent, _, _ = module.rpartition(".")
    where = getattr(sys.modules.get(parent), "__path__", None)
    return where is not None and PathFinder.find_spec(module, where) is not None


def install(page: str, root: str = ".") -> GameArchives | None:
    """Fetch the games' archives on demand, for the page at `page`; None where every
    game's modules are already on the import path (under CPython, say)."""
    finder = GameArchives("", fetch_at_once, os.path.abspath(root))
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


async def when_idle(timeout_ms: int = 5000) -> None:
    """Once the browser has nothing else to do (or after `timeout_ms`)."""
    import js
    from js import Object, Promise, setTimeout
    from pyodide.ffi import create_once_callable, to_js

    def wait(resolve: Any, _reject: Any) -> None:
        done = create_once_callable(lambda *_: resolve())
        idle = getattr(js, "requestIdleCallback", None)  # none in a worker in Chromium
        if idle is not None:
            idle(done, to_js({"timeout": timeout_ms}, dict_converter=Object.fromEntries))
        else:
            setTimeout(done, 1000)

    await Promise.new(wait)
