// Add compiled bytecode to our wheel and UI zip inside Pyodide, the Python that players'
// browsers run (see bytecode.py). Usage: node bytecode.mjs IN OUT [IN OUT ...]
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const pairs = process.argv.slice(2);
if (pairs.length === 0 || pairs.length % 2) {
  console.error("usage: node bytecode.mjs IN OUT [IN OUT ...]");
  process.exit(2);
}
const indexURL = new URL("../node_modules/pyodide/", import.meta.url).pathname;
const py = await loadPyodide({ indexURL });
py.runPython(readFileSync(new URL("./bytecode.py", import.meta.url), "utf8"));
const addBytecode = py.globals.get("add_bytecode");
for (let i = 0; i < pairs.length; i += 2) {
  py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(pairs[i])));
  const count = addBytecode("/tmp/in.zip", "/tmp/out.zip");
  writeFileSync(pairs[i + 1], py.FS.readFile("/tmp/out.zip"));
  console.log(`${pairs[i + 1]}: bytecode for ${count} modules`);
}
