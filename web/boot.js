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
  }
  new MutationObserver(function () {
    if (document.documentElement.dataset.ready === "true") ready();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-ready"] });
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("./sw.js").catch(function () { /* offline play is optional */ });
    });
  }
  window.addEventListener("error", function (event) {
    if (document.documentElement.dataset.ready === "true") return;
    var box = document.getElementById("boot-error");
    if (!box) return;
    box.hidden = false;
    box.textContent = "The game could not start: " + (event.message || "an error occurred") +
      ". Reload the page to try again.";
  });
})();
