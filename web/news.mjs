// What each draw of the page (web/page.mjs) brought, said to screen readers: the lines
// the game's log gained, an answer the player asked for (scrolled into view as it first
// appears), what a control changed (the bid being put together), and each alert once.
// The polite live region lives outside #app, which every draw replaces.
let app = null; // the page's #app
let heardUpTo = null; // the newest line of this screen's log said so far: its data-n
let heardFirst = ""; // and its first line's words (another game's log starts anew)
let shown = new Set(); // the [data-reveal] names the last frame drew
let spoke = new Map(); // the [data-speak] names the last frame drew, with their words

// After each draw of `root` (#app): `newScreen` when the screen is another one.
export function told(root, newScreen) {
  app = root;
  quietOldAlerts();
  announceNews(newScreen, [...reveal(newScreen).map(spoken), ...changed(newScreen)]);
}

function announcer() {
  let live = document.getElementById("announcer");
  if (!live) {
    live = document.createElement("div");
    live.id = "announcer";
    live.className = "sr-only";
    live.setAttribute("aria-live", "polite");
    document.body.appendChild(live);
  }
  return live;
}
// From the start: a screen reader does not announce a region that is new.
if (document.body) announcer();
else document.addEventListener("DOMContentLoaded", announcer);

// What an element says to a screen reader: its text, without what it hides from one (a
// log line may carry words for the ear beside those drawn, "→" said as "to"), each
// paragraph (or other block) apart from the next, as a screen reader reads them: a Hint's
// move and its reason were run together ("…Agent VesperCounting your own cards…").
const BLOCKS = "p, div, li, section, h1, h2, h3, h4, h5, h6, br, dt, dd, tr";
function spoken(element) {
  const copy = element.cloneNode(true);
  copy.querySelectorAll("[aria-hidden=true]").forEach((hidden) => hidden.remove());
  copy.querySelectorAll(BLOCKS).forEach((block) => {
    block.before(" ");
    block.after(" ");
  });
  return copy.textContent.split(/\s+/).filter(Boolean).join(" ");
}

// Say what a draw brought, in the polite live region outside #app (a region redrawn with
// the screen would be new each time, and screen readers do not announce new regions):
// every line the screen's log ([role=log] li[data-n], n counting from the game's first
// line) gained since the last draw, oldest first — a bot's move, each step of a
// showdown, the result — then `answers`, in words: the answer the player asked for (a
// Hint) as it first appears, and what a control changed. A new screen says nothing of
// its log: its heading takes the focus.
function announceNews(newScreen, answers) {
  const lines = [...app.querySelectorAll("[role=log] li[data-n]")];
  const number = (line) => Number(line.dataset.n);
  const newest = lines.reduce((n, line) => Math.max(n, number(line)), -1);
  const firstLine = lines.find((line) => number(line) === 0);
  const first = firstLine ? spoken(firstLine) : heardFirst;
  const since = first !== heardFirst ? -1 : heardUpTo; // another game: all of it is news
  const news = [];
  if (!newScreen && since !== null) {
    const gained = lines.filter((line) => number(line) > since);
    gained.sort((a, b) => number(a) - number(b));
    news.push(...gained.map(spoken));
  }
  heardUpTo = newest;
  heardFirst = first;
  news.push(...answers);
  const text = news.filter(Boolean).join(" ");
  if (!text) return;
  const live = announcer();
  if (live.textContent === text) live.textContent = ""; // the same words again: said again
  live.textContent = text;
}

// What a control changed, said once it has ([data-speak]: the bid being put together,
// which More and Fewer change, and nothing else on the screen would say; issue 47): the
// words of each that were on the last draw too and are other words now.
function changed(newScreen) {
  const now = new Map();
  const said = [];
  for (const element of app.querySelectorAll("[data-speak]")) {
    const name = element.dataset.speak;
    const words = spoken(element);
    if (!newScreen && spoke.has(name) && spoke.get(name) !== words) said.push(words);
    now.set(name, words);
  }
  spoke = now;
  return said;
}

// An alert ([role=alert]: a notice, a refusal) is read out once. The page is drawn anew
// each time, which would make a screen reader announce every alert on screen again at
// each draw (a kept-game notice, 18 times during one Hint): one still showing the words
// it showed last time loses its role, so only what is new is said.
let alertsShown = new Set();
function quietOldAlerts() {
  const now = new Set();
  for (const alert of app.querySelectorAll("[role=alert]")) {
    const words = alert.textContent.trim();
    if (alertsShown.has(words)) alert.removeAttribute("role");
    now.add(words);
  }
  alertsShown = now;
}

// An answer the player asked for (the Hint's advice, `data-reveal`) scrolls into view as
// it first appears, as little as it takes: on a phone it lands below the fold, under the
// control it advises, which stays in view above it. Those new in this draw are returned:
// they are read out too (announceNews).
function reveal(newScreen) {
  const now = new Map([...app.querySelectorAll("[data-reveal]")].map((e) => [e.dataset.reveal, e]));
  const answers = [];
  if (!newScreen) {
    for (const [name, element] of now) {
      if (shown.has(name)) continue;
      answers.push(element);
      // once it has popped in: a box still scaled down would be measured short
      const popped = element.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => {}));
      Promise.all(popped).then(() => {
        const now = element.isConnected ? element : app.querySelector(`[data-reveal="${name}"]`);
        now?.scrollIntoView({ block: "nearest", inline: "nearest" });
      });
    }
  }
  shown = new Set(now.keys());
  return answers;
}

