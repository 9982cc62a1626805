// Offline first: at install, copy every file the game needs into a cache named after
// the build, then answer the page from that cache. The build (web/tools/build_site.py,
// write_service_worker) replaces the two placeholders below: a hash of the whole build
// and the list of files, relative to this script.
//
// Updates never switch a player mid-game: a new version installs beside the old one and
// waits until the page asks for it ({type: "skip-waiting"}, sent by boot.js when the
// player presses Reload in the update banner), or until every tab of the game is closed.
const BUILD = "__BUILD__";
const PRECACHE = __PRECACHE__;

const CACHE = "spygames-" + BUILD;
const INDEX = new URL("index.html", self.location).href;
const ROOT = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  // `no-cache` revalidates with the server, so the HTTP cache cannot hand us a file of
  // the previous version, yet files the page has just downloaded come back as a 304.
  // No skipWaiting() here: on a first visit there is no old worker and this one becomes
  // active at once; on an update it must wait (see the "message" listener).
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" })))
    )
  );
});

self.addEventListener("activate", (event) => {
  // Older versions' caches go (including the network-first worker's "spygames-v1"),
  // then this worker takes the open pages, so a first visit is offline-ready at once.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("spygames-") && name !== CACHE)
            .map((name) => caches.delete(name))
        )
      )
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(cacheFirst(request, url));
});

async function cacheFirst(request, url) {
  const cache = await caches.open(CACHE);
  // The page itself, whatever its search or #route: the cached index.html.
  const page = url.origin + url.pathname;
  if (request.mode === "navigate" && (page === ROOT || page === INDEX)) {
    const hit = await cache.match(INDEX);
    if (hit) return hit;
  }
  const hit = await cache.match(request, { ignoreVary: true });
  return hit || fetch(request);
}
