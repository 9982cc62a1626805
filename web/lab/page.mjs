// The Lab page's one module script: its words first (words.mjs waits for them), then the
// Lab, then stepping through a game. One module graph: as three entry scripts sharing
// words.mjs (an async module: its top-level await), WebKit ran walk.mjs only some of the
// time, and "Step through a game" did nothing (e2e/xbrowser/smoke_webkit.py).
import "./words.mjs";
import "./lab.mjs";
import "./walk.mjs";
