"""What the site serves for the Python people write with PyScript and micropip (DESIGN,
"Which page starts Python how"): a blogger's PyScript page, and the Bot Lab after it.

The tables never load any of this (their worker unpacks the engine itself); the service
worker does not precache it (`PATHS`), so a player's first visit and offline copy do not
grow. Once a person opens the Bot Lab, the worker keeps the Lab's files (`LAB`), so the
Lab works offline too. Written into the site:

- `wheels/spygames-<version>-py3-none-any.whl`: the engine wheel as `make wheel` built it
  (the tables' copy in `dist/` is reworked: bytecode, games split out). A version's
  address never changes.
- `simple/spygames/` (and `simple/`): a PEP 503 index of those wheels, the stable
  address of the newest: `micropip.install("spygames", index_urls=SITE + "simple")`.
- `vendor/pyscript/`: `@pyscript/core`'s `dist/` as pinned in web/package.json, without
  source maps.
- `vendor/pyodide-py/`: Pyodide as shipped (the tables' copy is made lean and its
  standard library trimmed, which micropip's imports would not survive), with micropip
  and packaging from PyPI (web/python-wheels.txt) and a lock file that lists only those
  two, each with its file's own sha256 (Pyodide checks it).

- `lab/`: the Bot Lab's page and its embed (web/lab/), each given the Lab's games from
  the engine and the app, and the languages the site speaks (`write_lab_games`).
- `sandbox/`: where anyone's Python runs (web/sandbox/): its host page told the files it
  hands in (`sandbox_files`) and the hash of the sandbox's boot script.

A page names `vendor/pyodide-py/pyodide.mjs` as PyScript's `interpreter`, so nothing is
fetched from a CDN.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import shutil
from pathlib import Path

import languages

from spygames import sandbox

PATHS = re.compile(r"^(wheels|simple|lab|sandbox|vendor/pyscript|vendor/pyodide-py)/")
"""The files written here: none of them is precached by the service worker."""
LAB = re.compile(r"^(wheels|lab|sandbox|vendor/pyscript|vendor/pyodide-py)/")
"""The files the Bot Lab may load: the service worker keeps them all once it is opened
(but the reference in languages other than English: REFERENCE)."""
REFERENCE = re.compile(r"^lab/reference\.([A-Za-z-]+)\.json$")
"""The Lab's reference in a language other than English: the service worker keeps it
with that language's other files (build_site.spoken_files), not with the Lab's."""
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCKED = ("micropip", "packaging")  # the lock file's only entries


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write(site: Path, wheel: Path, modules: Path, pywheels: Path, languages: str = "") -> list[str]:
    """Write every part into `site`; returns the paths written, relative to it.
    `languages`: the site's <meta name="spygames-languages"> (languages.languages_meta),
    which the Lab's pages read as the tables' page does (web/lab/words.mjs)."""
    wheels = site / "wheels"
    wheels.mkdir()
    shutil.copy2(wheel, wheels / wheel.name)
    write_index(site, [wheels / wheel.name])
    shutil.copytree(
        modules / "@pyscript" / "core" / "dist",
        site / "vendor" / "pyscript",
        ignore=shutil.ignore_patterns("*.map"),
    )
    write_pyodide(site / "vendor" / "pyodide-py", modules / "pyodide", pywheels)
    shutil.copytree(
        modules.parent / "lab", site / "lab", ignore=shutil.ignore_patterns("__pycache__")
    )
    write_reference(site / "lab")
    write_lab_games(site / "lab", languages)
    write_sandbox(site, modules.parent / "sandbox", wheel.name)
    written = sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and PATHS.match(p.relative_to(site).as_posix())
    )
    return written  # the build strips their source-map comments, as it does the tables' own


def write_reference(lab: Path) -> None:
    """Every game's reference for a bot's author (spygames.reference), for the Lab's "How a
    bot works": `reference.json` in English, `reference.<lang>.json` in each other
    language the site carries (the Lab fetches its page's language's alone)."""
    from spygames import GAMES, i18n
    from spygames.reference import reference

    try:
        for lang in [i18n.ENGLISH, *languages.spoken()]:
            i18n.use(lang)
            name = "reference.json" if lang == i18n.ENGLISH else f"reference.{lang}.json"
            text = json.dumps({game: reference(game) for game in GAMES}, ensure_ascii=False)
            (lab / name).write_text(text)
    finally:
        i18n.use(i18n.ENGLISH)


LAB_GAMES = "__LAB_GAMES__"  # in each Lab page's `lab-catalogue` script: its games, as JSON
LAB_OPTIONS = "<!--LAB-GAME-OPTIONS-->"  # in the Lab's game <select>: one <option> a game
LAB_LANGUAGES = "<!--LAB-LANGUAGES-->"  # in each Lab page's <head>: the languages' <meta>
LAB_PAGES = {
    "index.html": (LAB_GAMES, LAB_OPTIONS, LAB_LANGUAGES),
    "embed.html": (LAB_GAMES, LAB_LANGUAGES),
}


def lab_games() -> list[dict[str, object]]:
    """The Bot Lab's games (web/lab/games.mjs): each game the app plays (the shipped ones,
    and any added with `spyweb.catalogue.add`), its id, name and player counts (the
    engine's registry) and its built-in bots' thinking (its record in the app,
    spyweb/gameui.py, for a long match's forecast). The Lab opens on its first: the
    engine's first game where a bot plays against others (a win rate against bots needs
    them), then the others in the engine's order."""
    from spyweb.catalogue import RECORDS

    from spygames import GAMES

    played = [GAMES[game_id] for game_id in GAMES if game_id in RECORDS]
    first = next((entry for entry in played if entry.max_players > 1), played[0])
    return [
        {
            "id": entry.id,
            "name": entry.name,
            "min": entry.min_players,
            "max": entry.max_players,
            "think": {level: list(s) for level, s in RECORDS[entry.id].bots_think_s.items()},
        }
        for entry in [first, *(entry for entry in played if entry is not first)]
    ]


def write_lab_games(lab: Path, languages: str = "") -> None:
    """Write the Lab's games into its pages: the JSON its scripts read, and the game
    <select>'s options (the Lab keeps no list of games of its own); and `languages`, the
    site's languages' <meta> (none: the Lab speaks English)."""
    games = lab_games()
    filled = {
        LAB_GAMES: json.dumps(games, ensure_ascii=False).replace("</", "<\\/"),
        LAB_OPTIONS: "\n          ".join(
            f'<option value="{html.escape(str(g["id"]))}">{html.escape(str(g["name"]))}</option>'
            for g in games
        ),
        LAB_LANGUAGES: languages.strip(),
    }
    for name, slots in LAB_PAGES.items():
        page = (lab / name).read_text(encoding="utf-8")
        for slot in slots:
            if page.count(slot) != 1:
                raise SystemExit(f"web/lab/{name} must hold {slot} exactly once")
            page = page.replace(slot, filled[slot])
        (lab / name).write_text(page, encoding="utf-8")


def write_index(site: Path, wheels: list[Path]) -> None:
    """PEP 503's simple index: the project list, and the project's page of wheels (each
    link with its sha256, which micropip checks)."""
    project = site / "simple" / "spygames"
    project.mkdir(parents=True)
    links = "".join(
        f'<a href="../../wheels/{html.escape(w.name)}#sha256={sha256(w)}">'
        f"{html.escape(w.name)}</a><br>\n"
        for w in wheels
    )
    page = (
        "<!DOCTYPE html>\n<html><head><title>Links for {0}</title></head><body>\n"
        "{1}</body></html>\n"
    )
    (project / "index.html").write_text(page.format("spygames", links))
    (site / "simple" / "index.html").write_text(
        page.format("projects", '<a href="spygames/">spygames</a><br>\n')
    )


def write_pyodide(folder: Path, shipped: Path, pywheels: Path) -> None:
    folder.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(shipped / name, folder / name)
    lock = json.loads((shipped / "pyodide-lock.json").read_text())
    kept = {}
    for name in LOCKED:
        entry = lock["packages"][name]
        found = sorted(pywheels.glob(f"{name}-{entry['version']}-*.whl"))
        if len(found) != 1:
            raise SystemExit(
                f"expected one {name} {entry['version']} wheel in {pywheels}: `make site` "
                "downloads it (web/python-wheels.txt)"
            )
        shutil.copy2(found[0], folder / found[0].name)
        kept[name] = {**entry, "file_name": found[0].name, "sha256": sha256(found[0])}
    lock["packages"] = kept
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))


# Each file the sandbox is handed, by the type its Blob is given (a module's must be
# JavaScript's; Pyodide streams its WebAssembly only as application/wasm).
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".zip": "application/zip", ".whl": "application/zip",
         ".py": "text/plain"}  # fmt: skip


def sandbox_files(site: Path, wheel: str) -> dict[str, str]:
    """What the sandbox's host hands in, {path in the site: type}: PyScript's scripts,
    Pyodide as PyScript's packages expect it, micropip, the engine wheel, and the
    sandbox's own frame script and worker."""
    paths = [
        *(p.relative_to(site).as_posix() for p in sorted((site / "vendor/pyscript").glob("*.js"))),
        *(p.relative_to(site).as_posix() for p in sorted((site / "vendor/pyodide-py").iterdir())),
        f"wheels/{wheel}",
        "vendor/pyodide/memory.mjs",  # how the Lab's snapshot is kept (frame.mjs reads it)
        "sandbox/frame.mjs",
        "sandbox/worker.py",
        "sandbox/pyscript.json",
        "sandbox/pyscript.kept.json",
    ]
    return {path: TYPES[Path(path).suffix] for path in paths}


def write_sandbox(site: Path, source: Path, wheel: str) -> None:
    folder = site / "sandbox"
    shutil.copytree(source, folder, ignore=shutil.ignore_patterns("__pycache__"))
    host = (folder / "host.mjs").read_text(encoding="utf-8")
    page = (folder / "host.html").read_text(encoding="utf-8")
    opener = (folder / "sandbox.mjs").read_text(encoding="utf-8")
    if host.count("__FILES__") != 1:
        raise SystemExit("web/sandbox/host.mjs must hold __FILES__ once")
    if opener.count("__LIMITS__") != 1:
        raise SystemExit("web/sandbox/sandbox.mjs must hold __LIMITS__ once")
    # A person's bot's time limits, defined once in spygames.sandbox, for the page's side.
    limits = json.dumps(sandbox.LIMITS)
    (folder / "sandbox.mjs").write_text(opener.replace("__LIMITS__", limits), encoding="utf-8")
    if page.count("__BOOT_HASH__") != 1:
        raise SystemExit("web/sandbox/host.html must hold __BOOT_HASH__ once")
    # PyScript's config: the engine wheel, installed by micropip on every start. Its package
    # cache is off: it would keep a lock file in IndexedDB, which the sandbox has not.
    config = {"packages": [f"../wheels/{wheel}"], "packages_cache": "never"}
    (folder / "pyscript.json").write_text(json.dumps(config))
    # With the Lab's snapshot (web/sandbox/kept.mjs) the engine comes installed with it: the
    # same config without the wheel (frame.mjs installs it if the snapshot fails).
    kept_config = {"packages_cache": "never"}
    (folder / "pyscript.kept.json").write_text(json.dumps(kept_config))
    files = json.dumps(sandbox_files(site, wheel), indent=1)
    host = host.replace("__FILES__", files)
    (folder / "host.mjs").write_text(host, encoding="utf-8")
    # The Lab's snapshot (web/sandbox/kept.mjs) belongs to the Pyodide it is made from.
    kept = (folder / "kept.mjs").read_text(encoding="utf-8")
    if kept.count("__SNAPSHOT_BUILD__") != 1:
        raise SystemExit("web/sandbox/kept.mjs must hold __SNAPSHOT_BUILD__ once")
    made_from = hashlib.sha256()
    for name in (*PYODIDE_FILES, "pyodide-lock.json"):
        made_from.update(name.encode() + b"\0" + (site / "vendor/pyodide-py" / name).read_bytes())
    # and the engine wheel, installed in it, and how it is kept (web/memory.mjs)
    made_from.update(wheel.encode() + b"\0" + (site / "wheels" / wheel).read_bytes())
    made_from.update(b"memory.mjs\0" + (site / "vendor/pyodide/memory.mjs").read_bytes())
    kept = kept.replace("__SNAPSHOT_BUILD__", made_from.hexdigest()[:16])
    (folder / "kept.mjs").write_text(kept, encoding="utf-8")
    digest = hashlib.sha256((folder / "boot.js").read_bytes()).digest()
    boot_hash = "sha256-" + base64.b64encode(digest).decode()
    (folder / "host.html").write_text(page.replace("__BOOT_HASH__", boot_hash), encoding="utf-8")


def lab_files(site: Path) -> list[str]:
    """The Bot Lab's files in `site` (relative to it), for the service worker's `LAB`."""
    names = (p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    return sorted(name for name in names if LAB.match(name) and not REFERENCE.match(name))
