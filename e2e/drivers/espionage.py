"""Espionage's table in the browser: seat the table from the setup form, and wait until
the page asks a person to act (e2e/test_espionage.py, test_boot.py, test_stdlib.py,
test_screen_reader.py)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

# What the page asks a person to do, and the element that asks it.
ASKS = {"#esp-again": "end", "#esp-continue": "reveal", "#esp-show-hand": "handoff"}
ASKS[".esp-panel"] = "turn"  # bid, raise, or (with no bid left) call or spot
BOT_MOVES_MS = 30_000  # the longest wait for the bots to come round to a person


def start(page: Page, *seats: tuple[str, str]) -> None:
    expect(page.locator("#esp-setup-form")).to_be_visible()
    page.select_option("#esp-players", str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        page.fill(f"#esp-seat{i}-name", name)
        page.select_option(f"#esp-seat{i}-kind", kind)
    page.click("#esp-start")
    expect(page.locator("#esp-table")).to_be_visible()


def wait_for_me(page: Page) -> str:
    """Wait until the page asks a person to act; say what it asks."""
    expect(page.locator(", ".join(ASKS)).first).to_be_visible(timeout=BOT_MOVES_MS)
    # Nothing moves while a person is asked, so exactly one of them is on the page.
    (asked,) = [what for selector, what in ASKS.items() if page.locator(selector).count()]
    return asked
