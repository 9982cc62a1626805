// What the Bot Lab and its embed share: the editor, a bot's errors, and running a match
// with its progress, win rate and chart. Python is started by `usePython` (the Lab at
// once, an embed when the reader first presses Run): until then no PyScript is loaded.
//
// A match is played a few games per call, so the page shows its progress and can stop
// between two calls (Cancel).
const SLICE_MS = 80; // play per call: about this long, so the progress moves (Cancel ends the sandbox at once)
import { GAMES, gameOf, isSolo } from "./games.mjs";

export const $ = (id) => document.getElementById(id);
const source = $("lab-source");
const lines = $("lab-lines");
let python = null; // startPython's handle (python.mjs)
let running = null; // {cancelled, box} while a match plays (box: its sandbox)
// The match whose games are listed, to step through one of them (walk.mjs): its game,
// settings and code.
export let listed = null;
// A person's bot's limits (spygames.sandbox, through python.mjs), once Python is wanted.
let decideS = null;
let beatS = null;

// -- Python ----------------------------------------------------------------------------
// Each match runs in a sandbox of its own (python.mjs, web/sandbox/). The page times
// every call there itself: a decision of the person's bot over DECIDE_S ends it, and so
// does a call that overruns what any bot may take, whatever the sandbox says.
const GRACE_MS = 1000; // a message's way out of the sandbox and back, on a busy machine
const BUILT_IN_MS = 1500; // more than any built-in bot takes on one decision (hard SpyNet: ~0.2 s)
const WARM_MS = 3000; // a game's rules and bots imported, before the person's code runs

export async function usePython() {
  if (python) return python;
  const { startPython, DECIDE_S, BEAT_S } = await import("./python.mjs");
  decideS = DECIDE_S;
  beatS = BEAT_S; // a "mine" beat may come this long before the decision
  const state = $("lab-python");
  python = startPython({
    starting() {
      state.textContent = "Python is starting…";
      state.dataset.state = "starting";
      $("lab-run").disabled = true; // Run takes the sandbox starting now: not before it is ready
    },
    ready(info) {
      state.textContent = `Python is ready: spygames ${info.version}, installed by ${info.installer}.`;
      state.dataset.state = "ready";
      state.dataset.installer = info.installer;
      state.dataset.snapshot = info.snapshot ? "restored" : "afresh"; // how Python started
      $("lab-run").disabled = false;
    },
    failed(words) {
      state.textContent = words;
      state.dataset.state = "failed";
    },
  });
  return python;
}

// What the page says when the sandbox stopped a call (`error`, a SandboxStopped).
export function stoppedWords(error) {
  if (error.kind === "failed" && /memory|OOM/i.test(error.message)) {
    return "Your bot used up all the memory Python may have, so it was stopped.";
  }
  if (error.kind === "failed") return `Python stopped while your bot played (${error.message}).`;
  return error.message;
}

// -- the editor ------------------------------------------------------------------------
export function numberLines() {
  const count = source.value.split("\n").length;
  let text = "";
  for (let i = 1; i <= count; i += 1) text += `${i}\n`;
  lines.textContent = text;
}

export function insert(text) {
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
  if (source.readOnly) return;
  if (event.key === "Tab" && !event.shiftKey && !event.ctrlKey && !event.altKey) {
    event.preventDefault();
    insert("    ".slice((at - lineStart) % 4));
  } else if (event.key === "Tab" && event.shiftKey) {
    event.preventDefault(); // take up to four spaces off the line's start; the caret stays
    const spaces = value.slice(lineStart, lineStart + 4).match(/^ */)[0].length;
    if (spaces) {
      const end = source.selectionEnd;
      source.setSelectionRange(lineStart, lineStart + spaces);
      insert("");
      source.setSelectionRange(Math.max(lineStart, at - spaces), Math.max(lineStart, end - spaces));
    }
  } else if (event.key === "Enter" && !event.shiftKey && !event.ctrlKey) {
    event.preventDefault(); // keep the line's indent, one more after a colon
    const line = value.slice(lineStart, at);
    let indent = line.match(/^ */)[0];
    if (/:\s*(#.*)?$/.test(line)) indent += "    ";
    insert(`\n${indent}`);
  }
});
source.addEventListener("input", () => {
  numberLines();
  hideError();
});
source.addEventListener("scroll", () => {
  lines.scrollTop = source.scrollTop;
});

export async function template(gameId) {
  const response = await fetch(new URL(`templates/${gameId}.py`, import.meta.url));
  return response.text();
}

// Before a long match, how long it may take: the built-in bots' thinking alone, per game
// at 2, 3 and 4 players (CPython's seconds for every seat, measured 2026-12-06: each
// game's `think`, games.mjs), times the share of the seats they play and the page's pace,
// about half CPython's. The person's bot adds its own time; the status line says how long
// is left once games are played.
const PAGE_PACE = 2;
let forecastGame = GAMES[0].id;

export function forecastSeconds(gameId, against, players, games) {
  const cpython = gameOf(gameId)?.think[against]?.[players - 2] ?? 0;
  return games * cpython * PAGE_PACE * ((players - 1) / players);
}

function showForecast() {
  const games = Math.min(1000, Math.max(10, Number($("lab-games").value) || 200));
  const players = Number($("lab-players").value) || 2;
  const seconds = forecastSeconds(forecastGame, $("lab-against").value, players, games);
  const said = $("lab-forecast");
  if (seconds < 60) {
    said.textContent = "";
    return;
  }
  const minutes = Math.round(seconds / 60);
  const time = minutes < 90 ? `${minutes} minutes` : `${(minutes / 60).toFixed(1)} hours`;
  const each = Math.round((seconds / games) * 10) / 10;
  said.textContent = `This match may take about ${time}: these bots think about ${each} seconds a game here. Fewer games or easier bots go faster.`;
}

for (const id of ["lab-games", "lab-against", "lab-players"]) $(id).addEventListener("input", showForecast);

export function setPlayers(gameId) {
  forecastGame = gameId;
  const { min: low, max: high } = gameOf(gameId);
  const players = $("lab-players");
  players.replaceChildren();
  for (let n = low; n <= high; n += 1) players.append(new Option(String(n), String(n)));
  players.disabled = low === high;
  $("lab-against").disabled = isSolo(gameId);
  showForecast();
}

// -- errors ----------------------------------------------------------------------------
export function showError(words, line) {
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

export function hideError() {
  $("lab-error").hidden = true;
}

// -- a match ---------------------------------------------------------------------------
// The running win rate, with a dashed line at an even seat's share (1/players; none in
// Deck of Spies, which has no other seat).
function drawChart(rates, fair) {
  const chart = $("lab-chart");
  const ns = "http://www.w3.org/2000/svg";
  const half = document.createElementNS(ns, "line");
  const y = fair ? (100 - fair * 100).toFixed(1) : -10;
  for (const [k, v] of Object.entries({ x1: 0, x2: 300, y1: y, y2: y, class: "lab-half" })) {
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

const PACKED = /^[A-Za-z0-9_-]{1,200000}$/; // a replay's packed record (spygames.record.pack)

// `site`: the tables' address, for each game's replay link. Everything here came out of
// the sandbox: numbers are numbers, words are text, a replay link only a packed record.
function showResults(summary, games, rates, site) {
  $("lab-result").hidden = false;
  const played = Number(summary.games) || 0;
  const score = summary.score == null ? "" : `, ${Number(summary.score).toFixed(1)} face cards a game`;
  $("lab-rate").textContent = `Won ${Number(summary.won) || 0} of ${played} (${percent(Number(summary.rate) || 0)})${score}`;
  const [low, high] = Array.isArray(summary.interval) ? summary.interval.map(Number) : [0, 0];
  const fair = Number(summary.fair) || 0;
  $("lab-interval").textContent = `95% interval ${percent(low)}–${percent(high)}${fair ? `; an even seat wins ${percent(fair)}` : ""}`;
  drawChart(rates, fair);
  const list = $("lab-games-list");
  for (const g of games) {
    const item = document.createElement("li");
    const seat = Number(g.seat) || 0;
    const deal = document.createElement(PACKED.test(g.replay) ? "a" : "span");
    if (deal.tagName === "A") {
      deal.href = `${site}#/replay/${g.replay}${seat ? `/${seat}` : ""}`;
      deal.target = "_blank";
      deal.rel = "noopener";
    }
    deal.textContent = `Deal #${Number(g.deal) || 0}`;
    const faces = g.score == null ? "" : ` with ${Number(g.score)} face cards`;
    const said = ` — seat ${seat + 1}, ${g.won ? "won" : "lost"}${faces} in ${Number(g.moves) || 0} moves: ${String(g.reason).slice(0, 200)}`;
    item.append(deal, said);
    if ($("lab-walk-box")) { // the Lab's (walk.mjs), not the embed's
      const step = document.createElement("button");
      step.type = "button";
      step.className = "lab-quiet lab-step";
      step.dataset.index = String(Number(g.index) || 0);
      step.textContent = "Step through";
      step.setAttribute("aria-label", `Step through deal #${Number(g.deal) || 0}`);
      item.append(" ", step);
    }
    if (typeof g.printed === "string" && g.printed) {
      const printed = document.createElement("details");
      const summaryLine = document.createElement("summary");
      summaryLine.textContent = "What it printed";
      const out = document.createElement("pre");
      out.className = "lab-printed";
      out.textContent = g.printed.slice(0, 5000);
      printed.append(summaryLine, out);
      item.append(printed);
    }
    list.append(item);
  }
}

// A match's start in sandbox `box`: its first deal, then the person's code loaded.
export function start(box, args) {
  const words = `Your bot's code did not finish loading within ${decideS} seconds, so it was stopped: is there an endless loop outside choose()?`;
  return box.call("start", args, {
    limitMs: decideS * 1000 + BUILT_IN_MS + WARM_MS + GRACE_MS, // the game's first deal, then the code
    decideMs: (decideS + beatS) * 1000 + GRACE_MS,
    decisionWords: words,
    limitWords: words,
  });
}

// The page's limits on one call that plays for about SLICE_MS ("play", "walk").
export function slice() {
  return {
    limitMs: SLICE_MS + decideS * 1000 + BUILT_IN_MS + GRACE_MS,
    limitWords: `Your bot did not answer within ${decideS} seconds, so it was stopped.`,
    decideMs: (decideS + beatS) * 1000 + GRACE_MS,
    decisionWords: `Your bot took more than ${decideS} seconds on one decision, so it was stopped.`,
  };
}

// One thing at a time runs in a sandbox: a match, or a game stepped through (walk.mjs).
// `hold` takes the turn ({cancelled, box}), false when something runs; Cancel ends it.
export function hold(state) {
  if (running) return false;
  running = state;
  $("lab-run").hidden = true;
  $("lab-cancel").hidden = false;
  return true;
}

export function release() {
  running = null;
  $("lab-run").hidden = false;
  $("lab-cancel").hidden = true;
}

// The form's settings: games, a match seed (drawn when the field holds none), the
// level and the players.
export function settings() {
  const games = Math.min(1000, Math.max(10, Number($("lab-games").value) || 200));
  $("lab-games").value = String(games);
  let seed = $("lab-seed").value.trim();
  if (!/^\d+$/.test(seed)) seed = String(Math.floor(Math.random() * 2 ** 31));
  $("lab-seed").value = seed;
  return { games, seed, against: $("lab-against").value, players: Number($("lab-players").value) };
}

// The form's match, with the editor's code for `gameId`, in a sandbox of its own.
export async function run(gameId) {
  if (running) return;
  hideError();
  const py = await usePython();
  const { games, seed, against, players } = settings();
  if (!hold({ cancelled: false, box: null })) return;
  $("lab-status").textContent = "Starting the match…";
  const site = "../"; // the tables, beside the Lab
  const progress = $("lab-progress");
  const rates = [];
  let won = 0;
  let summary = null;
  const t0 = performance.now();
  let stopped = null; // words, when the match did not play to its end
  try {
    running.box = await py.take();
    if (running.cancelled) throw Object.assign(new Error("cancelled"), { kind: "ended" });
    const started = await start(running.box, [source.value, gameId, against, games, players, Number(seed)]);
    if (started.error) {
      showError(String(started.error), Number(started.line) || null);
      throw Object.assign(new Error("not started"), { kind: "shown" });
    }
    $("lab-status").textContent = `0 of ${games} games played`;
    $("lab-games-list").replaceChildren();
    listed = { gameId, games, seed, against, players, code: source.value };
    progress.hidden = false;
    progress.max = games;
    progress.value = 0;
    while (progress.value < games && !running.cancelled) {
      const found = await running.box.call("play", [SLICE_MS], slice());
      if (found.error) {
        const done = summary ? Number(summary.games) : 0;
        const view = found.view ? `. The view it was given:\n${JSON.stringify(found.view, null, 1)}` : "";
        showError(`${String(found.error)}${view}`, Number(found.line) || null);
        stopped = `Stopped in game ${done + 1} (match seed ${seed}): see the message under your code.`;
        break;
      }
      if (!Array.isArray(found.games) || typeof found.summary !== "object") break;
      for (const g of found.games) {
        won += g.won ? 1 : 0;
        rates.push(won / (rates.length + 1));
      }
      summary = found.summary;
      progress.value = Number(summary.games) || 0;
      if (found.games.length) showResults(summary, found.games, rates, site);
      $("lab-status").textContent = `${progress.value} of ${games} games played${estimate(progress.value, games, t0)}`;
    }
  } catch (error) {
    if (error.kind === "shown") {
      stopped = "";
    } else if (!running.cancelled) {
      showError(stoppedWords(error), null);
      stopped = summary ? `Stopped after ${summary.games} of ${games} games (match seed ${seed}).` : "";
    }
  } finally {
    running.box?.end("the match is over");
  }
  const seconds = (performance.now() - t0) / 1000;
  const complete = stopped === null && !running.cancelled && summary && Number(summary.games) === games;
  compare(complete ? { key: `${gameId} ${against} ${players} ${seed} ${games}`, code: source.value, summary } : null);
  if (stopped !== null) {
    $("lab-status").textContent = stopped;
  } else if (running.cancelled) {
    $("lab-status").textContent = `Stopped after ${summary ? summary.games : 0} of ${games} games (match seed ${seed}).`;
  } else if (summary) {
    const rate = (summary.games / seconds).toFixed(1);
    $("lab-status").textContent = `${summary.games} games in ${seconds.toFixed(1)} s (${rate} games/s), match seed ${seed}.`;
  }
  progress.hidden = true;
  release();
}

// The last complete match of each setting and seed in this tab: a new version of the bot
// on the same seed is set beside the one before (the same games, so the difference is
// the bot's).
const lastRuns = new Map();
function compare(run) {
  const said = $("lab-compare");
  said.textContent = "";
  if (!run) return;
  const before = lastRuns.get(run.key);
  lastRuns.set(run.key, run);
  if (!before || before.code === run.code) return;
  const gained = Number(run.summary.won) - Number(before.summary.won);
  const change = gained === 0 ? "the same number of games" : `${Math.abs(gained)} game${Math.abs(gained) === 1 ? "" : "s"} ${gained > 0 ? "more" : "fewer"}`;
  said.textContent = `On the same games, your previous code won ${before.summary.won} of ${before.summary.games}: this one wins ${change}.`;
}

// ", about 3 minutes left" once a few games show the pace.
function estimate(done, games, t0) {
  const seconds = (performance.now() - t0) / 1000;
  if (done < 3 || seconds < 5) return "";
  const left = ((games - done) * seconds) / done;
  if (left < 60) return `, about ${Math.max(5, Math.round(left / 5) * 5)} seconds left`;
  const minutes = Math.round(left / 60);
  return minutes < 120 ? `, about ${minutes} minute${minutes === 1 ? "" : "s"} left` : `, about ${Math.round(minutes / 60)} hours left`;
}

// Cancel ends the match's sandbox at once, mid-decision if need be.
$("lab-cancel").addEventListener("click", () => {
  if (!running) return;
  running.cancelled = true;
  running.box?.end("cancelled");
});
