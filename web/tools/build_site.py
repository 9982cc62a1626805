"""Build the static site into `_site/`: everything it loads comes from its own origin.

Steps: the engine wheel (built by `make wheel` into `dist/`) and the UI package as a
zip, both unpacked onto Python's import path by Python's worker (`web/worker.mjs`, which
gets their addresses), the pinned Pyodide from `web/node_modules` (its lock file emptied:
the site loads no Pyodide package), the page's side of the app (`web/page.mjs` and what it
loads), `index.html` with a pre-drawn frame for each kind of address and the names of the
downloads the boot starts at once, styles and assets, all with relative URLs. Both pages
get the same Content-Security-Policy,
written into their `<!--POLICY-->` from `POLICY`, where each source says why it is there.
Last, what makes it an installable offline app: PNG icons rendered from our SVGs, the web
app manifest, and `sw.js` with the list of files to precache and a hash of the build.

Embeds: `embed.html` (a light page for other sites' iframes), for every guided first
game `embed/learn-<game>.html` (its first step), and, for every rules
demo, `embed/<id>.html` (its first step) and `embed/<id>.json` (every step), drawn by
the app's own Python (`spyweb.embed.frames_html`) so the frame shows the demo before
Python runs in the reader's browser.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

import archives
import cjk
import embeds
import integrity
import languages
import lean
import packed
import people
import resvg_py
import snapshot

from spygames import i18n
from spygames.i18n import N_, _

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
MODULES = WEB / "node_modules"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
# Source maps stay out, and so do the comments pointing at them: a browser's developer
# tools (and Lighthouse) would ask for each map and get a 404. `//# sourceMappingURL=…` in scripts,
# `/*# sourceMappingURL=… */` in style sheets, on a line of its own.
SOURCE_MAP_COMMENT = re.compile(
    r"^(//# sourceMappingURL=\S*|/\*# sourceMappingURL=\S* \*/)\n?", re.M
)

# The web app manifest: what a browser needs to offer "Install" and start the game in
# its own window. Every URL in it is relative to the manifest, so it works from a sub-path.
APP_NAME = "spygames"
APP_DESCRIPTION = N_(
    "Three spy card games in your browser: Deck of Spies, Espionage and SpyNet. "
    "Plays offline once installed."
)  # the manifest's, in each language (write_manifest)
THEME_COLOR = "#0f1722"  # --bg in web/styles/00-base.css
# (file in assets/icons/, source SVG in web/assets/, pixels, manifest purpose or None).
# The maskable and Apple icons use app-icon.svg: a full-bleed square whose emblem sits
# inside the safe circle (80% of the width) that launchers may crop to.
ICONS = (
    ("icon-192.png", "favicon.svg", 192, "any"),
    ("icon-512.png", "favicon.svg", 512, "any"),
    ("icon-maskable-192.png", "app-icon.svg", 192, "maskable"),
    ("icon-maskable-512.png", "app-icon.svg", 512, "maskable"),
    ("apple-touch-icon.png", "app-icon.svg", 180, None),  # linked from index.html
)
ICON_SOURCES_ONLY = ("app-icon.svg",)  # rendered into PNGs, never fetched as is

# What the service worker does not precache: itself, GitHub Pages' marker, and the full
# standard library (fetched only for a module the trimmed one left out, spyweb/browser/stdlib.py).
# Everything else is what boot fetches; e2e/test_offline.py checks that every file a boot
# requests is in the list.
NOT_PRECACHED = re.compile(r"^(sw\.js|\.nojekyll|vendor/pyodide/python_stdlib_full\.zip)$")
# Each language's files (locale/<lang>.*, embed/<lang>/): not precached, kept by the service
# worker for the language a player reads (sw.js `keepLanguage`), as the Lab's are.
SPOKEN = re.compile(r"^(locale/([A-Za-z-]+)\.[0-9a-f]+\.(mo|json)|embed/([A-Za-z-]+)/.+)$")
SW_BUILD = "__BUILD__"
SW_PRECACHE = "__PRECACHE__"
SW_UNXZ = "/* __UNXZ__ */"  # where web/unxz.js goes: an imported script is one more request
SW_TYPES = "__TYPES__"  # each file with an .xz copy: its type (packed.packed_files)
SW_LAB = "__LAB__"  # the Bot Lab's files, kept once the Lab is opened (people.lab_files)
SW_POLICY = "__POLICY__"  # the pages' policy, a header on the workers' own scripts
SW_LANGUAGES = "__LANGUAGES__"  # {language: {file: hash}}: its catalogue, words and embeds

# The Content-Security-Policy of both pages, index.html and embed.html (the frame starts
# the same runtime when a reader presses Try it yourself): only this site's own files,
# and what the runtime needs. Each directive with why its sources are there; written into
# each page's <!--POLICY--> (a meta tag: frame-ancestors cannot be set from one, and
# embeds are meant to be framed anyway).
POLICY = (
    ("default-src", "'self'", "nothing loads from anywhere else"),
    ("script-src", "'self' 'wasm-unsafe-eval'",
     "'self': boot.js, embed.js, page.mjs, Python's worker and Pyodide are our own files, "
     "no inline script. 'wasm-unsafe-eval': Pyodide compiles its WebAssembly "
     "(pyodide.asm.wasm) at start; without it the browser refuses to run Python at all."),
    ("style-src", "'self'", "app.css (embed.css in a frame)"),
    ("style-src-attr", "'unsafe-inline'",
     "'unsafe-inline': the screens Python draws set per-card colours in style=\"\" "
     "attributes (SpyNet's branch colours); an attribute cannot run script, and img-src "
     "and font-src still keep every URL home."),
    ("connect-src", "'self'",
     "Python's worker fetches the runtime, the stdlib, our wheel and the UI zip"),
    ("worker-src", "'self' blob:",
     "blob:: Python's worker starts from a blob: address that imports worker.mjs, so that "
     "it runs under this policy (a worker from a URL of its own would not); "
     "sw.js, the offline copy; worker.mjs, where Python runs; snapshot.mjs, which keeps "
     "Python's memory for the next visit"),
    ("img-src", "'self' data:",
     "our icons; data:: embed.html's empty icon is a data: URL (a frame on someone's blog "
     "never asks this site for a favicon)"),
    ("font-src", "'self'", "no font from elsewhere"),
    ("manifest-src", "'self'", "manifest.webmanifest"),
    ("object-src", "'none'", "no plugins"),
    ("base-uri", "'self'", "no <base> pointing elsewhere"),
    ("form-action", "'self'", "nothing posts anywhere"),
)  # fmt: skip
POLICY_SLOT = "<!--POLICY-->"
# The page's side of the app (web/page.mjs) and what it loads when a screen asks.
PAGE_SCRIPTS = (
    "page.mjs",
    "news.mjs",
    "guided.mjs",
    "cut.mjs",
    "peers.mjs",
    "scanner.mjs",
    "yours.mjs",
    "policed.mjs",
)
BOOT_SCRIPT = '<script src="./boot.js"></script>'


def policy() -> str:
    """The Content-Security-Policy both pages carry."""
    return "; ".join(f"{directive} {sources}" for directive, sources, _why in POLICY)


def with_policy(page: str, name: str) -> str:
    """`page` with its <!--POLICY--> replaced by the policy's meta tag."""
    if page.count(POLICY_SLOT) != 1:
        raise SystemExit(f"{name} must hold {POLICY_SLOT} exactly once, before anything it loads")
    tag = (
        "<!-- Content-Security-Policy: this site's own files and what the runtime needs "
        "(why each source is there: POLICY in web/tools/build_site.py). -->\n"
        f'<meta http-equiv="Content-Security-Policy" content="{policy()}">'
    )
    return page.replace(POLICY_SLOT, tag)


def packed_meta(downloads: list[str], games: dict[str, str]) -> str:
    """The <meta>s naming the boot's largest downloads (each with an .xz copy) and each
    game's archive, which Python's worker requests at once (the one of the game being
    opened); written before boot.js, which reads them as it starts the worker."""
    xz = " ".join(downloads)
    archives = " ".join(f"./{path}" for path in games.values())
    return (
        f'<meta name="spygames-packed" content="{xz}">\n'
        f'<meta name="spygames-games" content="{archives}">\n'
    )


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def engine_wheel(dist: Path) -> Path:
    wheels = sorted(dist.glob("spygames-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one engine wheel in {dist}, found {len(wheels)}: `make wheel`")
    return wheels[0]


def copy_runtime(site: Path) -> None:
    pyodide = site / "vendor" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(MODULES / "pyodide" / name, pyodide / name)
    # Pyodide reads its lock file at start. The site loads no Pyodide package (our wheel is
    # unpacked by Python's worker, see `build`), so the copy lists none: every entry would point
    # at a file the site does not ship.
    lock = json.loads((MODULES / "pyodide" / "pyodide-lock.json").read_text())
    lock["packages"] = {}
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))
    # The CJK codecs' tables, which no page reads, zeroed: 0.15 MB less to download.
    cjk.apply(pyodide / "pyodide.asm.wasm")

    for path in sorted((site / "vendor").rglob("*")):
        if path.suffix in (".js", ".mjs", ".css"):
            strip_source_maps(path)


def strip_source_maps(path: Path) -> None:
    """Drop the comments that point at source maps the site does not ship."""
    text = path.read_text(encoding="utf-8")
    stripped = SOURCE_MAP_COMMENT.sub("", text)
    if stripped != text:
        path.write_text(stripped, encoding="utf-8")


def add_bytecode(site: Path, *archives: Path) -> None:
    """Give each archive compiled bytecode, made by Pyodide's own Python under Node
    (web/tools/bytecode.mjs): Python then skips compiling our modules at every start.
    The same run trims the standard library to what the pages import (stdlib.py), once
    Pyodide's start is made lean (lean.py): the trimmed zip takes python_stdlib.zip's
    place, the full one is served beside it for a module it left out
    (spyweb/browser/stdlib.py)."""
    pyodide = site / "vendor" / "pyodide"
    full = pyodide / "python_stdlib_full.zip"
    shutil.move(pyodide / "python_stdlib.zip", full)
    # Pyodide's start without its event loop or package installer, and no import of the
    # codecs whose tables copy_runtime took out of its WebAssembly
    lean.patch(str(full), cjk.BLOCKED)
    with tempfile.TemporaryDirectory() as tmp:
        pairs: list[str] = []
        for number, archive in enumerate(archives):
            pairs += [str(archive), str(Path(tmp) / f"{number}{archive.suffix}")]
        trim = [str(full), str(pyodide / "python_stdlib.zip")]
        subprocess.run(
            ["node", str(WEB / "tools" / "bytecode.mjs"), *pairs, "--stdlib", *trim], check=True
        )
        for number, archive in enumerate(archives):
            shutil.move(Path(tmp) / f"{number}{archive.suffix}", archive)


def use_app() -> None:
    """Import the app's own Python (and the engine) from the source tree."""
    for path in (str(ROOT), str(WEB / "app")):
        if path not in sys.path:
            sys.path.insert(0, path)


def preboot_html() -> str:
    """The home page as Python will draw it, so the tiles show while Pyodide boots."""
    use_app()
    from spyweb.app import preboot_html as render

    return render()


def preboot_frames() -> str:
    """One `<template>` per kind of address; boot.js shows the one being opened."""
    use_app()
    from spyweb.screens.preboot import templates

    return templates()


def build(site: Path, dist: Path) -> None:
    if site.exists():
        shutil.rmtree(site)
    site.mkdir(parents=True)
    wheel = engine_wheel(dist)
    (site / "dist").mkdir()
    shutil.copy2(wheel, site / "dist" / wheel.name)
    copy_runtime(site)
    app_zip = archives.zip_app(site)
    add_bytecode(site, site / "dist" / wheel.name, app_zip)
    games = archives.split_games(site, site / "dist" / wheel.name, app_zip)
    xz_copies = packed.write(site)
    app = app_zip.relative_to(site).as_posix()
    snapshot.write(site / "vendor" / "pyodide", site / "dist" / wheel.name, xz_copies, games, app)
    xzwasm = MODULES / "xzwasm" / "dist" / "package" / "xzwasm.js"
    packed.write_decoder(site, xzwasm, WEB / "unxz.js")
    shutil.copytree(
        WEB / "assets", site / "assets", ignore=shutil.ignore_patterns(*ICON_SOURCES_ONLY)
    )
    (site / "styles").mkdir()
    css = "\n".join(p.read_text() for p in sorted((WEB / "styles").glob("*.css")))
    (site / "styles" / "app.css").write_text(css)
    shutil.copy2(WEB / "boot.js", site / "boot.js")
    for name in PAGE_SCRIPTS:
        shutil.copy2(WEB / name, site / name)
    # Python's worker unpacks the engine wheel and the UI zip onto its import path: no
    # micropip on a player's boot path (measured in docs/performance.md's Boot section).
    files = [f"./dist/{wheel.name}", f"./{app_zip.relative_to(site).as_posix()}"]
    # The boot's largest downloads, all with an .xz copy: the worker requests them as it
    # starts, the runtime's two largest files first.
    runtime = ["./vendor/pyodide/pyodide.asm.wasm", "./vendor/pyodide/python_stdlib.zip"]
    downloads = [url for url in [*runtime, *files] if url.removeprefix("./") in xz_copies]
    worker = (WEB / "worker.mjs").read_text()
    if worker.count("__FILES__") != 1:
        raise SystemExit("web/worker.mjs must hold __FILES__ exactly once")
    checked = [*downloads, *(f"./{path}" for path in games.values())]
    worker = worker.replace("__FILES__", json.dumps(files))
    worker = integrity.fill(worker, site, checked, "worker.mjs")
    (site / "worker.mjs").write_text(worker)
    spoken = languages.write(site, lambda: (preboot_html(), preboot_frames()))
    use_app()
    embed_page = with_policy((WEB / "embed.html").read_text(), "web/embed.html")
    count = embeds.write(site, embed_page, downloads, games, spoken)
    page = with_policy((ROOT / "index.html").read_text(), "index.html")
    if page.count(BOOT_SCRIPT) != 1:
        raise SystemExit(f"index.html must hold {BOOT_SCRIPT} exactly once")
    page = page.replace(
        BOOT_SCRIPT, packed_meta(downloads, games) + languages.meta(spoken) + BOOT_SCRIPT
    )
    page = page.replace("<!--PREBOOT-->", preboot_html())
    page = page.replace("<!--FRAMES-->", preboot_frames())
    (site / "index.html").write_text(page)
    (site / ".nojekyll").write_text("")
    lab_languages = languages.languages_meta(spoken)  # the Lab speaks as the tables do
    for name in people.write(site, wheel, MODULES, ROOT / "build" / "pywheels", lab_languages):
        if name.endswith((".js", ".mjs", ".css")):  # the maps stay out (see SOURCE_MAP_COMMENT)
            strip_source_maps(site / name)
    # The files the Lab's sandbox host hands in, asked for with their integrity: written
    # once they are final (their source maps' comments stripped just above).
    host = site / "sandbox" / "host.mjs"
    lab_files = list(people.sandbox_files(site, wheel.name))
    host.write_text(integrity.fill(host.read_text(), site, lab_files, "sandbox/host.mjs"))
    write_icons(site)
    write_manifest(site)
    version, files = write_service_worker(site)
    integrity.check(site)
    total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    cached = sum((site / f).stat().st_size for f in files)
    print(
        f"built {site}/: {total / 1e6:.1f} MB; build {version}, "
        f"{len(files)} files precached ({cached / 1e6:.1f} MB), {count} demos to embed"
    )


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG, after checking its signature, chunk CRCs and IEND."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    offset, chunks = 8, []
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length : offset + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise ValueError(f"bad CRC in chunk {kind!r}")
        chunks.append((kind, body))
        offset += 12 + length
    if not chunks or chunks[0][0] != b"IHDR" or chunks[-1][0] != b"IEND":
        raise ValueError("a PNG starts with IHDR and ends with IEND")
    width, height = struct.unpack(">II", chunks[0][1][:8])
    return width, height


def write_icons(site: Path) -> None:
    """Render the PNG icons browsers ask for from our SVGs, and check each one."""
    target = site / "assets" / "icons"
    target.mkdir(parents=True, exist_ok=True)
    for name, source, size, _purpose in ICONS:
        svg = (WEB / "assets" / source).read_text()
        png = resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size, skip_system_fonts=True)
        if png_size(png) != (size, size):
            raise SystemExit(f"{name}: rendered {png_size(png)}, wanted {size}×{size}")
        (target / name).write_bytes(png)


def manifest() -> dict[str, object]:
    icons: list[dict[str, str]] = [
        {
            "src": f"./assets/icons/{name}",
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": purpose,
        }
        for name, _source, size, purpose in ICONS
        if purpose
    ]
    icons.append({"src": "./assets/favicon.svg", "sizes": "any", "type": "image/svg+xml"})
    # No "id": a manifest's id is resolved against the origin, not the manifest, so "./"
    # would name USER.github.io/ itself — one identity for every app on a Pages origin.
    # Without one, the app's id is its start_url, which is under this copy's own sub-path.
    return {
        "name": APP_NAME,
        "short_name": APP_NAME,
        "description": str(_(APP_DESCRIPTION)),
        "lang": i18n.language(),
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": THEME_COLOR,
        "theme_color": THEME_COLOR,
        "categories": ["games"],
        "icons": icons,
    }


def write_manifest(site: Path) -> None:
    """The web app manifest, and one in each other language (`manifest.<lang>.webmanifest`,
    which boot.js names in the page for a player reading that language)."""
    (site / "manifest.webmanifest").write_text(json.dumps(manifest(), indent=1) + "\n")
    try:
        for lang in languages.spoken():
            i18n.use(lang)
            text = json.dumps(manifest(), indent=1, ensure_ascii=False) + "\n"
            (site / f"manifest.{lang}.webmanifest").write_text(text)
    finally:
        i18n.use(i18n.ENGLISH)


def precache_list(site: Path) -> list[str]:
    """Every file of the site the service worker copies at install, relative to sw.js: a
    file with an .xz copy is downloaded as the copy (the worker keeps it decoded)."""
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    return sorted(
        f
        for f in files
        if not NOT_PRECACHED.match(f)
        and not people.PATHS.match(f)
        and not SPOKEN.match(f)
        and f + ".xz" not in files
    )


def spoken_files(site: Path) -> dict[str, dict[str, str]]:
    """{language: {file: hash}}: each language's catalogue, page words, drawn embeds and
    the Bot Lab's reference."""
    out: dict[str, dict[str, str]] = {}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        name = path.relative_to(site).as_posix()
        found = SPOKEN.match(name)
        reference = people.REFERENCE.match(name)
        if found:
            out.setdefault(found.group(2) or found.group(4), {})[name] = file_hash(path)
        elif reference:
            out.setdefault(reference.group(1), {})[name] = file_hash(path)
    return out


def build_hash(site: Path, template: str) -> str:
    """A hash of every file of the build (but sw.js) and of the worker's template."""
    digest = hashlib.sha256(template.encode())
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        name = path.relative_to(site).as_posix()
        if name != "sw.js":
            digest.update(f"\0{name}\0{sha256(path)}".encode())
    return digest.hexdigest()[:16]


def file_hash(path: Path) -> str:
    """The hash sw.js keeps beside each file: the first 16 hex digits of its SHA-256 (the
    worker checks a download against it, and reuses an older version's copy that has it)."""
    return sha256(path)[:16]


def write_service_worker(site: Path) -> tuple[str, list[str]]:
    """Write `site/sw.js` from web/sw.js for the files now in `site`: (hash, files).

    Run last in a build; e2e/test_offline.py runs it again on a changed copy of the site
    to make a new version.
    """
    template = (WEB / "sw.js").read_text()
    for placeholder in (SW_BUILD, SW_PRECACHE, SW_UNXZ, SW_TYPES, SW_LAB, SW_POLICY, SW_LANGUAGES):
        if template.count(placeholder) != 1:
            raise SystemExit(f"web/sw.js must hold {placeholder} exactly once")
    files = precache_list(site)
    version = build_hash(site, template)
    # An .xz copy is kept decoded, under the plain file's hash: reused however compressed.
    hashes = {name: file_hash(site / name.removesuffix(".xz")) for name in files}
    listing = json.dumps(hashes, indent=1).replace("\n", "\n ")
    worker = template.replace(SW_BUILD, version).replace(SW_PRECACHE, listing)
    worker = worker.replace(SW_UNXZ, (WEB / "unxz.js").read_text())
    worker = worker.replace(SW_TYPES, json.dumps(packed.worker_types(site, files)))
    lab = {name: file_hash(site / name) for name in people.lab_files(site)}
    worker = worker.replace(SW_LAB, json.dumps(lab, indent=1).replace("\n", "\n "))
    worker = worker.replace(json.dumps(SW_POLICY), json.dumps(policy()))
    worker = worker.replace(SW_LANGUAGES, json.dumps(spoken_files(site), indent=1))
    (site / "sw.js").write_text(worker)
    return version, files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    build(args.site.resolve(), args.dist.resolve())


if __name__ == "__main__":
    main()
