// Inside the sandbox: an opaque-origin frame (no storage, no service worker, no cache, no
// site page in reach) whose policy allows no network at all (connect-src blob: data:).
// Everything it runs was handed in by host.mjs as Blobs: PyScript, Pyodide, micropip, the
// engine wheel and worker.py. Here they get blob: addresses, and `fetch` (here and in
// every worker started here) answers the site's addresses of those files from them, so
// PyScript and micropip work as on any page, offline too.
//
// Nothing here is trusted by the page: a person's bot can reach this frame through
// PyScript's bridge (importJS, importCSS) and rewrite any of it. It reaches nothing more.
//
// The page speaks over `port`: {id, name, args} calls worker.py's function `name`; the
// answer is {id, answer} (worker.py's JSON text) or {id, error}. This frame also sends
// {kind: "ready", ...}, {kind: "failed", words} and, as worker.py says them,
// {kind: "beat", text} ("mine <call>" / "theirs <call>": the page's stricter watchdog).
const CALLS = new Set(["start", "play", "walk", "decide"]);

export async function start({ files, site, worker, lang }, port) {
  try {
    const urls = await serve(files, site, typeof lang === "string" ? lang : "en");
    const { PyWorker } = await import(urls.get(`${site}vendor/pyscript/core.js`));
    // The config as a file of the site's (the build writes it: the wheel, and PyScript's
    // package cache off), so PyScript resolves it against the site, not this frame. With
    // a snapshot handed in, the engine comes installed with it (kept.mjs): a config
    // without the wheel, which the interpreter's module installs itself if it must.
    const kept = urls.has(`${site}sandbox/python.snapshot`) && urls.has(`${site}sandbox/python.installed`);
    const config = `${site}sandbox/${kept ? "pyscript.kept.json" : "pyscript.json"}`;
    const version = `${site}vendor/pyodide-py/pyodide.mjs`;
    const python = await PyWorker(`${site}${worker}`, { config, version });
    python.onmessage = ({ data }) => port.postMessage({ kind: "beat", text: String(data).slice(0, 40) });
    port.onmessage = async ({ data }) => {
      const { id, name, args } = data ?? {};
      if (!CALLS.has(name) || !Array.isArray(args)) return;
      try {
        port.postMessage({ id, answer: String(await python.sync[name](...args)) });
      } catch (error) {
        port.postMessage({ id, error: String(error?.message ?? error).slice(0, 2000) });
      }
    };
    port.postMessage({ kind: "ready", ...JSON.parse(await python.sync.hello()) });
  } catch (error) {
    port.postMessage({ kind: "failed", words: String(error?.stack ?? error?.message ?? error).slice(0, 2000) });
    console.error("sandbox:", error?.stack);
  }
}

// Each file a blob: address; the map from the site's address of each to its blob:. The
// scripts' imports of one another are rewritten to those addresses (a blob: address has
// no folder to resolve "./x.js" against).
async function serve(files, site, lang) {
  const urls = new Map();
  const texts = new Map();
  for (const [path, blob] of Object.entries(files)) {
    if (/^vendor\/pyscript\/.*\.js$/.test(path)) texts.set(path.split("/").pop(), await blob.text());
    else urls.set(site + path, URL.createObjectURL(blob));
  }
  const made = new Map(); // chunk name -> blob: address
  const leaves = new Set([...texts].filter(([, text]) => !/(from|import)\s*"\.\//.test(text)).map(([n]) => n));
  function chunk(name) {
    if (made.has(name)) return made.get(name);
    if (!texts.has(name)) throw new Error(`PyScript's ${name} was not handed in`);
    made.set(name, null); // a cycle of static imports would come back here
    let text = texts.get(name);
    // A chunk without imports of its own is named by its blob: address (in the worker's
    // code too); the others are looked up when imported, by then all made.
    text = text.replace(/import\((["'])\.\/([^"']+\.js)\1\)/g, (_, q, n) =>
      leaves.has(n) ? `import(${JSON.stringify(chunk(n))})` : `import(globalThis.spygamesChunk(${JSON.stringify(n)}))`
    );
    text = text.replace(/(from|import)\s*"\.\/([^"]+\.js)"/g, (_, how, n) => {
      const url = chunk(n);
      if (!url) throw new Error(`PyScript's ${n} imports itself`);
      return `${how}"${url}"`;
    });
    // PyScript resolves a few addresses against its own and the page's: the site's here,
    // not a blob:'s or about:srcdoc.
    text = text.replaceAll("import.meta", `({url:${JSON.stringify(`${site}vendor/pyscript/${name}`)}})`);
    text = text.replace(/location\.href(?!\s*=[^=])/g, "(globalThis.spygamesBase??location.href)");
    // The interpreter's module (PyScript imports it by its address, in its worker): ours.
    text = text.replace(/module:import\((\w+)\)/g, "module:import(globalThis.spygamesModule?.($1)??$1)");
    const url = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
    made.set(name, url);
    return url;
  }
  globalThis.spygamesChunk = chunk;
  globalThis.spygamesBase = `${site}sandbox/`;
  urls.set(`${site}vendor/pyscript/core.js`, chunk("core.js"));
  const table = Object.fromEntries(urls);
  const modules = { [`${site}vendor/pyodide-py/pyodide.mjs`]: interpreter(urls, site) };
  // The same `fetch` in this frame and in every worker started here (PyScript's).
  const preamble = [
    `(${answerFromFiles})(${JSON.stringify(table)}, ${JSON.stringify(site)});`,
    `(${keepNothing})();`,
    `globalThis.spygamesModule = (url) => (${JSON.stringify(modules)})[url];`,
    `globalThis.spygamesBase = ${JSON.stringify(globalThis.spygamesBase)};`,
    `globalThis.spygamesLang = ${JSON.stringify(lang)};`, // worker.py speaks it
  ].join("\n");
  const preambleUrl = URL.createObjectURL(new Blob([preamble], { type: "text/javascript" }));
  answerFromFiles(table, site);
  keepNothing();
  // A module worker cannot start in an opaque origin, a classic one can, and it may
  // import modules: PyScript's module worker becomes a classic one that imports it,
  // holding the messages that come before it listens.
  const RealWorker = globalThis.Worker;
  globalThis.Worker = class extends RealWorker {
    constructor(url, options = {}) {
      const script = options.type === "module" ? `(${classicStart})(${JSON.stringify(String(url))});` : `importScripts(${JSON.stringify(String(url))});`;
      const first = `importScripts(${JSON.stringify(preambleUrl)});\n${script}\n`;
      super(URL.createObjectURL(new Blob([first], { type: "text/javascript" })), { ...options, type: "classic" });
    }
  };
  return urls;
}

// In a classic worker (as text): imports the module worker's script. Messages that come
// before it listens are held, then handed to it one task each, in order, as a module
// worker hears them: its top level pauses between two (it waits for the first ones, and
// listens for the later ones only once they are in).
function classicStart(url) {
  const held = [];
  const hold = (event) => {
    held.push(event);
    event.stopImmediatePropagation();
  };
  const listen = EventTarget.prototype.addEventListener;
  let started = false;
  const next = () => {
    if (!held.length) return removeEventListener("message", hold, true);
    const { data, ports } = held.shift();
    removeEventListener("message", hold, true);
    dispatchEvent(new MessageEvent("message", { data, ports: [...ports] }));
    listen.call(self, "message", hold, true);
    setTimeout(next);
  };
  const listening = () => {
    if (!started) setTimeout(next);
    started = true;
  };
  listen.call(self, "message", hold, true);
  self.addEventListener = function (type, ...rest) {
    listen.call(this, type, ...rest);
    if (type === "message") listening();
  };
  let owner = self; // the global object's own attribute, or its prototype's
  while (!Object.getOwnPropertyDescriptor(owner, "onmessage")) owner = Object.getPrototypeOf(owner);
  const { set } = Object.getOwnPropertyDescriptor(owner, "onmessage");
  Object.defineProperty(self, "onmessage", {
    configurable: true,
    set(handler) {
      set.call(self, handler);
      listening();
    },
  });
  import(url);
}

// Runs here and, as text, first in each worker: the site's address of a file handed in
// is fetched from its blob:. Anything else goes to the real fetch, which this frame's
// policy refuses.
function answerFromFiles(table, site) {
  const real = globalThis.fetch.bind(globalThis);
  globalThis.fetch = (input, init) => {
    let key = null;
    try {
      const url = typeof input === "string" || input instanceof URL ? String(input) : input.url;
      key = new URL(url, site).href.split(/[?#]/)[0];
    } catch {
      key = null;
    }
    return real(table[key] ?? input, init);
  };
}

// PyScript keeps its package cache in IndexedDB, even when told not to use it, and an
// opaque origin has none: it gets a store in memory that keeps nothing past this frame.
function keepNothing() {
  const request = (result) => {
    const asked = {};
    setTimeout(() => asked.onsuccess?.({ target: { result } }));
    return asked;
  };
  const open = () => {
    const data = new Map();
    const store = {
      count: () => request(data.size),
      clear: () => request(data.clear()),
      delete: (key) => request(void data.delete(key)),
      get: (key) => request(data.get(key)),
      getKey: (key) => request(data.has(key) ? key : undefined),
      getAllKeys: () => request([...data.keys()]),
      put: (value, key) => request(void data.set(key, value)),
    };
    return request({ objectStoreNames: { length: 1 }, transaction: () => ({ objectStore: () => store }), close() {} });
  };
  Object.defineProperty(globalThis, "indexedDB", { value: { open }, configurable: true });
}

// PyScript's `version`: a module exporting loadPyodide and version. Pyodide is told the
// site's folder (fetched through the files) and given its WebAssembly module's script,
// which it would otherwise import from that folder. When the host handed in a snapshot
// (kept.mjs), Python is restored from it and the files installed with it are put back;
// if that fails, it starts afresh and micropip installs the wheel, as PyScript's config
// would have. Whether it was restored is noted for worker.py (`spygamesRestored`), which
// tells the page. The page's catalogue, when it speaks another language than English, is
// written where worker.py reads it (/spygames.mo).
function interpreter(urls, site) {
  const folder = `${site}vendor/pyodide-py/`;
  const snapshot = urls.get(`${site}sandbox/python.snapshot`) ?? null;
  const installed = urls.get(`${site}sandbox/python.installed`) ?? null;
  const wheel = [...urls.keys()].find((url) => /\/wheels\/[^/]+\.whl$/.test(url)) ?? null;
  const catalogue = urls.get(`${site}sandbox/catalogue.mo`) ?? null;
  const text = [
    `import * as pyodide from ${JSON.stringify(urls.get(`${folder}pyodide.mjs`))};`,
    `import createPyodideModule from ${JSON.stringify(urls.get(`${folder}pyodide.asm.mjs`))};`,
    `import { unpackSnapshot } from ${JSON.stringify(urls.get(`${site}vendor/pyodide/memory.mjs`))};`,
    "export const version = pyodide.version;",
    `const [snapshot, installed, wheel, catalogue] = ${JSON.stringify([snapshot, installed, wheel, catalogue])};`,
    "const SITE_PACKAGES = \"import sysconfig; sysconfig.get_paths()['purelib']\";",
    // The page's catalogue where worker.py reads it (a file: no await at its top level).
    "async function withWords(python) {",
    "  if (catalogue) python.FS.writeFile(\"/spygames.mo\", new Uint8Array(await (await fetch(catalogue)).arrayBuffer()));",
    "  return python;",
    "}",
    "export async function loadPyodide(options) {",
    "  return withWords(await started(options));",
    "}",
    "async function started(options) {",
    `  const given = { ...options, indexURL: ${JSON.stringify(folder)}, createPyodideModule };`,
    "  if (snapshot && installed) {",
    "    try {",
    "      const bytes = fetch(snapshot).then((r) => r.arrayBuffer()).then(unpackSnapshot);",
    "      const files = fetch(installed).then((r) => r.arrayBuffer());",
    "      const python = await pyodide.loadPyodide({ ...given, _loadSnapshot: bytes });",
    '      python.unpackArchive(await files, "zip", { extractDir: python.runPython(SITE_PACKAGES) });',
    '      python.runPython("import importlib; importlib.invalidate_caches()");',
    "      globalThis.spygamesRestored = true;",
    "      return python;",
    "    } catch (error) {",
    '      console.warn("sandbox: the snapshot did not restore; Python starts afresh", error);',
    "    }",
    "    const python = await pyodide.loadPyodide(given);", // the config names no wheel: install it
    '    await python.loadPackage("micropip", { messageCallback: () => {} });',
    '    const micropip = python.pyimport("micropip");',
    "    await micropip.install(wheel);",
    "    micropip.destroy();",
    "    return python;",
    "  }",
    "  return pyodide.loadPyodide(given);",
    "}",
  ].join("\n");
  return URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
}
