"""A person's bot at a table, from the Lab (web/lab/'s "Play it at a table"): seat it at
Espionage's table against Ann, and let Ann open so it has a decision to make
(e2e/test_your_bot.py, test_sandbox.py)."""

from __future__ import annotations

from conftest import BOOT_TIMEOUT, saved_record
from playwright.sync_api import Page, expect


def seat_my_bot(page: Page, site_url: str, code: str) -> None:
    """From the Lab: this code at Espionage's table, in seat 2 against Ann."""
    if not page.url.startswith(f"{site_url}lab/"):
        page.goto(f"{site_url}lab/")
    page.fill("#lab-source", code)
    page.click("#lab-table")
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
    expect(page.locator("#esp-setup-form")).to_be_visible()
    page.fill("#esp-seat0-name", "Ann")
    page.select_option("#esp-seat0-kind", "human")
    page.fill("#esp-seat1-name", "Mine")
    page.select_option("#esp-seat1-kind", "yours")
    page.select_option("#esp-players", "2")
    page.click("#esp-start")
    expect(page.locator("#esp-table")).to_be_visible()
    page.click("#esp-pace-fast")


def ann_opens_if_first(page: Page) -> None:
    """The deal may give Ann the first bid: she makes it, so Mine has a decision."""
    expect(page.locator("#esp-bid, .notice").first).to_be_visible(timeout=30_000)
    if not saved_record(page, "espionage")["actions"]:
        page.locator(".esp-groups .esp-pick:not([disabled])").first.click()
        page.keyboard.press("b")
