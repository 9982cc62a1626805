"""Which Chromium the browser tests drive, found the same way by `make` and by pytest.

In order: `$CHROMIUM` (a path to a browser executable); Debian's `/usr/bin/chromium`
(also the name GitHub's Ubuntu runners link their own Chromium under); Google Chrome;
else Playwright's own Chromium (`playwright install --with-deps chromium`, which works
on Ubuntu, where the apt `chromium` is only a snap shim). `python e2e/browser.py
--ensure` installs what is missing — Debian's `chromium` on Debian, Playwright's
elsewhere — and prints what will be used. It need not run as root: apt-get goes through
`sudo -n` for a user with password-less sudo (as on a CI runner).

The e2e suite drives Chromium's **headless shell** where the machine has it (`for_tests`:
Debian's `chromium-headless-shell`, which `--ensure` installs beside `chromium` on Debian):
the same Blink and V8 without the full browser's user interface, about a fifth less CPU a
visit. The bench and Lighthouse measure the browser a player runs (`executable`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

SYSTEM = ("/usr/bin/chromium", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable")
SHELL = "/usr/bin/chromium-headless-shell"


def _is_real(path: str) -> bool:
    """An executable that is not a snap shim (snap's Chromium cannot run headless here)."""
    target = Path(path).resolve()
    return target.is_file() and os.access(target, os.X_OK) and "/snap/" not in str(target)


def executable() -> str | None:
    """The browser to launch, or None for Playwright's own Chromium."""
    chosen = os.environ.get("CHROMIUM")
    if chosen:
        return chosen
    return next((p for p in SYSTEM if _is_real(p)), None)


def for_tests() -> str | None:
    """The browser the e2e suite drives: `$CHROMIUM`, else the headless shell, else
    `executable()`."""
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    return SHELL if _is_real(SHELL) else executable()


def _debian() -> bool:
    try:
        release = Path("/etc/os-release").read_text()
    except OSError:
        return False
    return "ID=debian" in release


def _root() -> bool:
    """Root, or password-less sudo (the CI runner's user): system packages can be installed."""
    if os.geteuid() == 0:
        return True
    return bool(shutil.which("sudo")) and (
        subprocess.run(["sudo", "-n", "true"], capture_output=True, check=False).returncode == 0
    )


def _apt_install(*packages: str, check: bool = True) -> None:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    subprocess.run([*sudo, "apt-get", "update", "-qq"], check=check, env=env)
    subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", *packages], check=check, env=env)


def ensure() -> str:
    found = executable()
    debian = _debian() and bool(shutil.which("apt-get"))
    if found is None and debian:
        _apt_install("chromium")
        found = executable()
    if found is not None and debian and not _is_real(SHELL) and _root():
        _apt_install("chromium-headless-shell", check=False)  # a saving, not a need
    if found is None:
        command = [sys.executable, "-m", "playwright", "install", "chromium"]
        if _root():  # Playwright runs apt-get itself, through sudo when not root
            command.insert(4, "--with-deps")
        subprocess.run(command, check=True)
        return "Playwright's Chromium"
    return f"{found} (the e2e suite drives {for_tests()})"


if __name__ == "__main__":
    if sys.argv[1:] == ["--ensure"]:
        print(f"browser: {ensure()}")
    else:
        print(executable() or "Playwright's Chromium")
