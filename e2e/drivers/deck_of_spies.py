"""Deck of Spies' table in the browser: open a deal, and make moves by following the
engine's first legal action (e2e/test_saves.py, test_embed.py)."""

from __future__ import annotations

from conftest import boot, play_first_dos_action, saved_record, wait_for
from playwright.sync_api import Page, expect

import spygames


def open_deal(page: Page, url: str) -> None:
    boot(page, url)
    expect(page.locator(".dos")).to_be_visible()
    wait_for(page, "location.hash === '#/deck-of-spies'")


def play_moves(page: Page, count: int) -> None:
    """Make `count` moves by following the engine's first legal action."""
    for _ in range(count):
        play_first_dos_action(page, spygames.replay(saved_record(page, "deck-of-spies")))
