// The Bot Lab's Python: each match runs in a sandbox of its own (web/sandbox/: PyScript's
// worker with spygames installed by micropip, in a frame that reaches none of the site),
// and the next one starts as soon as a match begins, so Run is ready again when it ends.
// Imported only when Python is wanted (the Lab at once, an embed on Run), so a page that
// never runs a bot never downloads PyScript.
import { LIMITS, openSandbox } from "../sandbox/sandbox.mjs";

export const DECIDE_S = LIMITS.DECIDE_S; // the longest a bot may think about one decision
export const BEAT_S = LIMITS.BEAT_S; // how long before a decision its "mine" beat may come
const SITE = new URL("../", import.meta.url).href;

// `on`: {starting(), ready(info), failed(words)}, about the sandbox the next Run takes.
export function startPython(on) {
  let standby = null;
  let asked = false;

  function prepare() {
    on.starting();
    const ready = (info) => {
      on.ready(info);
      if (!asked) keepSnapshot();
      asked = true;
    };
    standby = openSandbox(SITE, { ready, failed: on.failed });
  }

  prepare();
  return {
    get ready() {
      return standby.ready;
    },
    // A sandbox for one match, ready; another starts for the next one. Never the same
    // sandbox twice: a bot never meets a sandbox another bot has run in.
    async take() {
      if (standby.ended) prepare();
      const box = standby;
      await box.ready;
      prepare();
      return box;
    },
    // Python is not wanted any more on this page (an embed's reader left the bot).
    end() {
      standby.end("not needed");
    },
  };
}

// Once a sandbox is ready, on the Lab's own page (not an embed on someone's blog: it does
// not write 30 MB into its reader's browser), a worker of the site's makes the snapshot
// the next sandboxes start from, when none of this build is kept (web/sandbox/kept.mjs).
// Only on a page the service worker serves: it serves the worker's script with the pages'
// policy (web/policed.mjs says why); a first visit leaves it to the next one.
async function keepSnapshot() {
  if (document.documentElement.dataset.pythonSnapshot !== "keep") return;
  if (!navigator.serviceWorker?.controller) return;
  try {
    const { tried } = await import("../sandbox/kept.mjs");
    if (await tried()) return; // made already, or it cannot be made here
    const script = new URL("../sandbox/snapshot.mjs", import.meta.url);
    const worker = new Worker(script, { type: "module", name: "spygames-lab-snapshot" });
    worker.addEventListener("message", () => worker.terminate());
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      console.warn("spygames: no snapshot kept for the Lab:", event.message);
      worker.terminate();
    });
  } catch (error) {
    console.warn("spygames: no snapshot kept for the Lab:", error);
  }
}
