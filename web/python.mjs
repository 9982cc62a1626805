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

// The boot's largest downloads that the site also ships as .xz (web/tools/packed.py):
// {address relative to this module: type}, written by the build. On a first visit (no
// service worker in charge yet) the page downloads the copies, a quarter smaller than
// what gzip makes of the files, and decodes them as they arrive (vendor/xz/unxz.js);
// once a service worker is in charge, its cache holds the plain files, decoded once at
// its install. boot.js (or embed.js) decides which, when it preloads them, and notes it
// in <html data-download>: "xz" or "plain".
export const PACKED = __PACKED__;
const DECODER = new URL("../xz/unxz.js", import.meta.url).href;
const DECODER_WASM = new URL("../xz/xz.wasm", import.meta.url).href;

export function downloadsXz() {
  const noted = globalThis.document?.documentElement.dataset.download;
  if (noted) return noted === "xz";
  return !globalThis.navigator?.serviceWorker?.controller;
}

// From now on, a fetch of a packed file (by its plain address) downloads its .xz copy
// and answers with the decoded file, streamed as it arrives: Pyodide compiles its
// WebAssembly while the rest is still downloading. Any other fetch is left as it is. A
// copy that cannot be downloaded, or a decoder that cannot be loaded, falls back to the
// plain file; a copy that does not decode fails the fetch (xz checks each file's CRC32),
// and the page says it cannot start.
export function fetchPackedAsXz(scope = globalThis) {
  const types = new Map(
    Object.entries(PACKED).map(([path, type]) => [new URL(path, import.meta.url).href, type])
  );
  const base = () => globalThis.document?.baseURI ?? globalThis.location.href;
  const fetchFile = scope.fetch.bind(scope);
  let unxz = null;
  scope.fetch = async function (resource, options) {
    const address = typeof resource === "string" || resource instanceof URL ? resource : null;
    const url = address === null ? null : new URL(address, base());
    const type = url && !url.search && types.get(url.origin + url.pathname);
    if (!type) return fetchFile(resource, options);
    const packed = await fetchFile(url.href + ".xz", options);
    if (!packed.ok) return fetchFile(resource, options);
    unxz ??= decoder(fetchFile);
    let decode;
    try {
      decode = await unxz;
    } catch (error) {
      unxz = null; // the next file tries again
      console.warn("spygames: no .xz decoder; downloading the plain file", error);
      packed.body.cancel().catch(() => {});
      return fetchFile(resource, options);
    }
    const decoded = decode(packed.body, DECODER_WASM).getReader();
    // Pyodide only logs a WebAssembly that fails to compile, and waits: a copy that does
    // not decode is reported here, where boot.js hears it and says the game cannot start.
    const body = new ReadableStream({
      async pull(controller) {
        try {
          const { done, value } = await decoded.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          const failure = new Error(`could not fetch ${url.href}: ${error.message}`);
          globalThis.reportError?.(failure);
          controller.error(failure);
        }
      },
      cancel: (reason) => decoded.cancel(reason),
    });
    return new Response(body, { status: 200, headers: { "content-type": type } });
  };
}

// Python runs without WebAssembly stack switching (JSPI), which Pyodide uses wherever
// the browser has it. Chromium (156) kills the tab with a segmentation fault when it takes
// a stack trace of a sampled allocation (GWP-ASan, heap profiling: a few allocations in a
// few processes, at random) while a call runs on a switched stack: its frame scanner reads
// past that stack's end. Pages crashed while booting about 1 in 10 times with the sampling
// turned up, and now and then in the e2e suite without it; none did without stack
// switching (docs/architecture.md). Nothing here needs it: no Python waits on a promise
// synchronously (run_sync). Pyodide checks for it once, as it starts.
export function withoutStackSwitching(scope = globalThis) {
  for (const name of ["Suspending", "Suspender"]) delete scope.WebAssembly?.[name];
}

// What decodes the .xz copies: a function from a stream of .xz bytes to a stream of the
// file's. On a page, a worker decodes (web/unxz.js in a worker named spygames-unxz):
// decoding the runtime's WebAssembly here took the page's main thread about half a
// second, in the tasks that start Python. In a worker (the snapshot's), it decodes there.
async function decoder(fetchFile) {
  if (!globalThis.document || !globalThis.Worker) {
    await import(DECODER);
    return globalThis.spygamesUnxz;
  }
  const response = await fetchFile(DECODER_WASM); // the download boot.js preloaded
  if (!response.ok) throw new Error(`${DECODER_WASM}: HTTP ${response.status}`);
  const wasm = await response.arrayBuffer();
  const worker = new Worker(DECODER, { name: "spygames-unxz" });
  try {
    await new Promise((ready, failed) => {
      worker.onmessage = ({ data }) => (data.ready ? ready() : failed(new Error(data.failed)));
      worker.onerror = (event) => {
        event.preventDefault();
        failed(new Error(event.message || `${DECODER} did not load`));
      };
      worker.postMessage({ decoder: wasm }, [wasm]);
    });
  } catch (error) {
    worker.terminate();
    throw error;
  }
  const files = new Map(); // id: the controller of the stream of that file's bytes
  let next = 0;
  worker.onmessage = ({ data }) => {
    const file = files.get(data.id);
    if (!file) return;
    if (data.chunk) return file.enqueue(new Uint8Array(data.chunk));
    files.delete(data.id);
    if (data.done) file.close();
    else file.error(new Error(data.error));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    for (const file of files.values()) file.error(new Error("the .xz decoder stopped"));
    files.clear();
  };
  return (packed) => {
    const id = next++;
    const reader = packed.getReader();
    return new ReadableStream({
      start(file) {
        files.set(id, file);
        worker.postMessage({ id, open: true });
        (async () => {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return worker.postMessage({ id, end: true });
            const whole = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
            const own = whole ? value : value.slice();
            worker.postMessage({ id, chunk: own.buffer }, [own.buffer]);
          }
        })().catch((error) => {
          worker.postMessage({ id, cancel: true });
          files.delete(id);
          file.error(error);
        });
      },
      cancel(reason) {
        files.delete(id);
        worker.postMessage({ id, cancel: true });
        return reader.cancel(reason);
      },
    });
  };
}

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
    const script = new URL("snapshot.mjs", import.meta.url);
    // The worker downloads what the page downloaded: a worker made by a page that no
    // service worker serves is not served by one either.
    if (downloadsXz()) script.searchParams.set("download", "xz");
    const worker = new Worker(script, { type: "module" });
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

// Pyodide's start in two tasks, not one: making its module (the runtime, Python
// initialised) and then its bootstrap (Pyodide's own Python packages), with a turn for
// the page between them, where a click or a paint is handled. Each is 0.2–0.5 s on this
// machine, and together they were one task of 0.75–1.0 s. Pyodide takes the module's
// factory as its createPyodideModule option; a Pyodide that ignored the option would
// import the same file itself and start in one task, as before.
async function inTwoSteps(options) {
  const { default: makeModule } = await import("./pyodide.asm.mjs");
  const createPyodideModule = async (settings) => {
    const made = await makeModule(settings);
    performance.mark("python:module");
    await new Promise((next) => {
      const turn = new MessageChannel();
      turn.port1.onmessage = () => next();
      turn.port2.postMessage(null);
    });
    performance.mark("python:bootstrap");
    return made;
  };
  return { ...options, createPyodideModule };
}

export async function loadPyodide(options) {
  withoutStackSwitching();
  options = await inTwoSteps(options);
  if (downloadsXz()) fetchPackedAsXz();
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
