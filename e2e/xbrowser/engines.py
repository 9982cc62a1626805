"""Which Firefox and which WebKit the smoke suites drive, found the same way by `make` and
by pytest; `python e2e/xbrowser/engines.py --ensure firefox|webkit` installs what is
missing and prints what will be used.

Firefox: `$FIREFOX`, else Debian's `/usr/bin/firefox-esr`, else a `/usr/bin/firefox` that
is a real binary (GitHub's Ubuntu images ship one; Ubuntu's apt `firefox` is only a snap
shim). WebKit: `$WEBKIT_DRIVER` and `$MINIBROWSER`, else WebKitGTK's `WebKitWebDriver`
and `MiniBrowser` (packages `webkit2gtk-driver` on Debian and Ubuntu 24.04,
`webkitgtk-webdriver` on later Ubuntu), run under `Xvfb` (package `xvfb`).

On Debian the packages exist, so a missing engine after the install is a failure, never
a skip. Elsewhere an engine whose packages the system does not have is skipped, and the
reason is printed.
"""

from __future__ import annotations

import glob
import os
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
    if not path:
        return None
    target = Path(path).resolve()
    if target.is_file() and os.access(target, os.X_OK) and "/snap/" not in str(target):
        return path
    return None


def _snap_shim(path: str) -> bool:
    """Ubuntu's apt `firefox`: a script that installs the snap (useless headless)."""
    try:
        head = Path(path).read_bytes()[:4096]
    except OSError:
        return False
    return head.startswith(b"#!") and b"snap" in head


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


def _apt_install(*packages: str) -> None:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
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
            subprocess.run(["apt-get", "update", "-qq"], check=False, capture_output=True)
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
