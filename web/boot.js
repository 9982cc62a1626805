// Boot progress: marks each stage done when its file has arrived (Resource Timing),
// and hides the panel when Python has started the app. Glue only: no app logic here.
(function () {
  "use strict";
  var stages = { runtime: "pyodide.asm.wasm", stdlib: "python_stdlib.zip", engine: "/dist/spygames-", app: "/app/main.py" };
  var done = {};
  function mark(stage) {
    if (done[stage]) return;
    done[stage] = true;
    var item = document.querySelector('[data-stage="' + stage + '"]');
    if (item) item.classList.add("done");
    var fill = document.getElementById("boot-fill");
    if (fill) fill.style.width = (20 + 80 * Object.keys(done).length / 5) + "%";
  }
  function scan(entries) {
    entries.forEach(function (entry) {
      Object.keys(stages).forEach(function (stage) {
        if (entry.name.indexOf(stages[stage]) !== -1) mark(stage);
      });
    });
  }
  // Polled rather than observed: Chromium reports preloaded files to an observer late.
  var poll = setInterval(function () { scan(performance.getEntriesByType("resource")); }, 150);
  function ready() {
    clearInterval(poll);
    scan(performance.getEntriesByType("resource"));
    var boot = document.getElementById("boot");
    if (boot) boot.hidden = true;
    startWorker();
  }
  new MutationObserver(function () {
    if (document.documentElement.dataset.ready === "true") ready();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-ready"] });
  // Offline play and updates. sw.js copies the whole game into its cache at install and
  // then serves it from there. A new version installs in the background and waits; the
  // #update banner offers it, and the page switches only when the player presses Reload.
  var worker = "serviceWorker" in navigator && location.protocol !== "file:";
  var registered = false;
  function startWorker() {
    if (!worker || registered) return;
    registered = true;
    navigator.serviceWorker.register("./sw.js").then(watch).catch(function () { /* optional */ });
  }
  function watch(reg) {
    var box = document.getElementById("update");
    var switching = false;
    // A new version is ready when a worker has installed while an older one controls
    // this page (on a first visit there is no controller and nothing to offer).
    function track(sw) {
      if (!sw) return;
      function offer() {
        if (sw.state === "installed" && navigator.serviceWorker.controller) box.hidden = false;
      }
      offer();
      sw.addEventListener("statechange", offer);
    }
    track(reg.waiting);
    track(reg.installing);
    reg.addEventListener("updatefound", function () { track(reg.installing); });
    document.getElementById("update-reload").addEventListener("click", function () {
      switching = true;
      if (reg.waiting) reg.waiting.postMessage({ type: "skip-waiting" });
      else location.reload(); // another tab has already switched to the new version
    });
    document.getElementById("update-dismiss").addEventListener("click", function () {
      box.hidden = true; // the new version then starts when every tab of the game is closed
    });
    // The only reload this page ever does itself: once, after the player chose Reload.
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (!switching) return;
      switching = false;
      location.reload();
    });
    // Look for a new version now, when the tab comes back into view, and hourly.
    function check() { reg.update().catch(function () { /* offline: try again later */ }); }
    check();
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") check();
    });
    setInterval(check, 60 * 60 * 1000);
  }
  // A first visit precaches only once the game is playable, so the worker's downloads do
  // not compete with the boot's; a returning visit (served from the cache) starts at once.
  if (worker && navigator.serviceWorker.controller) window.addEventListener("load", startWorker);
  window.addEventListener("error", function (event) {
    if (document.documentElement.dataset.ready === "true") return;
    var box = document.getElementById("boot-error");
    if (!box) return;
    box.hidden = false;
    box.textContent = "The game could not start: " + (event.message || "an error occurred") +
      ". Reload the page to try again.";
    startWorker(); // so a fixed version can still be offered
  });
})();
