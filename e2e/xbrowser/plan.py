"""The cross-engine smoke: what to do on the page, as data, and what must come of it.

Both drivers (Firefox in Node, WebKit in Python) play the same `steps()` and hand back
what their `read` steps found; `problems()` judges that against the engine. The moves
are the engine's own (a fixed deal and share links with a person to move first), made by
clicking the controls a player clicks. The verbs a driver knows:

- `boot`: open `url` (relative to the site) or, with no url, reload; wait until Python
  has started the app (`html[data-ready=true]`).
- `route`: go to `hash` inside the page (no reload).
- `click`: wait for `css` to be there and enabled, then click it.
- `until`: wait for the JS expression `js` to be truthy (`what` says what it waits for).
- `run`: run the JS statements `js`.
- `read`: store the value of the JS expression `js` under `key`.
- `offline`: the site's server stops; everything after comes from the service worker.
- `shot`: save a screenshot of the page as `e2e/screenshots/<engine>-<name>.png`.

`WATCH` must run in every page before the page's own scripts, from the start of boot:
Firefox's driver adds it as a preload script; WebKit's WebDriver cannot, so the WebKit
suite serves a copy of the site whose index.html loads it first (`watched_site`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web" / "app"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from service_worker import SETTLE  # as e2e/test_offline.py waits for the worker
from spyweb.browser import links  # the app's own link format
from spyweb.games.espionage.model import BidPanel  # what the bid panel offers first
from stores import SNAPSHOT_KEPT as KEPT

import spygames

DEAL = 7  # Deck of Spies: the deal played, as test_offline plays it
SEATS = [
    {"name": "Ann", "kind": "human", "level": "normal"},
    {"name": "Bo", "kind": "bot", "level": "easy"},
]
BOOT_SECONDS = 150  # Pyodide's first boot in these engines takes 20–60 s on 2 busy cores
STEP_SECONDS = 60

# What the page must never do, noted from the first script of each page on and kept in
# the page for `read` steps: a WebDriver session has no console events (Firefox's driver
# listens to the browser's own as well). Errors thrown and promises rejected unhandled,
# console.error, a Content-Security-Policy violation, a script, style or link that fails
# to load (those report on the element, seen here in the capture phase).
WATCH = """
window.smokeProblems = [];
(() => {
  const note = (what) => window.smokeProblems.push(what);
  window.addEventListener("error", (e) => {
    const el = e.target;
    if (el && el !== window && el.tagName) note("failed to load: " + (el.src || el.href));
    else note("page error: " + e.message);
  }, true);
  window.addEventListener("unhandledrejection", (e) => note("unhandled rejection: " + e.reason));
  document.addEventListener("securitypolicyviolation", (e) =>
    note(`Content-Security-Policy violation: ${e.effectiveDirective} blocked ${e.blockedURI}`));
  const error = console.error.bind(console);
  console.error = (...args) => { note("console error: " + args.join(" ")); error(...args); };
})();
"""

PROBLEMS = """(() => {
  if (!window.smokeProblems) return ["the page has no WATCH: its errors went unseen"];
  const found = [...window.smokeProblems];
  for (const box of document.querySelectorAll(".py-error, #boot-error:not([hidden])")) {
    found.push("on the page: " + box.textContent.trim().slice(0, 300));
  }
  for (const entry of performance.getEntriesByType("resource")) {
    const mine = entry.name.startsWith(location.origin + "/");
    if (!mine) found.push("outside the origin: " + entry.name);
  }
  return found;
})()"""

# Once the service worker has copied the whole site: its caches' sizes in window.workerCaches.
SETTLE_WORKER = f"({SETTLE})();"
# Once this build's Python snapshot is kept (web/python.mjs): window.snapshotKept is true.
SNAPSHOT_KEPT = f"({KEPT})().then((kept) => {{ window.snapshotKept = kept; }});"
RESTORED = "performance.getEntriesByName('python:snapshot').length"


def saved(game: str) -> str:
    """A JS expression: the record of `game`'s current saved slot (or null)."""
    return (
        f"(() => {{ const id = localStorage.getItem('spygames:current:{game}');"
        " const raw = id && localStorage.getItem('spygames:slot:' + id);"
        " return raw ? JSON.parse(raw).record : null; })()"
    )


SAVES = "({" + ", ".join(f'"{g}": {saved(g)}' for g in spygames.GAMES) + "})"


def dos_moves() -> list[dict[str, Any]]:
    """Deck of Spies deal 7: its first legal move, then the first legal move after it."""
    state = spygames.get_game("deck-of-spies").new(seed=DEAL)
    first = state.legal_actions()[0]
    state.apply(first)
    return [first, state.legal_actions()[0]]


def espionage_link() -> tuple[str, dict[str, Any]]:
    """A share link (Ann, a person, opens against a bot) and the bid the panel makes when
    Ann picks the first attribute it allows, at the count and next player it offers."""
    state = spygames.get_game("espionage").new(
        seed=DEAL, players=2, options={"seats": SEATS}, setup={"first": 0}
    )
    panel = BidPanel(state.legal_actions())
    attribute = next(a for a, ok in panel.attributes().items() if ok)
    assert panel.choose(attribute) and panel.action is not None
    return links.encode(state.record()), panel.action


def spynet_link() -> tuple[str, dict[str, Any]]:
    """A share link (Ann, a person, against a bot; Ann drafts first) and her first keep."""
    state = spygames.get_game("spynet").new(seed=1, players=2, options={"seats": SEATS})
    assert state.to_play == [0]
    return links.encode(state.record()), state.legal_actions()[0]


def dos_move(move: dict[str, Any], actions_after: int) -> list[dict[str, Any]]:
    """Click the move's cards, then its action; the table shows one more action."""
    clicks = [{"do": "click", "css": f"#card-{card}"} for card in move.get("cards", [])]
    return [
        *clicks,
        {"do": "click", "css": f"#act-{move['type'].replace('_', '-')}"},
        table_shows(actions_after),
    ]


def table_shows(actions: int) -> dict[str, Any]:
    return until(
        f"document.querySelector('.dos')?.dataset.actions === '{actions}'",
        f"the Deck of Spies table at {actions} actions",
    )


def saved_actions_at_least(game: str, n: int) -> dict[str, Any]:
    return until(f"({saved(game)}?.actions.length ?? 0) >= {n}", f"{game}'s save to hold {n}")


def log_says(log: str, words: str) -> dict[str, Any]:
    """Wait for the table's log (drawn from the saved record) to hold an entry with `words`."""
    entries = f"[...document.querySelectorAll('{log} li')]"
    return until(f"{entries}.some((li) => li.textContent.includes({words!r}))", f"{words!r}")


def until(js: str, what: str) -> dict[str, Any]:
    return {"do": "until", "js": js, "what": what}


def steps() -> list[dict[str, Any]]:
    first, second = dos_moves()
    esp_payload, bid = espionage_link()
    sn_payload, keep = spynet_link()
    return [
        {"do": "boot", "url": ""},
        until("document.querySelectorAll('.tile').length === 3", "the home page's three games"),
        # One move in each game.
        {"do": "route", "hash": f"#/deck-of-spies/deal/{DEAL}"},
        table_shows(0),
        *dos_move(first, 1),
        {"do": "route", "hash": f"#/play/{esp_payload}"},
        {"do": "click", "css": f"#esp-attr-{bid['attribute']}"},
        {"do": "click", "css": "#esp-bid"},
        saved_actions_at_least("espionage", 1),
        {"do": "route", "hash": f"#/play/{sn_payload}"},
        {"do": "click", "css": f"#sn-keep-{keep['card']}"},
        saved_actions_at_least("spynet", 1),
        {"do": "shot", "name": "spynet"},
        {"do": "read", "key": "played", "js": SAVES},
        {"do": "read", "key": "problems_played", "js": PROBLEMS},
        # The service worker has copied the site (it starts once the game is playable).
        {"do": "run", "js": SETTLE_WORKER},
        until("window.workerCaches", "the service worker's cache"),
        {"do": "read", "key": "caches", "js": "window.workerCaches"},
        # A worker has kept a snapshot of Python, for the next visit to start from.
        {"do": "run", "js": SNAPSHOT_KEPT},
        until("window.snapshotKept", "a snapshot of Python kept"),
        # Offline, one reload: it comes from the worker's cache, starts Python from the
        # snapshot, keeps every save (each table shows its move), and the game plays on.
        {"do": "offline"},
        {"do": "boot"},
        {"do": "read", "key": "restored", "js": RESTORED},
        {"do": "route", "hash": "#/espionage"},
        log_says("#esp-log", "Ann: at least"),  # her bid
        {"do": "route", "hash": "#/spynet"},
        log_says("#sn-log", "Ann kept a card"),  # her keep
        {"do": "route", "hash": "#/deck-of-spies"},
        table_shows(1),
        {"do": "read", "key": "reloaded", "js": SAVES},
        *dos_move(second, 2),
        {"do": "shot", "name": "offline"},
        {"do": "read", "key": "offline", "js": saved("deck-of-spies")},
        {"do": "read", "key": "problems_offline", "js": PROBLEMS},
    ]


def plan() -> dict[str, Any]:
    """What a driver is handed: the steps, the watch and how long to wait at most."""
    return {"steps": steps(), "watch": WATCH, "problems_js": PROBLEMS,
            "boot_seconds": BOOT_SECONDS, "step_seconds": STEP_SECONDS}  # fmt: skip


def problems(found: dict[str, Any], precached: int) -> list[str]:
    """What is wrong with what a driver found (empty: the engine passed the smoke).
    `precached`: how many files the built sw.js lists for its cache."""
    wrong: list[str] = []
    for key in ("problems_played", "problems_offline"):
        wrong += [f"{key.split('_')[1]}: {p}" for p in found.get(key) or []]
    first, second = dos_moves()
    expected = {
        "deck-of-spies": first,
        "espionage": espionage_link()[1],
        "spynet": spynet_link()[1],
    }
    for moment in ("played", "reloaded"):
        records = found.get(moment) or {}
        for game, move in expected.items():
            actions = (records.get(game) or {}).get("actions") or []
            if actions[:1] != [move]:
                wrong.append(f"{moment}: {game}'s save starts {actions[:1]}, not {[move]}")
    caches = found.get("caches") or {}
    if list(caches.values()) != [precached]:
        wrong.append(f"the service worker's caches are {caches}, not one of {precached} files")
    if found.get("restored") != 1:
        wrong.append("the offline reload did not start Python from the kept snapshot")
    offline = (found.get("offline") or {}).get("actions")
    if offline != [first, second]:
        wrong.append(f"offline: Deck of Spies' save holds {offline}, not {[first, second]}")
    return wrong


if __name__ == "__main__":  # the plan as JSON, for a look or for a driver run by hand
    print(json.dumps(plan(), indent=1))
