// The Python snapshot the Bot Lab's sandboxes start from, as this browser keeps it.
//
// A sandbox's Python is PyScript's Pyodide (vendor/pyodide-py/), started afresh in each
// sandbox: about two seconds of CPU before micropip and a bot's code even begin. A
// snapshot of that Pyodide just started — no package installed (micropip's install
// leaves references a snapshot cannot hold), no bot's code run, made by a worker of the
// site's own origin (snapshot.mjs, never a sandbox) — lets each sandbox restore Python
// instead. It is kept in Cache Storage, which no sandbox can reach, with the build it
// belongs to and its SHA-256: the sandbox's host (host.mjs) hands a sandbox a copy only
// when both still hold, and the sandbox starts Python the ordinary way when there is
// none or the copy does not restore (frame.mjs).
//
// BUILD is a hash of the Pyodide files a snapshot is made from (the build writes it:
// web/tools/people.py): a snapshot of another Pyodide is never handed in.
export const BUILD = "__SNAPSHOT_BUILD__";
export const STORE = "spygames lab python";
export const KEY = new URL("python.snapshot", import.meta.url).href;
const BUILD_HEADER = "x-spygames-snapshot";
const DIGEST_HEADER = "x-spygames-sha256";

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

// The kept snapshot of this build as a Blob, its digest checked; null when there is none
// (one that fails its digest is thrown away, and made again by the Lab's next visit).
export async function keptSnapshot() {
  if (!globalThis.caches) return null;
  const cache = await caches.open(STORE);
  const found = await cache.match(KEY);
  if (found?.headers.get(BUILD_HEADER) !== BUILD) return null;
  const bytes = await found.arrayBuffer();
  if ((await digest(bytes)) !== found.headers.get(DIGEST_HEADER)) {
    console.warn("spygames: the Lab's Python snapshot is damaged: thrown away");
    await cache.delete(KEY);
    return null;
  }
  return new Blob([bytes], { type: "application/octet-stream" });
}

// Notes that this build's snapshot could not be made here (in snapshot.mjs's worker).
export async function refuse() {
  const headers = { [BUILD_HEADER]: `${BUILD} refused` };
  await (await caches.open(STORE)).put(KEY, new Response("", { headers }));
}

// Keeps `bytes` as this build's snapshot (in snapshot.mjs's worker).
export async function keep(bytes) {
  const headers = {
    [BUILD_HEADER]: BUILD,
    [DIGEST_HEADER]: await digest(bytes),
    "content-type": "application/octet-stream",
  };
  await (await caches.open(STORE)).put(KEY, new Response(bytes, { headers }));
}
