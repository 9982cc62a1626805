"""What the Espionage bid panel tells a screen reader, and where the focus goes (issue 47,
item 10): More and Fewer say the bid being put together, a greyed role, faction or city
says why it is off, the Hint's move and reason are two sentences, and the page's focus
goes to what the person needs next (`data-main`: Call, More, who is thinking, Next
round) — on CPython, driven as the page drives the table."""

from __future__ import annotations

import re
from html import unescape

from drivers.espionage_panel import YOU_AND_VESPER, bid, button, play_bid, scripted, table_for
from drivers.espionage_panel import text as words_of
from spyweb.games.espionage.seats import seat_options
from spyweb.games.espionage.table import EspionageTable

import spygames

GAME = spygames.get_game("espionage")


def answering(standing: dict[str, object]) -> EspionageTable:
    """You (seat 0) answer Vesper's opening bid `standing`."""
    state = GAME.new(seed=5, players=2, options=seat_options(YOU_AND_VESPER), setup={"first": 1})
    state.apply(standing)
    return table_for(state)


def element(html: str, id_: str) -> str:
    """The element `id_` in `html`, its text (the first of its tag's kind to close)."""
    found = re.search(rf'<(\w+)[^>]*\bid="{id_}"[^>]*>.*?</\1>', html, re.S)
    assert found is not None, id_
    return found.group(0)


def main_controls(html: str) -> list[str]:
    """The ids of the elements the page focuses when the focused one is gone."""
    return re.findall(r'<\w+[^>]*\bid="([^"]+)"[^>]*\bdata-main\b', html) + re.findall(
        r'<\w+[^>]*\bdata-main\b[^>]*\bid="([^"]+)"', html
    )


def enabled_main(html: str) -> list[str]:
    return [i for i in main_controls(html) if "disabled" not in button_or_tag(html, i)]


def button_or_tag(html: str, id_: str) -> str:
    found = re.search(rf'<\w+[^>]*\bid="{id_}"[^>]*>', html)
    assert found is not None, id_
    return found.group(0)


def building(html: str) -> str:
    return unescape(words_of(element(html, "esp-building")))


def test_more_and_fewer_say_the_bid_being_put_together() -> None:
    """More / Fewer were silent: the count they change was in no live region. They are
    described by the bid being put together, which the page reads out as it changes
    (`data-speak`, web/news.mjs)."""
    table = scripted()  # you open
    html = table.render()
    for id_ in ("esp-count-inc", "esp-count-dec"):
        assert 'aria-describedby="esp-building"' in button(html, id_)
    tag = button_or_tag(html, "esp-building")
    assert 'data-speak="esp-building"' in tag and 'class="sr-only"' in tag
    assert building(html) == "Your bid: at least 1 — choose a role, faction or city."
    table.handle("count", "+")
    assert building(table.render()) == "Your bid: at least 2 — choose a role, faction or city."
    table.handle("attr", "hacker")
    assert building(table.render()) == "Your bid: at least 2 Hackers, to Vesper."
    table.handle("count", "+")
    assert building(table.render()) == "Your bid: at least 3 Hackers, to Vesper."
    table.handle("count", "-")
    table.handle("count", "-")
    assert building(table.render()) == "Your bid: at least 1 Hacker, to Vesper."


def test_a_greyed_role_faction_or_city_says_why() -> None:
    """A role, faction or city already bid at the count is off: the panel says so, and
    each greyed one is described by it (and shows it as its tooltip)."""
    table = answering(bid(2, "london", 0))
    html = table.render()
    london = button(html, "esp-attr-london")
    assert " disabled" in london
    assert 'aria-describedby="esp-attr-why"' in london
    assert 'title="London: already bid at 2 this round. More raises the count."' in london
    why = unescape(words_of(element(html, "esp-attr-why")))
    assert why == "London: already bid at 2 this round. More raises the count."
    hacker = button(html, "esp-attr-hacker")
    assert " disabled" not in hacker and "aria-describedby" not in hacker and "title" not in hacker
    table.handle("count", "+")  # at 3, London is on offer again: no reason to give
    html = table.render()
    assert " disabled" not in button(html, "esp-attr-london")
    assert 'id="esp-attr-why"' not in html


def test_every_greyed_attribute_carries_its_reason() -> None:
    """Whatever has been bid, at every count offered: off means described by a reason
    that names it."""
    for standing in (bid(2, "london", 0), bid(3, "face", 0), bid(12, "hacker", 0)):
        table = answering(standing)
        while True:
            html = table.render()
            for attribute, ok in table.panel().attributes().items():
                tag = button(html, f"esp-attr-{attribute}")
                if ok:
                    assert " disabled" not in tag
                    continue
                assert 'aria-describedby="esp-attr-why"' in tag
                name = re.search(r"<span>([^<]+)</span>", element(html, f"esp-attr-{attribute}"))
                assert name is not None
                assert name.group(1) in unescape(words_of(element(html, "esp-attr-why")))
            if not table.panel().can_raise:
                break
            table.handle("count", "+")


def test_the_hints_move_and_reason_are_two_sentences() -> None:
    """Its text ran the move into the reason ("…pass to Agent VesperCounting your own
    cards…"), as a screen reader's live region reads it (textContent)."""
    table = scripted()
    table.handle("hint", "")
    for _ in range(2000):
        if not table.hints.thinking:
            break
        table.tick()
    html = table.render()
    box = element(html, "esp-hint-box")
    said = unescape(re.sub(r"<[^>]+>", "", box))  # the box's textContent
    assert re.search(r"and pass to Vesper\. Counting your own cards", said), said
    assert not re.search(r"[a-z][A-Z]", said), said


def test_the_focus_goes_to_what_the_person_needs_next() -> None:
    """After your bid the page's focus went to its heading, 8 Tabs from Call. The table
    marks what comes next (`data-main`), where the page puts the focus when the control
    that had it is gone: who is thinking while you wait, Call when a bid is put to you,
    More when you open, Next round after a showdown."""
    table = scripted()  # you open: More (Fewer is off at 1)
    assert enabled_main(table.render()) == ["esp-count-inc"]
    play_bid(table, 2, "hacker", 1)
    html = table.render()
    assert enabled_main(html) == ["esp-wait"]  # Vesper is thinking
    assert 'tabindex="-1"' in button_or_tag(html, "esp-wait")
    assert "Vesper is thinking" in words_of(element(html, "esp-wait"))
    while not (table.my_turn or table.reveal_pending):
        table.tick()
    if not table.reveal_pending:  # Vesper raised: Call
        assert enabled_main(table.render()) == ["esp-call"]
        table.handle("call", "")
    assert enabled_main(table.render()) == ["esp-continue"]  # the showdown's way on
    assert enabled_main(answering(bid(2, "london", 0)).render()) == ["esp-call"]
