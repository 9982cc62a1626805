// "Your bot" at a table: the person's own bot from the Bot Lab (its code kept in this
// tab's sessionStorage by the Lab's "Play it at a table"), asked for each of its seat's
// decisions by the table (spyweb/tables/yours.py, the effect "yours-ask"). Its code runs where
// the Lab's does: in a sandbox (web/sandbox/) that reaches none of the site's storage,
// service worker, caches or pages, and no network; never in the tables' worker, which
// holds the saves. The page times each decision itself: past DECIDE_S the sandbox is
// ended (a new one starts for the next decision) and the decision is answered with the
// reason. Python's start is not the bot's time: the clock starts once it is ready.
import { LIMITS, openSandbox } from "./sandbox/sandbox.mjs";

const DECIDE_S = LIMITS.DECIDE_S; // as in the Lab (spygames.sandbox)
const GRACE_MS = 1000; // a message's way out of the sandbox, on a busy machine
const WAY_S = 3; // the most a call's way into the sandbox and back may take, on a busy page
const KEPT = "spygames:yours:"; // + game id: the code
const SITE = new URL("./", import.meta.url).href;
const WARM_CODE = "def choose(view, legal, rng):\n    return legal[0]\n";
// The page's words in the player's language (boot.js); English where there is no page.
const _ = (message, values) => globalThis.spygamesWords?.(message, values) ?? message;

export class YourBots {
  constructor(report) {
    this.report = report; // (kind, key, payload): to the app, as {t: "yours", ...}
    this.box = null; // the sandbox of the code in `code`
    this.code = null;
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
      this.report("answer", key, JSON.stringify({ error: _("This tab no longer holds it.") }));
      return;
    }
    if (!this.box || this.box.ended || this.code !== code) {
      this.box?.end("its code changed");
      this.box = openSandbox(SITE);
      this.code = code;
    }
    const box = this.box;
    // A sandbox's first decision is made once with a bot of ours, untimed: its Python's
    // first run of these paths (on a page still starting its own Python) is not the
    // person's bot's time.
    box.warmed ??= box.ready.then(() =>
      box.call("decide", [WARM_CODE, view, legal, "0"], { limitMs: 30_000, limitWords: _("Python did not answer.") })
    );
    const decided = box.warmed.then(() =>
      box.call("decide", [code, view, legal, String(seed)], {
        // Timed from the sandbox's "mine", said as the decision begins (a busy page's
        // message into the sandbox is not the bot's time); the call's own limit stands
        // whatever the sandbox says.
        decideMs: DECIDE_S * 1000 + GRACE_MS,
        decisionWords: _("It took more than {seconds} seconds on one decision.", { seconds: DECIDE_S }),
        limitMs: (DECIDE_S + WAY_S) * 1000,
        limitWords: _("It took more than {seconds} seconds on one decision.", { seconds: DECIDE_S }),
      })
    );
    decided.then(
      (answer) => this.report("answer", key, JSON.stringify(answer)),
      (error) => this.report("answer", key, JSON.stringify({ error: String(error?.message ?? error) }))
    );
  }
}
