// A worker of the site's own origin that makes the snapshot the Lab's sandboxes start
// from (kept.mjs says what it is and why): micropip installs the engine wheel in a first
// Python, as in a sandbox; a second Python gets the files it wrote and imports the
// sandbox's module, and its memory is kept with those files. Started by the Lab's page
// (web/lab/python.mjs) once a sandbox of its is ready and none of this build is kept; it
// posts one message when done, kept or not (not: this build's is then marked refused,
// and not made again here).
import { loadPyodide } from "../vendor/pyodide-py/pyodide.mjs";
import { packSnapshot } from "../vendor/pyodide/memory.mjs"; // as the tables' snapshot is kept
import { keep, refuse } from "./kept.mjs";

// In the first Python: the wheel installed by micropip, and every file it wrote (the
// package and its .dist-info, INSTALLER included) as a zip, relative to site-packages.
const INSTALL = `
import io, zipfile, micropip
from importlib import metadata
from pathlib import PurePosixPath
await micropip.install(WHEEL)
found = metadata.distribution("spygames")
root = found.locate_file("")
tops = sorted({PurePosixPath(str(f)).parts[0] for f in found.files})
zipped = io.BytesIO()
with zipfile.ZipFile(zipped, "w") as z:
    for top in tops:
        for path in sorted((root / top).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                z.write(path, path.relative_to(root).as_posix())
zipped.getvalue()
`;

// In the snapshot's Python, those files in place: the sandbox's module (worker.py's
// import), and every game's rules and bots (a match's start imports its game's), imported
// once here rather than in every sandbox.
const IMPORT = `
import importlib
importlib.invalidate_caches()
import spygames, spygames.sandbox
for game in spygames.GAMES.values():
    for level in game.bot_levels:
        game.bot(level, seed=0)
`;

const SITE_PACKAGES = "import sysconfig; sysconfig.get_paths()['purelib']";

async function make() {
  const indexURL = new URL("../vendor/pyodide-py/", import.meta.url).href;
  const configURL = new URL("pyscript.json", import.meta.url);
  const config = await (await fetch(configURL)).json(); // the sandbox's: the wheel's address
  const first = await loadPyodide({ indexURL });
  await first.loadPackage("micropip", { messageCallback: () => {} });
  first.globals.set("WHEEL", new URL(config.packages[0], configURL).href);
  const found = await first.runPythonAsync(INSTALL);
  const installed = found.toJs();
  found.destroy();
  const python = await loadPyodide({ indexURL, _makeSnapshot: true });
  python.unpackArchive(installed, "zip", { extractDir: python.runPython(SITE_PACKAGES) });
  python.runPython(IMPORT);
  const bytes = packSnapshot(python.makeMemorySnapshot()); // without its pages of zeros
  await keep(bytes, installed);
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
