"""Entry point of embed.html once a reader presses a control: hand the frame to Python
(a standard module the trimmed standard library left out is fetched from the full one,
`spyweb/stdlib.py`; the demo's game's modules from its archive, `spyweb/archives.py`)."""

from pyscript import document, window
from spyweb import archives
from spyweb.stdlib import install

install(str(document.baseURI))
games = archives.install(str(document.baseURI))
if games is not None:
    await games.load(archives.opened_by(str(window.location.hash)))  # noqa: F704
from spyweb.embed import start  # noqa: E402

start()
