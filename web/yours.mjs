// "Your bot" at a table: the person's own bot from the Bot Lab (its code kept in this
// tab's sessionStorage by the Lab's "Play it at a table"), asked for each of its seat's
// decisions by the table (spyweb/yours.py, the effect "yours-ask"). Its code runs in a
// worker of its own (yours-worker.mjs), never in the tables' worker that holds the saves;
// that worker gives up the network, storage and further workers before any of it runs.
// A decision that takes more than DECIDE_S ends the worker (a new one starts for the
// next game) and is answered with the reason.

import { policedWorker } from "./policed.mjs";

const DECIDE_S = 2; // as in the Lab
const KEPT = "spygames:yours:"; // + game id: the code

export class YourBots {
  constructor(report) {
    this.report = report; // (kind, key, payload): to the app, as {t: "yours", ...}
    this.worker = null;
    this.waiting = new Map(); // key -> watchdog timer
  }

  start() {
    this.worker = policedWorker(new URL("./yours-worker.mjs", import.meta.url), {
      name: "spygames-your-bot",
    });
    this.worker.onmessage = ({ data }) => this.answered(data.key, data.answer);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.stop(`Python could not start for it (${event.message || "the worker failed"}).`);
    };
  }

  run(kind, [game, key, view, legal, seed]) {
    if (kind !== "yours-ask") return;
    let code = null;
    try {
      code = sessionStorage.getItem(KEPT + game);
    } catch {
      code = null;
    }
    if (code === null) {
      this.report("answer", key, JSON.stringify({ error: "This tab no longer holds it." }));
      return;
    }
    if (!this.worker) this.start();
    // The clock starts once the worker is ready: Python's start is not the bot's time.
    this.waiting.set(key, 0);
    this.worker.postMessage({ key, code, view, legal, seed: Number(seed) });
  }

  answered(key, answer) {
    if (key === "asked") return this.clock(answer); // Python is up: the decision begins
    if (!this.waiting.has(key)) return;
    clearTimeout(this.waiting.get(key));
    this.waiting.delete(key);
    this.report("answer", key, answer);
  }

  clock(key) {
    if (!this.waiting.has(key)) return;
    clearTimeout(this.waiting.get(key));
    this.waiting.set(
      key,
      setTimeout(() => this.stop(`It took more than ${DECIDE_S} seconds on one decision.`), DECIDE_S * 1000)
    );
  }

  // End the worker (the only way to stop Python mid-loop); every decision waiting is
  // answered with `why`.
  stop(why) {
    this.worker?.terminate();
    this.worker = null;
    for (const [key, timer] of this.waiting) {
      clearTimeout(timer);
      this.report("answer", key, JSON.stringify({ error: why }));
    }
    this.waiting.clear();
  }
}
