// A guided first game on the page (spyweb/screens/guide.py): its panel stays at the top of the
// screen (position: sticky) while the table scrolls under it. On a phone it is a third
// of the screen high, so what a step is about could pass under it: the control it points
// at ([data-guide=next]) and what its sentence names ([data-guide-named]: the spy to pay
// for, your hand, the hands a showdown turned over). After each draw that points at a
// new control, or that puts a new explanation in the panel (which grows with it), the
// page scrolls as little as it takes to show both below the panel — the control first,
// when both do not fit (issue 47).

const GAP = 8; // px between the panel and what it points at, and above the screen's foot
let explained = ""; // the words of the panel's notice last drawn

// After each draw of `app` (#app): the pointed control and what its step names in view.
export function guided(app) {
  const guide = app.querySelector(".guide");
  const pointed = app.querySelector("[data-guide=next]");
  const notice = guide?.querySelector(".notice")?.textContent ?? "";
  const fresh = notice !== "" && notice !== explained;
  explained = notice;
  if (!guide || !pointed || !(fresh || pointed.hasAttribute("data-autofocus"))) return;
  const named = app.querySelector("[data-guide-named]");
  clear(guide, pointed, named);
  watch(app, guide);
  // Cards deal in (a transform: Deck of Spies' hand, dos-deal-in), drawn above where they
  // come to rest: cleared again once what is pointed at and named has come to rest.
  settled([pointed, named]).then(() => {
    if (pointed.isConnected && guide.isConnected) clear(guide, pointed, named);
  });
}

// Once the animations that move `elements` (theirs, their ancestors', their insides'),
// each of an end, are over.
function settled(elements) {
  const present = elements.filter(Boolean);
  const moving = document.getAnimations().filter((animation) => {
    const target = animation.effect?.target;
    const ends = Number.isFinite(animation.effect?.getComputedTiming().endTime);
    return ends && target && present.some((e) => target.contains(e) || e.contains(target));
  });
  return Promise.all(moving.map((animation) => animation.finished.catch(() => null)));
}

// The panel may grow after the draw (its words laid out again once a font has loaded):
// what it points at is cleared again then, as long as the panel is the same one.
let watched = null;
const resized = new ResizeObserver(() => {
  const [app, guide] = watched ?? [];
  const pointed = app?.querySelector("[data-guide=next]");
  if (guide?.isConnected && pointed) clear(guide, pointed, app.querySelector("[data-guide-named]"));
});
function watch(app, guide) {
  if (watched?.[1] === guide) return;
  resized.disconnect();
  watched = [app, guide];
  resized.observe(guide);
}

// The element that scrolls the page (a frame's own box, else the document).
function scroller(element) {
  for (let box = element.parentElement; box; box = box.parentElement) {
    const overflow = getComputedStyle(box).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && box.scrollHeight > box.clientHeight) {
      return box;
    }
  }
  return document.scrollingElement;
}

// Scroll so that `pointed` and `named` sit between the panel's foot (where it sticks)
// and the screen's: the least scroll that shows both, else the control alone.
function clear(guide, pointed, named) {
  const box = scroller(guide);
  const view =
    box === document.scrollingElement
      ? { top: 0, bottom: window.innerHeight }
      : box.getBoundingClientRect();
  const stuck = parseFloat(getComputedStyle(guide).top) || 0;
  const top = view.top + stuck + guide.offsetHeight + GAP; // the panel's foot, once stuck
  const bottom = view.bottom - GAP;
  const wanted = pointed.getBoundingClientRect();
  let from = wanted.top;
  let to = wanted.bottom;
  if (named) {
    const also = named.getBoundingClientRect();
    if (Math.max(to, also.bottom) - Math.min(from, also.top) <= bottom - top) {
      from = Math.min(from, also.top);
      to = Math.max(to, also.bottom);
    }
  }
  let by = 0;
  if (from < top) by = from - top;
  else if (to > bottom) by = Math.min(to - bottom, from - top);
  if (by) box.scrollBy({ top: by, behavior: "instant" });
}
