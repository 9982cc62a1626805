"""Bad links and bad addresses (issue 11 item 3): the headline is in a player's words,
the engine's words are folded away under "Details", the bad address is replaced in the
URL bar so a reload does not repeat it, and an unknown sub-path says so."""

from __future__ import annotations

import random

import pytest
from spyweb.app import App
from spyweb.browser import links
from spyweb.browser.store import MemoryStorage
from spyweb.screens.home import HomeScreen
from spyweb.tables.deals import MAX_DEAL

import spygames

ENGINE_WORDS = ("record", "action 0", "format", "seed", "explode", "JSON", "Error")


def record(**change: object) -> dict[str, object]:
    state = spygames.get_game("deck-of-spies").new(seed=5)
    return {**state.record(), **change}


def opened(address: str) -> tuple[App, str]:
    app = App(MemoryStorage())
    app.route(address)
    return app, app.render()


def headline(html: str) -> str:
    return html.split('<div class="notice-text"><p>')[1].split("</p>")[0]


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        ("garbage!!", "damaged"),
        (links.encode(record(actions=[{"type": "explode"}])), "damaged or from a newer version"),
        (links.encode(record(game="chess")), "a game this version of spygames does not have"),
        (links.encode(record(format=2)), "from a newer version of spygames. Reload the page"),
        ("A" * 100_000, "damaged"),
        ("A" * (links.MAX_PAYLOAD + 1), "far too long"),
    ],
)
def test_a_bad_share_link_says_why_in_players_words(payload: str, words: str) -> None:
    for route in ("#/play/", "#/replay/"):
        app, html = opened(route + payload)
        assert isinstance(app.screen, HomeScreen)
        said = headline(html)
        assert words in said
        assert not any(w in said for w in ENGINE_WORDS), said
        assert app.take_navigation() == (None, "#/")  # the URL bar shows the home page


def test_the_engine_words_are_in_the_details() -> None:
    _, html = opened("#/play/" + links.encode(record(actions=[{"type": "explode"}])))
    details = html.split('<details class="notice-details">')[1]
    assert "<summary>Details for a bug report</summary>" in details
    assert "action 0: unknown action" in details and "explode" in details


def test_details_are_cut_short_and_escaped() -> None:
    _, html = opened("#/play/" + links.encode(record(actions=[{"type": "<b>" + "x" * 900}])))
    details = html.split('<details class="notice-details">')[1].split("</details>")[0]
    assert "<b>" not in details and "&lt;b&gt;" in details
    assert len(details) < 500 and "…" in details


def test_a_good_link_still_opens_after_a_bad_one() -> None:
    app, _ = opened("#/play/garbage")
    state = spygames.get_game("deck-of-spies").new(seed=8)
    app.route("#/play/" + links.encode(state.record()))
    assert not isinstance(app.screen, HomeScreen)
    assert 'role="alert"' not in app.render()


def test_an_unknown_sub_path_says_so_and_opens_the_game() -> None:
    app, html = opened("#/deck-of-spies/foo/bar")
    assert "There is no page “deck-of-spies/foo/bar” here, so here is Deck of Spies." in html
    assert not isinstance(app.screen, HomeScreen)
    assert app.take_navigation()[1] is not None
    app.route("#/deck-of-spies")
    assert 'role="alert"' not in app.render()


def test_a_games_own_address_is_that_games_alone() -> None:
    """The daily deal is Deck of Spies' own route (registered with its screen): the same
    address under another game is no page, and a third part after the day is none."""
    for address, name in [("espionage/daily", "Espionage"), ("spynet/daily/2026-11-30", "SpyNet")]:
        _, html = opened(f"#/{address}")
        assert f"There is no page “{address}” here, so here is {name}." in html
    _, html = opened("#/deck-of-spies/daily/2026-11-30/x")
    assert "There is no page “deck-of-spies/daily/2026-11-30/x” here" in html


def test_an_unknown_page_is_replaced_by_home() -> None:
    app, html = opened("#/nowhere/at/all")
    assert isinstance(app.screen, HomeScreen) and "no page" in html
    assert app.take_navigation() == (None, "#/")


def test_a_good_address_is_left_alone() -> None:
    app, _ = opened("#/deck-of-spies/rules")
    assert app.take_navigation() == (None, None)


@pytest.mark.parametrize("deal", [str(MAX_DEAL + 1), "-3", "12x", "²", "١٢", "9" * 5000])
def test_deal_numbers_in_addresses_obey_the_deal_box(deal: str) -> None:
    app, html = opened(f"#/deck-of-spies/deal/{deal}")
    assert f"use a whole number, 0 to {MAX_DEAL}" in html
    assert len(headline(html)) < 200  # a huge number is not echoed whole
    assert app.take_navigation()[1] is not None  # the bad number leaves the URL bar


def test_the_largest_deal_number_is_dealt() -> None:
    app, html = opened(f"#/deck-of-spies/deal/{MAX_DEAL}")
    assert 'role="alert"' not in html
    assert app.screen.state is not None and app.screen.state.seed == MAX_DEAL  # type: ignore[attr-defined]


def test_a_random_walk_of_addresses_never_breaks_the_page() -> None:
    rng = random.Random(4)
    parts = ["deck-of-spies", "espionage", "spynet", "play", "replay", "rules", "deal", "new",
             "saves", "stats", "7", "-1", "999999999999", "embed", "", "%20", "…"]  # fmt: skip
    app = App(MemoryStorage())
    for _ in range(300):
        app.route("#/" + "/".join(rng.choice(parts) for _ in range(rng.randint(0, 4))))
        html = app.render()
        assert "Something went wrong" not in html
