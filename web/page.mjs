// The page's side of the app: Python runs in a worker (web/worker.mjs, spyweb/worker.py),
// so this module is all that runs on the page. It sends what the player does as plain
// messages (by event delegation on #app: elements carry data-act / data-arg), puts each
// frame the app sends on the page in one update, keeps what was typed and the focus
// across redraws, says the newest log line to screen readers, writes to localStorage
// what the app stores, and carries out what only a page can do: copy, share, download,
// the camera (web/scanner.mjs) and connections to other devices (web/peers.mjs; a
// worker has no RTCPeerConnection).
//
// boot.js (embed.js in a frame) started the worker with the page, so its downloads began
// at once; it keeps it in window.spygamesPython with the messages that came before this
// module took over.

import { markCut } from "./cut.mjs";
import { guided } from "./guided.mjs";
import { told } from "./news.mjs";

const MAX_FILE = 2_000_000; // bytes: larger files are not read at all
const COPIED = {
  "share-link": "copy",
  "daily-share": "copy-result",
  "reply-code": "copy-reply",
  "invite-link": "copy-invite",
};

const root = document.documentElement;
const app = document.getElementById("app");
const python = window.spygamesPython ?? null; // none where Python cannot run (boot.js says so)
let keys = new Set(); // the keys the screen on show answers (its frame says)
let sent = 0; // the number of the page's last message to the app
let seen = 0; // ... and of the last one the app had heard when it sent its last frame
let following = false; // a link the app followed, until its address is sent

// <html data-waiting> while the app has not answered everything the page sent it (a
// click's frame is a few milliseconds away): a player sees nothing of it; the tests wait
// on it, as they waited for a click's synchronous redraw when Python ran on the page.
function waiting() {
  if (sent > seen || following) root.dataset.waiting = "true";
  else delete root.dataset.waiting;
}
let screen = null; // the number of the screen last drawn (a new one resets the fields)
let first = true;
let painted = false; // whether the worker has been told the first frame is on screen
let dragging = null; // the data-arg of the card being dragged
let version = null;
let peers = null;
let scanner = null;
let yours = null;
let full = false; // the browser refused the last write for want of room
// What the site's tabs say to each other (what each plays, a friend's reply): the app's
// words, carried both ways (none in a frame on another site).
const CHANNEL = "spygames";
const tabs = python && !python.embed && window.BroadcastChannel ? new BroadcastChannel(CHANNEL) : null;

// What the player does goes to the app; in a frame, only once Python has taken over
// (until then embed.js steps through the drawn demo).
function send(message) {
  if (!python) return;
  if (python.embed && root.dataset.ready !== "true" && !["resume", "done"].includes(message.t)) {
    return;
  }
  python.worker.postMessage({ ...message, seq: ++sent });
  waiting();
}

function input() {
  performance.mark("spy:input");
}

// When a frame came and was drawn, and a message to another device left and came (peers.mjs), for `make bench` (bench/together.py): on a page where it made the list; nothing is worked out otherwise.
const stamp = (what, key, text = "") => window.spygamesTimes?.push([performance.timeOrigin + performance.now(), what, typeof key === "function" ? key() : key, text.slice(0, 40)]);
// -- events ------------------------------------------------------------------------
function listen(target, event, handler) {
  target.addEventListener(event, (e) => {
    try {
      handler(e);
    } catch (error) {
      console.error("spygames:", error);
    }
  });
}

listen(app, "click", (event) => {
  // A form's data-act is for submit, a file input's for change (its click opens the
  // file chooser and must not be prevented).
  const element = event.target.closest("[data-act]:not(form):not(input)");
  if (!element || element.disabled) return;
  event.preventDefault();
  input();
  send({ t: "click", act: element.dataset.act, arg: element.dataset.arg || "" });
});

function submit(form) {
  const values = {};
  for (const field of form.elements) {
    if (field.name && (!["checkbox", "radio"].includes(field.type) || field.checked)) {
      values[field.name] = field.value;
    }
  }
  input();
  send({ t: "submit", act: form.dataset.act, values });
}

listen(app, "submit", (event) => {
  if (!event.target.dataset.act) return;
  event.preventDefault();
  submit(event.target);
});

// Text pasted into a form that says data-paste-submits (a friend's reply) is sent at
// once, as if its button had been pressed.
listen(app, "input", (event) => {
  const form = event.target.form;
  if (event.inputType !== "insertFromPaste" || !form) return;
  if (form.hasAttribute("data-paste-submits") && form.dataset.act) submit(form);
});

// A box ticked (a click for the app), or a file chosen for import: read, then sent.
listen(app, "change", (event) => {
  const target = event.target;
  const act = target.dataset?.act;
  if (target.type === "checkbox" && act) {
    send({ t: "click", act, arg: target.dataset.arg || "" });
    return;
  }
  if (target.type !== "file" || !act || !target.files.length) return;
  const file = target.files[0];
  target.value = ""; // choosing the same file again fires again
  if (file.size > MAX_FILE) {
    send({ t: "submit", act, values: { too_big: "1" } });
    return;
  }
  file.text().then((text) => send({ t: "submit", act, values: { name: file.name, text } }));
});

// A card picked up is remembered (the page is not redrawn during a drag).
listen(app, "dragstart", (event) => {
  const source = event.target.closest("[draggable=true][data-arg]");
  if (!source) return;
  dragging = source.dataset.arg;
  event.dataTransfer.setData("text/plain", dragging);
  event.dataTransfer.effectAllowed = "move";
});

listen(app, "dragover", (event) => {
  if (dragging !== null && event.target.closest("[data-drop-act]")) event.preventDefault();
});

listen(app, "drop", (event) => {
  const target = event.target.closest("[data-drop-act]");
  const dragged = dragging;
  dragging = null;
  if (!target || dragged === null) return;
  event.preventDefault();
  input();
  send({ t: "drop", dragged, act: target.dataset.dropAct, arg: target.dataset.dropArg || "" });
});

// A link field selects itself, ready to copy.
listen(app, "focusin", (event) => {
  if (event.target.hasAttribute?.("data-select")) event.target.select();
});

// A key is the app's when its last frame listed it, outside the fields ("c" in a name
// box must not call a bid); the page keeps every other key's own action. A key pressed
// while the app has not yet answered what came before (keys typed faster than a frame)
// is sent too, for the app to take if it then answers it, its own action kept.
listen(document, "keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.isContentEditable) return;
  if (keys.has(event.key)) event.preventDefault();
  else if (seen === sent) return;
  input();
  send({ t: "key", key: event.key });
});

listen(window, "hashchange", () => {
  following = false;
  send({ t: "hash", hash: location.hash });
});
if (tabs) listen(tabs, "message", (event) => send({ t: "tab", data: String(event.data) }));

// Another tab wrote to storage (a storage cleared there has no key: all is sent again,
// as boot.js read it for the worker's start). A frame keeps nothing in storage.
if (python && !python.embed) {
  listen(window, "storage", (event) => {
    if (event.storageArea !== localStorage) return;
    if (event.key === null) send({ t: "storage", key: null, items: python.stored() });
    else send({ t: "storage", key: event.key, value: event.newValue });
  });
}

// -- storage ------------------------------------------------------------------------
// A write the app made. One refused for want of room is reported; after one, the first
// that succeeds is reported too.
function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (error) {
    if (!/quota/i.test(`${error.name} ${error.message}`)) {
      console.warn("spygames: storage refused a write", error);
    }
    full = true;
    send({ t: "stored", ok: false, key });
    return;
  }
  if (full) {
    full = false;
    send({ t: "stored", ok: true, key });
  }
}

// -- frames -------------------------------------------------------------------------
// A field's value as the page gave it: its default text, or a list's option marked
// selected (else its first).
function given(field) {
  if (field.tagName !== "SELECT") return field.defaultValue;
  const chosen = [...field.options].find((option) => option.defaultSelected);
  return (chosen || field.options[0])?.value ?? "";
}

// What was typed or chosen in the screen's fields, by id, with the value the page gave
// each: a redraw must not wipe it (it is put back where the field still has that value).
function typed() {
  const found = new Map();
  const fields = app.querySelectorAll(
    "textarea:not([readonly]), select, input:not([readonly]):not([type=hidden])" +
      ":not([type=checkbox]):not([type=radio]):not([type=file])"
  );
  for (const field of fields) {
    const value = field.value;
    const start = given(field);
    if (field.id && value !== start) found.set(field.id, [value, start]);
  }
  return found;
}

// Focus was in the part just redrawn: put it back on the same control if it is still
// there and usable, else on what the person needs next (a screen marks it data-main:
// Espionage's Call when a bid is put to you, who is thinking while you wait), else on
// the screen's main action (its first enabled primary button), else on its heading; on
// a new screen, on its heading. Never leave it on the page's body, where a keyboard
// player would start over.
function refocus(focused, newScreen, selection) {
  const again = newScreen || !focused ? null : document.getElementById(focused);
  if (again && !again.disabled) {
    again.focus();
    // The text selected (or the caret) in a field, as it was: a paste or a keystroke
    // landing just after a redraw goes where it was aimed, not before the field's text.
    if (selection) {
      try {
        again.setSelectionRange(...selection);
      } catch {
        // a field without a selection (a number): nothing to put back
      }
    }
    return;
  }
  const main = ["[data-main]:not([disabled])", ".btn-primary:not([disabled])"];
  const selectors = newScreen ? ["h1", "h2"] : [...main, "h1", "h2"];
  for (const selector of selectors) {
    const target = app.querySelector(selector);
    if (target) {
      if (selector.startsWith("h")) target.setAttribute("tabindex", "-1");
      target.focus();
      return;
    }
  }
}

function draw(frame) {
  const active = document.activeElement;
  const focused = active ? active.id || "" : "";
  const inside = !!active && app.contains(active);
  let selection = null;
  try {
    if (typeof active?.selectionStart === "number") {
      selection = [active.selectionStart, active.selectionEnd, active.selectionDirection];
    }
  } catch {
    selection = null; // a field without a selection
  }
  const newScreen = frame.screen !== screen;
  screen = frame.screen;
  const fields = newScreen ? new Map() : typed();
  if (!(first && app.innerHTML === frame.html)) app.innerHTML = frame.html; // the home drawn before boot
  first = false;
  for (const [id, [value, start]] of fields) {
    const field = document.getElementById(id);
    if (field && given(field) === start && !field.matches("[readonly]")) field.value = value;
  }
  document.title = frame.title;
  keys = new Set(frame.keys);
  const wanted = app.querySelector("[data-autofocus]");
  if (wanted) wanted.focus();
  else if (inside) refocus(focused, newScreen, selection);
  guided(app); // a guided game: what its step is about, clear of its panel (guided.mjs)
  told(app, newScreen); // what the draw brought, to screen readers (news.mjs)
  markCut(app); // lines cut with …, marked so their “more” shows (cut.mjs)
  performance.mark("spy:rendered");
  stamp("drawn", () => document.getElementById("join-bar")?.dataset.move);
  if (!painted && python) {
    // Once this first frame is painted and the page is idle, Python's worker downloads
    // the other games' code.
    painted = true;
    const idle = window.requestIdleCallback ?? ((then) => setTimeout(then, 200)); // Safari
    const tell = () => python.worker.postMessage({ t: "drawn" });
    requestAnimationFrame(() => idle(tell, { timeout: 2000 }));
  }
  if (performance.getEntriesByName("spy:input").length) {
    performance.measure("spy:latency", "spy:input", "spy:rendered");
    performance.clearMarks("spy:input");
  }
}

function frame(message) {
  stamp("frame");
  seen = message.seen ?? seen; // none in a frame of effects sent ahead of its drawing
  for (const effect of message.effects) run(effect);
  const [target, inPlace] = message.navigation;
  if (inPlace !== null) history.replaceState(null, "", inPlace);
  if (target !== null && target !== location.hash) {
    following = true;
    waiting();
    location.hash = target; // hashchange routes and draws
    return;
  }
  waiting();
  if (message.html === undefined) return;
  draw(message);
  if (version !== null && root.dataset.ready !== "true") {
    const shown = document.getElementById("version"); // the app's footer (not in a frame)
    if (shown) shown.textContent = version;
    root.dataset.ready = "true";
  }
}

// -- effects ------------------------------------------------------------------------
function run([kind, ...payload]) {
  if (kind.startsWith("peer-")) connections().then((c) => c.run(kind, payload));
  else if (kind.startsWith("scan-")) camera().then((s) => s.run(kind, payload));
  else if (kind.startsWith("yours-")) yourBots().then((y) => y.run(kind, payload));
  else if (kind === "copy") copy(...payload);
  else if (kind === "share") navigator.share({ url: payload[0], title: "spygames" }).catch(() => {});
  else if (kind === "share-text") navigator.share({ text: payload[0] }).catch(() => {});
  else if (kind === "download") download(...payload);
  else if (kind === "turn") turn(...payload);
}

// It is (on = "1") or is no longer this device's turn at a table played together: the
// installed app's badge says so where the browser has one, and — if the player allowed
// it — the device vibrates once ("always", or only while the page is "hidden").
function turn(on, vibrate) {
  if (on !== "1") {
    navigator.clearAppBadge?.()?.catch(() => {});
    return;
  }
  navigator.setAppBadge?.(1)?.catch(() => {});
  if (vibrate === "always" || (vibrate === "hidden" && document.hidden)) navigator.vibrate?.(200);
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// The clipboard API where allowed, else the selected field and execCommand; the app is
// told how it went, as the kind it named (a seat's invitation: "copy-invite-1") or the
// field's.
function copy(text, fieldId = "share-link", named = "") {
  const kind = named || COPIED[fieldId] || "copy-embed";
  const done = (ok) => send({ t: "done", kind, ok });
  const fallback = () => {
    const field = document.getElementById(fieldId);
    let ok = false;
    if (field) {
      field.select();
      ok = document.execCommand("copy");
    }
    done(ok);
  };
  if (!navigator.clipboard) return fallback();
  navigator.clipboard.writeText(text).then(() => done(true), fallback);
}

// What the page's connections to other devices and its camera report goes to the app.
function reporter(type) {
  return (kind, key, payload) => send({ t: type, kind, key, payload });
}

// Loaded on first use (playing together).
let connected = null; // the Connections, once loaded
function connections() {
  peers ??= import("./peers.mjs").then(({ Connections }) => {
    connected = new Connections(reporter("peer"), { stamp });
    return connected;
  });
  return peers;
}

// A calm moment for an update (boot.js's banner waits for one): no other device is
// connected to this one, since a reload would drop a friend mid-game.
window.spygamesCalm = () => !connected || connected.live() === 0;

// Your bot from the Bot Lab, in a worker of its own: loaded when a table first asks it.
function yourBots() {
  yours ??= import("./yours.mjs").then(({ YourBots }) => new YourBots(reporter("yours")));
  return yours;
}

// Back to this page from the Lab through the browser's page cache: the tab's bots may
// have changed since it started.
window.addEventListener("pageshow", (event) => {
  if (event.persisted && window.spygamesYours) send({ t: "yours-games", games: window.spygamesYours() });
});

// The camera's QR code reader, where the browser can read QR codes.
function camera() {
  scanner ??= import("./scanner.mjs").then(({ Scanner }) => new Scanner(reporter("scanned")));
  return scanner;
}

// -- the worker's messages --------------------------------------------------------
// Once the page is ready and the browser idle, a worker makes this build's Python
// snapshot (web/python.mjs restores it at the next visit) — only on a page that asks
// for it (index.html's data-python-snapshot="keep"; an embed on someone's blog does not
// write 30 MB into its reader's browser).
function keepSnapshot() {
  if (root.dataset.pythonSnapshot !== "keep") return;
  const start = async () => {
    const { policedWorker } = await import("./policed.mjs"); // the page's policy, in it too
    const script = new URL("./vendor/pyodide/snapshot.mjs", document.baseURI);
    // The worker downloads what the page downloaded: a worker made by a page that no
    // service worker serves is not served by one either.
    if (root.dataset.download === "xz") script.searchParams.set("download", "xz");
    const worker = policedWorker(script, { name: "spygames-snapshot" });
    worker.addEventListener("message", () => worker.terminate());
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      console.warn("spygames: no Python snapshot kept:", event.message);
      worker.terminate();
    });
  };
  const idle = () =>
    window.requestIdleCallback ? requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000);
  if (root.dataset.ready === "true") return idle();
  const watch = new MutationObserver(() => {
    if (root.dataset.ready !== "true") return;
    watch.disconnect();
    idle();
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// In a frame (embed.html), Python takes over from embed.js where the reader is: the
// step shown and the button pressed while Python was loading.
function resume() {
  const shown = document.querySelector("#app [data-step]");
  send({
    t: "resume",
    step: shown ? Number(shown.dataset.step) : 0,
    playing: root.dataset.playing === "true",
    pressed: root.dataset.pressed || "",
  });
}

function heard(message) {
  if (message.t === "frame") frame(message);
  else if (message.t === "store") store(message.key, message.value);
  else if (message.t === "tab") tabs?.postMessage(message.data);
  else if (message.t === "mark") performance.mark(message.name);
  else if (message.t === "lang") document.documentElement.lang = message.lang; // no catalogue
  else if (message.t === "stage") {
    python.stage(message.name);
    if (message.keep) keepSnapshot();
  } else if (message.t === "ready") {
    version = message.version;
    if (python.embed) resume();
    else if (window.BarcodeDetector) camera().then((s) => s.probe()); // a Scan button (scanner.mjs)
  } else if (message.t === "failed") python.failed(message.message);
}

if (python) {
  python.worker.onmessage = ({ data }) => {
    try {
      heard(data);
    } catch (error) {
      console.error("spygames:", error);
    }
  };
  for (const message of python.early.splice(0)) heard(message);
}
