// Where a bot's Python runs, seen from the page that runs it (the Bot Lab, its embed, a
// table): a sandbox (web/sandbox/) that reaches none of the site's storage, service
// worker, caches or pages, and no network. Each `openSandbox()` is a new one — its own
// frame, its own PyScript worker, its own interpreter — and `end()` ends all of it: a
// bot from a link never shares an interpreter with the person's own code or a later run.
//
// Nothing the sandbox says is trusted. The page times every call with its own clock and
// ends the sandbox when one overruns (`limitMs`), whatever the sandbox posts; a beat
// from worker.py ("mine <call>" as the person's bot starts a decision, "theirs <call>"
// as a built-in bot does) may only make that stricter (`decideMs` from "mine"), never
// longer. Answers are size-bounded before they are read.
const MAX_ANSWER = 2_000_000; // characters of one answer: a bigger one is refused unread
// The page's words in the player's language (web/boot.js on the tables, web/lab/words.mjs
// in the Lab); English, its {names} filled, where there is neither.
const _ = (message, values) =>
  globalThis.spygamesWords?.(message, values) ??
  message.replace(/\{([A-Za-z_]\w*)\}/g, (whole, name) => (values && name in values ? String(values[name]) : whole));

// A person's bot's limits, written by the build from spygames.sandbox (defined there only):
// DECIDE_S, the longest one decision may take; BEAT_S, how long before a decision its
// "mine" beat may come (the watchdog allows DECIDE_S + BEAT_S from it).
export const LIMITS = __LIMITS__;

export class SandboxStopped extends Error {
  constructor(why, kind) {
    super(why);
    this.kind = kind; // "limit" | "decision" | "ended" | "failed"
  }
}

// The page's language (<html lang>, chosen by web/boot.js or web/lab/words.mjs) and its
// catalogue's address in <meta name="spygames-languages"> ("en fr=./locale/fr.….mo|…"):
// the sandbox's Python says its words (a bot's errors) in it. English: no catalogue.
export function spoken(doc = document) {
  const lang = doc.documentElement.lang || "en";
  const meta = doc.querySelector('meta[name="spygames-languages"]');
  for (const entry of (meta?.content ?? "").split(" ")) {
    const [tag, files] = entry.split("=");
    if (tag === lang && files) return { lang, catalogue: files.split("|")[0] };
  }
  return { lang: "en", catalogue: "" };
}

// `site`: the site's root address. `on.ready(info)` when Python is ready there
// ({version, installer}); `on.failed(words)` if it cannot start.
export function openSandbox(site, on = {}) {
  const host = document.createElement("iframe");
  host.hidden = true;
  host.title = _("The sandbox where a bot's Python runs");
  host.setAttribute("aria-hidden", "true");
  host.src = `${new URL("sandbox/host.html", site).href}#${new URLSearchParams(spoken())}`;
  const channel = new MessageChannel();
  const port = channel.port1;
  const pending = new Map(); // id -> {done, fail, timers}
  let ended = null;
  let next = 0;
  let readyDone;
  let readyFail;
  const ready = new Promise((done, fail) => {
    readyDone = done;
    readyFail = fail;
  });
  ready.catch(() => {});

  function greeted(event) {
    if (event.source !== host.contentWindow || event.data !== "sandbox-host") return;
    removeEventListener("message", greeted);
    host.contentWindow.postMessage("sandbox-open", location.origin, [channel.port2]);
  }
  addEventListener("message", greeted);

  port.onmessage = ({ data }) => {
    if (ended || typeof data !== "object" || data === null) return;
    if (data.kind === "ready") {
      const info = {
        version: String(data.version ?? "").slice(0, 40),
        installer: String(data.installer ?? "").slice(0, 40),
        snapshot: data.snapshot === true, // restored from the Lab's snapshot (kept.mjs)
      };
      on.ready?.(info);
      readyDone(info);
    } else if (data.kind === "failed") {
      // host.mjs says which of the files it could not fetch; the frame, Python's own words
      const words =
        typeof data.unloaded === "string"
          ? // translators: {error} is the browser's words (English) for the file that did not load
            _("Python could not start: its files could not be loaded ({error})", { error: data.unloaded.slice(0, 3000) })
          : // translators: {error} is Python's or the browser's own words (English)
            _("Python could not start: {error}", { error: String(data.words).slice(0, 3000) });
      on.failed?.(words);
      readyFail(new SandboxStopped(words, "failed"));
      end(words, "failed");
    } else if (data.kind === "beat") {
      beat(String(data.text));
    } else if (pending.has(data.id)) {
      const call = pending.get(data.id);
      settle(data.id);
      if (typeof data.error === "string") call.fail(new SandboxStopped(data.error.slice(0, 300), "failed"));
      else if (typeof data.answer !== "string" || data.answer.length > MAX_ANSWER) {
        call.fail(new SandboxStopped(_("It answered with more than 2 MB, so it was stopped."), "limit"));
        end("too big an answer", "limit");
      } else call.done(data.answer);
    }
  };

  // "mine <id>": the person's bot is deciding in call <id>; "theirs <id>": it is not.
  function beat(text) {
    const [what, id] = text.split(" ");
    const call = pending.get(Number(id));
    if (!call || !call.decideMs) return;
    clearTimeout(call.decision);
    if (what === "mine") {
      call.decision = setTimeout(() => stop(Number(id), "decision"), call.decideMs);
    }
  }

  function settle(id) {
    const call = pending.get(id);
    clearTimeout(call.limit);
    clearTimeout(call.decision);
    pending.delete(id);
  }

  function stop(id, kind) {
    const call = pending.get(id);
    if (!call) return;
    settle(id);
    const error = new SandboxStopped(kind === "decision" ? call.decisionWords : call.limitWords, kind);
    call.fail(error);
    end(error.message, kind);
  }

  // worker.py's `name(*args, call_id)`, answered with its JSON, parsed. Rejects with
  // SandboxStopped (and ends the sandbox) past `limitMs`, or `decideMs` after a "mine".
  async function call(name, args, { limitMs, limitWords, decideMs = 0, decisionWords = "" }) {
    await ready;
    if (ended) throw new SandboxStopped(ended, "ended");
    const id = (next += 1);
    const answer = await new Promise((done, fail) => {
      const entry = { done, fail, decideMs, decisionWords, limitWords };
      entry.limit = setTimeout(() => stop(id, "limit"), limitMs);
      pending.set(id, entry);
      port.postMessage({ id, name, args: [...args, id] });
    });
    try {
      return JSON.parse(answer);
    } catch {
      throw new SandboxStopped(_("It answered with something that is not JSON."), "failed");
    }
  }

  // Ends the sandbox at once: its frame, its worker and the bot in it. Every call still
  // waiting is told `why`.
  function end(why = "ended", kind = "ended") {
    if (ended) return;
    ended = why;
    for (const id of [...pending.keys()]) {
      const entry = pending.get(id);
      settle(id);
      entry.fail(new SandboxStopped(why, kind));
    }
    readyFail(new SandboxStopped(why, kind));
    removeEventListener("message", greeted);
    port.close();
    host.remove();
  }

  document.body.append(host);
  return {
    ready,
    call,
    end,
    get ended() {
      return ended;
    },
  };
}
