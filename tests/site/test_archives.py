"""Each game's modules in an archive of their own: taken out of the wheel and the UI zip
at build time (web/tools/archives.py), unpacked by the page when the game is first
opened (web/app/spyweb/browser/archives.py)."""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import os
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import archives  # web/tools, on the path by conftest.py
import pytest
from spyweb.browser import archives as runtime
from spyweb.browser import links
from spyweb.together.invite import Invitation, invitation_code

import spygames

RECORD = "spygames-0.1.0.dist-info/RECORD"
METADATA = "spygames-0.1.0.dist-info/METADATA"


def write_zip(path: Path, members: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def names(path: Path) -> set[str]:
    return set(zipfile.ZipFile(path).namelist())


def test_the_build_takes_each_games_modules_out_into_its_own_archive(tmp_path: Path) -> None:
    folders = archives.game_folders()
    assert list(folders) == list(spygames.GAMES.shipped)  # not a test's toy game
    wheel_members = {"spygames/__init__.pyc": b"core", "spygames/registry.pyc": b"reg"}
    wheel_members |= {name: b"terminal" for name in archives.TERMINAL}
    ui_members = {"spyweb/__init__.pyc": b"ui", "spyweb/screens/home.pyc": b"home"}
    for game, (rules, table) in folders.items():
        wheel_members[f"{rules}__init__.pyc"] = game.encode()
        wheel_members[f"{rules}game.pyc"] = b"declared"
        wheel_members[f"{rules}rules.pyc"] = b"rules"
        ui_members[f"{table}__init__.pyc"] = game.encode()  # its record: stays in the UI zip
        ui_members[f"{table}table.pyc"] = b"table"
    wheel_members[METADATA] = b"Metadata-Version: 2.4\nName: spygames\n\n# The README\n..."
    record = "".join(f"{name},sha256=x,1\n" for name in wheel_members) + f"{RECORD},,\n"
    wheel, app_zip = tmp_path / "dist" / "e.whl", tmp_path / "app" / "spyweb.zip"
    wheel.parent.mkdir()
    app_zip.parent.mkdir()
    write_zip(wheel, {**wheel_members, RECORD: record.encode()})
    write_zip(app_zip, ui_members)

    written = archives.split_games(tmp_path, wheel, app_zip)

    # the terminal's tools (archives.TERMINAL) are in neither the wheel nor any archive
    # each game's declaration stays in the wheel: the registry lists the games by it
    declared = {f"{rules}{name}" for rules, _ in folders.values() for name in archives.DECLARATION}
    core = {"spygames/__init__.pyc", "spygames/registry.pyc", METADATA, RECORD}
    assert names(wheel) == core | declared
    records = {f"{table}__init__.pyc" for _, table in folders.values()}
    assert names(app_zip) == {"spyweb/__init__.pyc", "spyweb/screens/home.pyc", *records}
    # its long description (the README) left out: a page never reads it
    kept = zipfile.ZipFile(wheel)
    assert kept.read(METADATA) == b"Metadata-Version: 2.4\nName: spygames\n"
    listed = kept.read(RECORD).decode().splitlines()
    assert sorted(line.split(",")[0] for line in listed) == sorted(names(wheel))  # valid
    for line in listed:  # each member's hash and size as it now is
        name, digest, size = line.rsplit(",", 2)
        if digest:
            data = kept.read(name)
            hashed = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert (digest, int(size)) == (f"sha256={hashed.decode()}", len(data)), name
    for game, (rules, table) in folders.items():
        assert written[game] == f"app/games/{game}.zip"
        inside = names(tmp_path / written[game])
        assert inside == {f"{rules}rules.pyc", f"{table}table.pyc"}
        assert zipfile.ZipFile(wheel).read(f"{rules}__init__.pyc") == game.encode()
        assert zipfile.ZipFile(app_zip).read(f"{table}__init__.pyc") == game.encode()


def test_no_module_the_site_ships_imports_what_its_wheel_leaves_out() -> None:
    """The page never imports the terminal's tools, which the site's wheel leaves out
    (archives.TERMINAL): no import of them, absolute or relative, in the engine's other
    modules or in the app's."""
    root = Path(archives.ROOT)

    def dotted(path: Path | str) -> str:
        return Path(path).with_suffix("").as_posix().replace("/", ".")

    left_out = {dotted(name) for name in archives.TERMINAL}
    left_out |= {dotted(f"web/app/{name}").removeprefix("web.app.") for name in archives.BUILD_ONLY}
    shipped = [*(root / "spygames").rglob("*.py"), *(root / "web" / "app").rglob("*.py")]
    shipped = [path for path in shipped if dotted(path.relative_to(root)) not in left_out]
    found = []
    for path in shipped:
        package = dotted(path.relative_to(root).parent)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
                named = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.Import):
                named = [alias.name for alias in node.names]
            else:
                continue
            found += [f"{path.relative_to(root)}: {n}" for n in named if n in left_out]
    assert len(shipped) > 100
    assert not found, found


def test_the_ui_zip_leaves_out_what_only_the_build_runs(tmp_path: Path) -> None:
    inside = names(archives.zip_app(tmp_path))
    assert "spyweb/app.py" in inside
    assert not inside & set(archives.BUILD_ONLY)


def test_a_game_with_nothing_to_take_out_stops_the_build(tmp_path: Path) -> None:
    wheel, app_zip = tmp_path / "e.whl", tmp_path / "spyweb.zip"
    write_zip(wheel, {"spygames/__init__.pyc": b""})
    write_zip(app_zip, {"spyweb/__init__.pyc": b""})
    with pytest.raises(SystemExit, match="nothing under spygames/deck_of_spies/"):
        archives.split_games(tmp_path, wheel, app_zip)


# -- the page's side -------------------------------------------------------------------
Toy = tuple[runtime.GameArchives, list[str], dict[str, bytes]]  # finder, fetched, served


@pytest.fixture
def toy(tmp_path: Path) -> Iterator[Toy]:
    """A package `toyroot` on the import path whose games `alpha` and `beta` are served
    as archives, and a finder that counts its downloads."""
    (tmp_path / "toyroot").mkdir()
    (tmp_path / "toyroot" / "__init__.py").write_text("")
    served: dict[str, bytes] = {}
    for game in ("alpha", "beta"):
        data = io.BytesIO()
        with zipfile.ZipFile(data, "w") as archive:
            archive.writestr(f"toyroot/{game}/__init__.py", f"NAME = {game!r}\n")
            archive.writestr(f"toyroot/{game}/rules.py", "from . import NAME\nRULES = NAME * 2\n")
        served[f"https://x.test/app/games/{game}.zip"] = data.getvalue()
    fetched: list[str] = []

    def fetch(url: str) -> bytes:
        fetched.append(url)
        return served[url]

    finder = runtime.GameArchives("https://x.test/app/games/", fetch, str(tmp_path))
    finder.packages = {"toyroot.alpha": "alpha", "toyroot.beta": "beta"}
    sys.path.insert(0, str(tmp_path))
    sys.meta_path.insert(0, finder)
    yield finder, fetched, served
    sys.meta_path.remove(finder)
    sys.path.remove(str(tmp_path))
    for name in [m for m in sys.modules if m.split(".")[0] == "toyroot"]:
        del sys.modules[name]


def test_an_import_of_a_game_not_yet_in_fetches_its_archive_once(
    toy: Toy,
) -> None:
    finder, fetched, _ = toy
    from toyroot.alpha import rules  # type: ignore[import-not-found]

    assert rules.RULES == "alphaalpha"
    import toyroot.alpha.rules  # type: ignore[import-not-found]  # noqa: F401

    assert fetched == ["https://x.test/app/games/alpha.zip"]
    assert finder.fetched_at_once == ["alpha"] and finder.loaded == {"alpha"}
    assert "toyroot.beta" not in sys.modules


def test_a_games_declaration_is_in_the_core_and_fetches_nothing(toy: Toy) -> None:
    """A game's package and its `game` module (its declaration, kept in the wheel) are
    imported to list the games: only a module of its rules fetches its archive."""
    finder, fetched, _ = toy
    beta = finder.root + "/toyroot/beta"
    os.makedirs(beta)
    with open(beta + "/__init__.py", "w") as file:
        file.write("NAME = 'beta'\n")
    with open(beta + "/game.py", "w") as file:
        file.write("GAME = 'the declaration'\n")
    finder.declarations = {"toyroot.beta", "toyroot.beta.game"}
    from toyroot.beta import game  # type: ignore[import-not-found]

    assert game.GAME == "the declaration" and fetched == []
    from toyroot.beta import rules  # type: ignore[import-not-found]

    assert rules.RULES == "betabeta" and fetched == ["https://x.test/app/games/beta.zip"]


def test_an_archive_downloaded_ahead_is_not_fetched_again_on_import(
    toy: Toy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker downloads what `want` asks; one it could not download is left to the
    synchronous request of the first import, and what waited for it runs all the same."""
    finder, fetched, served = toy
    asked: list[tuple[str, bool]] = []
    finder.request = lambda game, url, soon: asked.append((url.rsplit("/", 1)[1], soon))
    warned: list[str] = []
    monkeypatch.setattr(runtime, "warn", warned.append)
    ran: list[str] = []
    finder.want(["alpha", "beta", "gamma"], lambda: ran.append("both"), soon=False)
    assert asked == [("alpha.zip", False), ("beta.zip", False)]  # gamma: no such game
    finder.arrived("alpha", served["https://x.test/app/games/alpha.zip"])
    assert ran == []  # beta still downloading
    finder.arrived("beta", None, "could not fetch https://x.test/app/games/beta.zip (HTTP 503)")
    assert ran == ["both"] and finder.loaded == {"alpha"}
    assert warned == [
        "spygames: could not fetch https://x.test/app/games/beta.zip (HTTP 503); "
        "it will be fetched when first needed"
    ]
    from toyroot.alpha import rules  # type: ignore[import-not-found]
    from toyroot.beta import rules as beta  # type: ignore[import-not-found]

    assert (rules.RULES, beta.RULES) == ("alphaalpha", "betabeta")
    assert finder.fetched_at_once == ["beta"] and fetched == ["https://x.test/app/games/beta.zip"]


def test_two_asks_for_one_game_share_one_download(toy: Toy) -> None:
    """A click on a game while its background download runs waits for that download."""
    finder, _, served = toy
    asked: list[tuple[str, bool]] = []
    finder.request = lambda game, url, soon: asked.append((game, soon))
    opened: list[str] = []
    finder.want(["alpha"], soon=False)  # the background download
    finder.want(["alpha", "beta"], lambda: opened.append("both"))  # a click meanwhile
    assert asked == [("alpha", False), ("beta", True)]
    finder.arrived("beta", served["https://x.test/app/games/beta.zip"])
    assert opened == []
    finder.arrived("alpha", served["https://x.test/app/games/alpha.zip"])
    assert opened == ["both"] and finder.loaded == {"alpha", "beta"} and finder.asked == set()
    finder.want(["alpha"], lambda: opened.append("again"))  # in: at once, nothing asked
    assert opened == ["both", "again"] and len(asked) == 2


def zipped(members: dict[str, bytes], method: int = zipfile.ZIP_STORED) -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", method) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return data.getvalue()


def test_the_archive_reader_reads_stored_and_deflated_members_as_zipfile_does() -> None:
    members = {"a/b.pyc": b"\x00" * 300 + b"spies", "a/": b"", "c.json": b'{"x": 1}' * 50}
    for method in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        data = zipped(members, method)
        assert dict(runtime.members(data)) == {k: v for k, v in members.items() if k != "a/"}


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"not a zip at all", "not a zip archive"),
        (zipped({"a.pyc": b"x"}).replace(b"PK\x01\x02", b"XX\x01\x02"), "a damaged zip archive"),
        (zipped({"../evil.pyc": b"x"}), "a path outside it: ../evil.pyc"),
        (zipped({"/etc/evil": b"x"}), "a path outside it: /etc/evil"),
        (zipped({"a.pyc": b"x" * 99}, zipfile.ZIP_BZIP2), "packed in a way we do not read"),
    ],
)
def test_the_archive_reader_refuses_what_it_cannot_unpack_safely(data: bytes, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        dict(runtime.members(data))


def test_a_package_holding_only_its_declaration_is_not_its_game_on_disk(
    tmp_path: Path,
) -> None:
    """Each game's packages' `__init__` (and the engine's `game`) ship with the core: a
    folder holding only those is a game still to fetch (the page found every game on
    disk, installed no finder and could not open a table)."""
    folder = tmp_path / "deck_of_spies"
    folder.mkdir()
    (folder / "__init__.pyc").write_bytes(b"")
    (folder / "game.pyc").write_bytes(b"")
    (folder / "__pycache__").mkdir()
    assert not runtime.holds_more_than_a_declaration(str(folder))
    (folder / "table.pyc").write_bytes(b"")
    assert runtime.holds_more_than_a_declaration(str(folder))
    assert not runtime.holds_more_than_a_declaration(str(tmp_path / "nowhere"))


def test_no_finder_where_every_games_modules_are_on_the_import_path() -> None:
    asked: list[str] = []
    assert runtime.install("https://x.test/spygames/#/espionage", asked.append) is None  # CPython
    assert asked == []


@pytest.mark.parametrize(
    ("address", "games"),
    [
        ("#/espionage/new", ["espionage"]),
        ("#/deck-of-spies/deal/12", ["deck-of-spies"]),
        ("#/spynet", ["spynet"]),
        ("#/", []),
        ("", []),
        ("#/saves", []),
        ("#/chess/new", []),
        ("#/demo/esp-call", ["espionage"]),
        ("#/demo/zz-x", []),
        ("#/play/not-a-link", []),
        ("#/replay/", []),
    ],
)
def test_the_game_an_address_opens(address: str, games: list[str]) -> None:
    assert runtime.opened_by(address) == games


def test_a_shared_game_or_replay_names_its_game_without_being_replayed() -> None:
    state = spygames.get_game("spynet").new(seed=3, players=2)
    payload = links.encode(state.record())
    assert runtime.opened_by(f"#/play/{payload}") == ["spynet"]
    assert runtime.opened_by(f"#/replay/{payload}/1") == ["spynet"]
    other = links.encode({**state.record(), "game": "chess"})
    assert links.game_of(other) is None and links.game_of(payload[:-9]) is None


def test_a_friends_invitation_names_its_game() -> None:
    table = "Tbl-0123456789_x"
    code = invitation_code(Invitation("v=0\r\n", table, 1, "espionage", "Ana", "Ben"))
    assert runtime.opened_by(f"#/join/{code}") == ["espionage"]
    assert runtime.opened_by("#/join/spyi1.damaged") == []
    chess = invitation_code(Invitation("v=0\r\n", table, 1, "chess", "Ana", "Ben"))
    assert runtime.opened_by(f"#/join/{chess}") == []


def test_a_games_record_is_not_in_its_archive_but_the_rest_of_its_table_is() -> None:
    """The home page reads each game's record (spyweb/games/<game>/__init__.py: spyweb/gameui.py)
    with no game's archive; the table's other modules and the rules wait for it."""
    finder = runtime.GameArchives("https://x.test/app/games/", lambda url: b"")
    assert finder.game_of("spyweb.games.espionage") is None
    assert finder.game_of("spyweb.games.espionage.table") == "espionage"
    assert finder.game_of("spygames.espionage") == "espionage"
    assert finder.game_of("spyweb.screens.home") is None
    assert finder.game_of("spyweb.games") is None
