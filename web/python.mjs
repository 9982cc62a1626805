// The interpreter module PyScript loads (pyscript.json's "interpreter"): Pyodide's own
// loadPyodide, started from a memory snapshot of Python when this browser keeps one.
//
// A warm visit then skips Python's own start (the interpreter, its standard modules, our
// engine's modules): the snapshot is the whole WebAssembly memory of a Python that had
// just started and imported them, made once per build by snapshot.mjs in a worker, after
// a page was ready, and kept in the browser's Cache Storage. Pyodide's snapshots are
// experimental, so anything that goes wrong (no Cache Storage, no snapshot yet, one of
// another build, a restore that fails) starts Python the ordinary way.
//
// The build (web/tools/snapshot.py) copies this file beside pyodide.mjs
// (Pyodide finds its other files beside the module PyScript imports) and writes into
// SNAPSHOT a hash of everything the snapshot holds: a snapshot of another build is
// never restored.
import { loadPyodide as startPython, version } from "./pyodide.mjs";

export { version };

export const SNAPSHOT = "__SNAPSHOT__";
// One entry per copy of the site: its address is under this copy's own path, so another
// deployment on the same origin (USER.github.io) keeps its own.
export const STORE = "spygames python";
export const KEY = new URL("python.snapshot", import.meta.url).href;
export const BUILD_HEADER = "x-spygames-snapshot";

// What this browser keeps for this build: { bytes } (a promise: Pyodide reads them while
// it instantiates its WebAssembly), { refused: true } when a restore of this build's
// snapshot failed here before (no worker then makes one at every visit), or null.
async function kept() {
  if (!globalThis.caches) return { refused: true };
  const found = await (await caches.open(STORE)).match(KEY);
  const build = found && found.headers.get(BUILD_HEADER);
  if (build === SNAPSHOT) return { bytes: found.arrayBuffer() };
  if (build === SNAPSHOT + " refused") return { refused: true };
  return null;
}

async function refuse() {
  try {
    const headers = { [BUILD_HEADER]: SNAPSHOT + " refused" };
    await (await caches.open(STORE)).put(KEY, new Response("", { headers }));
  } catch (error) {
    console.warn("spygames: could not mark the Python snapshot refused", error);
  }
}

// Once the page is ready and the browser idle, a worker makes this build's snapshot —
// only on a page that asks for it (index.html's data-python-snapshot="keep"; an embed on
// someone's blog does not write 30 MB into its reader's browser).
function keepLater() {
  const root = document.documentElement;
  if (root.dataset.pythonSnapshot !== "keep" || !globalThis.Worker) return;
  const start = () => {
    const worker = new Worker(new URL("snapshot.mjs", import.meta.url), { type: "module" });
    worker.addEventListener("message", () => worker.terminate());
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      console.warn("spygames: no Python snapshot kept:", event.message);
      worker.terminate();
    });
  };
  const idle = () =>
    globalThis.requestIdleCallback ? requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000);
  if (root.dataset.ready === "true") return idle();
  const watch = new MutationObserver(() => {
    if (root.dataset.ready !== "true") return;
    watch.disconnect();
    idle();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

export async function loadPyodide(options) {
  let snapshot = null;
  try {
    snapshot = await kept();
  } catch (error) {
    console.warn("spygames: could not read the Python snapshot", error);
  }
  if (snapshot?.bytes) {
    try {
      const python = await startPython({ ...options, _loadSnapshot: snapshot.bytes });
      // Every restore would otherwise share the snapshot's random state.
      python.runPython("import random; random.seed()");
      performance.mark("python:snapshot");
      return python;
    } catch (error) {
      console.warn("spygames: the Python snapshot did not restore; starting afresh", error);
      await refuse();
      snapshot = { refused: true };
    }
  }
  const python = await startPython(options);
  if (!snapshot?.refused) keepLater();
  return python;
}
