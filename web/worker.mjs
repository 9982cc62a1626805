// Python's thread: this module worker starts Pyodide, unpacks our engine and UI, and
// runs the app (spyweb/worker.py) for the page that started it (web/page.mjs), so no
// Python ever runs on the page's main thread: while Python starts (half a second to
// two seconds of work), the page drawn before boot scrolls and answers clicks.
//
// The page's first message ({t: "start"}, web/boot.js or web/embed.js) says what it
// holds: its address, its storage, what its browser can do, and the boot's largest
// downloads, which start here at once (see `early`). Every later message is passed to
// the app as it comes; what the app sends back goes to the page, except its timer, which
// lives here.
//
// The build (web/tools/build_site.py) writes our wheel's and UI zip's addresses into
// FILES: both are unpacked onto Python's import path, as PyScript's "files" did.
const FILES = __FILES__;
// The boot's downloads' Subresource Integrity, by address (the build writes it): asked for
// with it, they are handed over by the service worker as its cache keeps them, unread, and
// checked by the browser here as they arrive (see `early`).
const INTEGRITY = new Map(
  Object.entries(__INTEGRITY__).map(([path, sri]) => [new URL(path, import.meta.url).href, sri])
);

// Pyodide's modules and the Python snapshot's bytes, asked for as this module starts,
// side by side, ahead of the boot's large downloads (see `early`): a warm visit's Python
// waits on those three modules and that read first, and they used to come one after
// another, the modules queued behind the runtime's WebAssembly at the service worker.
const PYTHON = import("./vendor/pyodide/python.mjs").then((module) => {
  module.keptSnapshot().catch(() => {}); // its failure is told where loadPyodide awaits it
  return module;
});
PYTHON.catch(() => {}); // told where boot() awaits it
for (const name of ["memory.mjs", "pyodide.mjs", "pyodide.asm.mjs"]) {
  import(`./vendor/pyodide/${name}`).catch(() => {}); // python.mjs imports them: told there
}

const waiting = []; // messages that came before the app was ready for them
let games = null; // see Games, below
let deliver = null;
let begun = false;
let address = null; // the page's address, if it changed before the app ran
let fetchEarly = null; // (url): download it now, for whoever asks for it first
let startedWith = {}; // the page's start message

self.onmessage = ({ data }) => {
  if (data.t === "drawn") games?.drawn(); // the page has painted the app's first frame
  else if (data.t === "start" && !begun) {
    begun = true;
    boot(data).catch(failed);
  } else if (deliver) deliver(data);
  else {
    if (data.t === "hash" && begun) moved(data.hash);
    waiting.push(data);
  }
};

// The player went to another address while Python was starting (New game on the first
// frame): the app starts there, not at the address the page opened with (its first frame
// would be the old screen, shown for as long as the new one took), and that game's
// archive is fetched now, beside the runtime, not after the app has asked for it.
function moved(hash) {
  address = hash;
  const game = hash.replace(/^#\/?/, "").split("/")[0];
  const url = game && startedWith.games?.find((url) => url.endsWith(`/${game}.zip`));
  if (url) fetchEarly(self.spygamesDownload === "xz" ? url + ".xz" : url);
}

// Whatever fails in here is said to the page (boot.js shows why the game cannot start,
// until it has started), once: Pyodide leaves some failures (a download) unhandled.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  failed(event.reason);
});

function failed(error) {
  console.error("spygames: Python could not start", error);
  self.postMessage({ t: "failed", message: String(error?.message || error) });
}

// The boot's downloads, requested before Pyodide's modules have even loaded: the first
// fetch of each address (by Pyodide, python.mjs or the app) is answered with it.
// Where the service worker is in charge, each goes with its integrity (the build's SHA-256
// of it): the service worker then hands its cached copy over as it is, and the browser
// fails the request on any other bytes. Read and hashed in the service worker first, the
// runtime's 10 MB of WebAssembly held every other file of the boot behind it (a warm
// visit 40-50 ms longer). A copy that fails is asked for again without it: the service
// worker then checks it as it checks every file, and mends it.
function early(urls) {
  const fetchFile = self.fetch.bind(self);
  const checked = (url) => {
    const integrity = self.spygamesDownload === "plain" && INTEGRITY.get(url);
    if (!integrity) return fetchFile(url);
    return fetchFile(url, { integrity }).catch(() => fetchFile(url));
  };
  const started = new Map(urls.map((url) => [url, checked(url)]));
  fetchEarly = (url) => {
    if (!started.has(url)) started.set(url, checked(url));
  };
  self.fetch = function (resource, options) {
    const url = typeof resource === "string" || resource instanceof URL ?
      new URL(resource, location.href).href : null;
    const response = url && started.get(url);
    if (!response) return fetchFile(resource, options);
    started.delete(url);
    return response;
  };
}

async function boot(start) {
  startedWith = start;
  self.spygamesDownload = start.download; // python.mjs: the .xz copies, or the plain files
  early(start.preload || []);
  games = new Games();
  const files = FILES.map((path) => new URL(path, import.meta.url).href);
  const { loadPyodide, keepSnapshot, downloadsXz, fetchPackedAsXz, unpackZip } = await PYTHON;
  if (downloadsXz()) fetchPackedAsXz(); // before our archives are requested: their copies
  const archives = files.map((url) => fetch(url));
  const python = await loadPyodide({
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
    made: () => self.postMessage({ t: "stage", name: "runtime" }),
  });
  if (performance.getEntriesByName("python:snapshot").length) {
    self.postMessage({ t: "mark", name: "python:snapshot" }); // restored: the page notes it
  }
  self.postMessage({ t: "stage", name: "python", keep: keepSnapshot() });
  for (const [index, pending] of archives.entries()) {
    const response = await pending;
    if (!response.ok) throw new Error(`could not fetch ${files[index]} (HTTP ${response.status})`);
    await unpackZip(python, await response.arrayBuffer());
  }
  self.postMessage({ t: "stage", name: "engine" });
  self.postMessage({ t: "mark", name: "spy:main" });
  // The app's timer (`tick`): a delay of 0 (work to go on with: a bot's, a Hint's, a
  // review's next slice) is a message on a channel of its own, not setTimeout(0), which
  // browsers hold back 4 ms once timers nest (a slice's work is 30 ms: 12% of it idle).
  // Either way the page's messages still come in between two slices.
  let timer = null;
  let link = null;
  const SOON = "soon";
  const soon = new MessageChannel();
  soon.port1.onmessage = () => {
    if (timer !== SOON) return; // cancelled, or another timer set meanwhile
    timer = null;
    deliver({ t: "tick" });
  };
  games.arrived = (...args) => link.archive(...args);
  const send = (text) => {
    const message = JSON.parse(text);
    if (message.t === "timer") {
      if (timer !== SOON) clearTimeout(timer);
      if (message.delay === null) timer = null;
      else if (message.delay === 0) {
        timer = SOON;
        soon.port2.postMessage(null);
      } else {
        timer = setTimeout(() => {
          timer = null;
          deliver({ t: "tick" });
        }, message.delay);
      }
    } else if (message.t === "archive") games.ask(message);
    else self.postMessage(message);
  };
  const worker = python.pyimport("spyweb.worker");
  await speak(worker, start);
  link = worker.begin_from_page(JSON.stringify({ ...start, hash: address ?? start.hash }), send);
  deliver = (message) => link.on_page(JSON.stringify(message));
  for (const message of waiting.splice(0)) deliver(message);
}

// The player's language (boot.js chose it): its catalogue, requested with the runtime
// (see `early`), is installed before the app draws anything. A catalogue that cannot be
// had leaves the app in English, and the page is told so (its <html lang>).
async function speak(worker, { lang, catalogue }) {
  if (!lang || lang === "en" || !catalogue) return;
  try {
    const response = await fetch(catalogue);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    worker.speak(lang, new Uint8Array(await response.arrayBuffer()));
  } catch (error) {
    console.warn(`spygames: no ${lang} catalogue (${error?.message || error}); English instead`);
    self.postMessage({ t: "lang", lang: "en" });
  }
}

// The games' archives the app asks for (spyweb/browser/archives.py): the opened game's at once
// (the page has already requested it, see `early`), the others one after another once
// the page has painted its first frame (it says "drawn"), so that they never compete
// with what it needs first.
class Games {
  constructor() {
    this.arrived = null; // (game, bytes or undefined, why not): the app's, once it runs
    this.later = []; // [game, address], to download once the page has its first frame
    this.asked = new Set(); // the games asked for at once: never downloaded again later
    this.shown = false;
    this.busy = false;
  }
  ask({ game, url, soon }) {
    if (soon) {
      this.asked.add(game);
      this.download(game, url);
    } else {
      this.later.push([game, url]);
      this.pump();
    }
  }
  drawn() {
    // A moment more: what the player does first on the new page is answered first.
    setTimeout(() => {
      this.shown = true;
      this.pump();
    }, 250);
  }
  pump() {
    // a game the app asked for at once is not downloaded again (it has it, or was told)
    while (this.later.length && this.asked.has(this.later[0][0])) this.later.shift();
    if (!this.shown || this.busy || !this.later.length) return;
    this.busy = true;
    const [game, url] = this.later.shift();
    this.download(game, url).then(() => {
      this.busy = false;
      this.pump();
    });
  }
  async download(game, url) {
    let bytes; // undefined, not null: Python gets None (a null would be a JsNull)
    let problem = "";
    try {
      const response = await self.fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      problem = `could not fetch ${url} (${error?.message || error})`;
    }
    try {
      this.arrived(game, bytes, problem);
    } catch (error) {
      failed(error); // the app could not start with it (boot.js says so, until it has)
    }
  }
}
