"""Build the static site into `_site/`: everything it loads comes from its own origin.

Steps: the engine wheel (built by `make wheel` into `dist/`), the UI package as a zip
that PyScript unpacks, the pinned Pyodide and PyScript from `web/node_modules`, the
micropip and packaging wheels Pyodide needs to install our wheel (their entries in the
copied `pyodide-lock.json` rewritten to the files we ship), `index.html`, styles and
assets, and the PyScript config naming all of it with relative URLs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
MODULES = WEB / "node_modules"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
# Source maps stay out; the editor/terminal chunks are copied but only fetched when used.
PYSCRIPT_SKIP = (".map",)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def engine_wheel(dist: Path) -> Path:
    wheels = sorted(dist.glob("spygames-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one engine wheel in {dist}, found {len(wheels)}: `make wheel`")
    return wheels[0]


def copy_runtime(site: Path, wheels: Path) -> None:
    pyodide = site / "vendor" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(MODULES / "pyodide" / name, pyodide / name)
    lock = json.loads((MODULES / "pyodide" / "pyodide-lock.json").read_text())
    for name in ("micropip", "packaging"):
        entry = lock["packages"][name]
        wheel = wheels / entry["file_name"]
        if not wheel.exists():
            raise SystemExit(f"missing {wheel}: run `make wheels` first")
        shutil.copy2(wheel, pyodide / wheel.name)
        entry["sha256"] = sha256(wheel)
    # Ship only the packages the site can load: the others would point at files we lack.
    lock["packages"] = {k: v for k, v in lock["packages"].items() if k in ("micropip", "packaging")}
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))

    pyscript = site / "vendor" / "pyscript"
    pyscript.mkdir(parents=True)
    for path in sorted((MODULES / "@pyscript" / "core" / "dist").iterdir()):
        if path.is_file() and not any(part in path.name for part in PYSCRIPT_SKIP):
            shutil.copy2(path, pyscript / path.name)


def lock_file_name(site: Path, package: str) -> str:
    lock = json.loads((site / "vendor" / "pyodide" / "pyodide-lock.json").read_text())
    return str(lock["packages"][package]["file_name"])


def zip_app(site: Path) -> Path:
    """The UI package (web/app/spyweb) as one zip that PyScript unpacks at start."""
    target = site / "app" / "spyweb.zip"
    target.parent.mkdir(parents=True, exist_ok=True)
    source = WEB / "app"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted((source / "spyweb").rglob("*.py")):
            archive.write(path, path.relative_to(source).as_posix())
    shutil.copy2(source / "main.py", site / "app" / "main.py")
    return target


def preboot_html() -> str:
    """The home page as Python will draw it, so the tiles show while Pyodide boots."""
    sys.path[:0] = [str(ROOT), str(WEB / "app")]
    from spyweb.app import preboot_html as render

    return render()


def build(site: Path, dist: Path, wheels: Path) -> None:
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)
    wheel = engine_wheel(dist)
    (site / "dist").mkdir()
    shutil.copy2(wheel, site / "dist" / wheel.name)
    copy_runtime(site, wheels)
    app_zip = zip_app(site)
    shutil.copytree(WEB / "assets", site / "assets")
    (site / "styles").mkdir()
    css = "\n".join(p.read_text() for p in sorted((WEB / "styles").glob("*.css")))
    (site / "styles" / "app.css").write_text(css)
    for name in ("boot.js", "sw.js"):
        if (WEB / name).exists():
            shutil.copy2(WEB / name, site / name)
    config = {
        "interpreter": "./vendor/pyodide/pyodide.mjs",
        "packages": [f"./dist/{wheel.name}"],
        "files": {f"./{app_zip.relative_to(site).as_posix()}": "./*"},
    }
    (site / "pyscript.json").write_text(json.dumps(config, indent=1))
    # Start every download the boot needs with the page, not one after another.
    pyscript_chunk = next((site / "vendor" / "pyscript").glob("core-*.js")).name
    modules = [
        f"./vendor/pyscript/{pyscript_chunk}",
        "./vendor/pyodide/pyodide.mjs",
        "./vendor/pyodide/pyodide.asm.mjs",
    ]
    fetches = [
        "./vendor/pyodide/pyodide-lock.json",
        f"./dist/{wheel.name}",
        f"./vendor/pyodide/{lock_file_name(site, 'micropip')}",
        f"./{app_zip.relative_to(site).as_posix()}",
    ]
    preloads = "\n".join(
        [f'<link rel="modulepreload" href="{url}">' for url in modules]
        + [f'<link rel="preload" href="{url}" as="fetch" crossorigin>' for url in fetches]
    )
    page = (ROOT / "index.html").read_text()
    page = page.replace("<!--PREBOOT-->", preboot_html()).replace("<!--PRELOADS-->", preloads)
    (site / "index.html").write_text(page)
    (site / ".nojekyll").write_text("")
    total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    print(f"built {site}/: {total / 1e6:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--wheels", type=Path, default=ROOT / ".cache" / "wheels")
    args = parser.parse_args()
    build(args.site.resolve(), args.dist.resolve(), args.wheels.resolve())


if __name__ == "__main__":
    main()
