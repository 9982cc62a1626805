# The Bot Lab's Python, in PyScript's worker (web/lab/python.mjs starts it with PyWorker):
# spygames installed by micropip from PyScript's `packages`, a person's bot loaded from
# the editor's text, and a match played a few games per call so the page can show its
# progress, stop between two calls, and end this worker if the bot never answers.
#
# The page calls (through `sync`, each answer a JSON string):
#   start(source, game, against, games, players, seed) -> {"ok"} or {"error", "line"}
#   play(count)  -> {"games": [...], "summary": {...}} or {"error", "line", "view"}
#   hello() -> {"kind": "ready", "version", "installer"} once this file has run
# and hears (xworker.postMessage) "ask" and "done" for the page's watchdog: "ask" as a
# decision of the person's bot begins, unless the watchdog was set less than BEAT_S ago
# (then it already covers this decision, at most BEAT_S longer); "done" once a decision
# ends more than BEAT_S after the watchdog was set. So the page hears a few messages a
# second, not two per decision, and stops a decision that has run DECIDE_S (its timer is
# DECIDE_S + BEAT_S from the "ask").

import importlib.metadata
import itertools
import json
import time

from polyscript import xworker

from spygames.lab import BotError, Match, load
from spygames.record import pack

sync = xworker.sync  # what the page may call (PyScript's `pyscript.sync`)

match = None
BEAT_S = 0.5
armed_at = None  # when the page's watchdog was last set by "ask" (None: it is not set)


def _error(exc):
    return json.dumps({"error": exc.message, "line": exc.line, "view": exc.view})


def start(source, game, against, games, players, seed):
    global match
    match = None
    try:
        choose = load(str(source))
    except BotError as exc:
        return _error(exc)

    def watched(view, legal, rng):
        global armed_at
        now = time.monotonic()
        if armed_at is None or now - armed_at > BEAT_S:
            xworker.postMessage("ask")
            armed_at = now
        try:
            return choose(view, legal, rng)
        finally:
            if time.monotonic() - armed_at > BEAT_S:
                xworker.postMessage("done")
                armed_at = None

    try:
        match = Match(watched, str(game), str(against), int(games), int(players) or None, int(seed))
    except BotError as exc:
        return _error(exc)
    return json.dumps({"ok": True})


def play(count):
    global armed_at
    armed_at = None  # the page clears its watchdog as each call returns
    if match is None:
        return json.dumps({"error": "no match started", "line": None, "view": None})
    played = []
    try:
        for result in itertools.islice(match.play(), int(count)):  # the next `count` games
            played.append(
                {
                    "index": result.index,
                    "deal": result.deal,
                    "seat": result.seat,
                    "won": result.won,
                    "moves": result.moves,
                    "reason": result.reason,
                    "replay": pack(result.record),
                }
            )
    except BotError as exc:
        return _error(exc)
    return json.dumps({"games": played, "summary": match.summary()})


# A bot may come from a link: a stranger's code. Before any of it runs, this worker gives
# up what a bot has no business with (spygames is installed by now): the network, Cache
# Storage, IndexedDB, further workers, WebRTC. Each name is shadowed on the worker's
# global object and on its prototypes with nothing: a bot that imports `js` (PyScript
# itself needs it importable) finds nothing there to reach them with.
SEALED = (
    "fetch",
    "XMLHttpRequest",
    "WebSocket",
    "EventSource",
    "caches",
    "indexedDB",
    "Worker",
    "SharedWorker",
    "importScripts",
    "RTCPeerConnection",
    "RTCDataChannel",
    "WebTransport",
    "BroadcastChannel",
)


def seal():
    import js

    nothing = js.JSON.parse('{"value": null}')
    holder = js.globalThis
    while holder:  # the global object and its prototypes (fetch is on one); null ends it
        for name in SEALED:
            if js.Object.hasOwn(holder, name):
                js.Object.defineProperty(holder, name, nothing)
        holder = js.Object.getPrototypeOf(holder)


sync.start = start
sync.play = play
seal()
found = importlib.metadata.distribution("spygames")
READY = json.dumps(
    {
        "kind": "ready",
        "version": found.version,
        "installer": (found.read_text("INSTALLER") or "").strip(),
    }
)
sync.hello = lambda: READY
