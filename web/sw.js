// Offline first: at install, copy every file the game needs into a cache of this build,
// then answer the page from that cache. The build (web/tools/build_site.py,
// write_service_worker) replaces the two placeholders below: a hash of the whole build
// and the files, relative to this script, each with a hash of its contents.
//
// A good neighbour on a shared origin: on GitHub Pages every project site of one user
// lives on USER.github.io, so another copy of this app (a fork, a preview, a second
// deployment under another sub-path) may keep its own caches beside ours. Our caches are
// named after this worker's scope, and only they are ever deleted.
//
// Updates never switch a player mid-game: a new version installs beside the old one and
// waits until the page asks for it ({type: "skip-waiting"}, sent by boot.js when the
// player presses Reload in the update banner), or until every tab of the game is closed.
// An update downloads only the files whose hash changed; the rest are copied from the
// cache of the version being replaced.
const BUILD = "__BUILD__";
const PRECACHE = __PRECACHE__;
// The Bot Lab's files ({file: hash}, written by the build: web/tools/people.py), never
// precached for a player: once the Lab has been opened they are all kept (keepLab), so
// the Lab works offline too, and each update keeps them again, as it keeps the tables'.
const LAB = __LAB__;
const LAB_PAGE = "lab/index.html";
// Each language's files ({language: {file: hash}}, written by the build): its catalogue,
// its page words and its drawn embeds, never precached (a player downloads only their
// own language's): kept once a page asks for them (keepLanguage), and again at each update.
const LANGUAGES = __LANGUAGES__;
// The scripts that run as workers of their own (Python's, the snapshots' for the tables
// and for the Lab's sandboxes)
// are served with the pages' Content-Security-Policy as a header: a worker loaded from
// its own address takes the policy of its response, and a page this worker controls
// starts them from their addresses (web/policed.mjs says why). The build writes POLICY.
const POLICY = "__POLICY__";
const POLICED = ["worker.mjs", "vendor/pyodide/snapshot.mjs", "sandbox/snapshot.mjs"].map(
  (path) => new URL(path, self.location).href
);

// A file listed as "<file>.xz" is downloaded as that copy (a quarter smaller than what
// gzip makes of it: web/tools/packed.py) and kept decoded, under the plain file's
// address, so that every later visit reads it from here as it is. The build writes
// web/unxz.js here (it defines self.spygamesUnxz): the worker is one file to check for
// updates, not two.
/* __UNXZ__ */
const DECODER_WASM = new URL("vendor/xz/xz.wasm", self.location).href;
// {file with an .xz copy, relative to this script: its type}, written by the build.
const TYPES = __TYPES__;

// "spygames <scope path> <build>": a path cannot hold a space (it is written %20), so the
// scope is never confused with another one. Not "spygames-…": workers of earlier versions
// delete every cache named so, and this one must outlive them on the same origin.
const SCOPE = new URL(self.registration.scope).pathname;
const OURS = "spygames " + SCOPE + " ";
const CACHE = OURS + BUILD;
const INDEX = new URL("index.html", self.location).href;
const ROOT = new URL("./", self.location).href;
// Each file is cached with its hash in this header (what the build says it should be).
// The header is never trusted alone: a page script may write into Cache Storage, so a
// copy is served, or carried into a new version, only when its body hashes to the build's
// hash for its address (`trusted`); anything else is dropped and downloaded again.
const HASH = "x-spygames-hash";
// {address the page asks for: the build's hash of the body kept there}, for every file
// this version may serve from its cache. An address not here is never served from it.
const EXPECTED = new Map(
  Object.entries(Object.assign({ ...PRECACHE, ...LAB }, ...Object.values(LANGUAGES))).map(([path, hash]) => {
    const url = new URL(path, self.location).href;
    const type = TYPES[path.replace(/\.xz$/, "")];
    return [type ? url.replace(/\.xz$/, "") : url, { url, hash, type }];
  })
);

async function digestOf(body) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Whether a request's integrity is exactly one SHA-256 whose digest is the build's hash of
// the file (its first 16 hex digits): then the browser checks the bytes against the build's
// file, whatever this worker hands over.
function claims(integrity, hash) {
  const found = /^sha256-([A-Za-z0-9+/]{43}=)$/.exec(integrity || "");
  if (!found || !hash) return false;
  const digest = Array.from(atob(found[1]), (c) => c.charCodeAt(0).toString(16).padStart(2, "0"));
  return digest.join("").startsWith(hash);
}

// `response` (a cached copy for `key`) with its body read, if that body is the build's
// file for `key` with hash `hash`; else null.
async function trusted(response, hash) {
  if (!response || !hash) return null;
  const body = await response.arrayBuffer();
  if (!(await digestOf(body)).startsWith(hash)) return null;
  return new Response(body, { status: 200, statusText: "OK", headers: response.headers });
}

self.addEventListener("install", (event) => {
  // No skipWaiting() here: on a first visit there is no old worker and this one becomes
  // active at once; on an update it must wait (see the "message" listener).
  event.waitUntil(
    precache().catch(async (error) => {
      await caches.delete(CACHE); // never half a version: the next update check retries
      throw error;
    })
  );
});

async function precache() {
  const cache = await caches.open(CACHE);
  const older = await olderCaches();
  await keep(cache, older, PRECACHE);
  // The languages a player reads are kept across updates (by any of their files).
  for (const [lang, files] of Object.entries(LANGUAGES)) {
    if (await keptIn(older, lang)) await keep(cache, older, files);
  }
  // A player who has opened the Lab keeps it offline across updates.
  for (const old of older) {
    if (await old.match(new URL(LAB_PAGE, self.location).href)) return keep(cache, older, LAB);
  }
}

// Whether an older version's cache holds a file of language `lang`.
async function keptIn(older, lang) {
  const prefix = new URL(`locale/${lang}.`, self.location).href;
  for (const old of older) {
    for (const request of await old.keys()) if (request.url.startsWith(prefix)) return true;
  }
  return false;
}

const keepingLanguage = new Map();

// Every file of `lang` into this version's cache (the page asks once it reads it): its
// later visits, offline too, read it from there. Resolves to whether all is kept.
function keepLanguage(lang) {
  if (!Object.hasOwn(LANGUAGES, lang)) return Promise.resolve(false);
  if (!keepingLanguage.has(lang)) {
    const kept = (async () => {
      await keep(await caches.open(CACHE), await olderCaches(), LANGUAGES[lang]);
      return true;
    })()
      .catch(() => false) // offline: the next visit asks again
      .finally(() => keepingLanguage.delete(lang));
    keepingLanguage.set(lang, kept);
  }
  return keepingLanguage.get(lang);
}

async function olderCaches() {
  const names = await caches.keys();
  return Promise.all(
    names.filter((name) => name.startsWith(OURS) && name !== CACHE).map((n) => caches.open(n))
  );
}

// Put each of `files` ({path: hash}) in `cache`: an older version's copy with the same
// hash, else a download checked against the hash.
async function keep(cache, older, files) {
  await Promise.all(
    Object.entries(files).map(async ([path, hash]) => {
      const url = new URL(path, self.location).href;
      const type = TYPES[path.replace(/\.xz$/, "")]; // an .xz copy's file: kept decoded
      const key = type ? url.replace(/\.xz$/, "") : url; // where the page will ask for it
      for (const old of older) {
        const kept = await trusted(await old.match(key), hash);
        if (kept) return cache.put(key, kept);
      }
      return cache.put(key, await download(url, hash, type));
    })
  );
}

// `type`: given for an .xz copy, the type of the file it holds.
async function download(url, hash, type) {
  // `no-cache` revalidates with the server, so the HTTP cache cannot hand us a file of
  // the previous version, yet files the page has just downloaded come back as a 304.
  const response = await fetch(new Request(url, { cache: "no-cache" }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  // An .xz copy is kept decoded, and its hash is the decoded file's.
  const packed = type !== undefined;
  const body = await (packed
    ? new Response(self.spygamesUnxz(response.body, DECODER_WASM))
    : response
  ).arrayBuffer();
  // A server mid-deployment may still hand out the old file: never keep it under the
  // new file's hash, or every later update would reuse it.
  const got = (await digestOf(body)).slice(0, hash.length);
  if (got !== hash) throw new Error(`${url}: expected hash ${hash}, got ${got}`);
  // The body is already decoded: keep the type, drop the transfer's encoding and length.
  const headers = new Headers(response.headers);
  for (const name of ["content-encoding", "content-length"]) headers.delete(name);
  headers.set(HASH, hash);
  if (packed) headers.set("content-type", type);
  return new Response(body, { status: 200, statusText: "OK", headers });
}

self.addEventListener("activate", (event) => {
  // This scope's older versions go, and a cache of an earlier worker ("spygames-<build>",
  // or the network-first worker's "spygames-v1") only if it holds this scope's page.
  // Then this worker takes the open pages, so a first visit is offline-ready at once.
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.map(dropIfOursAndOld)))
      .then(() => self.clients.claim())
  );
});

async function dropIfOursAndOld(name) {
  if (name === CACHE) return;
  if (name.startsWith(OURS)) return caches.delete(name);
  if (name.startsWith("spygames-")) {
    const earlier = await caches.open(name);
    if (await earlier.match(INDEX)) return caches.delete(name);
  }
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data && event.data.type === "keep-language" && typeof event.data.lang === "string") {
    event.waitUntil(keepLanguage(event.data.lang));
  }
  if (event.data && event.data.type === "keep-lab") {
    event.waitUntil(keepLab().then((kept) => event.source?.postMessage({ type: "lab-kept", kept })));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(cacheFirst(request, url));
});

async function cacheFirst(request, url) {
  const cache = await caches.open(CACHE);
  // The page itself, whatever its search or #route: the cached index.html.
  const page = url.origin + url.pathname;
  let key = page;
  const lab = new URL(LAB_PAGE, self.location).href;
  if (request.mode === "navigate" && page === ROOT) key = INDEX;
  if (request.mode === "navigate" && page === lab.replace(/index\.html$/, "")) key = lab;
  // Every file is static, so a query string (embed.html?run=1) names the same file.
  const expected = EXPECTED.get(key);
  if (expected && claims(request.integrity, expected.hash)) {
    // Asked for with the build's own hash of it as its integrity (Python's worker asks so
    // for the boot's downloads, web/worker.mjs): the copy goes as it is, unread, and the
    // browser fails the request on any other bytes (the worker then asks again without).
    const kept = await cache.match(key, { ignoreVary: true });
    if (kept) return kept;
  }
  let response = expected ? await trusted(await cache.match(key, { ignoreVary: true }), expected.hash) : null;
  if (expected && !response) response = await repair(cache, key, expected);
  response ??= await fetch(request);
  // A worker's script always carries the pages' policy, from the cache or not: without
  // it, the worker would run with none (the policy of a worker is its response's).
  return POLICED.includes(page) ? policed(response) : response;
}

// A file of this version missing from the cache, or whose copy is not the build's (a
// page script may write into Cache Storage): downloaded again and checked, and kept if it
// was kept before. Null when it cannot be (offline): the page then gets the network's
// answer, never the bad copy.
async function repair(cache, key, { url, hash, type }) {
  const had = await cache.match(key, { ignoreVary: true });
  if (had) await cache.delete(key);
  try {
    const fresh = await download(url, hash, type);
    if (had) await cache.put(key, fresh.clone());
    return fresh;
  } catch {
    return null;
  }
}

function policed(response) {
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", POLICY);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

let keepingLab = null;

// Every file of the Lab into this version's cache (the Lab's page asks, see
// web/lab/lab.mjs), its page last: a Lab page in the cache means all of the Lab is.
// Resolves to whether it is all kept.
function keepLab() {
  keepingLab ??= (async () => {
    const cache = await caches.open(CACHE);
    const older = await olderCaches();
    const { [LAB_PAGE]: page, ...rest } = LAB;
    await keep(cache, older, rest);
    await keep(cache, older, { [LAB_PAGE]: page });
    return true;
  })()
    .catch(() => false) // offline, or mid-deployment: the next visit to the Lab tries again
    .finally(() => (keepingLab = null));
  return keepingLab;
}
