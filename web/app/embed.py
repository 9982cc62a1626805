"""Entry point of embed.html once a reader presses a control: hand the frame to Python
(a standard module the trimmed standard library left out is fetched from the full one,
`spyweb/stdlib.py`)."""

from pyscript import document
from spyweb.stdlib import install

install(str(document.baseURI))
from spyweb.dom import start_embed  # noqa: E402

start_embed()
