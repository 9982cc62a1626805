// A worker of the site's own origin that makes the snapshot the Lab's sandboxes start
// from (kept.mjs says what it is and why): PyScript's Pyodide started here, nothing more,
// its memory kept. Started by the Lab's page (web/lab/python.mjs) once a sandbox of its
// is ready and none of this build is kept; it posts one message when done, kept or not
// (not: this build's is then marked refused, and not made again here).
import { loadPyodide } from "../vendor/pyodide-py/pyodide.mjs";
import { keep, refuse } from "./kept.mjs";

async function make() {
  const indexURL = new URL("../vendor/pyodide-py/", import.meta.url).href;
  const python = await loadPyodide({ indexURL, _makeSnapshot: true });
  const bytes = python.makeMemorySnapshot();
  await keep(bytes);
  return bytes.length;
}

make().then(
  (size) => postMessage({ kept: size }),
  async (error) => {
    console.warn("spygames: no snapshot kept for the Lab:", error);
    await refuse().catch(() => {}); // not tried again for this build
    postMessage({ kept: 0 });
  }
);
