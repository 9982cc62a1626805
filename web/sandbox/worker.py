# A bot's Python, in PyScript's worker inside the sandbox (web/sandbox/: the page starts
# it with openSandbox; frame.mjs starts this file with PyWorker). spygames is installed by
# micropip from PyScript's `packages`; a person's bot is loaded from its text by
# spygames.lab.load, for a match (the Bot Lab) or one decision at a time (a table).
#
# The page calls (through `sync`; each answer a JSON string; the last argument of each is
# the page's number for the call, which the beats carry):
#   hello() -> {"version", "installer"} once this file has run
#   start(source, game, against, games, players, seed, call) -> {"ok"} or {"error", "line"}
#   play(budget_ms, call) -> {"games": [...], "summary": {...}} or {"error", "line", "view"}
#       plays decisions until budget_ms have passed, then answers with the games ended
#   walk(index, budget_ms, call) -> {"steps": [...], "game": {...} or None}, or
#       {"error", "line", "view", "steps"}
#       game `index` of the match started, a decision at a time: each decision of the
#       person's bot (lab.Match.walk) made until budget_ms have passed, and the game once
#       it is over ("Step through a game")
#   decide(code, view, legal, seed, call) -> {"action"} or {"error"}  (a table's seat)
# and hears (xworker.postMessage) "mine <call>" as the person's bot starts deciding and
# "theirs <call>" as a built-in bot starts after it, a few times a second at most: "mine"
# only when the page's watchdog was set more than BEAT_S ago or not at all (the watchdog
# allows DECIDE_S + BEAT_S from it, so it always covers DECIDE_S of the decision), and
# "theirs" only when it was set more than BEAT_S ago (so a built-in decision is never
# under it for more than BEAT_S). The page's own clock times each call whatever this file
# says; a beat can only make it stricter.

import importlib.metadata
import json
import random
import time

from polyscript import xworker

from spygames.lab import BotError, Match, load, raised_error
from spygames.record import pack

sync = xworker.sync  # what the page may call (PyScript's `pyscript.sync`)
DECIDE_S = 2.0  # the longest one decision may take (the page stops it soon after)
BEAT_S = 0.5  # see above: the page's web/lab/match.mjs has the same
MAX_VIEW = 20_000  # characters of a view shown with an illegal action

match = None
steps = None
walking = None  # (index, decisions not yet answered, the game) while a game is stepped through
call_id = 0
armed_at = None  # when "mine" was last said in this call (None: the watchdog is not set)


def _error(exc):
    view = exc.view
    if view is not None and len(json.dumps(view)) > MAX_VIEW:
        view = {"note": "the view is too long to show"}
    return json.dumps({"error": exc.message, "line": exc.line, "view": view})


def _turn(mine):
    global armed_at
    if not mine and armed_at is None:
        return  # nothing set, nothing to say (most of the built-in bots' decisions)
    now = time.monotonic()
    if mine and (armed_at is None or now - armed_at > BEAT_S):
        xworker.postMessage(f"mine {call_id}")
        armed_at = now
    elif not mine and armed_at is not None and now - armed_at > BEAT_S:
        xworker.postMessage(f"theirs {call_id}")
        armed_at = None


def _call(call):
    """A new call from the page: its number, and no watchdog set (the page clears it as
    each call returns)."""
    global call_id, armed_at
    call_id, armed_at = int(call), None


def _first(game, players):
    """The first decision of a deal of `game`: a seat's view and the legal actions."""
    state = game.new(seed=1, players=players or game.min_players)
    return state.view(state.to_play[0]), state.legal_actions()


def _unloaded(view, legal, rng):
    raise BotError("the bot's code is not loaded")


def start(source, game, against, games, players, seed, call):
    global match, steps, walking
    match = steps = walking = None
    _call(call)
    try:
        _turn(False)
        made = Match(_unloaded, str(game), str(against), int(games), int(players) or None,
                     int(seed), decide_s=DECIDE_S, capture=True, on_turn=_turn)  # fmt: skip
        # The game's rules and bots imported, and a first decision made, before the
        # person's code runs: a first call is no slower than the others (the page's limit
        # on a call allows one built-in decision, not a game's imports).
        made.game.bot(made.against, seed=0).choose(*_first(made.game, made.players))
        _turn(True)  # the code's top level runs now: the person's time
        made.choose = load(str(source))
    except BotError as exc:
        return _error(exc)
    match = made
    steps = match.steps()
    return json.dumps({"ok": True})


def play(budget_ms, call):
    _call(call)
    if steps is None:
        return json.dumps({"error": "no match started", "line": None, "view": None})
    played = []
    until = time.monotonic() + float(budget_ms) / 1000
    try:
        for step in steps:
            if step is not None:
                played.append(_played(step))
            if time.monotonic() >= until:
                break
    except BotError as exc:
        return _error(exc)
    return json.dumps({"games": played, "summary": match.summary()})


def _played(game):
    """A game's result, for the page."""
    return {"index": game.index, "deal": game.deal, "seat": game.seat, "won": game.won,
            "moves": game.moves, "reason": game.reason, "replay": pack(game.record),
            "printed": game.printed, "score": game.score}  # fmt: skip


def walk(index, budget_ms, call):
    global walking
    _call(call)
    index = int(index)
    if match is None or not 0 <= index < match.games:
        return json.dumps(
            {"error": "no such game in the match started", "line": None, "view": None}
        )
    if walking is None or walking[0] != index:
        decisions = []
        walking = (index, decisions, match.walk(index, decisions))
    _, decisions, game = walking
    until = time.monotonic() + float(budget_ms) / 1000
    ended = None
    try:
        for step in game:
            if step is not None:
                ended = _played(step)
                break
            if time.monotonic() >= until:
                break
    except BotError as exc:  # with the decisions made before it, to step through
        said = json.loads(_error(exc))
        said["steps"] = list(decisions)
        return json.dumps(said)
    made = list(decisions)
    decisions.clear()
    return json.dumps({"steps": made, "game": ended})


# A table's seat: the code is loaded once per text; each decision gets its view, the
# legal actions and random.Random(seed).
_loaded = {}


def decide(code, view, legal, seed, call):
    _call(call)
    _turn(True)  # the page's clock for this decision starts here, not as it asked
    code = str(code)
    started = time.monotonic()
    try:
        choose = _loaded.get(code)
        if choose is None:
            choose = load(code, "your bot")
            _loaded.clear()
            _loaded[code] = choose
        action = choose(json.loads(str(view)), json.loads(str(legal)), random.Random(int(seed)))
        json.dumps(action)
    except BotError as exc:
        return json.dumps({"error": exc.message})
    except (Exception, SystemExit, KeyboardInterrupt) as exc:
        return json.dumps({"error": raised_error(exc, "your bot", "in choose").message})
    if time.monotonic() - started > DECIDE_S:
        return json.dumps({"error": f"It took more than {DECIDE_S:g} seconds on one decision."})
    return json.dumps({"action": action})


sync.start = start
sync.play = play
sync.walk = walk
sync.decide = decide
found = importlib.metadata.distribution("spygames")
READY = json.dumps(
    {"version": found.version, "installer": (found.read_text("INSTALLER") or "").strip()}
)
sync.hello = lambda: READY
