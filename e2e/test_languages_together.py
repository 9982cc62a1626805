"""Other languages beyond one device (issue 49): a Spanish blog post's rules demo speaks
Spanish (its frame's address says so), stepped through and played live; a host whose
browser speaks French and a friend whose browser speaks German play Espionage together,
each reading the table in their own language (the host sends messages, not sentences:
spyweb/together/wire.py)."""

from __future__ import annotations

import re

from conftest import Guard, boot, open_page, origin_of, saved_record, saved_record_js, wait_for
from drivers.embed import Origins
from drivers.languages import english
from drivers.together import MOVE_MS, bid_or_go_on
from playwright.sync_api import Browser, expect
from server import BlogServer

import spygames

BLOG = """<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Notas de la mesa de juego</title>
<link rel="icon" href="data:,"></head>
<body><article id="post"><h1>Espionaje: apostar y subir</h1>
<p>Una apuesta nombra una cantidad y un atributo. Pulsa Siguiente en el marco.</p>
<iframe id="demo" src="__SITE__embed.html?lang=es#/demo/esp-bid-raise"
 title="Demo de las reglas de Espionaje" width="600" height="450"></iframe>
</article></body></html>"""


def test_a_spanish_blog_post_shows_its_demo_in_spanish(browser: Browser, site_url: str) -> None:
    with BlogServer(site_url, text=BLOG) as blog:
        guard = Origins(origin_of(site_url), origin_of(blog.url))
        page = open_page(browser, guard, viewport={"width": 900, "height": 900})
        page.goto(blog.url)
        frame_element = page.locator("#demo").element_handle()
        assert frame_element is not None
        frame = frame_element.content_frame()
        assert frame is not None
        expect(frame.locator(".demo")).to_have_attribute("data-step", "0")
        assert frame.evaluate("document.documentElement.lang") == "es"
        first = frame.locator(".demo-caption").inner_text()
        assert first and english(frame) == []
        frame.locator("#demo-next").click()
        expect(frame.locator(".demo")).to_have_attribute("data-step", "1")
        assert frame.locator(".demo-caption").inner_text() != first and english(frame) == []
        frame.locator("#demo-back").click()
        frame.locator("#demo-try").click()  # the live table, in Spanish too
        expect(frame.locator("#demo-live")).to_be_visible(timeout=120_000)
        frame.locator("#esp-attr-hacker").click()
        frame.locator("#esp-bid").click()
        expect(frame.locator("#esp-bubble-0")).to_be_visible()
        assert english(frame) == []
        page.context.close()


def test_a_french_host_and_a_german_friend_each_read_their_own_language(
    browser: Browser, guard: Guard, site_url: str
) -> None:
    host = open_page(browser, guard, locale="fr-FR")
    guest = open_page(browser, guard, locale="de-DE", viewport={"width": 375, "height": 812})
    boot(host, f"{site_url}#/espionage/deal/21")  # the browser's language: French
    assert host.evaluate("document.documentElement.lang") == "fr"
    host.select_option("#esp-players", "3")
    for i, (name, kind) in enumerate([("Ana", "human"), ("Ben", "friend"), ("Cy", "normal")]):
        host.fill(f"#esp-seat{i}-name", name)
        host.select_option(f"#esp-seat{i}-kind", kind)
    host.click("#esp-start")
    host.click("#friend-invite-1")
    link = host.locator("#invite-link-1")
    expect(link).to_have_value(re.compile(r"#/join/spyi1\."), timeout=15_000)
    boot(guest, link.input_value())
    assert guest.evaluate("document.documentElement.lang") == "de"
    assert english(guest) == []  # the invitation, in German
    guest.click("#join-go")
    reply = guest.locator("#reply-code")
    expect(reply).to_have_value(re.compile(r"#/answer/spyr1\."), timeout=15_000)
    host.fill("#friend-reply-code-1", reply.input_value())
    host.click("#friend-connect-1")
    expect(guest.locator("#esp-table")).to_be_visible(timeout=15_000)
    bens_moves = 0
    for _ in range(60):
        state = spygames.replay(saved_record(host, "espionage"))
        if state.is_over or bens_moves >= 3:
            break
        n = len(state.actions)
        if state.to_play[0] == 1:
            expect(guest.locator("#join-bar")).to_have_attribute("data-move", str(n))
            assert english(guest) == [] and english(host) == []
            if bid_or_go_on(guest):
                bens_moves += 1
                wait_for(host, f"({saved_record_js('espionage')}).actions.length > {n}")
        elif state.to_play[0] == 0:
            if bid_or_go_on(host):
                wait_for(host, f"({saved_record_js('espionage')}).actions.length > {n}")
        else:
            host.wait_for_timeout(200)
    assert bens_moves >= 3
    expect(guest.locator("#join-bar")).to_have_attribute(
        "data-move", str(len(saved_record(host, "espionage")["actions"])), timeout=MOVE_MS
    )
    # the same moves, each page's log in its own language
    host_log, guest_log = (
        host.locator("#esp-log").inner_text(),
        guest.locator("#esp-log").inner_text(),
    )
    assert host_log and guest_log and host_log != guest_log
    assert english(guest) == [] and english(host) == []
    assert host.evaluate("document.documentElement.lang") == "fr"
    assert guest.evaluate("document.documentElement.lang") == "de"
