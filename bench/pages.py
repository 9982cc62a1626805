"""The bench site: a copy of `_site/` plus a floor page and an engine page.

The floor page boots the same vendored Pyodide through the same PyScript and prints one
line, so app/floor isolates what the app adds to boot. The engine page runs
`bench/engine.py` inside Pyodide.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HEAD = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<link rel="icon" href="./assets/favicon.svg" type="image/svg+xml">
<script type="module" src="./vendor/pyscript/core.js"></script></head><body>
<pre id="result"></pre>
"""

FLOOR = (
    HEAD.format(title="floor")
    + """<script type="py" config="./floor.json">
from pyscript import document, window
window.performance.mark("floor:ready")
document.getElementById("result").textContent = "ready"
</script></body></html>
"""
)

ENGINE = (
    HEAD.format(title="engine bench")
    + """<script type="py" config="./engine.json">
import bench_engine
bench_engine.main()
</script></body></html>
"""
)


def build(site: Path, target: Path) -> Path:
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(site, target)
    config = json.loads((site / "pyscript.json").read_text())
    # The floor, and the engine page, run Pyodide as it is shipped: its whole standard
    # library, as a source zip (the site serves it trimmed, see web/tools/stdlib.py).
    shipped = target / "vendor" / "pyodide-shipped"
    shutil.copytree(target / "vendor" / "pyodide", shipped)
    shutil.move(shipped / "python_stdlib_full.zip", shipped / "python_stdlib.zip")
    config["interpreter"] = "./vendor/pyodide-shipped/pyodide.mjs"
    (target / "floor.json").write_text(json.dumps({"interpreter": config["interpreter"]}))
    (target / "floor.html").write_text(FLOOR)
    shutil.copy2(ROOT / "bench" / "engine.py", target / "bench_engine.py")
    # ... with every game's rules (each game's archive, web/tools/archives.py).
    games = {f"./{p.relative_to(target).as_posix()}": "./*" for p in target.glob("app/games/*.zip")}
    engine_config = {
        "interpreter": config["interpreter"],
        "files": {**config["files"], **games, "./bench_engine.py": "./bench_engine.py"},
    }
    (target / "engine.json").write_text(json.dumps(engine_config))
    (target / "engine.html").write_text(ENGINE)
    return target
