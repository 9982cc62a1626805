"""The service worker's own signal that it has settled, shared by e2e/test_offline.py
(Playwright) and the cross-engine smoke plan (e2e/xbrowser/plan.py): no sleeps."""

from __future__ import annotations

# A JS function: once a worker is active (so its install, the precache, has finished) and
# activated (so older caches are gone), it puts each cache's number of entries in
# window.workerCaches ({name: files}); until then window.workerCaches is null.
SETTLE = """() => {
    window.workerCaches = null;
    navigator.serviceWorker.ready.then(async (registration) => {
        const worker = registration.active;
        while (worker.state !== "activated") {
            await new Promise((done) => worker.addEventListener("statechange", done));
        }
        const found = {};
        for (const name of await caches.keys()) {
            found[name] = (await (await caches.open(name)).keys()).length;
        }
        window.workerCaches = found;
    });
}"""
