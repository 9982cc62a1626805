// "How a bot works": a game's reference for a bot's author — how it is won, every key of
// the view a bot is given, every action's shape — drawn from lab/reference.json, which
// the build writes from the engine's own shapes (spygames/reference.py), so it says
// what the engine does. Its words are the engine's comments, in English (marked
// lang="en"; a type is code, translate="no"); the headings around them are in the
// player's language.
import { gameName } from "./games.mjs";
import { N_, _, parts } from "./words.mjs";

let all = null;

async function load() {
  if (!all) {
    all = fetch(new URL("reference.json", import.meta.url)).then((r) => {
      if (!r.ok) throw new Error(`reference.json: ${r.status}`);
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
  return el("code", text);
}

// The engine's words (English, whatever the page's language).
function english(tag, text) {
  const made = el(tag, text);
  made.lang = "en";
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
  return [dt, english("dd", key.words)];
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
  goal.append(...parts(N_("{goal} {rules}."), { goal: english("span", ref.goal), rules }));
  const view = el("dl", undefined, "lab-ref");
  for (const key of ref.view) view.append(...keyRow(key));
  const actions = el("dl", undefined, "lab-ref");
  for (const action of ref.actions) {
    const dt = el("dt");
    dt.append(code(actionShape(action)));
    const dd = english("dd", action.words); // and the keys' words below
    if (action.keys.length) {
      const list = el("ul");
      for (const key of action.keys) {
        const li = el("li");
        li.append(code(key.path), ` (${key.type}): ${key.words}`);
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
