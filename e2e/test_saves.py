"""Never lose a game, in a real browser: questions before leaving a game, share links over
a game in progress, a corrupt save, Saved games with export and import, Copy, stats."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import (
    BOOT_TIMEOUT,
    Guard,
    boot,
    no_horizontal_scroll,
    open_page,
    saved_record,
    saved_record_js,
    shot,
    wait_for,
)
from drivers.deck_of_spies import open_deal, play_moves
from playwright.sync_api import Browser, Page, expect
from spyweb.browser import links

import spygames

DOS = "#/deck-of-spies"


def test_new_game_and_play_deal_ask_first_and_keep_the_game(page: Page, site_url: str) -> None:
    open_deal(page, f"{site_url}{DOS}/deal/21")
    play_moves(page, 2)
    record = saved_record(page, "deck-of-spies")
    page.click("#btn-new")
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Start a new game?")
    expect(page.locator("#confirm-no")).to_be_focused()
    shot(page, "confirm-new-game")
    page.click("#confirm-no")
    expect(dialog).to_have_count(0)
    assert saved_record(page, "deck-of-spies") == record
    page.fill("#deal-number", "5")
    page.click("#btn-deal")
    expect(dialog).to_contain_text("Play deal #5?")
    page.click("#confirm-yes")
    expect(page.locator('[data-testid="deal"]')).to_have_text("Deal #5")
    page.goto(f"{site_url}#/saves")
    row = page.locator('.saves-row:has-text("Deal #21")')
    expect(row).to_have_count(1)
    row.get_by_role("button", name="Continue").click()
    expect(page.locator('[data-testid="deal"]')).to_have_text("Deal #21")
    expect(page.locator(".dos")).to_have_attribute("data-actions", "2")


def test_a_share_link_over_a_game_in_progress_keeps_it(page: Page, site_url: str) -> None:
    open_deal(page, f"{site_url}{DOS}/deal/33")
    play_moves(page, 1)
    mine = saved_record(page, "deck-of-spies")
    shared = spygames.get_game("deck-of-spies").new(seed=34).record()
    page.goto(f"{site_url}#/play/{links.encode(shared)}")
    expect(page.locator(".notice")).to_contain_text("kept under Saved games")
    expect(page.locator('[data-testid="deal"]')).to_have_text("Deal #34")
    page.goto(f"{site_url}#/saves")
    page.locator('.saves-row:has-text("Deal #33")').get_by_role("button", name="Continue").click()
    expect(page.locator('[data-testid="deal"]')).to_have_text("Deal #33")
    assert saved_record(page, "deck-of-spies") == mine


def test_a_save_that_no_longer_replays_sits_beside_a_good_one(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    """Issue 12 §4: a corrupted entry and one from an older engine are kept, reported in
    plain words, offered as a download or discarded after asking; the good save beside
    them continues."""
    good = spygames.get_game("deck-of-spies").new(seed=12)
    for _ in range(2):
        good.apply(good.legal_actions()[0])
    stale = {**spygames.get_game("deck-of-spies").new(seed=13).record(), "actions": [{"type": "x"}]}
    slots = {
        "deck-of-spies-good": {"engine": "0.0.1", "record": good.record(), "updated": 3},
        "deck-of-spies-stale": {"engine": "0.0.1", "record": stale, "updated": 2},
    }
    boot(page, site_url)
    page.evaluate(
        """([slots, cut]) => {
        for (const [id, data] of Object.entries(slots)) {
            data.updated = Date.now() / 1000 - 3600 * data.updated;  // hours ago
            localStorage.setItem('spygames:slot:' + id, JSON.stringify(data));
        }
        localStorage.setItem('spygames:slot:deck-of-spies-bad', cut);
        localStorage.setItem('spygames:current:deck-of-spies', 'deck-of-spies-bad');
    }""",
        [slots, '{"record": {"game": "deck-of-spies"'],
    )
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
    expect(page.locator('[data-testid="continue-deck-of-spies"]')).to_have_count(0)
    page.goto(f"{site_url}{DOS}")
    expect(page.locator(".notice")).to_contain_text("could not be opened")
    expect(page.locator(".notice")).to_contain_text("download it as a file or discard it")
    expect(page.locator(".dos")).to_be_visible()

    page.goto(f"{site_url}#/saves")
    damaged = page.locator("#saves-damaged .saves-row")
    expect(damaged).to_have_count(2)
    stale_row = page.locator('.saves-row[data-slot="deck-of-spies-stale"]')
    expect(stale_row).to_contain_text(
        "It was saved by an older version of spygames (0.0.1) and can't be continued (action 0"
    )
    expect(page.locator('.saves-row[data-slot="deck-of-spies-bad"]')).to_contain_text(
        "The saved data is damaged and can't be read."
    )
    shot(page, "saves-damaged")
    with page.expect_download() as info:
        stale_row.get_by_role("button", name="Download").click()
    kept = tmp_path / "stale.json"
    info.value.save_as(kept)
    assert json.loads(kept.read_text())["record"] == stale  # the save as it is stored
    stale_row.get_by_role("button", name="Discard").click()
    expect(page.get_by_role("alertdialog")).to_contain_text("Discard this save?")
    page.click("#confirm-no")
    expect(damaged).to_have_count(2)
    stale_row.get_by_role("button", name="Discard").click()
    page.click("#confirm-yes")
    expect(damaged).to_have_count(1)
    assert page.evaluate("localStorage.getItem('spygames:slot:deck-of-spies-stale')") is None
    assert page.evaluate("localStorage.getItem('spygames:slot:deck-of-spies-bad')") is not None

    good_row = page.locator('.saves-row[data-slot="deck-of-spies-good"]')
    good_row.get_by_role("button", name="Continue").click()  # from an older engine, still fine
    expect(page.locator(".dos")).to_have_attribute("data-actions", "2")
    play_moves(page, 1)
    assert saved_record(page, "deck-of-spies")["actions"][:2] == good.actions


def test_export_then_import_in_a_fresh_browser(
    browser: Browser, guard: Guard, page: Page, site_url: str, tmp_path: Path
) -> None:
    open_deal(page, f"{site_url}{DOS}/deal/44")
    play_moves(page, 3)
    position = saved_record(page, "deck-of-spies")
    page.goto(f"{site_url}#/saves")
    with page.expect_download() as info:
        page.click("#btn-export-all")
    exported = tmp_path / info.value.suggested_filename
    info.value.save_as(exported)
    assert json.loads(exported.read_text())["saves"][0]["record"] == position
    shot(page, "saved-games")

    fresh = open_page(browser, guard, accept_downloads=True)
    boot(fresh, f"{site_url}#/saves")
    foreign = tmp_path / "foreign.json"
    foreign.write_text('{"hello": "world"}')
    fresh.set_input_files("#import-file", str(foreign))
    expect(fresh.locator(".notice")).to_contain_text("not a spygames save")
    assert fresh.evaluate("localStorage.length") == 0  # nothing stored
    with fresh.expect_file_chooser() as chooser:  # as a player does it: click, pick
        fresh.get_by_text("Import a file…").click()
    chooser.value.set_files(str(exported))
    expect(fresh.locator(".notice")).to_contain_text("Imported 1 game")
    fresh.goto(f"{site_url}{DOS}")
    expect(fresh.locator(".dos")).to_have_attribute("data-actions", "3")
    assert saved_record(fresh, "deck-of-spies") == position
    fresh.context.close()


def test_copy_puts_the_link_on_the_clipboard(browser: Browser, guard: Guard, site_url: str) -> None:
    page = open_page(browser, guard, permissions=["clipboard-read", "clipboard-write"])
    open_deal(page, f"{site_url}{DOS}/deal/55")
    page.click("#btn-share")
    field = page.locator("#share-link")
    field.click()
    assert page.evaluate("document.activeElement.selectionEnd") == len(field.input_value())
    page.click("#btn-copy")
    expect(page.locator(".notice")).to_contain_text("Link copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == field.input_value() and "#/play/" in copied
    assert links.decode(copied.split("#/play/")[1]).seed == 55
    page.context.close()
    assert not guard.problems, guard.problems


def test_a_finished_game_counts_once_in_stats(page: Page, site_url: str) -> None:
    state = spygames.get_game("deck-of-spies").new(seed=5)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    ended = {**state.record(), "actions": state.actions[:-1]}  # one move from the end
    page.goto(f"{site_url}#/play/{links.encode(ended)}")
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
    expect(page.locator(".dos")).to_be_visible()
    play_moves(page, 1)
    expect(page.locator('[data-testid="end"]')).to_be_visible()
    page.reload()  # the end screen again: not a second game
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
    expect(page.locator('[data-testid="end"]')).to_be_visible()
    page.goto(f"{site_url}#/stats")
    card = page.locator('.stats-card[data-game="deck-of-spies"]')
    expect(card.locator('[data-stat="played"]')).to_have_text("1")
    expect(card.locator("svg rect")).to_have_count(1)
    shot(page, "stats")


def test_espionage_new_table_asks_first_and_keeps_the_game(page: Page, site_url: str) -> None:
    boot(page, f"{site_url}#/espionage/deal/7")
    page.fill("#esp-seat0-name", "Ann")
    page.click("#esp-start")
    expect(page.locator("#esp-table")).to_be_visible()
    page.click("#esp-pace-fast")
    expect(page.locator("#esp-bid")).to_be_visible()  # the bot has opened: Ann's turn
    before = len(saved_record(page, "espionage")["actions"])
    page.locator(".esp-groups .esp-pick:not([disabled])").first.click()
    page.click("#esp-bid")
    wait_for(page, f"{saved_record_js('espionage')}.actions.length > {before}")
    record = saved_record(page, "espionage")
    page.click("#esp-newtable")
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Set up a new table?")
    page.click("#confirm-yes")
    expect(page.locator("#esp-setup-form")).to_be_visible()
    page.goto(f"{site_url}#/saves")
    row = page.locator('.saves-row[data-game="espionage"]')
    expect(row).to_have_count(1)
    row.get_by_role("button", name="Continue").click()
    expect(page.locator("#esp-table")).to_be_visible()
    assert saved_record(page, "espionage")["actions"][: len(record["actions"])] == record["actions"]


def test_saved_games_rows_line_their_buttons_up(page: Page, site_url: str) -> None:
    """Issue 40: "Saved games rows align their buttons differently". A game with moves
    (Continue, Replay, Export, Delete), one without (no Replay) and a damaged one
    (Download, Discard): each action keeps its column, on a laptop and a phone."""
    moved = spygames.get_game("deck-of-spies").new(seed=61)
    moved.apply(moved.legal_actions()[0])
    fresh = spygames.get_game("deck-of-spies").new(seed=62)
    slots = {
        "deck-of-spies-moved": {"engine": "0.0.1", "record": moved.record(), "updated": 2},
        "deck-of-spies-fresh": {"engine": "0.0.1", "record": fresh.record(), "updated": 1},
    }
    boot(page, site_url)
    page.evaluate(
        """(slots) => {
        for (const [id, data] of Object.entries(slots)) {
            data.updated = Date.now() / 1000 - 3600 * data.updated;
            localStorage.setItem('spygames:slot:' + id, JSON.stringify(data));
        }
        localStorage.setItem('spygames:slot:deck-of-spies-bad', '{"record": {');
    }""",
        slots,
    )
    for width, height in ((1280, 800), (375, 812)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{site_url}#/saves")
        page.reload()
        page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
        expect(page.locator(".saves-row")).to_have_count(3)
        expect(page.locator("#replay-deck-of-spies-fresh")).to_have_count(0)

        def left(selector: str) -> float:
            box = page.locator(selector).bounding_box()
            assert box is not None, selector
            return round(box["x"])

        assert left("#go-deck-of-spies-moved") == left("#go-deck-of-spies-fresh"), width
        assert left("#exp-deck-of-spies-moved") == left("#exp-deck-of-spies-fresh"), width
        assert left("#del-deck-of-spies-moved") == left("#del-deck-of-spies-fresh"), width
        assert left("#discard-deck-of-spies-bad") == left("#del-deck-of-spies-fresh"), width
        assert left("#dl-deck-of-spies-bad") == left("#go-deck-of-spies-fresh"), width
        assert no_horizontal_scroll(page), width
        shot(page, f"saved-games-aligned-{width}")
