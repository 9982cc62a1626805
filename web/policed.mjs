// A worker under the page's Content-Security-Policy. A worker loaded from the site's own
// address carries only the policy of its response's headers, and GitHub Pages sends none:
// there an eval would run and a fetch could go anywhere. A worker started from a blob:
// address takes its creator's policy; it imports the real script from there. (web/boot.js
// and web/embed.js, classic scripts, start Python's worker the same way.)
//
// On a page the service worker controls, the worker starts from its own address: the
// service worker serves it with the policy as a header (web/sw.js), and Firefox would not
// let a blob: worker be served by the service worker, so offline it could not start.
//
// The blob's address ends with the script's name (#snapshot.mjs): a fragment, which
// loading ignores, that says in the browser's tools which worker this is.
export function policedWorker(script, options) {
  const url = new URL(script, document.baseURI);
  if (navigator.serviceWorker?.controller) return new Worker(url, { ...options, type: "module" });
  const source = `import ${JSON.stringify(url.href)};\n`;
  const blob = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const name = url.pathname.split("/").pop();
  return new Worker(`${blob}#${name}`, { ...options, type: "module" });
}
