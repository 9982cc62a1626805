// Pyodide under Node installs the engine with micropip from the site's own index, as a
// blogger's PyScript page would (e2e/test_micropip_node.py runs it against the built site,
// served over HTTP). Usage: node e2e/micropip_node.mjs SITE_DIR SITE_URL
// Prints one JSON line: what was installed, by whom, and a game played to its end.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [siteDir, siteUrl] = process.argv.slice(2);
const folder = path.join(siteDir, "vendor", "pyodide-py") + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: folder });
await py.loadPackage("micropip", { messageCallback: () => {} });
py.globals.set("INDEX", `${siteUrl}simple`); // micropip adds "/spygames/"
const found = await py.runPythonAsync(`
import json, micropip
await micropip.install("spygames", index_urls=INDEX)
import importlib.metadata as metadata
import spygames
game = spygames.get_game("deck-of-spies")
state = game.new(seed=3, players=1)
bot = game.bot("normal", seed=1)
while not state.is_over:
    state.apply(bot.choose(state.view(0), state.legal_actions()))
d = metadata.distribution("spygames")
json.dumps({"version": d.version, "installer": d.read_text("INSTALLER").strip(),
            "moves": len(state.actions), "result": state.result})
`);
console.log(found);
