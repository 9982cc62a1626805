"""Every text that comes from a player, a link or a file is shown as text (issue 12 §5):
names typed on the seats screen, names in a shared record, fields of an imported file,
each carrying markup that would run script if it were ever parsed as HTML. Nothing runs,
no element is made from them, and the text shows literally, letter for letter.

Names hold at most 20 characters (the engine's limit), so the name probes are short
ones that still break out of an attribute (`">`) and run script on load; the longer
probes go where the length is free: a file's fields, and a link the engine refuses.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import BOOT_TIMEOUT, boot, shot
from playwright.sync_api import Page, expect
from spyweb.browser import links

import spygames

IMG = '<img src=x onerror="window.__pwned=1">'
SCRIPT = '"><script>window.__pwned=2</script>'
NAME_TAG = "<svg onload=p(3)>"  # 17 characters
NAME_QUOTE = '"><svg onload=p(4)>'  # 19: out of value="…", then a tag that runs p
# `p` is how a short probe would reach the page; it records any call, as the long ones do.
TRAP = "window.p = (n) => { window.__pwned = n; };"
NOTHING_RAN = """() => window.__pwned === undefined
    && document.querySelectorAll('#app img[src="x"], #app script, #app [onload], '
        + '#app [onerror]').length === 0"""


def nothing_ran(page: Page) -> None:
    assert page.evaluate(NOTHING_RAN), page.evaluate("window.__pwned")


def test_names_typed_on_the_seats_screen_show_as_text(page: Page, site_url: str) -> None:
    page.add_init_script(TRAP)
    boot(page, f"{site_url}#/espionage/deal/7")
    page.select_option("#esp-players", "3")
    page.fill("#esp-seat0-name", NAME_TAG)
    page.fill("#esp-seat1-name", NAME_QUOTE)
    page.fill("#esp-seat2-name", IMG)  # the field takes its first 20 characters
    page.click("#esp-start")
    table = page.locator("#esp-table")
    expect(table).to_be_visible()
    expect(table).to_contain_text(NAME_TAG)
    expect(table).to_contain_text(NAME_QUOTE)
    expect(table).to_contain_text(IMG[:20])
    nothing_ran(page)
    shot(page, "xss-names")

    page.reload()  # from the save
    page.wait_for_selector("html[data-ready=true]", timeout=BOOT_TIMEOUT)
    expect(page.locator("#esp-table")).to_contain_text(NAME_QUOTE)
    page.goto(f"{site_url}#/saves")
    expect(page.locator('.saves-row[data-game="espionage"]')).to_contain_text(NAME_TAG)
    page.goto(f"{site_url}#/espionage/new")  # the seats screen again, names kept
    expect(page.locator("#esp-seat1-name")).to_have_value(NAME_QUOTE)
    nothing_ran(page)


def test_names_in_a_shared_record_show_as_text(page: Page, site_url: str) -> None:
    page.add_init_script(TRAP)
    seats = [
        {"name": NAME_TAG, "kind": "human"},
        {"name": NAME_QUOTE, "kind": "bot", "level": "easy"},
    ]
    state = spygames.get_game("spynet").new(seed=5, players=2, options={"seats": seats})
    boot(page, f"{site_url}#/play/{links.encode(state.record())}")
    table = page.locator("#sn-table")
    expect(table).to_be_visible()
    expect(table).to_contain_text(NAME_TAG)
    expect(table).to_contain_text(NAME_QUOTE)
    nothing_ran(page)
    page.goto(f"{site_url}#/replay/{links.encode(state.record())}")
    expect(page.locator(".replay-stage")).to_contain_text(NAME_QUOTE)
    nothing_ran(page)

    # Names too long for the engine: the link is refused, its reason shown as text.
    long_names = [{"name": IMG, "kind": "human"}, {"name": SCRIPT, "kind": "human"}]
    record = {**state.record(), "options": {"seats": long_names}}
    page.goto(f"{site_url}#/play/{links.encode(record)}")
    expect(page.locator(".notice")).to_be_visible()
    nothing_ran(page)


def test_an_imported_file_shows_its_words_as_text(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    page.add_init_script(TRAP)
    seats = [
        {"name": NAME_QUOTE, "kind": "human"},
        {"name": NAME_TAG, "kind": "human"},
    ]
    record = spygames.get_game("espionage").new(seed=9, players=2, options={"seats": seats})
    record.apply(record.legal_actions()[0])
    entry = {
        "id": f"espionage-{SCRIPT}",
        "game": "espionage",
        "record": record.record(),
        "summary": {"players": IMG, "progress": SCRIPT, "result": IMG},
    }
    file = tmp_path / "probe.json"
    file.write_text(json.dumps({"spygames": "saves", "format": 1, "saves": [entry]}))
    boot(page, f"{site_url}#/saves")
    page.set_input_files("#import-file", str(file))
    expect(page.locator(".notice")).to_contain_text("Imported 1 game")
    row = page.locator('.saves-row[data-game="espionage"]')
    expect(row).to_contain_text(IMG)
    expect(row).to_contain_text(SCRIPT)
    nothing_ran(page)
    shot(page, "xss-import")
    row.get_by_role("button", name="Continue").click()
    table = page.locator("#esp-table")
    expect(table).to_contain_text(NAME_QUOTE)
    expect(table).to_contain_text(NAME_TAG)
    nothing_ran(page)
