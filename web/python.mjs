// What Python's worker (web/worker.mjs) starts Pyodide with: Pyodide's own loadPyodide,
// started from a memory snapshot of Python when this browser keeps one.
//
// A warm visit then skips Python's own start (the interpreter, its standard modules, our
// engine's and app's modules): the snapshot is the whole WebAssembly memory of a Python
// that had just started and imported them, made once per build by snapshot.mjs in a
// worker, after a page was ready, and kept in the browser's Cache Storage. Pyodide's snapshots are
// experimental, so anything that goes wrong (no Cache Storage, no snapshot yet, one of
// another build, a restore that fails) starts Python the ordinary way.
//
// The build (web/tools/snapshot.py) copies this file beside pyodide.mjs
// (Pyodide finds its other files beside the module that imports it) and writes into
// SNAPSHOT a hash of everything the snapshot holds: a snapshot of another build is
// never restored.
// Pyodide's modules are imported here only when they are used: Python's worker imports this
// module, Pyodide's two modules and the snapshot's bytes at once, side by side
// (web/worker.mjs).
import { unpackSnapshot } from "./memory.mjs";

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
  // The page notes its choice on <html> and tells Python's worker (web/worker.mjs) and the
  // snapshot's (web/snapshot.mjs), where this runs.
  const noted = globalThis.spygamesDownload;
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
  if (scope.spygamesPacked) return; // once: Python's worker may have done it already
  scope.spygamesPacked = true;
  const types = new Map(
    Object.entries(PACKED).map(([path, type]) => [new URL(path, import.meta.url).href, type])
  );
  const fetchFile = scope.fetch.bind(scope);
  let unxz = null;
  scope.fetch = async function (resource, options) {
    const address = typeof resource === "string" || resource instanceof URL ? resource : null;
    const url = address === null ? null : new URL(address, globalThis.location.href);
    const type = url && !url.search && types.get(url.origin + url.pathname);
    if (!type) return fetchFile(resource, options);
    const packed = await fetchFile(url.href + ".xz", options);
    if (!packed.ok) return fetchFile(resource, options);
    unxz ??= decoder();
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

// Pyodide only logs a WebAssembly that could not be fetched or compiled ("wasm
// instantiation failed!"), then waits for ever: such a failure is reported here, where
// boot.js hears it (the worker's error event) and says the game cannot start. (A fetch
// that failed used to reach boot.js as an unhandled rejection, but only when it failed
// before Pyodide got to await it.)
function reportingFailedWebAssembly(scope = globalThis) {
  const wasm = scope.WebAssembly;
  if (!wasm?.instantiateStreaming || wasm.instantiateStreaming.reporting) return;
  const original = wasm.instantiateStreaming.bind(wasm);
  const instantiateStreaming = (source, imports) => {
    const made = original(source, imports);
    made.catch((error) => {
      const why = error?.message || String(error);
      scope.reportError?.(new Error(`could not start Python's WebAssembly: ${why}`));
    });
    return made;
  };
  instantiateStreaming.reporting = true;
  wasm.instantiateStreaming = instantiateStreaming;
}

// What decodes the .xz copies: a function from a stream of .xz bytes to a stream of the
// file's (web/unxz.js). Python starts in a worker (web/worker.mjs; the snapshot's too),
// so decoding never takes the page's main thread either.
async function decoder() {
  await import(DECODER);
  return globalThis.spygamesUnxz;
}

// What this browser keeps for this build: { bytes } (a promise: Pyodide reads them while
// it instantiates its WebAssembly), { refused: true } when a restore of this build's
// snapshot failed here before (no worker then makes one at every visit), or null.
// Read once, from the first asking: Python's worker asks as soon as this module is in.
let reading = null;
export function keptSnapshot() {
  reading ??= kept();
  return reading;
}

async function kept() {
  if (!globalThis.caches) return { refused: true };
  const found = await (await caches.open(STORE)).match(KEY);
  const build = found && found.headers.get(BUILD_HEADER);
  if (build === SNAPSHOT) {
    const bytes = found.arrayBuffer().then(unpackSnapshot);
    bytes.catch(() => {}); // a damaged copy is refused where Pyodide awaits it (loadPyodide)
    return { bytes };
  }
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

// Pyodide's start reports when its module is made (the runtime downloaded, compiled and
// running, Python initialised), before its bootstrap: `made`, an option of ours, which
// Python's worker passes to tell the page (its progress bar's first stage). Pyodide takes
// the module's factory as its createPyodideModule option.
async function reporting({ made, ...options }) {
  if (!made) return options;
  const { default: makeModule } = await import("./pyodide.asm.mjs"); // the worker's, if asked
  const createPyodideModule = async (settings) => {
    const module = await makeModule(settings);
    made();
    return module;
  };
  return { ...options, createPyodideModule };
}

export async function loadPyodide(options) {
  withoutStackSwitching();
  reportingFailedWebAssembly();
  const reading = keptSnapshot();
  reading.catch(() => {}); // said below, once awaited
  const [{ loadPyodide: startPython }, reported] = await Promise.all([
    import("./pyodide.mjs"),
    reporting(options),
  ]);
  options = reported;
  if (downloadsXz()) fetchPackedAsXz();
  let snapshot = null;
  try {
    snapshot = await reading;
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
  keeping = !snapshot?.refused;
  return python;
}

// Whether this browser should keep a snapshot of this build (none kept yet, none
// refused): Python's worker asks, and its page starts the worker that makes one.
let keeping = false;
export function keepSnapshot() {
  return keeping;
}

// Our archives (the wheel, the UI zip, a game's), unpacked into Python's working folder,
// where Python imports them from: read by the zip's central directory, members stored
// (as the build writes ours) or deflated. Pyodide's own unpackArchive would import its
// package loader, and with it shutil, tempfile, pathlib and zipfile, which the site's
// trimmed standard library can then leave out.
export async function unpackZip(python, buffer) {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("not a zip archive");
  const names = new TextDecoder();
  const root = python.FS.cwd();
  let at = view.getUint32(end + 16, true);
  for (let count = view.getUint16(end + 10, true); count > 0; count--) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("a damaged zip archive");
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const length = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + length));
    at += 46 + length + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.startsWith("/") || name.split("/").includes("..")) {
      throw new Error(`a zip archive with a path outside it: ${name}`);
    }
    if (name.endsWith("/")) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    let body = bytes.subarray(start, start + packed);
    if (method === 8) {
      const inflated = new Blob([body]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      body = new Uint8Array(await new Response(inflated).arrayBuffer());
    } else if (method !== 0) throw new Error(`a zip member packed in a way we do not read: ${name}`);
    const path = `${root}/${name}`;
    python.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    python.FS.writeFile(path, body);
  }
}
