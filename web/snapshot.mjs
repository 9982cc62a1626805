// A worker that makes this build's Python snapshot and keeps it for the next visit
// (python.mjs restores it): Python started as Python's worker starts it, with our
// engine's and app's modules imported from our wheel and archives, its memory copied into
// Cache Storage. Started by page.mjs once the page is ready; it posts one message when
// done, kept or not.
//
// The build (web/tools/snapshot.py) writes the wheel's address into WHEEL, the UI zip's
// and each game's archive's (its rules and its table, web/tools/archives.py) into GAMES,
// and the modules, the app's and every game's included, into MODULES.
import { loadPyodide } from "./pyodide.mjs";
import {
  BUILD_HEADER,
  KEY,
  SNAPSHOT,
  STORE,
  fetchPackedAsXz,
  unpackZip,
  withoutStackSwitching,
} from "./python.mjs";
import { packSnapshot } from "./memory.mjs";

const WHEEL = new URL("__WHEEL__", import.meta.url);
const GAMES = __GAMES__.map((path) => new URL(path, import.meta.url));
const MODULES = __MODULES__;
// A module that cannot be imported here (one needing the page) is left to import later.
const IMPORT = `
import importlib
for name in ${JSON.stringify(MODULES)}:
    try:
        importlib.import_module(name)
    except ImportError:
        pass
`;

async function keep() {
  withoutStackSwitching(); // as the page starts Python: a snapshot of the same memory
  const xz = new URL(import.meta.url).searchParams.get("download") === "xz";
  self.spygamesDownload = xz ? "xz" : "plain"; // what python.mjs downloads, as the page did
  if (xz) fetchPackedAsXz();
  const python = await loadPyodide({ _makeSnapshot: true });
  for (const url of [WHEEL, ...GAMES]) {
    const archive = await fetch(url);
    if (!archive.ok) throw new Error(`${url}: HTTP ${archive.status}`);
    await unpackZip(python, await archive.arrayBuffer());
  }
  const scope = python.globals.get("dict")();
  python.runPython(IMPORT, { globals: scope });
  scope.destroy();
  const bytes = packSnapshot(python.makeMemorySnapshot()); // without its pages of zeros
  const headers = { [BUILD_HEADER]: SNAPSHOT, "content-type": "application/octet-stream" };
  await (await caches.open(STORE)).put(KEY, new Response(bytes, { headers }));
  return bytes.length;
}

keep().then(
  (size) => postMessage({ kept: size }),
  (error) => {
    console.warn("spygames: no Python snapshot kept:", error);
    postMessage({ kept: 0 });
  }
);
