// The Bot Lab's words (web/lab/words.mjs): the language chosen exactly as the tables'
// boot.js chooses it (its own `language()`, run here beside the Lab's `choose`), the
// page's words fetched from the site's root and said in the static page, a sentence's
// pieces in the language's order, and English, with no error, when the words cannot come.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const BOOT = readFileSync(new URL("../../web/boot.js", import.meta.url), "utf8");
const LANGUAGE = BOOT.match(/\n {2}var LANG_KEY = .*?\n {2}function language\(\) \{\n.*?\n {2}\}\n/s);
assert.ok(LANGUAGE, "boot.js has no language()");

// boot.js's `language()` for a page whose meta holds `content` (null: no meta).
function bootLanguage(content, asked, kept, languages) {
  const document = { querySelector: () => (content === null ? null : { content }) };
  const location = { search: asked === null ? "" : `?lang=${encodeURIComponent(asked)}` };
  const localStorage = {
    getItem: () => {
      if (kept === undefined) throw new Error("no storage");
      return kept;
    },
  };
  const navigator = { languages, language: languages?.[0] };
  const run = new Function("document", "location", "localStorage", "navigator", `${LANGUAGE[0]}\nreturn language();`);
  return run(document, location, localStorage, navigator);
}

class Node {}
class Element extends Node {
  constructor(attrs = {}, text = "", children = []) {
    super();
    this.attrs = { ...attrs };
    this.textContent = text;
    this.innerHTML = text;
    this.children = children;
    this.dataset = {};
    if ("data-i18n" in attrs) this.dataset.i18n = attrs["data-i18n"];
  }
  getAttribute(name) {
    return this.attrs[name] ?? null;
  }
  hasAttribute(name) {
    return name in this.attrs;
  }
  setAttribute(name, value) {
    this.attrs[name] = value;
  }
}

// A page with <meta name="spygames-languages" content="`content`">, the link's ?lang=
// `asked`, and these elements; then words.mjs, a module of its own for each page.
let pages = 0;
async function page({ content, asked = null, kept = null, languages = ["en-US"], elements = [], words = null }) {
  const root = { dataset: {}, lang: "" };
  const fetched = [];
  globalThis.Node = Node;
  globalThis.document = {
    documentElement: root,
    querySelector: (selector) => (selector.includes("spygames-languages") && content !== null ? { content } : null),
    querySelectorAll: (selector) =>
      elements.filter((el) => (selector === "[data-i18n]" ? "data-i18n" in el.attrs : "data-i18n-attrs" in el.attrs)),
  };
  globalThis.location = { search: asked === null ? "" : `?lang=${asked}` };
  globalThis.localStorage = { getItem: () => kept };
  Object.defineProperty(globalThis, "navigator", { value: { languages, language: languages[0] }, configurable: true });
  globalThis.fetch = async (url) => {
    fetched.push(String(url));
    if (words === null) throw new Error("offline");
    return { ok: true, json: async () => ({ words }) };
  };
  const warn = console.warn;
  console.warn = () => {};
  try {
    pages += 1;
    const module = await import(`../../web/lab/words.mjs?page=${pages}`);
    return { module, root, fetched };
  } finally {
    console.warn = warn;
  }
}

const META = "en fr=./locale/fr.1.mo|./locale/fr.2.json de=./locale/de.1.mo|./locale/de.2.json en-XA=./locale/en-XA.1.mo|./locale/en-XA.2.json";

test("the Lab chooses the language exactly as boot.js does", async () => {
  const { module } = await page({ content: null });
  const cases = [];
  for (const content of [null, "", "en", META]) {
    for (const asked of [null, "", "fr", "FR", "de-AT", "en-XA", "xx", "ja"]) {
      for (const kept of [null, undefined, "de", "es"]) {
        for (const languages of [["en-US"], ["fr-CA", "de"], ["ja", "de-DE"], [], undefined]) {
          cases.push([content, asked, kept, languages]);
        }
      }
    }
  }
  for (const [content, asked, kept, languages] of cases) {
    const wanted = [asked, kept ?? null, ...(languages || [languages?.[0]])];
    assert.deepEqual(module.choose(content, wanted), bootLanguage(content, asked, kept, languages), JSON.stringify([content, asked, kept, languages]));
  }
  assert.deepEqual(module.choose(META, ["de-AT"]), { lang: "de", url: "./locale/de.1.mo", words: "./locale/de.2.json" });
  assert.deepEqual(module.choose(META, ["pt"]), { lang: "en", url: null, words: null });
});

test("English fetches nothing and says each message as written, its names filled", async () => {
  const { module, root, fetched } = await page({ content: META, languages: ["en-GB", "fr"] });
  assert.equal(root.lang, "en");
  assert.deepEqual(fetched, []);
  assert.equal(module._("Won {won} of {played}", { won: 3, played: 10 }), "Won 3 of 10");
  const link = new Element({}, "Deal #7");
  assert.deepEqual(module.parts("{deal} — seat {seat}, won", { deal: link, seat: 2 }), [link, " — seat 2, won"]);
});

test("another language: its words from the site's root, the static page said in it", async () => {
  const title = new Element({ "data-i18n": "" }, " Bot\n  Lab ");
  const api = new Element({ "data-i18n": "html" }, "Write <code>choose()</code>.", [{}]);
  const label = new Element({ "data-i18n": "" }, "Game", [{}]); // not a leaf: left as it is
  const field = new Element({ "data-i18n-attrs": "aria-label title", "aria-label": "Your bot's Python code" });
  const { module, root, fetched } = await page({
    content: META,
    asked: "fr",
    elements: [title, api, label, field],
    words: {
      "Bot Lab": "Labo des bots",
      "Write <code>choose()</code>.": "Écrivez <code>choose()</code>.",
      "Your bot's Python code": "Le code Python de votre bot",
      "{deal} — seat {seat}, won": "Siège {seat}, gagné : {deal}",
    },
  });
  assert.equal(root.lang, "fr");
  assert.equal(root.dataset.langPending, undefined); // shown once the words came
  assert.deepEqual(fetched, [new URL("../../web/locale/fr.2.json", import.meta.url).href]);
  assert.equal(title.textContent, "Labo des bots");
  assert.equal(api.innerHTML, "Écrivez <code>choose()</code>.");
  assert.equal(label.textContent, "Game");
  assert.equal(field.getAttribute("aria-label"), "Le code Python de votre bot");
  assert.equal(field.hasAttribute("title"), false);
  assert.equal(globalThis.spygamesWords("Bot Lab"), "Labo des bots"); // the sandbox's words ask here
  const link = new Element({}, "Deal #7");
  assert.deepEqual(module.parts("{deal} — seat {seat}, won", { deal: link, seat: 2 }), ["Siège 2, gagné : ", link]);
  assert.equal(module._("Not translated {n}", { n: 1 }), "Not translated 1");
});

test("words that cannot be fetched: English, the page shown", async () => {
  const title = new Element({ "data-i18n": "" }, "Bot Lab");
  const { module, root, fetched } = await page({ content: META, languages: ["de-DE"], elements: [title] });
  assert.equal(fetched.length, 1);
  assert.equal(root.lang, "en"); // in English, and said to be
  assert.equal(root.dataset.langPending, undefined);
  assert.equal(title.textContent, "Bot Lab");
  assert.equal(module._("Bot Lab"), "Bot Lab");
});
