// "Step through a game": one game of a match, decision by decision, as the person's bot
// saw it — the view (in words, and as the dict it was given), the legal actions with the
// one it chose marked, what it printed, and the other seats' moves in between. The game
// is played in a sandbox of its own (web/sandbox/worker.py's `walk`), the same deal,
// seats and seeds as in the match, so a game from "Every game" replays exactly.
import { _ } from "./words.mjs"; // first: the page's words in the player's language
import { $, hideError, hold, listed, release, settings, showError, slice, start, stoppedWords, usePython, withView } from "./match.mjs";

const source = $("lab-source");
const box = $("lab-walk-box");
let steps = []; // the decisions received so far
let at = 0; // the one shown
let ended = null; // the game, once it is over
let walking = null; // {cancelled, box} while the game is played

function el(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

function show() {
  const step = steps[at];
  $("lab-walk-prev").disabled = at <= 0;
  $("lab-walk-next").disabled = at >= steps.length - 1;
  $("lab-walk-range").max = String(Math.max(0, steps.length - 1));
  $("lab-walk-range").value = String(at);
  $("lab-walk-range").disabled = steps.length < 2;
  $("lab-walk-step").hidden = !step;
  if (!step) return;
  const decision = { at: at + 1, count: steps.length, move: Number(step.move) || 0 };
  $("lab-walk-at").textContent =
    ended || !walking
      ? _("Decision {at} of {count} (move {move} of the game)", decision)
      : // translators: the game is still being played: more decisions are to come
        _("Decision {at} of {count} so far (move {move} of the game)", decision);
  const before = (Array.isArray(step.before) ? step.before : []).slice(0, 60).map((line) => el("li", String(line)));
  const nobody = at ? _("Nobody else moved.") : _("Nobody moved before your bot.");
  $("lab-walk-before").replaceChildren(...(before.length ? before : [el("li", nobody)]));
  $("lab-walk-seen").textContent = String(step.seen ?? "");
  $("lab-walk-view").textContent = JSON.stringify(step.view, null, 1);
  const chosen = JSON.stringify(step.choice);
  const legal = Array.isArray(step.legal) ? step.legal : [];
  const items = legal.slice(0, 400).map((action) => {
    const text = JSON.stringify(action);
    const item = el("li", undefined, text === chosen ? "lab-chosen" : undefined);
    item.append(el("code", text));
    if (text === chosen) {
      // translators: {action} is the action the bot chose, in words
      item.append(el("strong", ` ${_("← chosen: {action}", { action: String(step.said ?? "") })}`));
      item.setAttribute("aria-current", "true");
    }
    return item;
  });
  if (legal.length > 400) items.push(el("li", _("… and {count} more", { count: legal.length - 400 })));
  $("lab-walk-legal-title").textContent =
    legal.length === 1
      ? // translators: "legal" is the name of a bot's argument (Python code): kept as it is; {count} is 1
        _("legal: {count} action", { count: legal.length })
      : // translators: "legal" is the name of a bot's argument (Python code): kept as it is
        _("legal: {count} actions", { count: legal.length });
  $("lab-walk-legal").replaceChildren(...items);
  const printed = typeof step.printed === "string" ? step.printed : "";
  $("lab-walk-printed-box").hidden = !printed;
  $("lab-walk-printed").textContent = printed;
  const list = $("lab-walk-legal");
  const mark = list.querySelector(".lab-chosen");
  list.scrollTop = mark ? Math.max(0, mark.offsetTop - list.clientHeight / 3) : 0;
}

function go(index) {
  at = Math.max(0, Math.min(steps.length - 1, index));
  show();
}

$("lab-walk-prev").addEventListener("click", () => go(at - 1));
$("lab-walk-next").addEventListener("click", () => go(at + 1));
$("lab-walk-range").addEventListener("input", () => go(Number($("lab-walk-range").value)));
box.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
  if (event.key === "ArrowLeft") go(at - 1);
  else if (event.key === "ArrowRight") go(at + 1);
  else return;
  event.preventDefault();
});
$("lab-walk-close").addEventListener("click", () => {
  if (walking) {
    walking.cancelled = true;
    walking.box?.end("closed");
  }
  box.hidden = true;
  $("lab-walk").focus();
});

function said(words) {
  $("lab-walk-status").textContent = words;
}

// Plays game `index` of `match` ({gameId, games, seed, against, players, code}) and shows
// its decisions as they come.
async function stepThrough(match, index) {
  hideError();
  const py = await usePython();
  const state = { cancelled: false, box: null };
  if (!hold(state)) {
    $("lab-status").textContent = _("A match is running: Cancel it first, or wait for its end.");
    return;
  }
  walking = state;
  steps = [];
  at = 0;
  ended = null;
  box.hidden = false;
  $("lab-walk-end").replaceChildren();
  $("lab-walk-title").textContent = _("Game {game} of match seed {seed}, step by step", { game: index + 1, seed: match.seed });
  said(_("Playing the game…"));
  show();
  box.scrollIntoView?.({ block: "start" });
  try {
    state.box = await py.take();
    if (state.cancelled) throw Object.assign(new Error("cancelled"), { kind: "ended" });
    const { gameId, seed, against, players, code } = match;
    const started = await start(state.box, [code, gameId, against, match.games, players, Number(seed)]);
    if (started.error) {
      showError(String(started.error), Number(started.line) || null);
      said(_("Your bot's code did not load: see the message under your code."));
      return;
    }
    while (!ended && !state.cancelled) {
      const found = await state.box.call("walk", [index, 80], slice());
      const first = steps.length === 0;
      if (Array.isArray(found.steps)) steps.push(...found.steps);
      if (first && steps.length) go(0);
      if (found.error) {
        showError(withView(found), Number(found.line) || null);
        said(_("The game stopped after {count} decisions: see the message under your code.", { count: steps.length }));
        break;
      }
      ended = found.game ?? null;
      show();
      if (!ended) said(_("Playing the game: {count} decisions of your bot so far…", { count: steps.length }));
    }
    if (ended) {
      const game = { deal: Number(ended.deal) || 0, seat: Number(ended.seat) + 1, faces: Number(ended.score), moves: Number(ended.moves) || 0 };
      if (ended.score == null) {
        said(ended.won ? _("Deal #{deal}, your bot is player {seat}: won in {moves} moves.", game) : _("Deal #{deal}, your bot is player {seat}: lost in {moves} moves.", game));
      } else {
        said(
          ended.won
            ? _("Deal #{deal}, your bot is player {seat}: won with {faces} face cards in {moves} moves.", game)
            : _("Deal #{deal}, your bot is player {seat}: lost with {faces} face cards in {moves} moves.", game)
        );
      }
      const reason = el("p", String(ended.reason ?? "").slice(0, 300));
      if (/^[A-Za-z0-9_-]{1,200000}$/.test(String(ended.replay))) {
        const replay = el("a", _("Open it as a replay"));
        const seat = Number(ended.seat) || 0;
        replay.href = `../#/replay/${ended.replay}${seat ? "/" + seat : ""}`; // (no template in a template: Babel reads this file)
        replay.target = "_blank";
        replay.rel = "noopener";
        reason.append(" ", replay);
      }
      $("lab-walk-end").replaceChildren(reason);
      show();
    }
  } catch (error) {
    if (!state.cancelled) {
      showError(stoppedWords(error), null);
      said(_("The game stopped after {count} decisions.", { count: steps.length }));
    } else {
      said(_("Stopped after {count} decisions.", { count: steps.length }));
    }
  } finally {
    state.box?.end("the game is over");
    walking = null;
    release();
    show();
  }
}

// The form's button: the first game of a match with the form's settings and the
// editor's code (the game "Run" would play first).
$("lab-walk").addEventListener("click", () => {
  const { games, seed, against, players } = settings();
  stepThrough({ gameId: $("lab-game").value, games, seed, against, players, code: source.value }, 0);
});

// "Step through" beside a game of the match listed: that game, with the code it was
// played with.
$("lab-games-list").addEventListener("click", (event) => {
  const button = event.target.closest?.(".lab-step");
  if (!button || !listed) return;
  stepThrough(listed, Number(button.dataset.index) || 0);
});
