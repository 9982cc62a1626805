// What the Bot Lab and its embed share: the editor, a bot's errors, and running a match
// with its progress, win rate and chart. Python is started by `usePython` (the Lab at
// once, an embed when the reader first presses Run): until then no PyScript is loaded.
//
// A match is played a few games per call, so the page shows its progress and can stop
// between two calls (Cancel).
const SLICE_MS = 80; // games per call: about this long, so the page answers at once
export const PLAYERS = { "deck-of-spies": [1, 1], espionage: [2, 4], spynet: [2, 4] };

export const $ = (id) => document.getElementById(id);
const source = $("lab-source");
const lines = $("lab-lines");
let python = null; // startPython's handle (python.mjs)
let running = null; // {cancelled, stuck, errored, stop} while a match plays
let decideS = 2;

// -- Python ----------------------------------------------------------------------------
export async function usePython() {
  if (python) return python;
  const { startPython, DECIDE_S } = await import("./python.mjs");
  decideS = DECIDE_S;
  const state = $("lab-python");
  python = startPython({
    starting() {
      state.textContent = "Python is starting…";
      state.dataset.state = "starting";
      $("lab-run").disabled = true;
    },
    ready(message) {
      state.textContent = `Python is ready: spygames ${message.version}, installed by ${message.installer}.`;
      state.dataset.state = "ready";
      state.dataset.installer = message.installer;
      $("lab-run").disabled = false;
    },
    failed(words) {
      state.textContent = words;
      state.dataset.state = "failed";
    },
    stuck() {
      if (running) {
        running.stuck = true;
        running.stop?.(new Error("stopped"));
      }
      showError(`Your bot took more than ${decideS} seconds on one decision, so it was stopped.`, null);
    },
  });
  return python;
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

export function setPlayers(gameId) {
  const [low, high] = PLAYERS[gameId];
  const players = $("lab-players");
  players.replaceChildren();
  for (let n = low; n <= high; n += 1) players.append(new Option(String(n), String(n)));
  players.disabled = low === high;
  $("lab-against").disabled = gameId === "deck-of-spies";
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

// `site`: the tables' address, for each game's replay link.
function showResults(summary, games, rates, site) {
  $("lab-result").hidden = false;
  $("lab-rate").textContent = `Won ${summary.won} of ${summary.games} (${percent(summary.rate)})`;
  const [low, high] = summary.interval;
  $("lab-interval").textContent = `95% interval ${percent(low)}–${percent(high)}`;
  drawChart(rates);
  const list = $("lab-games-list");
  for (const g of games) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `${site}#/replay/${g.replay}${g.seat ? `/${g.seat}` : ""}`;
    link.target = "_blank";
    link.rel = "noopener";
    link.textContent = `Deal #${g.deal}`;
    item.append(link, ` — seat ${g.seat + 1}, ${g.won ? "won" : "lost"} in ${g.moves} moves: ${g.reason}`);
    list.append(item);
  }
}

// The form's match, with the editor's code for `gameId`.
export async function run(gameId) {
  if (running) return;
  hideError();
  const py = await usePython();
  await py.ready;
  const games = Math.min(1000, Math.max(10, Number($("lab-games").value) || 200));
  $("lab-games").value = String(games);
  let seed = $("lab-seed").value.trim();
  if (!/^\d+$/.test(seed)) seed = String(Math.floor(Math.random() * 2 ** 31));
  $("lab-seed").value = seed;
  const against = $("lab-against").value;
  const players = Number($("lab-players").value);
  const started = await py.call("start", source.value, gameId, against, games, players, Number(seed));
  if (started.error) {
    showError(started.error, started.line);
    return;
  }
  running = { cancelled: false, stuck: false };
  const site = "../"; // the tables, beside the Lab
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
      const found = await Promise.race([
        py.call("play", batch),
        new Promise((_, stop) => {
          running.stop = stop;
        }),
      ]);
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
      showResults(summary, found.games, rates, site);
      $("lab-status").textContent = `${summary.games} of ${games} games played`;
      const took = performance.now() - t;
      batch = Math.max(1, Math.min(50, Math.round((batch * SLICE_MS) / Math.max(1, took))));
    }
  } catch {
    // the worker was ended (a bot that never answered): said by `stuck`
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

$("lab-cancel").addEventListener("click", () => {
  if (running) running.cancelled = true;
});
