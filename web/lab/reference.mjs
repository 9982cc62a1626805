// "How a bot works": a game's reference for a bot's author — how it is won, every key of
// the view a bot is given, every action's shape — drawn from lab/reference.json, which
// the build writes from the engine's own shapes (spygames/reference.py), so it says
// what the engine does.
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

// One key: its path, type and words. A nested key ("players[…].points") is indented by
// how deep it is, so a reader sees what it belongs to.
function keyRow(key) {
  const dt = el("dt");
  dt.dataset.depth = String(Math.min(3, key.path.split(".").length - 1));
  dt.append(code(key.path), " ", el("span", key.type, "lab-ref-type"));
  return [dt, el("dd", key.words)];
}

function actionShape(action) {
  const keys = action.keys.filter((k) => !k.path.includes(".") && !k.path.includes("["));
  return `{"type": "${action.type}"${keys.map((k) => `, "${k.path}": …`).join("")}}`;
}

// Fills `box` with the reference to `gameId`.
export async function showReference(box, gameId) {
  box.dataset.game = gameId;
  let ref;
  try {
    ref = (await load())[gameId];
  } catch {
    box.replaceChildren(el("p", "The reference could not be read: reload the page to try again."));
    return;
  }
  if (box.dataset.game !== gameId || !ref) return; // another game was chosen meanwhile
  const rules = el("a", `${ref.name}'s whole rules`);
  rules.href = new URL(`../#/${gameId}/rules`, location.href).href;
  const goal = el("p", `${ref.goal} `);
  goal.append(rules, ".");
  const view = el("dl", undefined, "lab-ref");
  for (const key of ref.view) view.append(...keyRow(key));
  const actions = el("dl", undefined, "lab-ref");
  for (const action of ref.actions) {
    const dt = el("dt");
    dt.append(code(actionShape(action)));
    const dd = el("dd", action.words);
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
    el("h3", `How to win at ${ref.name}`), goal,
    el("h3", "view: what your seat knows"), view,
    el("h3", "legal: the actions, one of which choose returns"), actions,
  );
}
