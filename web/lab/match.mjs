// What the Bot Lab and its embed share: the editor, a bot's errors, and running a match
// with its progress, win rate and chart. Python is started by `usePython` (the Lab at
// once, an embed when the reader first presses Run): until then no PyScript is loaded.
//
// A match is played a few games per call, so the page shows its progress and can stop
// between two calls (Cancel).
const SLICE_MS = 80; // play per call: about this long, so the progress moves (Cancel ends the sandbox at once)
import { GAMES, gameOf, isSolo } from "./games.mjs";
import { N_, _, number, parts } from "./words.mjs";

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
      state.textContent = _("Python is starting…");
      state.dataset.state = "starting";
      $("lab-run").disabled = true; // Run takes the sandbox starting now: not before it is ready
    },
    ready(info) {
      // translators: {version} is spygames' version ("0.4.0"); {installer} the tool that installed it ("micropip")
      state.textContent = _("Python is ready: spygames {version}, installed by {installer}.", info);
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
    return _("Your bot used up all the memory Python may have, so it was stopped.");
  }
  // translators: {error} is Python's own words (English), as it stopped
  if (error.kind === "failed") return _("Python stopped while your bot played ({error}).", { error: error.message });
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
  const tenths = Math.round((seconds / games) * 10) / 10;
  const each = number(tenths, tenths % 1 ? 1 : 0);
  said.textContent =
    minutes < 90
      ? _("This match may take about {minutes} minutes: these bots think about {seconds} seconds a game here. Fewer games or easier bots go faster.", { minutes, seconds: each })
      : _("This match may take about {hours} hours: these bots think about {seconds} seconds a game here. Fewer games or easier bots go faster.", { hours: number(minutes / 60), seconds: each });
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
  // translators: {error} is what went wrong at line {line} of a bot's code
  box.textContent = line ? _("Line {line}: {error}", { line, error: words }) : words;
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
  return number(x, 1, "percent");
}

const PACKED = /^[A-Za-z0-9_-]{1,200000}$/; // a replay's packed record (spygames.record.pack)
// A game of the match, in the list: {deal} is its link ("Deal #7"), {reason} the engine's
// words for how it ended.
// translators: {deal} is "Deal #7" (a link); {seat} a seat's number; {reason} how the game ended
const WON = N_("{deal} — seat {seat}, won in {moves} moves: {reason}");
// translators: {deal} is "Deal #7" (a link); {seat} a seat's number; {reason} how the game ended
const LOST = N_("{deal} — seat {seat}, lost in {moves} moves: {reason}");
// translators: {deal} is "Deal #7" (a link); {seat} a seat's number; {reason} how the game ended
const WON_FACES = N_("{deal} — seat {seat}, won with {faces} face cards in {moves} moves: {reason}");
// translators: {deal} is "Deal #7" (a link); {seat} a seat's number; {reason} how the game ended
const LOST_FACES = N_("{deal} — seat {seat}, lost with {faces} face cards in {moves} moves: {reason}");

// `site`: the tables' address, for each game's replay link. Everything here came out of
// the sandbox: numbers are numbers, words are text, a replay link only a packed record.
function showResults(summary, games, rates, site) {
  $("lab-result").hidden = false;
  const rate = { won: Number(summary.won) || 0, played: Number(summary.games) || 0, rate: percent(Number(summary.rate) || 0) };
  $("lab-rate").textContent =
    summary.score == null
      ? // translators: "Won 12 of 20 (60.0%)"
        _("Won {won} of {played} ({rate})", rate)
      : // translators: "Won 12 of 20 (60.0%), 3.5 face cards a game"
        _("Won {won} of {played} ({rate}), {score} face cards a game", { ...rate, score: number(Number(summary.score)) });
  const [low, high] = Array.isArray(summary.interval) ? summary.interval.map(Number) : [0, 0];
  const fair = Number(summary.fair) || 0;
  const interval = { low: percent(low), high: percent(high), fair: percent(fair) };
  $("lab-interval").textContent = fair
    ? // translators: a win rate's 95% confidence interval ("95% interval 40.1%–61.2%"); an even seat's share
      _("95% interval {low}–{high}; an even seat wins {fair}", interval)
    : _("95% interval {low}–{high}", interval);
  drawChart(rates, fair);
  const list = $("lab-games-list");
  for (const g of games) {
    const item = document.createElement("li");
    const seat = Number(g.seat) || 0;
    const deal = document.createElement(PACKED.test(g.replay) ? "a" : "span");
    if (deal.tagName === "A") {
      deal.href = `${site}#/replay/${g.replay}${seat ? "/" + seat : ""}`; // (no template in a template: Babel reads this file)
      deal.target = "_blank";
      deal.rel = "noopener";
    }
    deal.textContent = _("Deal #{deal}", { deal: Number(g.deal) || 0 });
    const game = { deal, seat: seat + 1, moves: Number(g.moves) || 0, reason: String(g.reason).slice(0, 200), faces: Number(g.score) };
    item.append(...parts(g.score == null ? (g.won ? WON : LOST) : g.won ? WON_FACES : LOST_FACES, game));
    if ($("lab-walk-box")) { // the Lab's (walk.mjs), not the embed's
      const step = document.createElement("button");
      step.type = "button";
      step.className = "lab-quiet lab-step";
      step.dataset.index = String(Number(g.index) || 0);
      step.textContent = _("Step through");
      step.setAttribute("aria-label", _("Step through deal #{deal}", { deal: Number(g.deal) || 0 }));
      item.append(" ", step);
    }
    if (typeof g.printed === "string" && g.printed) {
      const printed = document.createElement("details");
      const summaryLine = document.createElement("summary");
      summaryLine.textContent = _("What it printed");
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
  // translators: "choose()" is the name of a bot's function: kept as it is
  const words = _("Your bot's code did not finish loading within {seconds} seconds, so it was stopped: is there an endless loop outside choose()?", { seconds: decideS });
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
    limitWords: _("Your bot did not answer within {seconds} seconds, so it was stopped.", { seconds: decideS }),
    decideMs: (decideS + beatS) * 1000 + GRACE_MS,
    decisionWords: _("Your bot took more than {seconds} seconds on one decision, so it was stopped.", { seconds: decideS }),
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
  $("lab-status").textContent = _("Starting the match…");
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
    $("lab-status").textContent = _("{done} of {games} games played", { done: 0, games });
    $("lab-games-list").replaceChildren();
    listed = { gameId, games, seed, against, players, code: source.value };
    progress.hidden = false;
    progress.max = games;
    progress.value = 0;
    while (progress.value < games && !running.cancelled) {
      const found = await running.box.call("play", [SLICE_MS], slice());
      if (found.error) {
        const done = summary ? Number(summary.games) : 0;
        showError(withView(found), Number(found.line) || null);
        stopped = _("Stopped in game {game} (match seed {seed}): see the message under your code.", { game: done + 1, seed });
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
      $("lab-status").textContent = played(progress.value, games, t0);
    }
  } catch (error) {
    if (error.kind === "shown") {
      stopped = "";
    } else if (!running.cancelled) {
      showError(stoppedWords(error), null);
      stopped = summary ? _("Stopped after {done} of {games} games (match seed {seed}).", { done: summary.games, games, seed }) : "";
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
    $("lab-status").textContent = _("Stopped after {done} of {games} games (match seed {seed}).", { done: summary ? summary.games : 0, games, seed });
  } else if (summary) {
    const rate = number(summary.games / seconds);
    // translators: "200 games in 41.3 s (4.8 games/s), match seed 1234."
    $("lab-status").textContent = _("{games} games in {seconds} s ({rate} games/s), match seed {seed}.", { games: summary.games, seconds: number(seconds), rate, seed });
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
  const values = { won: before.summary.won, games: before.summary.games, n: Math.abs(gained) };
  let words = COMPARED.same;
  if (gained) words = gained > 0 ? (values.n === 1 ? COMPARED.one_more : COMPARED.more) : values.n === 1 ? COMPARED.one_fewer : COMPARED.fewer;
  said.textContent = _(words, values);
}
// A new version of the bot set beside the one before: {won} of {games} are the games the
// previous code won; {n}, how many more or fewer this one wins.
const COMPARED = {
  // translators: {won} of {games}: the games the previous code won
  same: N_("On the same games, your previous code won {won} of {games}: this one wins the same number of games."),
  // translators: {n} is 1; {won} of {games}: the games the previous code won
  one_more: N_("On the same games, your previous code won {won} of {games}: this one wins {n} game more."),
  more: N_("On the same games, your previous code won {won} of {games}: this one wins {n} games more."),
  // translators: {n} is 1; {won} of {games}: the games the previous code won
  one_fewer: N_("On the same games, your previous code won {won} of {games}: this one wins {n} game fewer."),
  fewer: N_("On the same games, your previous code won {won} of {games}: this one wins {n} games fewer."),
};

// "12 of 200 games played", with how long is left once a few games show the pace.
function played(done, games, t0) {
  const seconds = (performance.now() - t0) / 1000;
  if (done < 3 || seconds < 5) return _("{done} of {games} games played", { done, games });
  const left = ((games - done) * seconds) / done;
  if (left < 60) {
    const secondsLeft = Math.max(5, Math.round(left / 5) * 5);
    return _("{done} of {games} games played, about {seconds} seconds left", { done, games, seconds: secondsLeft });
  }
  const minutes = Math.round(left / 60);
  if (minutes === 1) return _("{done} of {games} games played, about {minutes} minute left", { done, games, minutes });
  if (minutes < 120) return _("{done} of {games} games played, about {minutes} minutes left", { done, games, minutes });
  return _("{done} of {games} games played, about {hours} hours left", { done, games, hours: Math.round(minutes / 60) });
}

// A bot's error (the sandbox's words), with the view it was given when there is one.
export function withView(found) {
  if (!found.view) return String(found.error);
  // translators: {error} is what the bot did wrong; {view} is the view it was given (JSON)
  return _("{error}. The view it was given:\n{view}", { error: String(found.error), view: JSON.stringify(found.view, null, 1) });
}

// Cancel ends the match's sandbox at once, mid-decision if need be.
$("lab-cancel").addEventListener("click", () => {
  if (!running) return;
  running.cancelled = true;
  running.box?.end("cancelled");
});
