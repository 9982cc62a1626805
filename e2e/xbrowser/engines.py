"""Which Firefox and which WebKit the smoke suites drive, found the same way by `make` and
by pytest; `python e2e/xbrowser/engines.py --ensure firefox|webkit` installs what is
missing and prints what will be used.

Firefox: `$FIREFOX`, else Debian's `/usr/bin/firefox-esr`, else a `/usr/bin/firefox` that
is not a snap shim: a binary, a link to one, or a launcher script that runs one (GitHub's
Ubuntu images install `firefox` from the Mozilla team PPA; Mozilla's packages link
`/usr/bin/firefox` to the binary in `/usr/lib/firefox/` or to a `firefox.sh` there that
execs it). Ubuntu's own apt `firefox` is only a script that runs the snap or asks for it.

WebKit: `$WEBKIT_DRIVER` and `$MINIBROWSER`, else WebKitGTK's `WebKitWebDriver` and
`MiniBrowser` (packages `webkit2gtk-driver` on Debian and Ubuntu 24.04,
`webkitgtk-webdriver` on later Ubuntu), run under `Xvfb` (package `xvfb`).

On Debian the packages exist, so a missing engine after the install is a failure, never
a skip. Elsewhere an engine whose packages the system does not have is skipped, and the
reason is printed; under CI (`$CI` set, as GitHub sets it) a smoke suite that skipped
fails instead (conftest.py).
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

FIREFOXES = ("/usr/bin/firefox-esr", "/usr/bin/firefox")
WEBKIT_DRIVERS = ("webkit2gtk-driver", "webkitgtk-webdriver")  # Ubuntu renamed it in 25.10
MINIBROWSERS = ("/usr/lib/*/webkit2gtk-4.*/MiniBrowser", "/usr/libexec/webkit2gtk-4.*/MiniBrowser")


class Missing(Exception):
    """The engine is not on this machine and cannot be installed here: skip it."""


def _runnable(path: str | None) -> str | None:
    """`path` if it is (or links to) an executable file outside a snap, else None. A link
    into /snap/bin ends at snapd's own `/usr/bin/snap`, which is no browser either."""
    if not path:
        return None
    target = Path(path).resolve()
    in_snap = "/snap/" in str(target) or target.name == "snap"
    if target.is_file() and os.access(target, os.X_OK) and not in_snap:
        return path
    return None


# What Ubuntu's transitional `firefox` script does: exec /snap/bin/firefox, else print
# "Please install it with: snap install firefox". A launcher that merely mentions the word
# (a comment, `$SNAP` in a check) is not a shim.
SNAP_SHIM = re.compile(rb"/snap/|\bsnap\s+(?:install|run)\b")


def _snap_shim(path: str) -> bool:
    """Ubuntu's apt `firefox`: a script that runs the snap or asks for it (useless headless).
    A binary, or a launcher script that runs a Firefox outside a snap, is not one."""
    try:
        with open(path, "rb") as file:
            head = file.read(4096)
    except OSError:
        return False
    return head.startswith(b"#!") and SNAP_SHIM.search(head) is not None


def firefox() -> str | None:
    chosen = os.environ.get("FIREFOX")
    if chosen:
        return chosen
    return next((p for p in FIREFOXES if _runnable(p) and not _snap_shim(p)), None)


def webkit() -> tuple[str, str] | None:
    """(WebKitWebDriver, MiniBrowser), or None."""
    driver = _runnable(os.environ.get("WEBKIT_DRIVER") or shutil.which("WebKitWebDriver"))
    browser = os.environ.get("MINIBROWSER") or next(
        (p for pattern in MINIBROWSERS for p in sorted(glob.glob(pattern)) if _runnable(p)), None
    )
    if driver and browser and shutil.which("Xvfb"):
        return driver, browser
    return None


def debian() -> bool:
    try:
        release = Path("/etc/os-release").read_text()
    except OSError:
        return False
    # Not /etc/debian_version: Ubuntu has that file too.
    return "ID=debian" in release.splitlines()


def _apt_has(package: str) -> bool:
    found = subprocess.run(
        ["apt-cache", "show", package], capture_output=True, text=True, check=False
    )
    return found.returncode == 0 and f"Package: {package}" in found.stdout


def _sudo() -> list[str]:
    """apt-get as root: directly when root, else through sudo, never asking a password
    (`make test` runs as the CI runner's user, which has password-less sudo)."""
    return [] if os.geteuid() == 0 else ["sudo", "-n"]


def _apt_install(*packages: str) -> None:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    sudo = _sudo()
    subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", *packages], check=True, env=env)


def ensure_firefox() -> str:
    found = firefox()
    if found is None and debian() and shutil.which("apt-get"):
        _apt_install("firefox-esr")
        found = firefox()
    if found is None:
        if debian():
            raise RuntimeError("Debian's firefox-esr was installed but no Firefox runs")
        raise Missing(
            "no Firefox here: this system has no firefox-esr package and no Firefox "
            "outside a snap (set $FIREFOX to a Firefox binary to run it)"
        )
    return found


def ensure_webkit() -> tuple[str, str]:
    found = webkit()
    if found is None and shutil.which("apt-get"):
        if not debian():
            subprocess.run([*_sudo(), "apt-get", "update", "-qq"], check=False, capture_output=True)
        driver = next((p for p in WEBKIT_DRIVERS if debian() or _apt_has(p)), None)
        if driver:
            _apt_install(driver, "xvfb")
            found = webkit()
    if found is None:
        if debian():
            raise RuntimeError("webkit2gtk-driver and xvfb were installed but WebKit is missing")
        raise Missing(
            "no WebKitGTK here: this system has neither WebKitWebDriver with MiniBrowser "
            f"and Xvfb nor a package for them ({' or '.join(WEBKIT_DRIVERS)})"
        )
    return found


if __name__ == "__main__":
    engine = sys.argv[2] if sys.argv[1:2] == ["--ensure"] and len(sys.argv) == 3 else ""
    if engine not in ("firefox", "webkit"):
        sys.exit("usage: engines.py --ensure firefox|webkit")
    try:
        used = ensure_firefox() if engine == "firefox" else " with ".join(ensure_webkit())
    except Missing as why:
        print(f"{engine} smoke suite will be skipped: {why}")
    else:
        print(f"{engine} for the smoke suite: {used}")
