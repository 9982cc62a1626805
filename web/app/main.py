"""Entry point PyScript runs: hand the page to the app.

The two marks time the boot's last stage in `make bench`: importing the app, then
drawing the first screen (dom.py marks `spy:rendered`). First of all, a standard module
the site's trimmed standard library left out is fetched from the full one
(`spyweb/stdlib.py`).

Between the steps the page gets the main thread back (PyScript runs this script as a
coroutine, so it may await at its top level): importing the engine, importing the app
and drawing the first screen are three tasks, not one, and a click or a paint on the
page drawn before boot is not held up behind all three.
"""

import asyncio

from pyscript import document, window

window.performance.mark("spy:main")
from spyweb.stdlib import install  # noqa: E402

install(str(document.baseURI))
await asyncio.sleep(0)  # noqa: F704
import spygames  # noqa: E402, F401

await asyncio.sleep(0)  # noqa: F704
from spyweb.dom import start  # noqa: E402

window.performance.mark("spy:imported")
await asyncio.sleep(0)  # noqa: F704
start()
