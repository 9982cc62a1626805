// The sandbox's host (host.html, framed and hidden by web/sandbox/sandbox.mjs): a page of
// this site, so its fetches go through the service worker and the sandbox starts offline
// too. It makes the sandbox — a frame with `sandbox="allow-scripts"` (an opaque origin:
// no storage, no service worker, no caches, no page of the site in reach) and a policy
// that allows no network — and hands it the files a bot's Python needs, as Blobs, with
// the page's port: from then on the page and the sandbox speak directly, and nothing
// the sandbox says reaches this page. With them, when this browser keeps one, a copy of
// the snapshot the sandbox's Python restores and of the engine's files installed with it
// (kept.mjs).
import { keptSnapshot } from "./kept.mjs";

const FILES = __FILES__; // written by the build (web/tools/people.py): {path: type}
// Each file's Subresource Integrity (web/tools/integrity.py): asked for with it, a file is
// handed over by the service worker as its cache keeps it, unread, and the browser checks
// the bytes; one that fails is asked for again without it (the service worker then checks
// and mends its copy). Read and hashed there, the Lab's 15 MB of files came one by one.
const INTEGRITY = __INTEGRITY__;
const SITE = new URL("../", import.meta.url).href;

// The sandbox's own policy, on top of this page's (which it inherits): no network, no
// frames, no forms, nothing but its own scripts.
function frameHtml(boot, hash) {
  const policy = [
    "default-src 'none'",
    `script-src '${hash}' blob: 'unsafe-eval' 'wasm-unsafe-eval'`,
    "worker-src blob:",
    "connect-src blob: data:",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  return (
    `<!DOCTYPE html><html><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${policy}">` +
    `</head><body><script type="module">${boot}</script></body></html>`
  );
}

async function sha256(text) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

async function fetched(path) {
  const url = new URL(path, SITE);
  const integrity = INTEGRITY[path];
  const response = await (integrity ? fetch(url, { integrity }).catch(() => fetch(url)) : fetch(url));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return new Blob([await response.blob()], { type: FILES[path] }); // the build's type
}

// The page's language and its catalogue (sandbox.mjs's `spoken`, in this page's address):
// the catalogue is one of the site's own (./locale/<lang>.<hash>.mo), or none.
function language() {
  const asked = new URLSearchParams(location.hash.slice(1));
  const lang = asked.get("lang") ?? "en";
  const catalogue = asked.get("catalogue") ?? "";
  if (!/^[A-Za-z]{2,3}(-[A-Za-z]{2})?$/.test(lang)) return { lang: "en", catalogue: null };
  if (!/^\.\/locale\/[A-Za-z-]{2,6}\.[0-9a-f]{6,}\.mo$/.test(catalogue)) return { lang: "en", catalogue: null };
  return { lang, catalogue };
}

// The catalogue's bytes as a Blob, or null (the sandbox's Python then speaks English).
async function catalogueOf(path) {
  if (!path) return null;
  try {
    const response = await fetch(new URL(path, SITE));
    return response.ok ? new Blob([await response.arrayBuffer()], { type: "application/octet-stream" }) : null;
  } catch {
    return null;
  }
}

async function open(port) {
  let files;
  let boot;
  const kept = keptSnapshot().catch(() => null); // read beside the files; none: Python starts afresh
  const { lang, catalogue: path } = language();
  const catalogue = catalogueOf(path);
  try {
    boot = await (await fetch(new URL("boot.js", import.meta.url))).text();
    const entries = await Promise.all(Object.keys(FILES).map(async (p) => [p, await fetched(p)]));
    files = Object.fromEntries(entries);
  } catch (error) {
    // the page says it in its reader's language (sandbox.mjs): here, only which file
    port.postMessage({ kind: "failed", unloaded: String(error.message) });
    return;
  }
  const words = await catalogue;
  if (words) files["sandbox/catalogue.mo"] = words;
  const snapshot = await kept;
  if (snapshot) {
    files["sandbox/python.snapshot"] = snapshot.snapshot;
    files["sandbox/python.installed"] = snapshot.installed;
  }
  const frame = document.createElement("iframe");
  frame.sandbox = "allow-scripts";
  frame.srcdoc = frameHtml(boot, await sha256(boot));
  addEventListener("message", function booted(event) {
    if (event.source !== frame.contentWindow || event.data !== "sandbox-boot") return;
    removeEventListener("message", booted);
    const { "sandbox/frame.mjs": code, ...rest } = files;
    const given = { frame: code, files: rest, site: SITE, worker: "sandbox/worker.py", lang: words ? lang : "en" };
    frame.contentWindow.postMessage(given, "*", [port]);
  });
  document.body.append(frame);
}

// The page that framed this one sends its port once.
addEventListener("message", function asked(event) {
  if (event.source !== parent || event.origin !== location.origin || event.data !== "sandbox-open") return;
  removeEventListener("message", asked);
  open(event.ports[0]);
});
parent.postMessage("sandbox-host", location.origin);
