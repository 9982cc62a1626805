"""Words on a page in another language: English the translation should have replaced
(e2e/test_languages_play.py, test_languages_together.py). A word counts only if it is
one of the tables' English words that no translation keeps; a game's name some languages
keep ("Deck of Spies") does not."""

from __future__ import annotations

from playwright.sync_api import Frame, Page

# Words of the tables' English that no translation keeps: one of them on a page in
# another language is a message left in English.
ENGLISH = """(words) => {
  const found = new Set();
  const look = (text) => {
    const bare = text.replace(/Deck of Spies/g, ""); // a game's name: some languages keep it
    const hit = (bare.match(/[A-Za-z]{3,}/g) || []).some((w) => words.includes(w.toLowerCase()));
    if (hit) found.add(text.trim().slice(0, 100));
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style, template, [hidden], [aria-hidden=true]")) continue;
    if (el.getClientRects().length) look(node.data);
  }
  for (const el of document.querySelectorAll("[aria-label], [title]")) {
    look(el.getAttribute("aria-label") || ""); look(el.getAttribute("title") || "");
  }
  return [...found];
}"""
# (not the words a translation may share with English: Source, agent, mission, points,
# pile, draft…)
WORDS = [
    "the", "and", "you", "your", "with", "turn", "turns", "game", "games", "deal", "card",
    "cards", "spy", "spies", "round", "player", "players", "undo", "share", "rules", "play",
    "again", "wins", "won", "lost", "branch", "discard",
    "recruit", "deploy", "funding", "saved", "back", "next", "take", "keep", "skip",
    "show", "shows", "hide",
]  # fmt: skip


def english(page: Page | Frame) -> list[str]:
    return list(page.evaluate(ENGLISH, WORDS))
