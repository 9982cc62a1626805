// Boot: the frame for the address being opened, progress on real events, and a plain
// message (with Reload) when the runtime cannot start. Glue only: no app logic here.
(function () {
  "use strict";
  var root = document.documentElement;
  function ready() { return root.dataset.ready === "true"; }

  // -- Python's worker, started with the page --------------------------------------------
  // Python runs in a worker (web/worker.mjs), never on this page's main thread: the page
  // drawn before boot answers while it starts. It starts here, in <head>, so the boot's
  // largest downloads begin at once: the worker requests them before anything else.
  // <meta name="spygames-packed"> names them; with no service worker in charge yet, the
  // worker downloads their .xz copies and their decoder's WebAssembly (web/python.mjs), a
  // service worker's cache holds the plain files. page.mjs takes the worker over
  // (window.spygamesPython), with the messages that came before it did.
  function stored() {
    try {
      var items = {};
      for (var i = 0; i < localStorage.length; i++) {
        var key = localStorage.key(i);
        items[key] = localStorage.getItem(key);
      }
      return items;
    } catch (error) {
      return null; // a browser that lets the page store nothing
    }
  }
  // The games whose "Your bot" this tab holds: the Bot Lab's "Play it at a table" keeps
  // its code in sessionStorage, for as long as the tab lives (web/yours.mjs runs it).
  function yours() {
    try {
      var held = [];
      for (var i = 0; i < sessionStorage.length; i++) {
        var key = sessionStorage.key(i);
        if (key.indexOf("spygames:yours:") === 0) held.push(key.slice("spygames:yours:".length));
      }
      return held;
    } catch (error) {
      return [];
    }
  }
  window.spygamesYours = yours;

  // -- the player's language -------------------------------------------------------------
  // <meta name="spygames-languages"> (web/tools/languages.py): "en fr=./locale/fr.….mo …",
  // English first, then each language with its catalogue. The language is the link's
  // (?lang=fr), else the one the player chose (the language switch keeps it), else the
  // first of the browser's languages we speak, else English. The worker downloads its
  // catalogue beside the runtime, and Python speaks it from its first frame.
  var LANG_KEY = "spygames:pref:lang";
  function language() {
    var meta = document.querySelector('meta[name="spygames-languages"]');
    var urls = {};
    (meta ? meta.content.split(" ") : ["en"]).forEach(function (entry) {
      var pair = entry.split("=");
      urls[pair[0]] = pair[1] || null;
    });
    var asked = null, kept = null, found = null;
    try { asked = new URLSearchParams(location.search).get("lang"); } catch (error) { asked = null; }
    try { kept = localStorage.getItem(LANG_KEY); } catch (error) { kept = null; }
    var wanted = [asked, kept].concat(navigator.languages || [navigator.language]);
    for (var i = 0; i < wanted.length; i++) {
      var tag = wanted[i];
      if (typeof tag !== "string" || !tag) continue;
      var main = tag.split("-")[0].toLowerCase();
      found = tag in urls ? tag : main in urls ? main : null;
      if (found) break;
    }
    var files = (found && urls[found] || "").split("|");
    return { lang: found || "en", url: files[0] || null, words: files[1] || null };
  }
  var spoken = language();
  root.lang = spoken.lang;
  if (spoken.url) { // the app's manifest in that language (its description), if installed now
    var manifest = document.querySelector('link[rel="manifest"]');
    if (manifest) manifest.href = "./manifest." + spoken.lang + ".webmanifest";
  }
  window.spygamesLanguage = spoken;

  // The page's own words in that language (boot.js, page.mjs… say `_("…")`), and the
  // frames shown before Python runs, drawn in it: a small file fetched at once. Until it
  // has come (3 s at most), the page is not shown, so English never flashes first.
  var WORDS = null;
  function _(message, values) {
    var text = (WORDS && WORDS[message]) || message;
    return !values ? text : text.replace(/\{([A-Za-z_]\w*)\}/g, function (whole, name) {
      return name in values ? String(values[name]) : whole;
    });
  }
  window.spygamesWords = _;
  function N_(message) { return message; } // marked for translation, translated when shown
  function whenParsed(then) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", then);
    else then();
  }
  function translate(data) {
    WORDS = data.words || {};
    document.querySelectorAll("[data-i18n]").forEach(function (el) {
      if (!el.children.length) el.textContent = _(el.textContent.replace(/\s+/g, " ").trim());
    });
    document.querySelectorAll("[data-i18n-attrs]").forEach(function (el) {
      el.getAttribute("data-i18n-attrs").split(" ").forEach(function (name) {
        if (el.hasAttribute(name)) el.setAttribute(name, _(el.getAttribute(name)));
      });
    });
    var app = document.getElementById("app");
    document.querySelectorAll("template[data-frame]").forEach(function (t) { t.remove(); });
    if (app && data.frames) app.insertAdjacentHTML("beforebegin", data.frames);
    if (app && data.home && !ready()) {
      var shown = app.firstElementChild;
      var frame = shown && shown.dataset ? shown.dataset.frame || "home" : "home";
      if (frame === "home") app.innerHTML = data.home;
      showFrame(true);
    }
    showFailure();
  }
  // The language switch in the footer: the languages offered, in their own words
  // (<meta name="spygames-language-names">); shown when there are two or more. A choice
  // is kept, and the page starts again in it (every game is saved as it is played; a game
  // that is not, a demo's tried game, is asked about first).
  function languageSwitch() {
    var meta = document.querySelector('meta[name="spygames-language-names"]');
    var select = document.getElementById("lang-switch");
    var names = meta ? meta.content.split(" ").filter(Boolean) : [];
    if (!select || names.length < 2) return;
    names.forEach(function (entry) {
      var pair = entry.split("=");
      var option = document.createElement("option");
      option.value = pair[0];
      option.lang = pair[0];
      option.textContent = pair[1].replace(/_/g, " ");
      option.selected = pair[0] === spoken.lang;
      select.appendChild(option);
    });
    select.closest(".lang-switch").hidden = false;
    select.addEventListener("change", function () {
      var chosen = select.value;
      // The page starts again in the new language: a game nothing keeps is asked about
      // first, and so are friends' devices connected to this one (invited again after).
      var fleeting = document.querySelector("#app [data-fleeting]");
      var friends = window.spygamesCalm && !window.spygamesCalm();
      var asked = fleeting ?
        _("Change the language? The game you are trying here is not saved: it will be gone.") :
        friends ? _("Change the language? This page starts again, and your friends' " +
          "devices lose the table: you invite them again from it.") : null;
      if (asked && !confirm(asked)) {
        select.value = spoken.lang;
        return;
      }
      var url = new URL(location.href);
      url.searchParams.delete("lang"); // a link's language gives way to the player's choice
      try {
        localStorage.setItem(LANG_KEY, chosen);
      } catch (error) {
        url.searchParams.set("lang", chosen); // a browser that stores nothing: the address keeps it
      }
      if (url.href === location.href) location.reload(); // the same address: start again
      else location.replace(url.href);
    });
  }
  whenParsed(languageSwitch);

  if (spoken.words) {
    root.dataset.langPending = "true";
    var shown = function () { delete root.dataset.langPending; };
    setTimeout(shown, 3000);
    fetch(spoken.words)
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (data) { whenParsed(function () { translate(data); shown(); }); })
      .catch(function (error) {
        console.warn("spygames: the page's words in " + spoken.lang + " did not load", error);
        shown();
      });
  }
  function startPython() {
    var meta = document.querySelector('meta[name="spygames-packed"]');
    if (!meta || typeof WebAssembly !== "object" || !window.Worker) return;
    var plain = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
    root.dataset.download = plain ? "plain" : "xz";
    var urls = meta.content.split(" ").filter(Boolean);
    // <meta name="spygames-games">: each game's own archive (web/tools/archives.py), of
    // which the page needs the one of the game its address opens (#/<game>/…).
    var archives = document.querySelector('meta[name="spygames-games"]');
    var opened = location.hash.replace(/^#\/?/, "").split("/")[0];
    (archives ? archives.content.split(" ") : []).forEach(function (url) {
      if (opened && url.slice(-opened.length - 5) === "/" + opened + ".zip") urls.push(url);
    });
    if (!plain) urls = ["./vendor/xz/xz.wasm"].concat(urls.map(function (url) { return url + ".xz"; }));
    if (spoken.url) urls.push(spoken.url);
    var python = window.spygamesPython = {
      worker: policed("./worker.mjs", "spygames-python"),
      early: [], // the worker's messages before page.mjs took over
      stage: mark,
      failed: function (text) { fail(failedLoad(text) ? MISSING : BROKEN); },
      stored: stored,
    };
    python.worker.onmessage = function (event) {
      var message = event.data;
      if (message.t === "stage") mark(message.name);
      if (message.t === "failed") python.failed(message.message);
      python.early.push(message);
    };
    python.worker.addEventListener("error", function (event) {
      event.preventDefault();
      python.failed(String(event.message || "worker.mjs did not load"));
    });
    python.worker.postMessage({
      t: "start",
      preload: urls.map(function (url) { return new URL(url, document.baseURI).href; }),
      download: root.dataset.download,
      href: location.href.split("#")[0],
      base: document.baseURI,
      hash: location.hash,
      // every game's archive, plain: the worker fetches the one of an address opened
      // before the app runs (a New game tapped on the first frame), with the runtime
      games: (archives ? archives.content.split(" ") : []).map(function (url) {
        return new URL(url, document.baseURI).href;
      }),
      storage: stored(),
      share: !!navigator.share,
      vibrate: typeof navigator.vibrate === "function",
      reducedMotion: !!(window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches),
      yours: yours(),
      lang: spoken.lang,
      catalogue: spoken.url && new URL(spoken.url, document.baseURI).href,
    });
  }

  // -- the frame for this address, before Python runs ------------------------------------
  // index.html carries one <template data-frame="…"> per kind of address (drawn by
  // spyweb/screens/preboot.py at build time); #app starts with the home frame.
  // A frame is found by the address's first part (a game's id, "saves"...); the games
  // are the templates the build drew, so this file holds no list of them.
  function frameKey() {
    var parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
    if (!parts.length || !/^[a-z][a-z-]*$/.test(parts[0])) return "home";
    return parts[1] === "rules" ? parts[0] + "/rules" : parts[0];
  }
  function showFrame(again) {
    if (ready()) return;
    var app = document.getElementById("app");
    var wanted = document.querySelector('template[data-frame="' + frameKey() + '"]') ||
      document.querySelector('template[data-frame="home"]');
    if (!app || !wanted) return;
    var shown = app.firstElementChild;
    var current = shown && shown.dataset ? shown.dataset.frame || "home" : "";
    if (current === wanted.dataset.frame && again !== true) return;
    app.replaceChildren(wanted.content.cloneNode(true));
  }
  // As soon as the parser has closed #app (something follows it), before anything is
  // painted: observers run before the browser next renders. DOMContentLoaded comes only
  // after page.mjs has loaded, by when the home frame may be on screen.
  new MutationObserver(function (changes, watch) {
    var app = document.getElementById("app");
    if (!app || !app.nextSibling) return;
    watch.disconnect();
    showFrame();
  }).observe(root, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", showFrame);
  window.addEventListener("hashchange", showFrame);

  // -- progress: each stage is done when its work is -------------------------------------
  // runtime: the WebAssembly has arrived and is made; python: Pyodide has started its
  // interpreter; engine: our wheel and UI zip are unpacked (the worker says each); app:
  // the page has drawn the screen and is marked ready. The bar's share of each stage is
  // its share of a median cold boot on our 2-core machine (make bench: 2%, 89%, 2%, 7%).
  var STAGES = ["runtime", "python", "engine", "app"];
  var UPTO = { runtime: 5, python: 90, engine: 93, app: 100 };
  var done = {};
  // The stage under way pulses (an opacity animation, which runs off the main thread, so
  // it keeps moving while Python starts) — a sign of work, not a measure of it.
  function active() {
    var next = STAGES.filter(function (name) { return !done[name]; })[0];
    STAGES.forEach(function (name) {
      var item = document.querySelector('[data-stage="' + name + '"]');
      if (item) item.classList.toggle("active", name === next && !failed);
    });
  }
  document.addEventListener("DOMContentLoaded", active);
  // Python's worker under this page's Content-Security-Policy: a worker loaded from the
  // site's own address carries only the policy of its response's headers (Pages sends
  // none), so it starts from a blob: address, which takes its creator's policy, and
  // imports worker.mjs from there; on a page the service worker controls, from its own
  // address, which sw.js serves with the policy as a header (web/policed.mjs says why).
  // Inside it no eval runs and nothing is fetched from another origin.
  function policed(script, name) {
    var url = new URL(script, document.baseURI).href;
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      return new Worker(url, { type: "module", name: name }); // sw.js adds the policy
    }
    var source = "import " + JSON.stringify(url) + ";\n";
    var blob = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    return new Worker(blob + "#worker.mjs", { type: "module", name: name }); // as policed.mjs
  }

  function mark(stage) {
    if (done[stage] || failed) return;
    STAGES.slice(0, STAGES.indexOf(stage)).forEach(mark); // each stage follows the one before
    done[stage] = true;
    performance.mark("boot:" + stage);
    var item = document.querySelector('[data-stage="' + stage + '"]');
    if (item) item.classList.add("done");
    var percent = 0;
    STAGES.forEach(function (name) { if (done[name]) percent = Math.max(percent, UPTO[name]); });
    var fill = document.getElementById("boot-fill");
    if (fill) fill.style.width = percent + "%";
    var bar = document.getElementById("boot-bar");
    if (bar) bar.setAttribute("aria-valuenow", String(percent));
    active();
  }
  function started() {
    STAGES.forEach(mark);
    var boot = document.getElementById("boot");
    if (boot) boot.hidden = true;
    startWorker();
  }
  new MutationObserver(function () { if (ready()) started(); })
    .observe(root, { attributes: true, attributeFilter: ["data-ready"] });

  // -- when it cannot start -------------------------------------------------------------
  var failed = null; // the message shown, once something has failed
  function fail(text) {
    if (failed || ready()) return;
    failed = text;
    root.dataset.bootFailed = "true";
    showFailure();
    active();
    startWorker(); // so a fixed version can still be offered
  }
  function showFailure() {
    var box = document.getElementById("boot-error");
    var words = document.getElementById("boot-error-text");
    if (!failed || !box || !words) return; // before the body is parsed: at DOMContentLoaded
    words.textContent = _(failed);
    box.hidden = false;
  }
  document.addEventListener("DOMContentLoaded", showFailure);
  var MISSING = N_("spygames couldn't start: part of the game failed to load. Check your " +
    "connection and reload; if it keeps happening, try another browser.");
  var OLD = N_("spygames couldn't start: this browser can't run it (it has no WebAssembly). " +
    "Open the game in an up-to-date Chrome, Edge, Firefox or Safari.");
  var BROKEN = N_("spygames couldn't start: something went wrong while starting. Reload the " +
    "page; if it keeps happening, try another browser.");
  // The files the game cannot start without: the runtime, our wheel and UI, the page's
  // side of the app.
  var NEEDED = /\/(vendor\/pyodide|dist|app)\/|\/(page|worker)\.mjs$/;
  function failedLoad(text) {
    return /fetch|network|wasm|404|not found/i.test(text);
  }
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    fail(OLD); // nothing can run Python here: no worker is started
  }
  // Captured: a <link> or <script> that fails to load reports here, not on window.
  window.addEventListener("error", function (event) {
    var el = event.target;
    if (el && el !== window && el.tagName) {
      var url = el.href || el.src || "";
      if (NEEDED.test(url)) fail(MISSING);
      return;
    }
    fail(failedLoad(String(event.message)) ? MISSING : BROKEN);
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    fail(failedLoad(String(reason && (reason.message || reason))) ? MISSING : BROKEN);
  });
  document.addEventListener("click", function (event) {
    if (event.target && event.target.id === "boot-reload") location.reload();
  });
  if (!failed) startPython();

  // Offline play and updates. sw.js copies the whole game into its cache at install and
  // then serves it from there. A new version installs in the background and waits; the
  // #update banner offers it, and the page switches only when the player presses Reload.
  var worker = "serviceWorker" in navigator && location.protocol !== "file:";
  var registered = false;
  function startWorker() {
    if (!worker || registered) return;
    registered = true;
    navigator.serviceWorker.register("./sw.js").then(watch).catch(function () { /* optional */ });
    // The player's language is kept for offline visits too (sw.js keeps only the ones read).
    if (spoken.url) {
      navigator.serviceWorker.ready.then(function (reg) {
        if (reg.active) reg.active.postMessage({ type: "keep-language", lang: spoken.lang });
      });
    }
  }
  function watch(reg) {
    var box = document.getElementById("update");
    var switching = false;
    // A new version is ready when a worker has installed while an older one controls
    // this page (on a first visit there is no controller and nothing to offer). It is
    // offered at a calm moment: while a friend's device is connected to this one
    // (page.mjs's spygamesCalm), the banner waits, looking again every CALM_MS.
    var CALM_MS = 3000;
    var waitingForCalm = 0;
    function calm() { return !window.spygamesCalm || window.spygamesCalm(); }
    function show() {
      if (calm()) {
        clearInterval(waitingForCalm);
        waitingForCalm = 0;
        box.hidden = false;
      } else if (!waitingForCalm) {
        waitingForCalm = setInterval(show, CALM_MS);
      }
    }
    function track(sw) {
      if (!sw) return;
      function offer() {
        if (sw.state === "installed" && navigator.serviceWorker.controller) show();
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
})();
