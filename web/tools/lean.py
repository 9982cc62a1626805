"""Pyodide's start made lean: what the build changes in Pyodide's own Python packages
(`pyodide/`, in its standard library zip) before trimming that zip (stdlib.py), so that
a page that needs neither loads no event loop and no package installer.

As shipped, Pyodide's start imports two things our pages never use, and with them a
fifth of its standard library (measured in docs/performance.md):

- Pyodide's core imports `asyncio` as it starts (for `asyncio.get_event_loop`), and
  `pyodide/__init__.py` sets up its event loop (`pyodide.webloop`): `asyncio` brings
  `ssl`, `socket`, `subprocess`, `logging`, `threading`, `concurrent.futures`…; here a
  `sitecustomize.py`, which Python runs as it starts, puts a stand-in for `asyncio`
  that loads the real one, and sets up Pyodide's loop, when something first uses it, so
  any code that does use `asyncio` gets it and Pyodide's loop as before;
- Pyodide's JavaScript imports `pyodide._package_loader` at start, which imports
  `shutil`, `tempfile`, `pathlib` and `zipfile` (our pages unpack their archives in
  JavaScript, web/python.mjs); here that module is a small one that gives the start what
  it reads (two folders' names, `init_loaded_packages`) and imports the whole loader,
  kept as `pyodide/_package_loader_whole.py`, for anything else.

A module the trimmed zip then leaves out is still there for whoever asks: the site's
safety net loads it from the full zip (spyweb/browser/stdlib.py). `patch` checks the lines it
replaces, so a Pyodide that changed them stops the build here rather than in a browser.
"""

from __future__ import annotations

import sys
import zipfile

INIT = "pyodide/__init__.py"
LOADER = "pyodide/_package_loader.py"
WHOLE_LOADER = "pyodide/_package_loader_whole.py"
SITECUSTOMIZE = "sitecustomize.py"

EAGER_LOOP = """from .webloop import _initialize_event_loop

_initialize_event_loop()
del _initialize_event_loop
"""
LAZY_LOOP = """# The spygames build (web/tools/lean.py): the event loop is set up when asyncio is
# first used (sitecustomize.py), not at start. What pyodide.webloop takes from Pyodide's
# JavaScript as it loads is still taken here, at the same point of the start: a memory
# snapshot of Python expects to find these references, in this order.
from .ffi import IN_PYODIDE as _IN_PYODIDE

if _IN_PYODIDE:
    from pyodide_js._api import scheduleCallback as _scheduleCallback  # noqa: F401

import sitecustomize as _lean

_lean.setup_loop()  # asyncio used before this package was imported: the loop, now
del _lean
"""

DEFERRED_ASYNCIO = '''"""Added by the spygames build (web/tools/lean.py): `asyncio`, loaded
when first used, and Pyodide's event loop set up then rather than when Pyodide starts.

Python runs this as it starts (site.py), before Pyodide's core, which imports asyncio
for `asyncio.get_event_loop` and keeps it. Until something uses asyncio, `import
asyncio` gives a stand-in: any attribute of it loads the real asyncio, which then takes
its place (and the stand-in takes all of the real one's names, for whoever kept it)."""

import sys
from types import ModuleType


class DeferredAsyncio(ModuleType):
    def __getattr__(self, name):
        return getattr(load(), name)


def load():
    deferred = sys.modules.get("asyncio")
    if not isinstance(deferred, DeferredAsyncio):
        return deferred
    del sys.modules["asyncio"]
    import importlib

    try:
        real = importlib.import_module("asyncio")
    except BaseException:
        sys.modules["asyncio"] = deferred
        raise
    deferred.__dict__.update(real.__dict__)
    setup_loop()
    return real


loop_ready = False


def setup_loop():
    """Pyodide's event loop, once asyncio is in and the pyodide package too (each calls
    this); not while pyodide.webloop is itself being imported (it calls this as it
    ends)."""
    global loop_ready
    if loop_ready or "pyodide" not in sys.modules:
        return
    if isinstance(sys.modules.get("asyncio"), DeferredAsyncio):
        return
    webloop = sys.modules.get("pyodide.webloop")
    if webloop is not None and not hasattr(webloop, "_initialize_event_loop"):
        return
    from pyodide.webloop import _initialize_event_loop  # its import may set it up itself

    if not loop_ready:
        loop_ready = True
        _initialize_event_loop()


def get_event_loop():
    """What Pyodide's core takes from asyncio as it starts (to await a promise)."""
    return load().get_event_loop()


if "asyncio" not in sys.modules:
    _asyncio = DeferredAsyncio("asyncio")
    _asyncio.get_event_loop = get_event_loop
    sys.modules["asyncio"] = _asyncio
    del _asyncio
'''

# Appended to sitecustomize.py: the modules the build took out of Python's WebAssembly
# (web/tools/cjk.py), which no import may then reach.
REMOVED = '''

REMOVED = {removed!r}


class Removed:
    """First on sys.meta_path: an import of a module taken out fails, saying why."""

    def find_spec(self, name, path=None, target=None):
        if name in REMOVED:
            raise ModuleNotFoundError(
                f"No module named {{name!r}}: the spygames build takes the CJK codecs out "
                "of Python (web/tools/cjk.py)",
                name=name,
            )
        return None


sys.meta_path.insert(0, Removed())
'''

WEBLOOP = "pyodide/webloop.py"
# Appended to pyodide/webloop.py: imported before asyncio was first used (its own import
# is then that first use), it sets up the loop once it is whole.
WEBLOOP_END = """

# The spygames build (web/tools/lean.py): the event loop, set up once this module is whole
# if asyncio's first use was this module's own import.
import sitecustomize as _lean

_lean.setup_loop()
"""

LEAN_LOADER = '''"""Pyodide's package loader as the spygames build ships it
(web/tools/lean.py): what Pyodide's start reads of it, without the modules the whole
loader imports (shutil, tempfile, pathlib, zipfile); anything else comes from the whole
loader, `pyodide._package_loader_whole`, imported on first use."""

import os
import sys
from site import getsitepackages

# Taken as the whole loader takes it, as it loads: a memory snapshot of Python expects
# to find this reference at this point of the start.
try:
    from pyodide_js import loadedPackages
except ImportError:
    loadedPackages = None

class Folder:
    """A folder's path, as Pyodide's start reads it (its str()) from the whole loader's
    `Path`s. (Not a str: Pyodide would hand JavaScript a string, with no `__str__`.)"""

    def __init__(self, path):
        self.path = path

    def __str__(self):
        return self.path

    def __fspath__(self):
        return self.path


# As the whole loader has them.
SITE_PACKAGES = Folder(getsitepackages()[0])
if sys.base_prefix == sys.prefix:
    DSO_DIR = Folder("/usr/lib")
else:
    DSO_DIR = Folder(os.path.dirname(os.path.dirname(str(SITE_PACKAGES))))


def _whole():
    from . import _package_loader_whole

    return _package_loader_whole


def init_loaded_packages():
    """The whole loader's, when site-packages holds a package (it has none at start)."""
    try:
        names = os.listdir(str(SITE_PACKAGES))
    except OSError:
        return
    if any(name.endswith(".dist-info") for name in names):
        _whole().init_loaded_packages()


def __getattr__(name):
    return getattr(_whole(), name)
'''


def patch(path: str, removed: tuple[str, ...] = ()) -> None:
    """Rewrite Pyodide's standard library zip at `path` with the lean start; `removed`:
    the built-in modules the build took out of Python's WebAssembly."""
    with zipfile.ZipFile(path) as shipped:
        infos = shipped.infolist()
        members = {info.filename: shipped.read(info) for info in infos}
    init = members[INIT].decode()
    if (
        EAGER_LOOP not in init
        or "SITE_PACKAGES" not in members[LOADER].decode()
        or SITECUSTOMIZE in members
    ):
        raise SystemExit(
            f"{path}: Pyodide's start is not what web/tools/lean.py expects; "
            "check its changes against this Pyodide"
        )
    changed = {
        INIT: init.replace(EAGER_LOOP, LAZY_LOOP).encode(),
        LOADER: LEAN_LOADER.encode(),
        WHOLE_LOADER: members[LOADER],
        SITECUSTOMIZE: (DEFERRED_ASYNCIO + REMOVED.format(removed=tuple(removed))).encode(),
        WEBLOOP: members[WEBLOOP] + WEBLOOP_END.encode(),
    }
    template = next(info for info in infos if info.filename == LOADER)
    with zipfile.ZipFile(path, "w") as out:
        for info in infos:
            out.writestr(info, changed.get(info.filename, members[info.filename]))
        for name in (WHOLE_LOADER, SITECUSTOMIZE):
            added = zipfile.ZipInfo(name, template.date_time)
            added.compress_type = template.compress_type
            out.writestr(added, changed[name])


if __name__ == "__main__":
    patch(sys.argv[1])
