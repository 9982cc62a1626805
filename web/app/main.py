"""Entry point PyScript runs: hand the page to the app.

The two marks time the boot's last stage in `make bench`: importing the app, then
drawing the first screen (dom.py marks `spy:rendered`). First of all, a standard module
the site's trimmed standard library left out is fetched from the full one
(`spyweb/stdlib.py`).
"""

from pyscript import document, window

window.performance.mark("spy:main")
from spyweb.stdlib import install  # noqa: E402

install(str(document.baseURI))
from spyweb.dom import start  # noqa: E402

window.performance.mark("spy:imported")
start()
