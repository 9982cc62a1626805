// The Python snapshot the Bot Lab's sandboxes start from, as this browser keeps it.
//
// A sandbox's Python is PyScript's Pyodide (vendor/pyodide-py/), started afresh in each
// sandbox: about two seconds of CPU, then micropip imported and the engine installed,
// before a bot's code even begins. A worker of the site's own origin (snapshot.mjs, never
// a sandbox) does that once instead: micropip installs the engine wheel in one Python,
// and a second Python, with the files micropip wrote put in place and the sandbox's
// module imported, is snapshotted (micropip's own install leaves references a snapshot
// cannot hold). A sandbox then restores that Python and puts the same files back (Pyodide
// keeps files outside the memory a snapshot holds): the engine micropip installed,
// without micropip. Both are kept in Cache Storage, which no sandbox can reach, as one
// entry — the snapshot, then the installed files as a zip — with the build it belongs to
// and its SHA-256: the sandbox's host (host.mjs) hands a sandbox a copy only when both
// still hold, and the sandbox starts Python the ordinary way (micropip installing the
// wheel) when there is none or the copy does not restore (frame.mjs).
//
// BUILD is a hash of the Pyodide files and the engine wheel a snapshot is made from (the
// build writes it: web/tools/people.py): a snapshot of another build is never handed in.
export const BUILD = "__SNAPSHOT_BUILD__";
export const STORE = "spygames lab python";
export const KEY = new URL("python.snapshot", import.meta.url).href;
const BUILD_HEADER = "x-spygames-snapshot";
const DIGEST_HEADER = "x-spygames-sha256";
const SIZE_HEADER = "x-spygames-snapshot-size"; // the snapshot's bytes; the installed files' follow

async function digest(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Whether this build's snapshot was made here, or could not be (then it is not tried
// again at every visit: a browser whose Pyodide cannot make one keeps failing); its bytes
// not read. Without Cache Storage there is nothing to make it for.
export async function tried() {
  if (!globalThis.caches) return true;
  const build = (await (await caches.open(STORE)).match(KEY))?.headers.get(BUILD_HEADER);
  return build === BUILD || build === `${BUILD} refused`;
}

// The kept snapshot of this build and the files installed with it, as Blobs
// ({snapshot, installed}), the digest checked; null when there is none (one that fails
// its digest is thrown away, and made again by the Lab's next visit).
export async function keptSnapshot() {
  if (!globalThis.caches) return null;
  const cache = await caches.open(STORE);
  const found = await cache.match(KEY);
  if (found?.headers.get(BUILD_HEADER) !== BUILD) return null;
  const bytes = await found.arrayBuffer();
  const size = Number(found.headers.get(SIZE_HEADER));
  if ((await digest(bytes)) !== found.headers.get(DIGEST_HEADER) || !(size > 0 && size < bytes.byteLength)) {
    console.warn("spygames: the Lab's Python snapshot is damaged: thrown away");
    await cache.delete(KEY);
    return null;
  }
  const type = { type: "application/octet-stream" };
  return { snapshot: new Blob([bytes.slice(0, size)], type), installed: new Blob([bytes.slice(size)], type) };
}

// Notes that this build's snapshot could not be made here (in snapshot.mjs's worker).
export async function refuse() {
  const headers = { [BUILD_HEADER]: `${BUILD} refused` };
  await (await caches.open(STORE)).put(KEY, new Response("", { headers }));
}

// Keeps `snapshot` as this build's, with the files installed with it (`installed`, a zip),
// both Uint8Arrays (in snapshot.mjs's worker).
export async function keep(snapshot, installed) {
  const bytes = new Uint8Array(snapshot.length + installed.length);
  bytes.set(snapshot, 0);
  bytes.set(installed, snapshot.length);
  const headers = {
    [BUILD_HEADER]: BUILD,
    [DIGEST_HEADER]: await digest(bytes),
    [SIZE_HEADER]: String(snapshot.length),
    "content-type": "application/octet-stream",
  };
  await (await caches.open(STORE)).put(KEY, new Response(bytes, { headers }));
}
