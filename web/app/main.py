"""Entry point PyScript runs: hand the page to the app.

The two marks time the boot's last stage in `make bench`: importing the app, then
drawing the first screen (dom.py marks `spy:rendered`). First of all, a standard module
the site's trimmed standard library left out is fetched from the full one
(`spyweb/stdlib.py`), and a game's modules from that game's archive
(`spyweb/archives.py`): the one the address opens is awaited before the first draw (boot.js
started its download with the page), the others are fetched once the page is ready.

Between the steps the page gets the main thread back (PyScript runs this script as a
coroutine, so it may await at its top level): importing the engine, importing the app
and drawing the first screen are three tasks, not one, and a click or a paint on the
page drawn before boot is not held up behind all three.
"""

import asyncio

from pyscript import document, window

window.performance.mark("spy:main")
from spyweb import archives  # noqa: E402
from spyweb.stdlib import install  # noqa: E402

install(str(document.baseURI))
games = archives.install(str(document.baseURI))
opened = archives.opened_by(str(window.location.hash))
if games is not None:
    await games.load(opened)  # noqa: F704
await asyncio.sleep(0)  # noqa: F704
import spygames  # noqa: E402

for game in opened:
    spygames.get_game(game)  # its rules, imported here rather than in the first draw
await asyncio.sleep(0)  # noqa: F704
from spyweb.dom import start  # noqa: E402

window.performance.mark("spy:imported")
await asyncio.sleep(0)  # noqa: F704
start()
if games is not None:
    games.later([g for g in spygames.GAMES if g not in opened])
