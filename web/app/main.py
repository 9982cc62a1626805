"""Entry point PyScript runs: hand the page to the app.

The two marks time the boot's last stage in `make bench`: importing the app, then
drawing the first screen (dom.py marks `spy:rendered`).
"""

from pyscript import window

window.performance.mark("spy:main")
from spyweb.dom import start  # noqa: E402

window.performance.mark("spy:imported")
start()
