"""The app shell on CPython: routes, home tiles, saves and share links (no browser)."""

from __future__ import annotations

import base64
import zlib

import pytest
from spyweb import catalogue
from spyweb.app import App, preboot_html
from spyweb.browser import links
from spyweb.browser.markup import attrs, button, esc
from spyweb.browser.store import MemoryStorage
from spyweb.catalogue import RECORDS
from spyweb.screens.home import HomeScreen
from spyweb.screens.rules import RulesScreen

import spygames


def test_markup_escapes_and_builds_attributes() -> None:
    assert esc('<a href="x">') == "&lt;a href=&quot;x&quot;&gt;"
    assert attrs(data_act="go", disabled=True, hidden=False, class_="c") == (
        ' data-act="go" disabled class="c"'
    )
    html = button("Go <now>", "go", 3, disabled=True)
    assert 'data-act="go"' in html and 'data-arg="3"' in html and "disabled" in html


def test_markup_escapes_as_the_standard_library_does() -> None:
    """spyweb.browser.markup escapes without `html` (the site's trimmed standard library leaves it
    out): the same five characters, the same way."""
    import html

    text = "<b class=\"x\" data-a='y'>Tom & Jerry's café 諜報</b>&amp;"
    assert esc(text) == html.escape(text, quote=True)
    assert esc(42) == "42"


def test_home_lists_three_games_all_playable() -> None:
    app = App(MemoryStorage())
    app.route("#/")
    html = app.render()
    assert isinstance(app.screen, HomeScreen)
    for name in ("Deck of Spies", "Espionage", "SpyNet"):
        assert name in html
    assert "Not built yet" not in html
    for game in ("deck-of-spies", "espionage", "spynet"):
        assert f'href="#/{game}/new"' in html and f'href="#/{game}/rules"' in html


def test_the_home_page_lists_the_engines_games_in_its_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One game list: the home page's ids, names and player counts are the engine's."""
    games = [g for g in spygames.GAMES.values() if type(g).__module__.startswith("spygames.")]
    assert [(g.id, g.name) for g in catalogue.CATALOGUE] == [(g.id, g.name) for g in games]
    assert [g.players for g in catalogue.CATALOGUE] == ["1 player", "2–4 players", "2–4 players"]
    two = type("Two", (), {"min_players": 2, "max_players": 2})()
    assert catalogue.players_text(two) == "2 players"
    # A game the engine adds without a record (words for its tile) is named at once, not
    # skipped.
    import spyweb.games.spynet

    monkeypatch.delattr(spyweb.games.spynet, "UI")
    with pytest.raises(LookupError, match="spynet"):
        catalogue._records()


def test_the_home_drawn_before_boot_is_a_new_devices_home() -> None:
    """Python's first draw of the home page leaves the pre-drawn one untouched only when
    they are the same markup (web/page.mjs): the LCP stays the pre-drawn page's."""
    html = preboot_html()
    assert html.count("<article") == 3
    assert html == App(MemoryStorage()).render()  # nothing saved, nothing joined
    assert 'href="#/espionage/new"' in html  # its links work while Python starts


def test_unknown_route_and_unbuilt_game_go_home_with_a_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = App(MemoryStorage())
    app.route("#/chess")
    assert isinstance(app.screen, HomeScreen) and "no page" in app.render()
    monkeypatch.delitem(RECORDS, "spynet")  # a game of the catalogue without its table
    app.route("#/spynet")
    assert isinstance(app.screen, HomeScreen) and "not built yet" in app.render()
    app.route("#/")
    assert app.render().count("Not built yet") == 1


def test_rules_route() -> None:
    app = App(MemoryStorage())
    app.route("#/deck-of-spies/rules")
    assert isinstance(app.screen, RulesScreen)
    assert "Rules" in app.render()


def test_bad_deal_number_is_explained() -> None:
    app = App(MemoryStorage())
    app.route("#/deck-of-spies/deal/abc")
    assert "not a deal number" in app.render()


def test_share_link_round_trip_and_tampering() -> None:
    state = spygames.get_game("deck-of-spies").new(seed=42)
    state.apply(state.legal_actions()[0])
    payload = links.encode(state.record())
    again = links.decode(payload)
    assert again.record() == state.record()
    with pytest.raises(links.BadLink, match="damaged"):
        links.decode(payload[:-6] + "AAAAAA")
    record = state.record()
    record["actions"].append({"type": "retire", "cards": ["KS", "KH"]})
    with pytest.raises(links.BadLink, match="damaged or from a newer version") as caught:
        links.decode(links.encode(record))
    assert caught.value.detail.startswith("action 1:")  # the engine's words, folded away
    app = App(MemoryStorage())
    app.route("#/play/" + payload[:10])
    assert isinstance(app.screen, HomeScreen) and "damaged" in app.render()


def test_dismiss_clears_messages() -> None:
    app = App(MemoryStorage())
    app.route("#/nowhere")
    assert "notice" in app.render()
    app.click("dismiss", "")
    assert "notice" not in app.render()


def test_links_bound_their_work() -> None:
    """Nested JSON and a zip bomb give BadLink, not RecursionError or a frozen page."""
    nested = base64.urlsafe_b64encode(zlib.compress(b"[" * 200_000 + b"]" * 200_000, 9))
    with pytest.raises(links.BadLink, match="damaged"):
        links.decode(nested.decode().rstrip("="))
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * 50_000_000, 9)).decode()
    assert len(bomb) < links.MAX_PAYLOAD
    with pytest.raises(links.BadLink, match="far more than a game"):
        links.decode(bomb.rstrip("="))
