"""The cross-engine smoke suites (e2e/xbrowser/), without a browser: the plan's moves are
legal and made by the page's own controls, its verdict fails on each thing it exists to
catch, and an engine is skipped only where its packages do not exist (never on Debian)."""

from __future__ import annotations

import copy
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "e2e" / "xbrowser"))
import engines
import plan
import smoke

import spygames
from spygames.espionage.cards import ATTRIBUTES

ROOT = Path(__file__).resolve().parents[2]
PRECACHED = 60


def good() -> dict[str, Any]:
    """What a driver finds when everything works: each save starts with the plan's move."""
    first, second = plan.dos_moves()
    records = {
        "deck-of-spies": {"actions": [first]},
        "espionage": {"actions": [plan.espionage_link()[1], {"type": "call"}]},  # a bot moved
        "spynet": {"actions": [plan.spynet_link()[1]]},
    }
    return {
        "events": [],
        "failed": None,
        "played": records,
        "reloaded": copy.deepcopy(records),
        "caches": {"spygames-abc": PRECACHED},
        "restored": 1,  # the offline reload started Python from its snapshot
        "offline": {"actions": [first, second]},
        "problems_played": [],
        "problems_offline": [],
    }


def test_the_moves_are_legal_where_the_plan_makes_them() -> None:
    state = spygames.get_game("deck-of-spies").new(seed=plan.DEAL)
    for move in plan.dos_moves():
        state.apply(move)  # raises IllegalAction if not
    payload, bid = plan.espionage_link()
    assert bid["type"] == "bid" and bid["attribute"] in ATTRIBUTES
    payload_sn, keep = plan.spynet_link()
    assert keep["type"] == "keep"
    clicks = [s["css"] for s in plan.steps() if s["do"] == "click"]
    assert clicks == [
        *(f"#card-{c}" for c in plan.dos_moves()[0]["cards"]),
        f"#act-{plan.dos_moves()[0]['type']}",
        f"#esp-attr-{bid['attribute']}",
        "#esp-bid",
        f"#sn-keep-{keep['card']}",
        "#act-end-turn",  # the second Deck of Spies move, offline
    ]
    routes = [s["hash"] for s in plan.steps() if s["do"] == "route"]
    assert f"#/play/{payload}" in routes and f"#/play/{payload_sn}" in routes
    # two boots: the first visit, then one reload, offline (after the server stops), which
    # must show every save before the game plays on
    steps = plan.steps()
    boots = [i for i, s in enumerate(steps) if s["do"] == "boot"]
    offline = next(i for i, s in enumerate(steps) if s["do"] == "offline")
    reloaded = next(i for i, s in enumerate(steps) if s.get("key") == "reloaded")
    moved = [i for i, s in enumerate(steps) if s["do"] == "click"][-1]
    assert len(boots) == 2 and boots[0] < offline < boots[1] < reloaded < moved


def test_all_well_is_no_problem() -> None:
    assert plan.problems(good(), PRECACHED) == []


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        (lambda f: f["problems_played"].append("page error: boom"), "played: page error: boom"),
        (lambda f: f["problems_offline"].append("outside the origin: x"), "offline: outside"),
        (lambda f: f["played"]["espionage"].update(actions=[]), "played: espionage's save"),
        (lambda f: f["reloaded"].update(spynet=None), "reloaded: spynet's save"),
        (lambda f: f["reloaded"]["deck-of-spies"]["actions"].clear(), "reloaded: deck-of-spies"),
        (lambda f: f.update(caches={}), "service worker's caches"),
        (lambda f: f.update(caches={"spygames-abc": PRECACHED - 1}), "service worker's caches"),
        (lambda f: f["offline"]["actions"].pop(), "offline: Deck of Spies"),
        (lambda f: f.update(restored=0), "did not start Python from the kept snapshot"),
    ],
)
def test_each_failure_is_reported(spoil: Any, said: str) -> None:
    found = good()
    spoil(found)
    wrong = plan.problems(found, PRECACHED)
    assert len(wrong) == 1 and said in wrong[0], wrong


# -- where an engine comes from (e2e/xbrowser/engines.py) --------------------------------


@pytest.fixture
def machine(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """A machine with no engine at all, apt-get present; the installs asked for, listed."""
    installs: list[tuple[str, ...]] = []
    monkeypatch.setattr(engines, "firefox", lambda: None)
    monkeypatch.setattr(engines, "webkit", lambda: None)
    monkeypatch.setattr(engines, "_apt_install", lambda *p: installs.append(p))
    monkeypatch.setattr(engines.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(engines.subprocess, "run", lambda *a, **k: None)
    return installs


def test_on_debian_a_missing_engine_fails_after_its_install(
    machine: list[tuple[str, ...]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engines, "debian", lambda: True)
    with pytest.raises(RuntimeError, match="firefox-esr was installed"):
        engines.ensure_firefox()
    with pytest.raises(RuntimeError, match="webkit2gtk-driver and xvfb were installed"):
        engines.ensure_webkit()
    assert machine == [("firefox-esr",), ("webkit2gtk-driver", "xvfb")]


def test_elsewhere_an_engine_without_a_package_is_skipped_with_the_reason(
    machine: list[tuple[str, ...]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engines, "debian", lambda: False)
    monkeypatch.setattr(engines, "_apt_has", lambda package: False)
    with pytest.raises(engines.Missing, match="no firefox-esr package"):
        engines.ensure_firefox()
    with pytest.raises(engines.Missing, match="webkit2gtk-driver or webkitgtk-webdriver"):
        engines.ensure_webkit()
    assert machine == []  # nothing was installed: no Firefox package is tried off Debian


def test_later_ubuntu_installs_webkit_under_its_new_name(
    machine: list[tuple[str, ...]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engines, "debian", lambda: False)
    monkeypatch.setattr(engines, "_apt_has", lambda package: package == "webkitgtk-webdriver")
    with pytest.raises(engines.Missing):
        engines.ensure_webkit()  # the fixture's machine still has no WebKit afterwards
    assert machine == [("webkitgtk-webdriver", "xvfb")]


def test_a_snap_shim_is_no_firefox(tmp_path: Path) -> None:
    shim = tmp_path / "firefox"
    shim.write_text('#!/bin/sh\necho "firefox requires the firefox snap"; exec /snap/bin/firefox\n')
    assert engines._snap_shim(str(shim))
    real = tmp_path / "firefox-bin"
    real.write_bytes(b"\x7fELF\x02\x01\x01" + bytes(64))
    assert not engines._snap_shim(str(real))


# What /usr/bin/firefox can be. Ubuntu's transitional apt package (the snap shim):
UBUNTU_SHIM = """#!/bin/sh
if ! [ -x /snap/bin/firefox ]; then
    echo "Command '$0' requires the firefox snap to be installed." >&2
    echo "Please install it with:" >&2
    echo "snap install firefox" >&2
    exit 1
fi
exec /snap/bin/firefox "$@"
"""
# A launcher as Mozilla's and the Mozilla team PPA's packages install (GitHub's Ubuntu
# images): a script that execs the binary beside it. Mentioning snaps does not make it one.
MOZILLA_LAUNCHER = """#!/bin/sh
# Firefox launcher (a deb, not the snap package; see the snapshot notes)
MOZ_LIBDIR=/usr/lib/firefox
exec "$MOZ_LIBDIR/firefox" "$@"
"""
ELF = b"\x7fELF\x02\x01\x01" + bytes(64)


@pytest.fixture
def system(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake root in tmp_path whose usr/bin/firefox-esr and usr/bin/firefox are the
    candidates engines.firefox() looks at; $FIREFOX unset."""
    (tmp_path / "usr" / "bin").mkdir(parents=True)
    (tmp_path / "usr" / "lib" / "firefox").mkdir(parents=True)
    monkeypatch.delenv("FIREFOX", raising=False)
    candidates = tuple(str(tmp_path / "usr" / "bin" / n) for n in ("firefox-esr", "firefox"))
    monkeypatch.setattr(engines, "FIREFOXES", candidates)
    return tmp_path


def executable(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        path.write_text(content)
    else:
        path.write_bytes(content)
    path.chmod(0o755)
    return path


def test_ubuntus_snap_shim_is_not_used(system: Path) -> None:
    executable(system / "usr/bin/firefox", UBUNTU_SHIM)
    assert engines.firefox() is None


def test_a_link_into_a_snap_is_not_used(system: Path) -> None:
    # /snap/bin/firefox itself links to snapd's /usr/bin/snap: neither end is a Firefox.
    executable(system / "snap/bin/firefox", ELF)
    (system / "usr/bin/firefox").symlink_to(system / "snap/bin/firefox")
    assert engines.firefox() is None
    (system / "usr/bin/firefox").unlink()
    (system / "usr/bin/firefox").symlink_to(executable(system / "usr/bin/snap", ELF))
    assert engines.firefox() is None


def test_mozillas_launcher_script_is_used(system: Path) -> None:
    executable(system / "usr/lib/firefox/firefox", ELF)
    launcher = executable(system / "usr/lib/firefox/firefox.sh", MOZILLA_LAUNCHER)
    (system / "usr/bin/firefox").symlink_to(launcher)
    assert engines.firefox() == str(system / "usr/bin/firefox")
    (system / "usr/bin/firefox").unlink()
    executable(system / "usr/bin/firefox", MOZILLA_LAUNCHER)  # the script itself, no link
    assert engines.firefox() == str(system / "usr/bin/firefox")


def test_a_firefox_binary_or_a_link_to_one_is_used(system: Path) -> None:
    binary = executable(system / "usr/lib/firefox/firefox", ELF)
    (system / "usr/bin/firefox").symlink_to(binary)
    assert engines.firefox() == str(system / "usr/bin/firefox")
    (system / "usr/bin/firefox").unlink()
    executable(system / "usr/bin/firefox", ELF)
    assert engines.firefox() == str(system / "usr/bin/firefox")
    (system / "usr/bin/firefox").chmod(0o644)  # not executable: not used
    assert engines.firefox() is None


def test_debians_firefox_esr_comes_first_and_firefox_overrides_all(
    system: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    executable(system / "usr/bin/firefox", ELF)
    executable(system / "usr/bin/firefox-esr", ELF)
    assert engines.firefox() == str(system / "usr/bin/firefox-esr")
    monkeypatch.setenv("FIREFOX", "/opt/firefox/firefox")
    assert engines.firefox() == "/opt/firefox/firefox"


# -- under CI a smoke suite that skipped fails (e2e/xbrowser/conftest.py) ---------------

SKIPS = """import pytest

def test_engine():
    pytest.skip("no Firefox here (simulated)")
"""
PASSES = "def test_other_engine():\n    pass\n"


@pytest.mark.parametrize(
    ("ci", "tests", "fails"),
    [
        ("true", [SKIPS], True),  # GitHub Actions sets CI=true
        ("1", [SKIPS], True),
        (None, [SKIPS], False),  # a laptop: the skip stays a skip
        ("false", [SKIPS], False),
        ("true", [PASSES], False),
        ("true", [SKIPS, PASSES], False),  # something ran: the skip is reported, not fatal
    ],
)
def test_under_ci_a_smoke_that_only_skipped_fails(
    tmp_path: Path, ci: str | None, tests: list[str], fails: bool
) -> None:
    smokes = tmp_path / "xbrowser"
    smokes.mkdir()
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # its own rootdir, not the project's
    shutil.copy(ROOT / "e2e" / "xbrowser" / "conftest.py", smokes / "conftest.py")
    for i, test in enumerate(tests):
        (smokes / f"smoke_{i}.py").write_text(test)
    env = {k: v for k, v in os.environ.items() if k != "CI" and not k.startswith("PYTEST_")}
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"  # a bare pytest starts in 0.4 s, not 3
    if ci is not None:
        env["CI"] = ci
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    ran = subprocess.run(
        [*command, *(f"xbrowser/smoke_{i}.py" for i in range(len(tests)))],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == (1 if fails else 0), ran.stdout + ran.stderr
    said = "a browser smoke suite must run, not skip" in ran.stdout
    assert said == fails, ran.stdout
    if fails:
        assert "no Firefox here (simulated)" in ran.stdout


# -- WebKit's watch from the start of boot (e2e/xbrowser/smoke_webkit.py) -----------------


def test_webkit_is_shown_a_site_whose_first_script_is_the_watch(tmp_path: Path) -> None:
    import smoke_webkit  # Selenium: imported here, where it is needed

    built = tmp_path / "built"
    (built / "vendor").mkdir(parents=True)
    policy = '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'">'
    page = f'<head>\n<meta charset="utf-8">\n{policy}\n<script src="./boot.js"></script>\n'
    (built / "index.html").write_text(page)
    (built / "boot.js").write_text("// boot")
    (built / "vendor" / "x.js").write_text("//")
    shown = smoke_webkit.watched_site(built, tmp_path / "shown")
    assert (built / "index.html").read_text() == page  # the build itself is left alone
    index = (shown / "index.html").read_text()
    watch = f'<script src="./{smoke_webkit.WATCH_FILE}"></script>'
    assert index.index(policy) < index.index(watch) < index.index("./boot.js")
    assert index.count("<script") == 2  # the watch before every script of the page's
    assert (shown / smoke_webkit.WATCH_FILE).read_text() == plan.WATCH
    # Offline, the reload comes from the worker's cache: the watch must be in it.
    assert smoke_webkit.WATCH_FILE in (shown / "sw.js").read_text()
    assert smoke.precached(shown) == 4  # index.html, boot.js, vendor/x.js and the watch
    (built / "index.html").write_text("<head><script src=./boot.js></script>")
    with pytest.raises(AssertionError, match="no Content-Security-Policy"):
        smoke_webkit.watched_site(built, tmp_path / "again")


def test_the_drivers_get_the_watch_to_run_before_the_page() -> None:
    handed = plan.plan()
    assert handed["watch"] == plan.WATCH and "hook" not in handed
    for caught in ("error", "unhandledrejection", "console.error", "securitypolicyviolation"):
        assert caught in plan.WATCH, caught
    firefox = (ROOT / "e2e" / "xbrowser" / "firefox.mjs").read_text()
    # Added before the first page opens, so it sees the whole first boot too.
    assert firefox.index("evaluateOnNewDocument(plan.watch)") < firefox.index("await step(page, s)")
