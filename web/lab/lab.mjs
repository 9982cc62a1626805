// The Bot Lab's page: the editor, the match's controls and results (match.mjs, shared
// with the Lab's embed), and what only the Lab does: the code kept as it is typed, per
// game, in localStorage; Share; a bot from a link; "Play it at a table"; offline. Python
// (python.mjs: PyScript's worker, spygames installed by micropip) starts at once.
import { _, spoken } from "./words.mjs"; // first: the page's words in the player's language
import {
  $,
  insert,
  numberLines,
  run,
  setPlayers as setMatchPlayers,
  showError,
  template,
  usePython,
} from "./match.mjs";
import { showReference } from "./reference.mjs";
import { gameName, isSolo } from "./games.mjs";
import { linkFor, readLink, tooLong } from "./share.mjs";

const KEPT = "spygames:lab:"; // + game id: the code as last typed

const source = $("lab-source");
const game = $("lab-game");
for (const option of game.options) option.textContent = gameName(option.value);
let current = game.value; // the game whose code the editor holds
let shared = null; // {game, code} while the editor shows a bot from a link (not kept)

let keeping = 0;
let changed = false; // typed here since this tab last kept or read the code
source.addEventListener("input", () => {
  changed = true;
  clearTimeout(keeping);
  keeping = setTimeout(keep, 300);
});

// Keeps the editor's code, if it was typed here: a tab that only shows the code (or is
// closed after another tab changed it) never writes its older copy over the newer one.
function keep() {
  if (shared || !changed) return; // a bot from a link is never kept over the person's own code
  try {
    localStorage.setItem(KEPT + current, source.value);
    changed = false;
  } catch {
    showError(_("Your browser's storage is full, so the code is not kept: copy it somewhere."), null);
  }
}

// Another Lab tab kept newer code for this game: shown here too, unless this tab has
// changes of its own not kept yet (then the next keep is this tab's, as typed last).
window.addEventListener("storage", (event) => {
  if (event.key !== KEPT + current || shared || changed || event.newValue === null) return;
  if (source.value !== event.newValue) {
    source.value = event.newValue;
    numberLines();
  }
});

let awaited = null; // the game whose template the editor waits for

async function openGame(gameId) {
  let kept = null;
  try {
    kept = localStorage.getItem(KEPT + gameId);
  } catch {
    kept = null;
  }
  // Nothing typed while the template is on its way may be lost under it: the editor
  // waits for it (a busy machine took seconds), and a template that arrives after
  // another game was chosen fills nothing.
  awaited = kept === null ? gameId : null;
  source.readOnly = awaited !== null || shared !== null;
  if (kept === null) {
    try {
      kept = await template(gameId);
    } finally {
      if (awaited === gameId) {
        awaited = null;
        source.readOnly = shared !== null;
      }
    }
    if (current !== gameId || shared !== null) return; // another game, or a link's bot, since
  }
  source.value = kept;
  changed = false;
  numberLines();
  setPlayers(gameId);
}

function setPlayers(gameId) {
  $("lab-table").hidden = isSolo(gameId) || shared !== null; // a solo game: no seat
  setMatchPlayers(gameId);
  showReference($("lab-reference"), gameId);
}

game.addEventListener("change", () => {
  keep();
  if (shared) leaveShared();
  current = game.value;
  openGame(current);
});

$("lab-template").addEventListener("click", async () => {
  if (!confirm(_("Replace your code with the template? Your code for this game will be lost."))) {
    return;
  }
  source.select();
  insert(await template(game.value)); // Undo brings the code back
  changed = true;
  keep();
});

$("lab-form").addEventListener("submit", (event) => {
  event.preventDefault();
  keep();
  run(game.value);
});

// -- at a table -------------------------------------------------------------------------
// "Your bot" becomes a seat kind at this game's table for as long as the tab lives: the
// code as it is now goes into the tab's sessionStorage (web/yours.mjs reads it there).
$("lab-table").addEventListener("click", () => {
  keep();
  try {
    sessionStorage.setItem(`spygames:yours:${game.value}`, source.value);
  } catch {
    showError(_("Your browser keeps nothing for this tab, so your bot cannot sit at a table."), null);
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
      ? _("Kept on this device: the Lab works offline.")
      : _("Not kept for offline use yet: it will be on a later visit online.");
    offline.dataset.kept = String(event.data.kept);
  });
  try {
    await navigator.serviceWorker.register("../sw.js"); // the tables' worker: one per site
    const registration = await navigator.serviceWorker.ready;
    registration.active.postMessage({ type: "keep-lab" });
    // and the player's language's words, as the tables' page asks (web/boot.js)
    if (spoken.words) registration.active.postMessage({ type: "keep-language", lang: spoken.lang });
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
  if (link === null) {
    $("lab-link-box").hidden = true;
    showError(tooLong(source.value), null);
    return;
  }
  const field = $("lab-link");
  field.value = link;
  const framed = link.replace("/lab/#", "/lab/embed.html#");
  const title = _("A bot for spygames, to run in the page").replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  $("lab-snippet").value =
    `<iframe src="${framed}" width="640" height="620" style="max-width: 100%; border: 0"` +
    ` title="${title}" loading="lazy"></iframe>`;
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
    ? _("Link copied. Whoever opens it sees this code; it runs only when they press Run.")
    : _("Copy this link. Whoever opens it sees this code; it runs only when they press Run.");
});

function showShared(found) {
  shared = found;
  current = found.game;
  game.value = found.game;
  source.value = found.code;
  source.readOnly = true;
  numberLines();
  setPlayers(found.game);
  describeShared(found.code);
  $("lab-from-link").hidden = false;
  $("lab-template").hidden = true;
}

// What a bot from a link imports, and any line too long to read in the editor, said
// before anything runs (the editor keeps long lines whole: nothing may hide off to the
// right unsaid).
const LONG_LINE = 120;
function describeShared(code) {
  const imports = new Set();
  for (const line of code.split(/[\n;]/)) { // a statement after a ";" counts too
    const from = line.match(/^\s*from\s+([\w.]+)\s+import\b/);
    const plain = line.match(/^\s*import\s+(.+)$/);
    if (from) imports.add(from[1]);
    else if (plain) for (const name of plain[1].split(",")) imports.add(name.trim().split(/\s+/)[0]);
  }
  if (/\b(__import__|importlib|exec|eval|compile)\b/.test(code)) {
    // translators: the last of the modules a bot from a link imports, in "It imports: {modules}."
    imports.add(_("(and it may import more while it runs)"));
  }
  $("lab-imports").textContent = imports.size
    ? // translators: {modules} is a list of Python modules: "random, json, os"
      _("It imports: {modules}.", { modules: [...imports].join(", ") })
    : _("It imports nothing.");
  const long = code.split("\n").flatMap((line, i) => (line.length > LONG_LINE ? [i + 1] : []));
  const lines = { lines: long.slice(0, 10).join(", "), most: LONG_LINE };
  $("lab-long").hidden = !long.length;
  $("lab-long").textContent = !long.length
    ? ""
    : long.length === 1
      ? // translators: {lines} is a line's number, {most} a number of characters (120)
        _("Line {lines} is longer than {most} characters: the editor wraps them, so read each to its end.", lines)
      : // translators: {lines} is a list of line numbers ("3, 7, 12"), {most} a number of characters (120)
        _("Lines {lines} are longer than {most} characters: the editor wraps them, so read each to its end.", lines);
  source.wrap = long.length ? "soft" : "off";
}

function leaveShared() {
  shared = null;
  $("lab-table").hidden = isSolo(current);
  source.readOnly = false;
  source.wrap = "off";
  $("lab-from-link").hidden = true;
  $("lab-template").hidden = false;
  history.replaceState(null, "", location.href.split("#")[0]);
}

async function openLink() {
  const found = await readLink(location.hash);
  if (!found) return false;
  if (found.error) {
    // translators: {problem} is why a link's bot could not be read, a sentence
    showError(_("{problem} Your own code is unchanged.", { problem: found.error }), null);
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
    // translators: {game} is a game's name ("Espionage")
    if (!confirm(_("Replace your {game} code with this bot? Your own code will be lost.", { game: name }))) return;
  }
  leaveShared();
  changed = true;
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
usePython().then((python) => python.ready.then(keepOffline, () => {})); // a failed start is said on the page
