"""The bench site: a copy of `_site/` plus a floor page and an engine page.

The floor page boots the same vendored Pyodide, as shipped, on its main thread and
runs one line, so app/floor isolates what the app adds to (or saves on) the bare
runtime. The engine page runs
`bench/engine.py` inside Pyodide.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HEAD = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<link rel="icon" href="./assets/favicon.svg" type="image/svg+xml"></head><body>
<pre id="result"></pre>
"""

FLOOR = (
    HEAD.format(title="floor")
    + """<script type="module">
import { loadPyodide } from "./vendor/pyodide-shipped/pyodide.mjs";
const python = await loadPyodide();
python.runPython("from js import document, performance; performance.mark('floor:ready')");
document.getElementById("result").textContent = "ready";
</script></body></html>
"""
)

# The engine page unpacks the engine wheel and every game's archive (web/tools/archives.py)
# as the app's worker does, then runs bench/engine.py.
ENGINE = (
    HEAD.format(title="engine bench")
    + """<script type="module">
import { loadPyodide } from "./vendor/pyodide-shipped/pyodide.mjs";
try {
  const python = await loadPyodide();
  for (const url of __ARCHIVES__) {
    const response = await fetch(url);
    python.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: python.FS.cwd() });
  }
  python.FS.writeFile("bench_engine.py", await (await fetch("./bench_engine.py")).text());
  python.runPython("import bench_engine; bench_engine.main()");
} catch (error) {
  document.getElementById("result").textContent = "error: " + error;
}
</script></body></html>
"""
)


def build(site: Path, target: Path) -> Path:
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(site, target)
    # The floor, and the engine page, run Pyodide as it is shipped: its whole standard
    # library, as a source zip (the site serves it trimmed, see web/tools/stdlib.py), on
    # the page's main thread.
    shipped = target / "vendor" / "pyodide-shipped"
    shutil.copytree(target / "vendor" / "pyodide", shipped)
    shutil.move(shipped / "python_stdlib_full.zip", shipped / "python_stdlib.zip")
    (target / "floor.html").write_text(FLOOR)
    shutil.copy2(ROOT / "bench" / "engine.py", target / "bench_engine.py")
    archives = [
        f"./{p.relative_to(target).as_posix()}"
        for p in [*target.glob("dist/*.whl"), *sorted(target.glob("app/games/*.zip"))]
    ]
    (target / "engine.html").write_text(ENGINE.replace("__ARCHIVES__", json.dumps(archives)))
    return target
