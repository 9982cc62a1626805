# A bot's Python, in PyScript's worker inside the sandbox (web/sandbox/: the page starts
# it with openSandbox; frame.mjs starts this file with PyWorker). spygames is installed by
# micropip: from PyScript's `packages`, or restored with the Lab's snapshot, whose
# maker installed it with micropip (web/sandbox/kept.mjs); what each of the page's calls does is
# spygames.sandbox.Calls (typed and tested on CPython): this file only hands its methods
# to the page (PyScript's `pyscript.sync`) and its beats back (xworker.postMessage).

import importlib.metadata
import json
import random

import js
from polyscript import xworker

from spygames import i18n
from spygames.sandbox import Calls

# The page's language (frame.mjs writes its catalogue to /spygames.mo): a bot's errors are
# said in it. A catalogue that does not read leaves English.
try:
    lang = str(getattr(js, "spygamesLang", "en") or "en")
    if lang != "en":
        with open("/spygames.mo", "rb") as found:
            i18n.use(lang, found.read())
except (OSError, ValueError, LookupError):
    i18n.use("en")

calls = Calls(tell=xworker.postMessage)
sync = xworker.sync  # what the page may call
sync.start = calls.start
sync.play = calls.play
sync.walk = calls.walk
sync.decide = calls.decide
random.seed()  # restored from a snapshot (frame.mjs), Python's would be the snapshot's
found = importlib.metadata.distribution("spygames")
READY = json.dumps(
    {
        "version": found.version,
        "installer": (found.read_text("INSTALLER") or "").strip(),
        "snapshot": bool(getattr(js, "spygamesRestored", False)),
    }
)
sync.hello = lambda: READY
