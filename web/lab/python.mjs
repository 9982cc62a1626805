// The Bot Lab's Python: PyScript's worker (worker.py) with spygames installed by micropip
// from PyScript's `packages`. Imported only when Python is wanted (the Lab at once, an
// embed on Run), so a page that never runs a bot never downloads PyScript.
//
// A bot that takes more than DECIDE_S on one decision (a loop that never ends) is
// stopped: the worker is ended (the only way to stop Python mid-loop) and a new one
// started. worker.py says "ask" and "done" a few times a second around the person's
// decisions; see BEAT_S there.
import { PyWorker } from "../vendor/pyscript/core.js";

const WHEEL = "__WHEEL__"; // written by the build (web/tools/people.py)
export const DECIDE_S = 2; // the longest a bot may think about one decision
const BEAT_S = 0.5; // worker.py's: its "ask" may have come this long before the decision

// `on`: {starting(), ready(message), failed(words), stuck()}. Returns {ready, call}:
// `ready` a promise of the worker, `call(name, ...args)` calls worker.py's function.
export function startPython(on) {
  let worker = null;
  let watchdog = 0;
  let ready = null;

  function heard(data, said) {
    if (data === "ask") {
      clearTimeout(watchdog);
      watchdog = setTimeout(stuck, (DECIDE_S + BEAT_S) * 1000);
    } else if (data === "done") {
      clearTimeout(watchdog);
    } else if (typeof data === "string" && data.startsWith("{")) {
      const message = JSON.parse(data);
      if (message.kind === "ready") {
        on.ready(message);
        said?.(worker);
      }
    }
  }

  function stuck() {
    worker?.terminate();
    worker = null;
    on.stuck();
    start();
  }

  function start() {
    on.starting();
    // PyWorker takes the interpreter's address as `version` (polyscript's XWorker
    // option); the config's `interpreter` is read only for <script type="py"> tags.
    const version = new URL("../vendor/pyodide-py/pyodide.mjs", import.meta.url).href;
    // packages_cache "never": micropip installs the wheel on every start. PyScript's
    // cache would load it later from a lock file kept in IndexedDB, holding the wheel's
    // sha256, which an updated site's wheel of the same name would fail.
    const wheel = new URL(`../wheels/${WHEEL}`, import.meta.url).href;
    const config = { packages: [wheel], packages_cache: "never" };
    let said;
    ready = new Promise((done) => (said = done));
    const made = PyWorker(new URL("worker.py", import.meta.url).href, { config, version });
    made.then(async (w) => {
      worker = w;
      w.onmessage = (event) => heard(event.data);
      heard(await w.sync.hello(), said);
    });
    made.catch((error) => on.failed(`Python could not start: ${error}`));
  }

  start();
  return {
    get ready() {
      return ready;
    },
    async call(name, ...args) {
      const w = await ready;
      const answer = await w.sync[name](...args);
      clearTimeout(watchdog); // the call is back: no decision is running
      return JSON.parse(answer);
    },
  };
}
