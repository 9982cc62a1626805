// The Bot Lab's words in the player's language, chosen as the tables choose it
// (web/boot.js's `language()`, docs/languages.md): the link's ?lang=, else the one the
// player chose on the tables (kept as spygames:pref:lang), else the first of the
// browser's languages the site speaks, else English. <meta name="spygames-languages">
// (the build writes it, web/tools/languages.py) lists them: "en fr=./locale/fr.….mo|
// ./locale/fr.….json …", each address relative to the site's root, one folder up.
//
// Imported first by every module of the Lab's pages (and named first in their <head>):
// it sets <html lang>, fetches the language's page words (web/tools/page_words.py) and
// says the page's static words in it — `data-i18n` elements (their text; "html": their
// markup, kept inline), `data-i18n-attrs` attributes — before the Lab's own modules run,
// which say theirs with `_("…")`. Until the words come (3 s at most) the page is not
// shown, so English never flashes first. Words that cannot be fetched: English, no error.
const SITE = new URL("../", import.meta.url);
const LANG_KEY = "spygames:pref:lang";
const root = document.documentElement;

// The language to speak among those of `content` (the meta's, null when there is none)
// for the tags `wanted` (the link's, the player's choice, the browser's, in that order):
// {lang, url (its catalogue), words (its page words)}, as boot.js's `language()`.
export function choose(content, wanted) {
  const urls = {};
  for (const entry of content === null ? ["en"] : content.split(" ")) {
    const pair = entry.split("=");
    urls[pair[0]] = pair[1] || null;
  }
  let found = null;
  for (const tag of wanted) {
    if (typeof tag !== "string" || !tag) continue;
    const main = tag.split("-")[0].toLowerCase();
    found = tag in urls ? tag : main in urls ? main : null;
    if (found) break;
  }
  const files = ((found && urls[found]) || "").split("|");
  return { lang: found || "en", url: files[0] || null, words: files[1] || null };
}

function wanted() {
  let asked = null;
  let kept = null;
  try {
    asked = new URLSearchParams(location.search).get("lang");
  } catch {
    asked = null;
  }
  try {
    kept = localStorage.getItem(LANG_KEY);
  } catch {
    kept = null; // a browser that lets the page store nothing
  }
  return [asked, kept, ...(navigator.languages || [navigator.language])];
}

const meta = document.querySelector('meta[name="spygames-languages"]');
export const spoken = choose(meta ? meta.content : null, wanted());
root.lang = spoken.lang;

let WORDS = null;

// `message` in the language spoken, its `{name}`s filled from `values`.
export function _(message, values) {
  const text = (WORDS && WORDS[message]) || message;
  return !values ? text : text.replace(/\{([A-Za-z_]\w*)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
globalThis.spygamesWords = _; // the sandbox's words (web/sandbox/sandbox.mjs) ask here too

// A number as the language spoken writes it (Intl: "4.7", "4,7"; "60.0%", "60,0 %"):
// `digits` decimals; `style` "percent" for a share (0.6 → 60.0%).
export function number(value, digits = 1, style = "decimal") {
  const options = { style, minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false };
  try {
    return new Intl.NumberFormat(root.lang, options).format(value);
  } catch {
    return new Intl.NumberFormat("en", options).format(value); // a tag Intl does not know
  }
}

// Marks a message that is translated where it is used, with `_` or `parts`.
export const N_ = (message) => message;

// `message` in the language spoken, as the pieces to append to an element: its text,
// with each `{name}` whose value is a node (a link, a button) put in as that node, the
// others filled as text. One sentence, however its language orders its pieces.
export function parts(message, values) {
  const text = (WORDS && WORDS[message]) || message;
  const found = [""]; // text and nodes, in turn: each run of text one string
  let at = 0;
  for (const match of text.matchAll(/\{([A-Za-z_]\w*)\}/g)) {
    const value = match[1] in values ? values[match[1]] : match[0];
    found[found.length - 1] += text.slice(at, match.index);
    if (value instanceof Node) found.push(value, "");
    else found[found.length - 1] += String(value);
    at = match.index + match[0].length;
  }
  found[found.length - 1] += text.slice(at);
  return found.filter((piece) => piece !== "");
}

function translate() {
  const plain = (text) => text.replace(/\s+/g, " ").trim();
  for (const el of document.querySelectorAll("[data-i18n]")) {
    if (el.dataset.i18n === "html") el.innerHTML = _(plain(el.innerHTML));
    else if (!el.children.length) el.textContent = _(plain(el.textContent));
  }
  for (const el of document.querySelectorAll("[data-i18n-attrs]")) {
    for (const name of el.getAttribute("data-i18n-attrs").split(" ")) {
      if (el.hasAttribute(name)) el.setAttribute(name, _(el.getAttribute(name)));
    }
  }
}

async function load() {
  try {
    const response = await fetch(new URL(spoken.words, SITE));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    WORDS = (await response.json()).words || {};
    translate();
  } catch (error) {
    console.warn(`spygames: the Lab's words in ${spoken.lang} did not load`, error);
    if (!WORDS) root.lang = "en"; // the page stays in English, and says so
  }
}

if (spoken.words) {
  root.dataset.langPending = "true";
  let waited = 0;
  await Promise.race([load(), new Promise((done) => (waited = setTimeout(done, 3000)))]);
  clearTimeout(waited);
  delete root.dataset.langPending;
}
