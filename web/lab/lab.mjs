// The Bot Lab's page: the editor, the match's controls and results. Python runs in
// PyScript's worker (worker.py), with spygames installed by micropip from PyScript's
// `packages`; the page only sends it the code and the match, and draws what comes back.
//
// A match is played a few games per call, so the page shows its progress and can stop
// between two calls (Cancel). A bot that takes more than DECIDE_S on one decision (a loop
// that never ends) is stopped: the worker is ended and a new one started, and the page
// says so. The code is kept as it is typed, per game, in localStorage.
import { PyWorker } from "../vendor/pyscript/core.js";
import { linkFor, readLink } from "./share.mjs";

const WHEEL = "__WHEEL__"; // written by the build (web/tools/people.py)
const DECIDE_S = 2; // the longest a bot may think about one decision
const BEAT_S = 0.5; // worker.py's: its "ask" may have come this long before the decision
const SLICE_MS = 80; // games per call: about this long, so the page answers at once
const KEPT = "spygames:lab:"; // + game id: the code as last typed
const PLAYERS = { "deck-of-spies": [1, 1], espionage: [2, 4], spynet: [2, 4] };

const $ = (id) => document.getElementById(id);
const source = $("lab-source");
const lines = $("lab-lines");
const game = $("lab-game");
let worker = null;
let ready = null; // a promise: the worker has said "ready"
let watchdog = 0;
let running = null; // {cancelled} while a match plays
let current = game.value; // the game whose code the editor holds
let shared = null; // {game, code} while the editor shows a bot from a link (not kept)

// -- Python ----------------------------------------------------------------------------
function startPython() {
  const state = $("lab-python");
  state.textContent = "Python is starting…";
  state.dataset.state = "starting";
  $("lab-run").disabled = true;
  // PyWorker takes the interpreter's address as `version` (polyscript's XWorker option);
  // the config's `interpreter` is read only for <script type="py"> tags.
  const version = new URL("../vendor/pyodide-py/pyodide.mjs", import.meta.url).href;
  // packages_cache "never": micropip installs the wheel on every start. PyScript's cache
  // would load it later from a lock file kept in IndexedDB, holding the wheel's sha256,
  // which an updated site's wheel of the same name would fail.
  const wheel = new URL(`../wheels/${WHEEL}`, import.meta.url).href;
  const config = { packages: [wheel], packages_cache: "never" };
  let said;
  ready = new Promise((done) => (said = done));
  const made = PyWorker(new URL("worker.py", import.meta.url).href, { config, version });
  made.then(async (w) => {
    worker = w;
    w.onmessage = (event) => heard(event.data);
    heard(await w.sync.hello(), said);
  });
  made.catch((error) => failed(`Python could not start: ${error}`));
  return ready;
}

function heard(data, said = () => {}) {
  if (data === "ask") {
    clearTimeout(watchdog);
    watchdog = setTimeout(stuck, (DECIDE_S + BEAT_S) * 1000); // see worker.py
  } else if (data === "done") {
    clearTimeout(watchdog);
  } else if (typeof data === "string" && data.startsWith("{")) {
    const message = JSON.parse(data);
    if (message.kind === "ready") {
      const state = $("lab-python");
      state.textContent = `Python is ready: spygames ${message.version}, installed by ${message.installer}.`;
      state.dataset.state = "ready";
      state.dataset.installer = message.installer;
      $("lab-run").disabled = false;
      said(message);
    }
  }
}

function failed(words) {
  const state = $("lab-python");
  state.textContent = words;
  state.dataset.state = "failed";
}

// The bot never answered: end the worker (the only way to stop Python mid-loop) and
// start a new one.
function stuck() {
  if (worker) worker.terminate();
  worker = null;
  if (running) {
    running.stuck = true;
    running.stop?.(new Error("stopped"));
  }
  showError(`Your bot took more than ${DECIDE_S} seconds on one decision, so it was stopped.`, null);
  startPython();
}

// -- the editor ------------------------------------------------------------------------
function numberLines() {
  const count = source.value.split("\n").length;
  let text = "";
  for (let i = 1; i <= count; i += 1) text += `${i}\n`;
  lines.textContent = text;
}

function insert(text) {
  // execCommand keeps the browser's own Undo working; a browser without it gets setRangeText.
  if (!document.execCommand || !document.execCommand("insertText", false, text)) {
    source.setRangeText(text, source.selectionStart, source.selectionEnd, "end");
    source.dispatchEvent(new Event("input"));
  }
}

// Tab indents; Escape, then Tab, leaves the editor (a keyboard is never trapped in it).
let leaving = false;
source.addEventListener("keydown", (event) => {
  const { selectionStart: at, value } = source;
  const lineStart = value.lastIndexOf("\n", at - 1) + 1;
  if (event.key === "Escape") {
    leaving = true;
    return;
  }
  if (event.key === "Tab" && leaving) {
    leaving = false;
    return; // the browser moves the focus on
  }
  leaving = false;
  if (event.key === "Tab" && !event.shiftKey && !event.ctrlKey && !event.altKey) {
    event.preventDefault();
    insert("    ".slice((at - lineStart) % 4));
  } else if (event.key === "Tab" && event.shiftKey) {
    event.preventDefault(); // take up to four spaces off the line's start
    const spaces = value.slice(lineStart, lineStart + 4).match(/^ */)[0].length;
    if (spaces) {
      source.setSelectionRange(lineStart, lineStart + spaces);
      insert("");
    }
  } else if (event.key === "Enter" && !event.shiftKey && !event.ctrlKey) {
    event.preventDefault(); // keep the line's indent, one more after a colon
    const line = value.slice(lineStart, at);
    let indent = line.match(/^ */)[0];
    if (/:\s*(#.*)?$/.test(line)) indent += "    ";
    insert(`\n${indent}`);
  }
});

let keeping = 0;
source.addEventListener("input", () => {
  numberLines();
  clearTimeout(keeping);
  keeping = setTimeout(keep, 300);
  hideError();
});
source.addEventListener("scroll", () => {
  lines.scrollTop = source.scrollTop;
});

function keep() {
  if (shared) return; // a bot from a link is never kept over the person's own code
  try {
    localStorage.setItem(KEPT + current, source.value);
  } catch {
    showError("Your browser's storage is full, so the code is not kept: copy it somewhere.", null);
  }
}

async function template(gameId) {
  const response = await fetch(new URL(`templates/${gameId}.py`, import.meta.url));
  return response.text();
}

async function openGame(gameId) {
  let kept = null;
  try {
    kept = localStorage.getItem(KEPT + gameId);
  } catch {
    kept = null;
  }
  source.value = kept ?? (await template(gameId));
  numberLines();
  setPlayers(gameId);
}

function setPlayers(gameId) {
  $("lab-table").hidden = gameId === "deck-of-spies" || shared !== null; // a solo game: no seat
  const [low, high] = PLAYERS[gameId];
  const players = $("lab-players");
  players.replaceChildren();
  for (let n = low; n <= high; n += 1) players.append(new Option(String(n), String(n)));
  players.disabled = low === high;
  $("lab-against").disabled = gameId === "deck-of-spies";
}

game.addEventListener("change", () => {
  keep();
  if (shared) leaveShared();
  current = game.value;
  openGame(current);
});

$("lab-template").addEventListener("click", async () => {
  if (!confirm("Replace your code with the template? Your code for this game will be lost.")) {
    return;
  }
  source.select();
  insert(await template(game.value)); // Undo brings the code back
  keep();
});

// -- errors ----------------------------------------------------------------------------
function showError(words, line) {
  const box = $("lab-error");
  box.textContent = line ? `Line ${line}: ${words}` : words;
  box.hidden = false;
  if (line) {
    const starts = source.value.split("\n").slice(0, line - 1).join("\n").length;
    const start = line > 1 ? starts + 1 : 0;
    const end = source.value.indexOf("\n", start);
    source.focus();
    source.setSelectionRange(start, end === -1 ? source.value.length : end);
    source.scrollTop = Math.max(0, (line - 3) * parseFloat(getComputedStyle(source).lineHeight));
  }
}

function hideError() {
  $("lab-error").hidden = true;
}

// -- a match ---------------------------------------------------------------------------
function drawChart(rates) {
  const chart = $("lab-chart");
  const ns = "http://www.w3.org/2000/svg";
  const half = document.createElementNS(ns, "line");
  for (const [k, v] of Object.entries({ x1: 0, x2: 300, y1: 50, y2: 50, class: "lab-half" })) {
    half.setAttribute(k, String(v));
  }
  const line = document.createElementNS(ns, "polyline");
  const step = 300 / Math.max(1, rates.length - 1);
  line.setAttribute("points", rates.map((r, i) => `${(i * step).toFixed(1)},${(100 - r * 100).toFixed(1)}`).join(" "));
  line.setAttribute("class", "lab-line");
  chart.replaceChildren(half, line);
}

function percent(x) {
  return `${(x * 100).toFixed(1)}%`;
}

function showResults(summary, games, rates) {
  $("lab-result").hidden = false;
  $("lab-rate").textContent = `Won ${summary.won} of ${summary.games} (${percent(summary.rate)})`;
  const [low, high] = summary.interval;
  $("lab-interval").textContent = `95% interval ${percent(low)}–${percent(high)}`;
  drawChart(rates);
  const list = $("lab-games-list");
  for (const g of games) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `../#/replay/${g.replay}${g.seat ? `/${g.seat}` : ""}`;
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = `Deal #${g.deal}`;
    item.append(link, ` — seat ${g.seat + 1}, ${g.won ? "won" : "lost"} in ${g.moves} moves: ${g.reason}`);
    list.append(item);
  }
}

async function run(event) {
  event.preventDefault();
  if (running) return;
  hideError();
  keep();
  await ready;
  const games = Math.min(1000, Math.max(10, Number($("lab-games").value) || 200));
  $("lab-games").value = String(games);
  let seed = $("lab-seed").value.trim();
  if (!/^\d+$/.test(seed)) seed = String(Math.floor(Math.random() * 2 ** 31));
  $("lab-seed").value = seed;
  const started = JSON.parse(await worker.sync.start(source.value, game.value, $("lab-against").value, games, Number($("lab-players").value), Number(seed)));
  if (started.error) {
    showError(started.error, started.line);
    return;
  }
  running = { cancelled: false, stuck: false };
  $("lab-status").textContent = `0 of ${games} games played`;
  $("lab-run").hidden = true;
  $("lab-cancel").hidden = false;
  $("lab-games-list").replaceChildren();
  const progress = $("lab-progress");
  progress.hidden = false;
  progress.max = games;
  progress.value = 0;
  const rates = [];
  let won = 0;
  let batch = 1;
  const t0 = performance.now();
  let summary = null;
  try {
    while (progress.value < games && !running.cancelled) {
      const t = performance.now();
      const answer = await Promise.race([
        worker.sync.play(batch),
        new Promise((_, stop) => {
          running.stop = stop;
        }),
      ]);
      clearTimeout(watchdog); // the call is back: no decision is running
      const found = JSON.parse(answer);
      if (found.error) {
        const done = summary ? summary.games : 0;
        showError(found.view ? `${found.error}. The view it was given:\n${JSON.stringify(found.view, null, 1)}` : found.error, found.line);
        $("lab-status").textContent = `Stopped in game ${done + 1} (match seed ${seed}): see the message under your code.`;
        running.errored = true;
        break;
      }
      for (const g of found.games) {
        won += g.won ? 1 : 0;
        rates.push(won / (rates.length + 1));
      }
      summary = found.summary;
      progress.value = summary.games;
      showResults(summary, found.games, rates);
      $("lab-status").textContent = `${summary.games} of ${games} games played`;
      const took = performance.now() - t;
      batch = Math.max(1, Math.min(50, Math.round((batch * SLICE_MS) / Math.max(1, took))));
    }
  } catch {
    // the worker was ended (a bot that never answered): said by stuck()
  }
  const seconds = (performance.now() - t0) / 1000;
  if (summary && !running.stuck && !running.errored) {
    const rate = (summary.games / seconds).toFixed(1);
    $("lab-status").textContent = running.cancelled
      ? `Stopped after ${summary.games} of ${games} games (match seed ${seed}).`
      : `${summary.games} games in ${seconds.toFixed(1)} s (${rate} games/s), match seed ${seed}.`;
  }
  progress.hidden = true;
  $("lab-run").hidden = false;
  $("lab-cancel").hidden = true;
  running = null;
}

$("lab-form").addEventListener("submit", run);
$("lab-cancel").addEventListener("click", () => {
  if (running) running.cancelled = true;
});

// -- at a table -------------------------------------------------------------------------
// "Your bot" becomes a seat kind at this game's table for as long as the tab lives: the
// code as it is now goes into the tab's sessionStorage (web/yours.mjs reads it there).
$("lab-table").addEventListener("click", () => {
  keep();
  try {
    sessionStorage.setItem(`spygames:yours:${game.value}`, source.value);
  } catch {
    showError("Your browser keeps nothing for this tab, so your bot cannot sit at a table.", null);
    return;
  }
  location.href = new URL(`../#/${game.value}/new`, location.href).href;
});

// -- offline ---------------------------------------------------------------------------
// The site's service worker keeps every file of the Lab once asked (web/sw.js, keepLab),
// so after one visit the Lab opens and runs offline. Asked once Python is ready, so the
// copy does not compete with the Lab's own start.
async function keepOffline() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const offline = $("lab-offline");
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type !== "lab-kept") return;
    offline.textContent = event.data.kept
      ? "Kept on this device: the Lab works offline."
      : "Not kept for offline use yet: it will be on a later visit online.";
    offline.dataset.kept = String(event.data.kept);
  });
  try {
    await navigator.serviceWorker.register("../sw.js"); // the tables' worker: one per site
    const registration = await navigator.serviceWorker.ready;
    registration.active.postMessage({ type: "keep-lab" });
  } catch {
    // No service worker here (a private window, say): the Lab works online.
  }
}

// -- a bot from a link -----------------------------------------------------------------
// Share makes a link holding this game's code; opening one shows its code read-only and
// runs nothing until Run. "Use it as my code" asks before it replaces the person's own.
$("lab-share").addEventListener("click", async () => {
  const lab = location.href.split("#")[0];
  const link = await linkFor(lab, game.value, source.value);
  const field = $("lab-link");
  field.value = link;
  $("lab-link-box").hidden = false;
  field.focus();
  field.select();
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    copied = false; // no clipboard here: the link is selected for the person to copy
  }
  $("lab-link-said").textContent = copied
    ? "Link copied. Whoever opens it sees this code; it runs only when they press Run."
    : "Copy this link. Whoever opens it sees this code; it runs only when they press Run.";
});

function showShared(found) {
  shared = found;
  current = found.game;
  game.value = found.game;
  source.value = found.code;
  source.readOnly = true;
  numberLines();
  setPlayers(found.game);
  $("lab-from-link").hidden = false;
  $("lab-template").hidden = true;
}

function leaveShared() {
  shared = null;
  $("lab-table").hidden = current === "deck-of-spies";
  source.readOnly = false;
  $("lab-from-link").hidden = true;
  $("lab-template").hidden = false;
  history.replaceState(null, "", location.href.split("#")[0]);
}

async function openLink() {
  const found = await readLink(location.hash);
  if (!found) return false;
  if (found.error) {
    showError(`${found.error} Your own code is unchanged.`, null);
    history.replaceState(null, "", location.href.split("#")[0]);
    return false;
  }
  showShared(found);
  return true;
}

$("lab-mine").addEventListener("click", async () => {
  leaveShared();
  await openGame(current);
  source.focus();
});

$("lab-adopt").addEventListener("click", async () => {
  const { game: gameId, code } = shared;
  let own = null;
  try {
    own = localStorage.getItem(KEPT + gameId);
  } catch {
    own = null;
  }
  const name = game.selectedOptions[0].textContent;
  if (own !== null && own !== code && own !== (await template(gameId))) {
    if (!confirm(`Replace your ${name} code with this bot? Your own code will be lost.`)) return;
  }
  leaveShared();
  keep();
  source.focus();
});

window.addEventListener("hashchange", async () => {
  if (location.hash.startsWith("#bot/")) {
    keep();
    await openLink();
  }
});

window.addEventListener("beforeunload", keep);
if (!(await openLink())) await openGame(game.value);
startPython().then(keepOffline);
