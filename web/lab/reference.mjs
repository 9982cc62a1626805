// "How a bot works": a game's reference for a bot's author — how it is won, every key of
// the view a bot is given, every action's shape — drawn from lab/reference.json (English)
// or lab/reference.<lang>.json (the page's language), which the build writes from the
// engine's own shapes and their comments (spygames/reference.py), so it says what the
// engine does. A type and a key's name are code (translate="no").
import { gameName } from "./games.mjs";
import { N_, _, parts } from "./words.mjs";

let all = null;

// The page's language once its words are in (words.mjs: English when they did not load).
function file() {
  const lang = document.documentElement.lang;
  return !lang || lang === "en" ? "reference.json" : `reference.${lang}.json`;
}

async function load() {
  if (!all) {
    const name = file();
    all = fetch(new URL(name, import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`${name}: ${r.status}`);
      return r.json();
    });
  }
  return all;
}

function el(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

function code(text) {
  const made = el("code", text);
  made.translate = false;
  return made;
}


function type(text) {
  const made = el("span", text, "lab-ref-type");
  made.translate = false;
  return made;
}

// One key: its path, type and words. A nested key ("players[…].points") is indented by
// how deep it is, so a reader sees what it belongs to.
function keyRow(key) {
  const dt = el("dt");
  dt.dataset.depth = String(Math.min(3, key.path.split(".").length - 1));
  dt.append(code(key.path), " ", type(key.type));
  return [dt, el("dd", key.words)];
}

function actionShape(action) {
  const keys = action.keys.filter((k) => !k.path.includes(".") && !k.path.includes("["));
  const more = keys.map((k) => ', "' + k.path + '": …').join(""); // (no template in a template: Babel reads this file)
  return `{"type": "${action.type}"${more}}`;
}

// Fills `box` with the reference to `gameId`.
export async function showReference(box, gameId) {
  box.dataset.game = gameId;
  let ref;
  try {
    ref = (await load())[gameId];
  } catch {
    box.replaceChildren(el("p", _("The reference could not be read: reload the page to try again.")));
    return;
  }
  if (box.dataset.game !== gameId || !ref) return; // another game was chosen meanwhile
  const name = gameName(gameId);
  // translators: a link to a game's rules; {game} is its name ("Espionage")
  const rules = el("a", _("{game}'s whole rules", { game: name }));
  rules.href = new URL(`../#/${gameId}/rules`, location.href).href;
  const goal = el("p");
  // translators: {goal} is how a game is won (a sentence); {rules} is a link, "Espionage's whole rules"
  goal.append(...parts(N_("{goal} {rules}."), { goal: el("span", ref.goal), rules }));
  const view = el("dl", undefined, "lab-ref");
  for (const key of ref.view) view.append(...keyRow(key));
  const actions = el("dl", undefined, "lab-ref");
  for (const action of ref.actions) {
    const dt = el("dt");
    dt.append(code(actionShape(action)));
    const dd = el("dd", action.words); // and the keys' words below
    if (action.keys.length) {
      const list = el("ul");
      for (const key of action.keys) {
        const li = el("li");
        li.append(code(key.path), " (", type(key.type), `): ${key.words}`);
        list.append(li);
      }
      dd.append(list);
    }
    actions.append(dt, dd);
  }
  box.replaceChildren(
    // translators: {game} is a game's name ("Espionage")
    el("h3", _("How to win at {game}", { game: name })), goal,
    // translators: "view" is the name of a bot's argument (Python code): kept as it is
    el("h3", _("view: what your seat knows")), view,
    // translators: "legal" and "choose" are names in a bot's Python code: kept as they are
    el("h3", _("legal: the actions, one of which choose returns")), actions,
  );
}
