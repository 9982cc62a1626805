// Add compiled bytecode to our wheel and UI zip inside Pyodide, the Python that players'
// browsers run (see bytecode.py); with --stdlib, also trim Pyodide's standard library to
// what the site imports (see stdlib.py).
// Usage: node bytecode.mjs IN OUT [IN OUT ...] [--stdlib FULL TRIMMED]
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const args = process.argv.slice(2);
const at = args.indexOf("--stdlib");
const pairs = at < 0 ? args : args.slice(0, at);
const stdlib = at < 0 ? null : args.slice(at + 1);
if (pairs.length === 0 || pairs.length % 2 || (stdlib && stdlib.length !== 2)) {
  console.error("usage: node bytecode.mjs IN OUT [IN OUT ...] [--stdlib FULL TRIMMED]");
  process.exit(2);
}
const indexURL = new URL("../node_modules/pyodide/", import.meta.url).pathname;
const tool = (name) => readFileSync(new URL(name, import.meta.url), "utf8");

// Compiled without the column ranges of each instruction (PYTHONNODEBUGRANGES, PEP 657):
// they only place the carets under a traceback's source line, which a page never has (it
// gets no source); without them our bytecode is about a third smaller once compressed.
const py = await loadPyodide({ indexURL, env: { PYTHONNODEBUGRANGES: "1" } });
if (py.runPython("next(compile('x = 1', '', 'exec').co_positions())[2]") !== undefined) {
  console.error("bytecode.mjs: Pyodide's Python kept the column ranges (PYTHONNODEBUGRANGES unread)");
  process.exit(1);
}
py.runPython(tool("./bytecode.py"));
const addBytecode = py.globals.get("add_bytecode");
for (let i = 0; i < pairs.length; i += 2) {
  py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(pairs[i])));
  const count = addBytecode("/tmp/in.zip", "/tmp/out.zip");
  writeFileSync(pairs[i + 1], py.FS.readFile("/tmp/out.zip"));
  console.log(`${pairs[i + 1]}: bytecode for ${count} modules`);
}

if (stdlib) {
  const [full, trimmed] = stdlib;
  // The probe: a Pyodide of its own, started as a player's page starts it (with the
  // standard library the site serves: Pyodide's start made lean, web/tools/lean.py).
  const probe = await loadPyodide({ indexURL, stdLibURL: full });
  const archives = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const path = `/probe/${i / 2}.zip`;
    probe.FS.mkdirTree("/probe");
    probe.FS.writeFile(path, new Uint8Array(readFileSync(pairs[i])));
    archives.push(path);
  }
  probe.runPython(tool("./stdlib.py"));
  const found = probe.globals.get("probe")(probe.toPy(archives));
  py.runPython(tool("./stdlib.py"));
  py.FS.writeFile("/tmp/full.zip", new Uint8Array(readFileSync(full)));
  const report = JSON.parse(py.globals.get("trim")("/tmp/full.zip", "/tmp/trimmed.zip", found));
  writeFileSync(trimmed, py.FS.readFile("/tmp/trimmed.zip"));
  const failed = Object.keys(JSON.parse(found).failed);
  console.log(
    `${trimmed}: ${report.kept.length} standard modules kept (${report.bytes} bytes of ` +
      `bytecode), ${report.left_out} left out; UI modules that did not import: ${failed.join(", ") || "none"}`,
  );
}
