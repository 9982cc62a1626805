// A line the page may cut with "…" (data-may-cut) is marked data-cut while it is, so its
// "more" shows (SpyNet's Since your turn, issue 47); an open (focused) line keeps its mark.
// After each draw of the page (web/page.mjs), and when the window changes size.

let drawn = null; // the page's #app, as last drawn

export function markCut(app) {
  drawn = app;
  for (const line of app.querySelectorAll("[data-may-cut]:not(:focus):not(:hover)")) {
    const text = line.firstElementChild ?? line;
    line.toggleAttribute("data-cut", text.scrollWidth > text.clientWidth + 1);
  }
}

window.addEventListener("resize", () => {
  if (drawn) markCut(drawn);
});
