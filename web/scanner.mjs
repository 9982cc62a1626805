// Scanning a QR code with the device's camera, for playing together: the host scans a
// friend's reply. Python runs in a worker, which has no page, no video and no camera, so
// this part is JavaScript on the page's main thread now (it was spyweb/scan.py): Python
// asks for a scan with page effects and hears back what happened, both as messages.
//
// Scanning is offered only where it can work: `probe()` reports `able` once the browser's
// `BarcodeDetector` reads `qr_code` and a camera is there (else it says nothing, and the
// page shows no Scan button). A screen asks for the camera with page effects:
//
// - `scan-start [KEY, TITLE]`: open the camera (the back one on a phone) in an overlay
//   with TITLE, a video and Cancel, and look for a QR code every EVERY_S seconds;
// - `scan-stop [KEY]` (or `[]`): close it, if it scans for KEY (or for anything).
//
// What happens comes back to `report(kind, key, payload)`, three strings: `able`; `read`
// (the text of the first QR code seen, once the camera is stopped); `failed` (the
// browser's reason, as its error's name: `NotAllowedError` for a camera refused,
// `NotFoundError` for none...) and `cancelled`. The overlay lives outside `#app`, so the
// page's redraws (a bot's move) leave the video alone; whatever happens, the camera is
// stopped before it is reported, and nothing here ends in an unhandled rejection.

export const EVERY_S = 0.2; // between two looks for a code in the video

// The page's words in the player's language (boot.js); English where there is no page.
const _ = (message, values) => globalThis.spygamesWords?.(message, values) ?? message;

// As the app's markup.esc (Python's html.escape, quotes too).
function esc(text) {
  const entities = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
  return String(text).replace(/[&<>"']/g, (c) => entities[c]);
}

// The name of the browser's error (`NotAllowedError`...), else its words.
function reason(error) {
  const name = error?.name;
  if (typeof name === "string" && name) return name;
  const words = typeof error?.message === "string" ? error.message : String(error);
  return words.split(":")[0].slice(0, 80);
}

const pause = (seconds) => new Promise((done) => setTimeout(done, seconds * 1000));

export class Scanner {
  // `options` are the page's globals, for tests: { window, document, navigator }.
  constructor(report, options = {}) {
    this.report = report;
    this.window = options.window ?? globalThis;
    this.document = options.document ?? globalThis.document;
    this.navigator = options.navigator ?? globalThis.navigator;
    this.key = ""; // what the scan is for (a seat's number), while one is open
    this.open = null; // a token of the scan open now, so that an old one knows it is old
    this.stream = null; // the camera's MediaStream, while it runs
    this.overlay = null;
    this.back = ""; // the id of the control to give the focus back to
    this.listening = []; // [target, event, handler]
  }

  // Report `able` if a QR code can be scanned here (once; nothing if not). The promise
  // it returns is settled when it knows, and never rejects.
  probe() {
    return this.guarded(() => this.probing());
  }

  async probing() {
    const detector = this.window.BarcodeDetector;
    const media = this.navigator?.mediaDevices;
    if (!detector || !media || !media.getUserMedia) return;
    const formats = await detector.getSupportedFormats();
    if (![...formats].map(String).includes("qr_code")) return;
    try {
      const devices = await media.enumerateDevices();
      if (![...devices].some((device) => String(device.kind) === "videoinput")) return;
    } catch {
      // cannot tell: try it
    }
    this.report("able", "", "");
  }

  // Carry out one `scan-…` effect: payload [KEY, TITLE] to start, [KEY] or [] to stop.
  run(kind, payload = []) {
    if (kind === "scan-start") {
      const [key, title] = payload;
      this.stop();
      this.key = key;
      this.back = String(this.document.activeElement?.id || "");
      const token = {};
      this.open = token;
      this.show(title);
      this.guarded(() => this.scan(key, token));
    } else if (kind === "scan-stop" && this.key && (!payload.length || payload[0] === this.key)) {
      this.stop();
    }
  }

  // Any browser refusal while a scan is open: told, never thrown.
  async guarded(work) {
    try {
      await work();
    } catch (error) {
      if (this.key) {
        const key = this.key;
        this.stop();
        this.report("failed", key, reason(error));
      }
    }
  }

  listen(target, event, handler) {
    target.addEventListener(event, handler);
    this.listening.push([target, event, handler]);
  }

  show(title) {
    const overlay = this.document.createElement("div");
    overlay.id = "scan";
    overlay.className = "scan-overlay";
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-modal", "true");
    overlay.setAttribute("aria-labelledby", "scan-title");
    overlay.innerHTML =
      `<div class="scan-box"><h2 id="scan-title">${esc(title)}</h2>` +
      '<video id="scan-video" class="scan-video" muted playsinline autoplay></video>' +
      `<p class="scan-status" id="scan-status">${esc(_("Starting the camera\u2026"))}</p>` +
      `<button type="button" class="btn" id="scan-cancel">${esc(_("Cancel"))}</button></div>`;
    this.document.body.appendChild(overlay);
    this.overlay = overlay;
    const cancel = overlay.querySelector("#scan-cancel");
    this.listen(cancel, "click", () => this.cancel());
    this.listen(overlay, "keydown", (event) => this.onKey(event));
    cancel.focus();
  }

  // Keys in the overlay are its own (not the table's shortcuts); Escape cancels, Tab
  // stays on Cancel, the only control.
  onKey(event) {
    event.stopPropagation();
    if (event.key === "Escape" || event.key === "Tab") {
      event.preventDefault();
      if (event.key === "Escape") this.cancel();
    }
  }

  say(words) {
    if (this.overlay) this.overlay.querySelector("#scan-status").textContent = words;
  }

  async scan(key, token) {
    const constraints = { video: { facingMode: "environment" }, audio: false };
    const stream = await this.navigator.mediaDevices.getUserMedia(constraints);
    if (this.open !== token) {
      // cancelled while the camera started (perhaps another scan open since)
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    this.stream = stream;
    const video = this.overlay.querySelector("#scan-video");
    video.srcObject = stream;
    try {
      await video.play();
    } catch {
      // it plays when it can (autoplay); the detector waits for a picture
    }
    this.say(_("Hold the code steady in the frame, about an arm\u2019s length away."));
    const detector = new this.window.BarcodeDetector({ formats: ["qr_code"] });
    while (this.stream === stream) {
      await pause(EVERY_S);
      if (this.stream !== stream) return;
      let codes;
      try {
        codes = await detector.detect(video);
      } catch {
        continue; // no picture yet
      }
      if (this.stream === stream && codes.length) {
        const text = String(codes[0].rawValue);
        this.stop();
        this.report("read", key, text);
        return;
      }
    }
  }

  cancel() {
    const key = this.key;
    this.stop();
    this.report("cancelled", key, "");
  }

  // Stop the camera and close the overlay (silently: nothing is reported).
  stop() {
    const stream = this.stream;
    this.stream = null;
    this.key = "";
    this.open = null;
    if (stream) for (const track of stream.getTracks()) track.stop();
    for (const [target, event, handler] of this.listening) target.removeEventListener(event, handler);
    this.listening = [];
    const overlay = this.overlay;
    this.overlay = null;
    if (overlay) {
      overlay.querySelector("#scan-video").srcObject = null;
      overlay.remove();
      const back = this.back ? this.document.getElementById(this.back) : null;
      if (back) back.focus();
    }
  }
}
