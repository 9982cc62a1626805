"""Words on screen: the card names that break inside a word or stick out of their card,
measured from each word's boxes in the page (e2e/test_words.py, test_layout.py)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

# For every card name element: each word's boxes (one per line it spans); a word split
# over two lines has boxes on two lines. Also whether the word sticks out of its card.
WORD_BOXES = """(selector) => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const card = el.closest('.sn-card') || el.parentElement;
    const edge = card.getBoundingClientRect();
    const clipped = getComputedStyle(el).textOverflow === 'ellipsis';
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        const box = range.getBoundingClientRect();
        out.push({word: m[0], name: el.textContent, lines: tops.size,
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
