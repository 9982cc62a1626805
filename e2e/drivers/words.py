"""Words on screen: the card names that break inside a word or stick out of their card,
measured from each word's boxes in the page (e2e/test_words.py, test_layout.py)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

# For every card name element: each word and the lines it spans where it breaks but after
# a "-" or a soft hyphen (a word broken inside spans two). Also whether the word sticks out
# of its card.
WORD_BOXES = """(selector) => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const card = el.closest('.sn-card') || el.parentElement;
    const edge = card.getBoundingClientRect();
    const clipped = getComputedStyle(el).textOverflow === 'ellipsis';
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        // the word's letters, each on its line: a word breaks only after a "-" or at a
        // soft hyphen the translation put there ("Macht\\u00ADdemonstration")
        let lines = 1, last = null;
        for (let i = 0; i < m[0].length; i++) {
          const one = document.createRange();
          one.setStart(node, m.index + i);
          one.setEnd(node, m.index + i + 1);
          // its own glyph: the last box (a broken soft hyphen adds one before the next letter)
          const box = [...one.getClientRects()].filter(r => r.width > 0).pop();
          if (!box) continue;  // a soft hyphen where the word does not break
          const top = Math.round(box.top);
          const between = last === null ? "" : m[0].slice(last.i, i);  // a soft hyphen: no box
          // Japanese breaks between any two of its characters (no spaces between words)
          const cjk = /[\\u3000-\\u9fff\\uff00-\\uffef]{2}/.test(m[0][last?.i] + m[0][i]);
          if (last !== null && top !== last.top && !/[-\\u00AD]/.test(between) && !cjk) lines++;
          last = {top, i};
        }
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const box = range.getBoundingClientRect();
        out.push({word: m[0], name: el.textContent, lines,
                  outside: !clipped && box.right > edge.right + 0.5});
      }
    }
  }
  return out;
}"""


def broken_words(page: Page, selector: str) -> list[dict[str, Any]]:
    words = page.evaluate(WORD_BOXES, selector)
    assert words, f"no card names found at {selector}"
    return [w for w in words if w["lines"] > 1 or w["outside"]]
