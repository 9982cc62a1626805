"""The service worker's own signal that it has settled, shared by e2e/test_offline.py
(Playwright) and the cross-engine smoke plan (e2e/xbrowser/plan.py): no sleeps."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

from stores import filled


def cache_name(site_url: str, build: str) -> str:
    """The cache sw.js keeps a build in: named after its scope (the site's sub-path)."""
    return f"spygames {urlsplit(site_url).path} {build}"


def worker_build(sw_js: str) -> tuple[str, dict[str, str]]:
    """The build hash and the precache list ({file: hash}) written into a built sw.js."""
    build = re.search(r'const BUILD = "([0-9a-f]+)";', sw_js)
    files = re.search(r"const PRECACHE = (\{.*?\});", sw_js, re.S)
    assert build and files, "sw.js lacks its build hash or precache list"
    return build.group(1), dict(json.loads(files.group(1)))


# A JS function: once a worker is active (so its install, the precache, has finished) and
# activated (so older caches are gone), it puts each cache's number of entries in
# window.workerCaches ({name: files}); until then window.workerCaches is null.
SETTLE = filled("""() => {
    window.workerCaches = null;
    navigator.serviceWorker.ready.then(async (registration) => {
        const worker = registration.active;
        while (worker.state !== "activated") {
            await new Promise((done) => worker.addEventListener("statechange", done));
        }
        const found = {};
        for (const name of await caches.keys()) {
            // Not the worker's: the Python snapshots (web/python.mjs, web/sandbox/kept.mjs).
            if (name === __TABLES_STORE__ || name === __LAB_STORE__) continue;
            found[name] = (await (await caches.open(name)).keys()).length;
        }
        window.workerCaches = found;
    });
}""")
