"""The build's offline-app parts on a small stand-in site: icons, manifest, sw.js."""

from __future__ import annotations

import json
import re
from pathlib import Path

import build_site  # web/tools, on the path by conftest.py
import pytest

ROOT = Path(__file__).resolve().parents[2]

FILES = {
    "index.html": "<!doctype html>",
    "boot.js": "// boot",
    "page.mjs": "// the page's side",
    "news.mjs": "// said to screen readers",
    "guided.mjs": "// a guided game's panel",
    "cut.mjs": "// lines cut with …",
    "worker.mjs": "// Python's worker",
    "styles/app.css": "body {}",
    "vendor/pyodide/pyodide.asm.wasm": "\0asm",
    # fetched only for a module the trimmed standard library left out
    "vendor/pyodide/python_stdlib_full.zip": "PK",
    ".nojekyll": "",
    # for the Python people write (web/tools/people.py): the tables never fetch them
    "wheels/spygames-1.0-py3-none-any.whl": "PK",
    "simple/spygames/index.html": "<!DOCTYPE html>",
    "vendor/pyscript/core.js": "// PyScript",
    "vendor/pyodide-py/pyodide.mjs": "// Pyodide as shipped",
}
LAZY = {
    "vendor/pyodide/python_stdlib_full.zip",
    "wheels/spygames-1.0-py3-none-any.whl",
    "simple/spygames/index.html",
    "vendor/pyscript/core.js",
    "vendor/pyodide-py/pyodide.mjs",
}


@pytest.fixture
def site(tmp_path: Path) -> Path:
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    build_site.write_icons(tmp_path)
    build_site.write_manifest(tmp_path)
    return tmp_path


def worker_parts(site: Path) -> tuple[str, list[str], str]:
    text = (site / "sw.js").read_text()
    build = re.search(r'const BUILD = "([0-9a-f]{16})";', text)
    files = re.search(r"const PRECACHE = (\{.*?\});", text, re.S)
    assert build and files
    return build.group(1), list(json.loads(files.group(1))), text


def test_precache_lists_every_file_the_app_fetches_and_nothing_else(site: Path) -> None:
    version, files = build_site.write_service_worker(site)
    build, listed, text = worker_parts(site)
    assert (build, listed) == (version, files)
    assert "__BUILD__" not in text and "__PRECACHE__" not in text
    assert all((site / name).is_file() for name in listed)
    everything = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert set(listed) == everything - LAZY - {"sw.js", ".nojekyll"}
    for name in ("manifest.webmanifest", "assets/icons/icon-512.png", "index.html"):
        assert name in listed
    assert listed == sorted(listed) and not any(n.startswith(("/", "./")) for n in listed)


def test_the_labs_files_are_listed_apart_kept_only_once_the_lab_is_opened(site: Path) -> None:
    """Issue 39: the Lab works offline, yet a player who never opens it downloads none of
    it. sw.js lists the Lab's files with their hashes in `LAB` (kept by keepLab), never in
    `PRECACHE`; PEP 503's index is not the Lab's."""
    (site / "lab").mkdir()
    (site / "lab" / "index.html").write_text("<!DOCTYPE html>")
    build_site.write_service_worker(site)
    _, listed, text = worker_parts(site)
    found = re.search(r"const LAB = (\{.*?\});", text, re.S)
    assert found and "__LAB__" not in text
    lab = json.loads(found.group(1))
    assert sorted(lab) == [
        "lab/index.html",
        "vendor/pyodide-py/pyodide.mjs",
        "vendor/pyscript/core.js",
        "wheels/spygames-1.0-py3-none-any.whl",
    ]
    assert lab["lab/index.html"] == build_site.file_hash(site / "lab" / "index.html")
    assert not set(lab) & set(listed)


def test_a_file_with_an_xz_copy_is_precached_as_the_copy_under_the_files_hash(
    site: Path,
) -> None:
    """The worker downloads the copy and keeps the decoded file (web/sw.js): its hash is
    the plain file's, so a later version reuses an unchanged file however it was packed."""
    import packed

    packed.write(site)
    wasm = "vendor/pyodide/pyodide.asm.wasm"
    _, files = build_site.write_service_worker(site)
    listing = re.search(r"const PRECACHE = (\{.*?\});", (site / "sw.js").read_text(), re.S)
    assert listing
    hashes = json.loads(listing.group(1))
    assert wasm + ".xz" in files and wasm not in files
    assert hashes[wasm + ".xz"] == build_site.file_hash(site / wasm)
    assert hashes["boot.js"] == build_site.file_hash(site / "boot.js")
    types = re.search(r"const TYPES = (\{.*?\});", (site / "sw.js").read_text())
    assert types and json.loads(types.group(1)) == {wasm: "application/wasm"}


def test_an_xz_file_that_is_no_packed_files_copy_stops_the_build(site: Path) -> None:
    (site / "styles" / "app.css.xz").write_bytes(b"")  # the worker would keep it as app.css
    with pytest.raises(SystemExit, match="not the copy of a packed file"):
        build_site.write_service_worker(site)


def test_build_hash_follows_every_file(site: Path) -> None:
    first, _ = build_site.write_service_worker(site)
    again, _ = build_site.write_service_worker(site)
    assert again == first  # sw.js itself is not part of the hash
    (site / "styles" / "app.css").write_text("body { color: red }")
    changed, _ = build_site.write_service_worker(site)
    assert changed != first
    (site / "vendor" / "pyodide" / "python_stdlib_full.zip").write_text("PK new")
    assert build_site.write_service_worker(site)[0] != changed  # even a file not precached
    assert worker_parts(site)[0] == build_site.write_service_worker(site)[0]


def test_worker_template_has_each_placeholder_once() -> None:
    template = (ROOT / "web" / "sw.js").read_text()
    assert template.count('"__BUILD__"') == 1 and template.count("__PRECACHE__") == 1
    # A new version must wait for the page's message, never skip waiting on its own.
    assert template.count("self.skipWaiting()") == 1
    assert re.search(r'"skip-waiting"\) self\.skipWaiting\(\)', template)


def test_icons_are_pngs_of_their_size(site: Path) -> None:
    for name, _source, size, _purpose in build_site.ICONS:
        data = (site / "assets" / "icons" / name).read_bytes()
        assert build_site.png_size(data) == (size, size), name
    sizes = {size for _, _, size, _ in build_site.ICONS}
    assert {180, 192, 512} <= sizes


def test_png_check_rejects_broken_files(site: Path) -> None:
    data = (site / "assets" / "icons" / "icon-192.png").read_bytes()
    with pytest.raises(ValueError):
        build_site.png_size(b"GIF89a" + data[6:])
    with pytest.raises(ValueError):
        build_site.png_size(data[:40] + bytes([data[40] ^ 0xFF]) + data[41:])
    with pytest.raises(ValueError):
        build_site.png_size(data[:-12])  # no IEND


def test_manifest_is_relative_and_names_existing_icons(site: Path) -> None:
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["name"] == "spygames" and manifest["short_name"]
    assert manifest["start_url"] == manifest["scope"] == "./"
    # An id is resolved against the origin, not the manifest: "./" would make every app on
    # USER.github.io one app. Without one, the id is start_url, under this copy's sub-path.
    assert "id" not in manifest
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == manifest["background_color"] == build_site.THEME_COLOR
    purposes = set()
    for icon in manifest["icons"]:
        assert icon["src"].startswith("./assets/")
        if icon["type"] == "image/png":
            assert (site / icon["src"]).is_file()
            purposes.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes


def test_page_links_the_manifest_icons_and_update_banner() -> None:
    page = (ROOT / "index.html").read_text()
    assert '<link rel="manifest" href="./manifest.webmanifest">' in page
    assert '<link rel="apple-touch-icon" href="./assets/icons/apple-touch-icon.png">' in page
    assert f'<meta name="theme-color" content="{build_site.THEME_COLOR}">' in page
    app = page.index('<main id="app">')
    banner = page.index('id="update"')
    assert banner > page.index("</main>", app)  # outside #app: Python's renders skip it


PAGES = ("index.html", "web/embed.html")


def _policy_of(page: str) -> str:
    found = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert len(found) == 1, found
    return str(found[0])


def test_both_pages_get_one_policy_before_anything_they_load() -> None:
    policies = []
    for name in PAGES:
        page = build_site.with_policy((ROOT / name).read_text(), name)
        assert build_site.POLICY_SLOT not in page
        policies.append(_policy_of(page))
        # The meta tag comes before anything the page loads, so it covers all of it.
        meta = page.index('http-equiv="Content-Security-Policy"')
        assert meta < page.index("<link") and meta < page.index("<script"), name
        assert page.count("<!-- Content-Security-Policy") == 1, name
    assert policies == [build_site.policy()] * len(PAGES)
    policy = policies[0]
    assert "http" not in policy and "*" not in policy
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert len(directives) == len(build_site.POLICY)  # no directive given twice
    assert directives["default-src"] == "'self'" and directives["object-src"] == "'none'"
    # blob: only for the workers that start from one to run under this policy (issue 40):
    # no script, no fetch, no image from a blob
    assert [d for d, sources in directives.items() if "blob:" in sources] == ["worker-src"]


def test_every_source_beyond_self_says_why_it_is_there() -> None:
    for directive, sources, why in build_site.POLICY:
        assert why.strip(), directive
        for source in sources.split():
            if source not in ("'self'", "'none'"):
                assert source in why, f"{directive} {source}: not explained"


def test_a_page_without_its_policy_slot_is_refused() -> None:
    with pytest.raises(SystemExit, match="<!--POLICY-->"):
        build_site.with_policy("<head><script src=x></script></head>", "page.html")
    with pytest.raises(SystemExit, match="exactly once"):
        build_site.with_policy("<!--POLICY--><!--POLICY-->", "page.html")


def test_boot_js_starts_python_before_the_page_script_runs_and_nothing_is_preloaded() -> None:
    """boot.js starts Python's worker from <head>, which requests the boot's downloads
    itself (a page's preloads would not serve a worker's requests)."""
    page = (ROOT / "index.html").read_text()
    boot = page.index('<script src="./boot.js"></script>')
    assert boot < page.index('<script type="module" src="./page.mjs"></script>')
    assert 'rel="preload"' not in page and "modulepreload" not in page
    meta = build_site.packed_meta(["./a.wasm", "./b.zip"], {"espionage": "app/games/espionage.zip"})
    assert meta.splitlines() == [
        '<meta name="spygames-packed" content="./a.wasm ./b.zip">',
        '<meta name="spygames-games" content="./app/games/espionage.zip">',
    ]


def test_comments_pointing_at_source_maps_are_stripped(tmp_path: Path) -> None:
    """The site ships no source maps, so no file may point at one: developer tools and
    Lighthouse would ask for each and get a 404."""
    script = tmp_path / "core.js"
    script.write_text(
        'export{a};\nconst s = "//# sourceMappingURL=kept";\n//# sourceMappingURL=core.js.map\n'
    )
    sheet = tmp_path / "core.css"
    sheet.write_text(".a{color:red}\n/*# sourceMappingURL=core.css.map */\n")
    for path in (script, sheet):
        build_site.strip_source_maps(path)
    assert script.read_text() == 'export{a};\nconst s = "//# sourceMappingURL=kept";\n'
    assert sheet.read_text() == ".a{color:red}\n"


def test_the_labs_games_are_the_engines_written_into_its_pages(tmp_path: Path) -> None:
    """The Bot Lab keeps no list of games (web/lab/games.mjs): the build writes the
    engine's into its pages, as JSON and as the game <select>'s options, the game the Lab
    opens on first (the first with other seats, Espionage, as the Lab always opened)."""
    import shutil

    import people

    import spygames

    lab = tmp_path / "lab"
    shutil.copytree(ROOT / "web" / "lab", lab)
    people.write_lab_games(lab)
    pages = {name: (lab / name).read_text() for name in ("index.html", "embed.html")}
    for page in pages.values():
        found = re.search(
            r'<script type="application/json" id="lab-catalogue">(.*?)</script>', page
        )
        assert found, "no lab-catalogue"
        games = json.loads(found.group(1))
        assert [game["id"] for game in games] == ["espionage", "deck-of-spies", "spynet"]
        for game in games:
            entry = spygames.listing(game["id"])
            assert entry is not None
            assert (game["name"], game["min"], game["max"]) == (
                entry.name,
                entry.min_players,
                entry.max_players,
            )
        assert games[0]["think"]["hard"] == [0.075, 0.158, 0.23] and games[1]["think"] == {}
    options = re.findall(r'<option value="([^"]+)">([^<]+)</option>', pages["index.html"])
    assert options[:3] == [("espionage", "Espionage"), ("deck-of-spies", "Deck of Spies"),
                           ("spynet", "SpyNet")]  # fmt: skip
    with pytest.raises(SystemExit, match="__LAB_GAMES__"):
        people.write_lab_games(lab)  # once written, no slot is left for another list


def test_each_language_has_its_manifest(site: Path) -> None:
    """The app's description in the player's language where the browser reads it (boot.js
    names `manifest.<lang>.webmanifest` in the page); the rest as the English one's."""
    english = json.loads((site / "manifest.webmanifest").read_text())
    assert english["lang"] == "en"
    french = json.loads((site / "manifest.fr.webmanifest").read_text(encoding="utf-8"))
    assert french["lang"] == "fr" and french["name"] == english["name"]
    assert french["description"] != english["description"]
    assert "navigateur" in french["description"]
    assert {k: v for k, v in french.items() if k not in ("lang", "description")} == {
        k: v for k, v in english.items() if k not in ("lang", "description")
    }
