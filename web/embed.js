// embed.html: a demo, a guided first game or a replay alone in a frame on someone
// else's page. Glue only. A guided game's first step is drawn at build time too; its
// first press starts Python (every step needs the engine), which then does that press.
// A demo's steps are drawn at build time by the app's own Python (spyweb/embed.py), so
// the frame shows its first step at once and Back, Next, Play and Restart step through
// the others without Python. Python — the engine and a live table — starts only when the
// reader presses Try it yourself (or at once with ?run=1, or for a replay, which cannot
// be drawn in advance): then it takes the frame over from the step shown. A reader who
// only steps through a demo never downloads the runtime. A browser without WebAssembly
// cannot run Python at all: there Try it yourself says so in the frame and starts nothing,
// and the drawn steps go on working.
(function () {
  "use strict";
  var PLAY_MS = 2600; // as spyweb/screens/demos.py
  var root = document.documentElement;
  var app = document.getElementById("app");
  var params = new URLSearchParams(location.search);
  var route = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  var runtime = JSON.parse(document.getElementById("embed-runtime").textContent);
  var demo = null, steps = null, loading = null, step = 0, timer = null, booted = false;
  var guide = null; // a guided first game (#/learn/<game>): its first step drawn in advance
  // As web/boot.js decides it for index.html: without WebAssembly Pyodide could only throw.
  var canRun = typeof WebAssembly === "object" && typeof WebAssembly.instantiate === "function";
  var refused = false; // Try it was asked for in a browser that cannot run it
  // The frame's language: its address's ?lang= (a French blog's frame says lang=fr), else
  // the reader's browser's first language the site speaks, else English. Its words (for
  // this file's own messages) come first; its steps are drawn in embed/<lang>/.
  var spoken = (function () {
    var offered = runtime.languages || {};
    var wanted = [params.get("lang")].concat(navigator.languages || [navigator.language]);
    for (var i = 0; i < wanted.length; i++) {
      var tag = wanted[i];
      if (typeof tag !== "string" || !tag) continue;
      if (tag === "en" || tag.split("-")[0].toLowerCase() === "en" && !(tag in offered)) break;
      if (tag in offered) return { lang: tag, files: offered[tag] };
      var main = tag.split("-")[0].toLowerCase();
      if (main in offered) return { lang: main, files: offered[main] };
    }
    return { lang: "en", files: null };
  })();
  root.lang = spoken.lang;
  var WORDS = null;
  function _(message) { return (WORDS && WORDS[message]) || message; }
  var drawnIn = spoken.files ? "./embed/" + spoken.lang + "/" : "./embed/";
  function N_(message) { return message; } // marked for translation, translated when shown
  var NO_WASM = N_("This browser can't run the live table (it has no WebAssembly) — open it " +
    "in an up-to-date Chrome, Edge, Firefox or Safari.");

  function python() { return root.dataset.ready === "true"; }

  function message(text) {
    var box = document.createElement("section");
    box.className = "embed-message";
    box.setAttribute("role", "alert");
    box.dataset.testid = "embed-message";
    box.innerHTML = '<h1></h1><p></p><p><a class="embed-open" href="./#/" ' +
      'target="_blank" rel="noopener"><span class="ctl-word"></span>spygames ↗</a></p>';
    box.querySelector("h1").textContent = _("Nothing to show here");
    box.querySelector(".ctl-word").textContent = _("Open ");
    box.querySelector("p").textContent = _(text);
    var frame = document.createElement("div");
    frame.className = "embed";
    frame.dataset.kind = "message";
    frame.appendChild(box);
    app.replaceChildren(frame);
  }

  // The line under the demo's caption that says why Try it does nothing here; drawn again
  // with every step, and Try it stays disabled.
  function cannotRun() {
    var text = app.querySelector(".demo-text");
    if (text && !text.querySelector(".embed-no-wasm")) {
      var line = document.createElement("p");
      line.className = "embed-no-wasm";
      line.dataset.testid = "embed-no-wasm";
      line.textContent = _(NO_WASM);
      text.appendChild(line);
    }
    var button = document.getElementById("demo-try");
    if (button) button.disabled = true;
  }

  // Python's worker under this page's policy, as web/boot.js starts it (see there).
  function policed(script, name) {
    var url = new URL(script, document.baseURI).href;
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      return new Worker(url, { type: "module", name: name }); // sw.js adds the policy
    }
    var source = "import " + JSON.stringify(url) + ";\n";
    var blob = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    return new Worker(blob + "#worker.mjs", { type: "module", name: name }); // as policed.mjs
  }

  function boot() {
    if (!canRun) { refused = true; cannotRun(); return; }
    if (booted) return;
    booted = true;
    function link(rel, href, as) {
      var el = document.createElement("link");
      el.rel = rel;
      el.href = href;
      if (as) { el.as = as; el.crossOrigin = "anonymous"; }
      document.head.appendChild(el);
    }
    // Python starts in a worker (web/worker.mjs), which requests the boot's largest
    // downloads at once: their .xz copies and their decoder, unless a service worker's
    // cache holds the plain files (web/python.mjs).
    var plain = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
    root.dataset.download = plain ? "plain" : "xz";
    // The demo's game's own archive (web/tools/archives.py) is packed too: a demo's id
    // starts with its game's prefix ("dos-counter").
    var prefix = route[0] === "demo" && route[1] ? route[1].split("-")[0] : "";
    if (route[0] === "learn" && guide) prefix = runtime.guides[guide];
    var game = Object.prototype.hasOwnProperty.call(runtime.games, prefix) ? runtime.games[prefix] : null;
    var urls = runtime.packed.concat(game ? [game] : []).map(function (url) {
      return plain ? url : url + ".xz";
    });
    if (spoken.files) urls.push(spoken.files[0]); // its catalogue, beside the runtime
    if (!plain && runtime.packed.length) urls.unshift("./vendor/xz/xz.wasm");
    var python = window.spygamesPython = {
      worker: policed("./worker.mjs", "spygames-python"),
      early: [], // the worker's messages before page.mjs took over
      embed: true,
      stage: function () { /* a frame has no progress bar */ },
      failed: couldNotStart,
    };
    python.worker.onmessage = function (event) {
      if (event.data.t === "failed") couldNotStart();
      python.early.push(event.data);
    };
    python.worker.addEventListener("error", function (event) {
      event.preventDefault();
      couldNotStart();
    });
    python.worker.postMessage({
      t: "start",
      preload: urls.map(function (url) { return new URL(url, document.baseURI).href; }),
      download: root.dataset.download,
      href: location.href.split("#")[0],
      base: document.baseURI,
      hash: location.hash,
      embed: {},
      lang: spoken.lang,
      catalogue: spoken.files && new URL(spoken.files[0], document.baseURI).href,
      share: !!navigator.share,
      reducedMotion: !!(window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches),
    });
    runtime.styles.forEach(function (url) { link("stylesheet", url); });
    var page = document.createElement("script");
    page.type = "module";
    page.src = runtime.page;
    document.head.appendChild(page);
    root.dataset.booting = "true";
    performance.mark("embed:boot");
  }

  function waiting() {
    var button = document.getElementById("demo-try");
    if (button && root.dataset.pressed === "demo-try") {
      button.disabled = true;
      button.textContent = _("Starting…");
    }
    var play = document.getElementById("demo-play");
    if (play && timer) { // as spyweb/screens/demos.py draws it
      play.innerHTML = '❚❚<span class="ctl-word"></span>';
      play.querySelector(".ctl-word").textContent = " " + _("Pause");
      play.setAttribute("aria-label", _("Pause"));
      play.setAttribute("aria-pressed", "true");
    }
  }

  function show(index) {
    step = Math.max(0, Math.min(steps.length - 1, index));
    app.innerHTML = steps[step];
    fit();
    follow();
    if (step === steps.length - 1) stop();
    if (refused) cannotRun();
    waiting();
    performance.mark("embed:step");
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    delete root.dataset.playing;
  }

  function play() {
    if (timer) { stop(); show(step); return; }
    if (step === steps.length - 1) show(0);
    root.dataset.playing = "true";
    timer = setInterval(function () {
      if (python()) { clearInterval(timer); return; }
      show(step + 1);
    }, PLAY_MS);
    waiting();
  }

  function press(act) {
    if (act === "demo-next") show(step + 1);
    else if (act === "demo-back") { stop(); show(step - 1); }
    else if (act === "demo-restart") { stop(); show(0); }
    else if (act === "demo-play") play();
    else if (act === "demo-try" && refused) { stop(); show(step); }
    else if (act === "demo-try") { stop(); root.dataset.pressed = act; waiting(); }
  }

  function allSteps() {
    if (!loading) {
      loading = fetch(drawnIn + demo + ".json")
        .then(function (response) { return response.json(); })
        .then(function (data) { steps = data.steps; });
    }
    return loading;
  }

  function pressed(act) {
    performance.mark("embed:input");
    if (act === "demo-try") boot();
    allSteps().then(function () { if (!python()) press(act); });
  }

  // A pointer over the frame (or focus in it) is a reader about to press: fetch the
  // drawn steps then, so Next answers at once. Nothing else loads before a press.
  function soon() { if (demo && !python()) allSteps(); }
  app.addEventListener("pointerover", soon, { once: true });
  app.addEventListener("focusin", soon, { once: true });
  // A guided game's first step is drawn, but every step needs the engine: the first press
  // starts Python, which then does what was pressed (its act and arg, for page.mjs to
  // hand over with the step).
  app.addEventListener("click", function (event) {
    if (python() || !guide) return;
    var el = event.target.closest("[data-act]");
    if (!el || el.disabled) return;
    event.preventDefault();
    if (!canRun) { startless(); return; }
    root.dataset.pressed = el.dataset.act + "\n" + (el.dataset.arg || "");
    var say = document.getElementById("guide-say");
    if (say) say.textContent = _("Starting the game…");
    boot();
  });
  function startless() {
    var say = document.getElementById("guide-say");
    if (say) say.textContent = _(NO_WASM);
  }
  app.addEventListener("click", function (event) {
    if (python() || !demo) return;
    var el = event.target.closest("[data-act]");
    if (!el || el.disabled) return;
    event.preventDefault();
    pressed(el.dataset.act);
  });
  document.addEventListener("keydown", function (event) {
    if (python() || !demo || event.ctrlKey || event.metaKey || event.altKey) return;
    var act = { ArrowRight: "demo-next", ArrowLeft: "demo-back", Home: "demo-restart" }[event.key];
    if (!act) return;
    event.preventDefault();
    pressed(act);
  });
  function couldNotStart() {
    if (python()) return;
    var button = document.getElementById("demo-try");
    if (button && root.dataset.pressed) button.textContent = _("Could not start — reload");
  }
  window.addEventListener("error", couldNotStart);

  // Fit the table to the frame: shrink it (CSS zoom, so it lays out again) until it
  // fits the stage, down to a floor below which the stage scrolls instead.
  function fit() {
    var stage = app.querySelector(".demo-stage, .replay-stage");
    var table = stage && stage.firstElementChild;
    if (!table) return;
    var floor = stage.classList.contains("live-stage") ? 0.65 : 0.55;
    var scale = 1;
    table.style.zoom = "";
    // SpyNet lays itself out for the frame's width (60-spynet.css): it is never zoomed
    // out of readable; a short frame scrolls instead.
    if (table.classList.contains("sn")) return;
    while (scale > floor) {
      var box = table.getBoundingClientRect();
      if (box.height <= stage.clientHeight + 1 && box.width <= stage.clientWidth + 1) break;
      scale = Math.max(floor, scale - 0.05);
      table.style.zoom = String(scale);
    }
  }
  // A step that is about one thing (the card just played, the pile being looked at, the
  // effect to use) scrolls the stage to it when the frame is too short to show it.
  function follow() {
    var stage = app.querySelector(".demo-stage:not(.live-stage)");
    if (!stage) return;
    stage.scrollTop = 0;
    var subject = stage.querySelector(".sn-fresh, .pos-recruit, .pos-effect");
    if (!subject) return;
    // its foot as laid out (it may be popping in, drawn smaller for now), clear of the
    // "More below" cue, with what stands above it (its branch, its tableau) in view
    var edge = stage.getBoundingClientRect(), box = subject.getBoundingClientRect();
    var foot = (box.top + box.bottom) / 2 + subject.offsetHeight / 2;
    if (foot > edge.bottom) stage.scrollTop = foot - edge.bottom + 48;
    more();
  }

  // A stage that scrolls says so: "More below" over its foot while anything is hidden
  // there (a click scrolls on), gone at its end. Drawn again with every step.
  function more() {
    var stage = app.querySelector(".demo-stage, .replay-stage");
    if (!stage) return;
    var cue = stage.parentNode.querySelector(".stage-more");
    var hidden = stage.scrollHeight - stage.clientHeight - stage.scrollTop > 4;
    if (hidden && !cue) {
      cue = document.createElement("div");
      cue.className = "stage-more";
      cue.setAttribute("aria-hidden", "true"); // the stage itself scrolls by keyboard
      cue.textContent = _("More below ↓");
      cue.addEventListener("click", function () {
        stage.scrollBy({ top: stage.clientHeight * 0.8, behavior: "smooth" });
      });
      stage.after(cue);
    }
    if (cue) {
      cue.hidden = !hidden;
      cue.style.top = stage.offsetTop + stage.clientHeight - cue.offsetHeight + "px";
    }
  }
  app.addEventListener("scroll", more, true);

  new MutationObserver(function () { fit(); more(); }).observe(app, { childList: true });
  // Everything here follows from the address: a new one, before Python, starts afresh.
  window.addEventListener("hashchange", function () { if (!python()) location.reload(); });
  window.addEventListener("resize", function () { fit(); more(); });

  // A page drawn at build time (embed/<name>.html), shown until Python takes over; then
  // `shown`, or the message `what` could not be loaded.
  function drawn(name, what, shown) {
    fetch(drawnIn + name + ".html")
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        if (!python()) app.innerHTML = html;
        performance.mark("embed:shown");
        if (params.get("run") === "1") boot();
        if (shown) shown();
      })
      .catch(function () {
        message(what === "demo" ?
          N_("This demo could not be loaded. Check your connection and reload the page.") :
          N_("This guided game could not be loaded. Check your connection and reload the page."));
      });
  }

  function start() {
  if (route[0] === "demo" && route.length === 2 && runtime.demos.indexOf(route[1]) >= 0) {
    demo = route[1];
    drawn(demo, "demo", function () {
      if (params.get("play") === "1") pressed("demo-play");
    });
  } else if (route[0] === "learn" && route.length === 2 &&
             Object.prototype.hasOwnProperty.call(runtime.guides, route[1])) {
    guide = route[1];
    drawn("learn-" + guide, "guided game");
  } else if (route[0] === "replay" && route.length >= 2 && !canRun) {
    message(N_("This browser can't show the replay (it has no WebAssembly) — open it in an " +
      "up-to-date Chrome, Edge, Firefox or Safari."));
  } else if (route[0] === "replay" && route.length >= 2) {
    app.innerHTML = '<div class="embed" data-kind="loading"><p class="embed-loading"></p></div>';
    app.querySelector(".embed-loading").textContent = _("Loading the replay…");
    boot();
  } else if (route[0] === "demo") {
    message(_("There is no demo called “{name}”. It may have been renamed: the list of demos " +
      "is on each game's Rules page.").replace("{name}", route[1] || ""));
  } else {
    message(N_("This frame's address names no demo, no guided game and no replay " +
      "(it should end in #/demo/<name>, #/learn/<game> or #/replay/<record>)."));
  }
  }
  if (!spoken.files) start();
  else {
    fetch(spoken.files[1])
      .then(function (response) { return response.ok ? response.json() : {}; })
      .then(function (data) { WORDS = data.words || null; }, function () { /* English */ })
      .then(start);
  }
})();
