// The Lab's snapshot as the browser keeps it (web/sandbox/kept.mjs): a sandbox is handed
// a copy only when it is of this build and its bytes hash to the SHA-256 kept with it; a
// damaged one is thrown away. The whole path (made, handed in, restored) is
// e2e/test_sandbox.py's.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { BUILD, KEY, STORE, keep, keptSnapshot, refuse, tried } from "../../web/sandbox/kept.mjs";

// Cache Storage in memory: {store name: Map(address -> Response)}.
let stores;
beforeEach(() => {
  stores = new Map();
  globalThis.caches = {
    async open(name) {
      if (!stores.has(name)) stores.set(name, new Map());
      const entries = stores.get(name);
      return {
        match: async (key) => entries.get(String(key))?.clone(),
        put: async (key, response) => void entries.set(String(key), response),
        delete: async (key) => entries.delete(String(key)),
      };
    },
  };
});

const BYTES = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
const FILES = new Uint8Array([80, 75, 9, 10]); // the installed files' zip, kept with it

// The kept entry rewritten: its bytes changed by `damage`, its headers by `headers`.
async function rewrite({ damage = false, headers = {} }) {
  const entries = stores.get(STORE);
  const found = entries.get(KEY);
  const bytes = new Uint8Array(await found.clone().arrayBuffer());
  if (damage) bytes[3] ^= 0xff;
  const changed = new Headers(found.headers);
  for (const [name, value] of Object.entries(headers)) changed.set(name, value);
  entries.set(KEY, new Response(bytes, { headers: changed }));
}

test("nothing kept: nothing handed in, and one is to be made", async () => {
  assert.equal(await keptSnapshot(), null);
  assert.equal(await tried(), false);
});

test("a snapshot kept whole, of this build, is handed in as it was kept", async () => {
  await keep(BYTES, FILES);
  assert.equal(await tried(), true);
  const { snapshot, installed } = await keptSnapshot();
  assert.deepEqual(new Uint8Array(await snapshot.arrayBuffer()), BYTES);
  assert.deepEqual(new Uint8Array(await installed.arrayBuffer()), FILES);
  assert.equal(stores.get(STORE).get(KEY).headers.get("x-spygames-snapshot"), BUILD);
});

test("a snapshot with one byte changed is never handed in, and is thrown away", async () => {
  await keep(BYTES, FILES);
  await rewrite({ damage: true });
  assert.equal(await keptSnapshot(), null);
  assert.equal(stores.get(STORE).has(KEY), false);
});

test("a kept entry whose sizes do not add up is never handed in", async () => {
  await keep(BYTES, FILES);
  await rewrite({ headers: { "x-spygames-snapshot-size": String(BYTES.length + FILES.length) } });
  assert.equal(await keptSnapshot(), null); // no installed files after the snapshot
  assert.equal(stores.get(STORE).has(KEY), false);
});

test("a snapshot of another build is never handed in", async () => {
  await keep(BYTES, FILES);
  await rewrite({ headers: { "x-spygames-snapshot": "another build" } });
  assert.equal(await tried(), false); // this build's is made, in its place
  assert.equal(await keptSnapshot(), null);
});

test("a snapshot that could not be made is not made again for this build", async () => {
  await refuse();
  assert.equal(await tried(), true);
  assert.equal(await keptSnapshot(), null);
  await rewrite({ headers: { "x-spygames-snapshot": "another build refused" } });
  assert.equal(await tried(), false); // a new build tries again
});

test("a browser without Cache Storage starts Python afresh, and makes none", async () => {
  delete globalThis.caches;
  assert.equal(await keptSnapshot(), null);
  assert.equal(await tried(), true);
});
