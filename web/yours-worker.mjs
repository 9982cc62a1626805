// Your bot's worker (web/yours.mjs starts it): Pyodide, the site's own copy, and the
// person's code from the Bot Lab. Before any of that code runs, the worker gives up what
// a bot has no business with — the network, Cache Storage, IndexedDB, further workers,
// WebRTC — as the Lab's worker does (web/lab/worker.py): each name is shadowed on the
// global object and its prototypes, so `import js` finds nothing to reach them with.
//
// Each message {key, code, view, legal, seed} is one decision: it answers {key: "asked",
// answer: key} as it begins (the page's clock starts), then {key, answer} with
// {"action"} or {"error"} as JSON. The code is loaded once per text.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const SEALED = [
  "fetch", "XMLHttpRequest", "WebSocket", "EventSource", "caches", "indexedDB", "Worker",
  "SharedWorker", "importScripts", "RTCPeerConnection", "RTCDataChannel", "WebTransport",
  "BroadcastChannel",
];

// The Python side: load(code) keeps the bot's `choose`; decide(...) runs it once. An
// error is told with the line of the person's code it came from.
const RUNNER = `
import json, random, sys

_loaded = {}

def _where(tb):
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<your bot>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line

def _error(exc, line):
    words = f"{type(exc).__name__}: {exc}"
    return json.dumps({"error": f"{words} (line {line} of its code)" if line else words})

def decide(code, view, legal, seed):
    try:
        choose = _loaded.get(code)
        if choose is None:
            space = {"__name__": "your_bot"}
            exec(compile(code, "<your bot>", "exec"), space)
            choose = space.get("choose")
            if not callable(choose):
                return json.dumps({"error": "Its code has no function choose(view, legal, rng)."})
            _loaded.clear()
            _loaded[code] = choose
        action = choose(json.loads(view), json.loads(legal), random.Random(int(seed)))
        json.dumps(action)
    except SyntaxError as exc:
        return _error(exc, exc.lineno)
    except Exception as exc:
        return _error(exc, _where(sys.exc_info()[2]))
    return json.dumps({"action": action})
`;

function seal() {
  for (let holder = globalThis; holder; holder = Object.getPrototypeOf(holder)) {
    for (const name of SEALED) {
      if (Object.hasOwn(holder, name)) Object.defineProperty(holder, name, { value: undefined });
    }
  }
}

const ready = (async () => {
  const python = await loadPyodide({ indexURL: new URL("./vendor/pyodide/", import.meta.url).href });
  python.runPython(RUNNER);
  seal();
  return python.globals.get("decide");
})();

self.onmessage = async ({ data }) => {
  const decide = await ready;
  self.postMessage({ key: "asked", answer: data.key });
  const answer = decide(data.code, data.view, data.legal, data.seed);
  self.postMessage({ key: data.key, answer });
};
