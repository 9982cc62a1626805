"""Entry point PyScript runs: hand the page to the app."""

from spyweb.dom import start

start()
