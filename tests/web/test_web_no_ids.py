"""No internal card id (SpyNet's a12, f02, m04; Espionage's face-agency-nyc) in anything
a player reads: the text of the page, its tooltips and labels, and the log, over many
positions of seeded games of every game, played through the tables' own controls."""

from __future__ import annotations

import html as htmllib
import random
import re

import pytest
from drivers.espionage import started as espionage_table
from drivers.saves import app_at, move
from drivers.spynet import click_action, run_bots
from drivers.spynet import started as spynet_table
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
from spyweb.games.espionage.table import EspionageTable
from spyweb.games.spynet.table import SpyNetTable

import spygames
from spygames.spynet.cards import BRANCH_IDS, CARDS

IDS = {
    "spynet": re.compile(r"\b[amfs]\d{2}\b"),
    "espionage": re.compile(
        r"\b(?:face|hacker|muscle)-(?:agency|bureau|command)\b|\b(?:mercenary|traitor)-\d\b"
    ),
    "deck-of-spies": re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b"),
}
READ_ATTRS = re.compile(r'\b(?:title|aria-label|alt|placeholder|aria-description)="([^"]*)"')


def what_a_player_reads(page: str) -> str:
    """The page's text and the words of its tooltips and labels (not ids, data-*, classes)."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    said = " ".join(READ_ATTRS.findall(page))
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", page) + " " + said)


def no_ids(game: str, page: str) -> None:
    found = IDS[game].findall(what_a_player_reads(page))
    assert not found, f"{game} shows internal ids {sorted(set(found))}"


def test_the_scan_sees_an_id_in_a_tooltip_and_in_text_but_not_in_data() -> None:
    assert IDS["spynet"].search(what_a_player_reads('<b title="With Slush Fund (f02)">x</b>'))
    assert IDS["spynet"].search(what_a_player_reads("<p>Breacher (a01) is not yours</p>"))
    assert not IDS["spynet"].search(what_a_player_reads('<b data-card="a01" id="c-a01">B</b>'))


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_spynet_pages_and_log_never_show_a_card_id(seed: int) -> None:
    rng = random.Random(seed)
    players = (2, 3, 4)[seed % 3]
    table: SpyNetTable = spynet_table("human", *["normal"] * (players - 1), seed=seed)
    state = table.state
    assert state is not None
    for step in range(600):
        run_bots(table)
        no_ids("spynet", table.render())
        if state.is_over:
            break
        view = state.view(0)
        if step % 5 == 0 and view.get("hand"):  # a card picked: targets, funding, reasons
            table.handle("pick", rng.choice(view["hand"]))
            no_ids("spynet", table.render())
            table.handle("pick", "")
        click_action(table, rng.choice(state.legal_actions()))
    assert state.is_over
    no_ids("spynet", " ".join(e.text for e in table.log))


@pytest.mark.parametrize("seed", [4, 17])
def test_espionage_pages_and_log_never_show_a_card_id(seed: int) -> None:
    table: EspionageTable = espionage_table("human", "easy", "hard", seed=seed)
    assert table.state is not None
    for _ in range(3000):
        no_ids("espionage", table.render())
        if table.state.is_over and not table.stepping:
            break
        if table.state.is_over:
            table.tick()
        elif table.reveal_pending:
            table.handle("continue", "")
        elif table.pending_delay() is not None:
            table.tick()
        elif table.panel().can_call:
            table.handle("call", "")
        else:
            table.handle("attr", next(a for a, ok in table.panel().attributes().items() if ok))
            table.handle("bid", "")
    assert table.state.is_over
    no_ids("espionage", table.render())


@pytest.mark.parametrize("deal", [5, 23])
def test_deck_of_spies_pages_never_show_a_card_id(deal: int) -> None:
    app = app_at(f"#/deck-of-spies/deal/{deal}")
    screen = app.screen
    assert isinstance(screen, DeckOfSpiesTable)
    for _ in range(400):
        no_ids("deck-of-spies", app.render())
        if screen.state.is_over:
            break
        if screen.state.legal_actions()[0]["type"] == "retire":
            app.click("end_turn", "")
        else:
            move(app)
    assert screen.state.is_over
    no_ids("deck-of-spies", app.render())


def test_spynet_reasons_for_refused_moves_name_cards_without_ids() -> None:
    """The engine's reasons are shown to players (the deploy panel, the demos' captions)."""
    rng = random.Random(2)
    reasons: set[str] = set()
    for seed in range(6):
        state = spygames.get_game("spynet").new(seed=seed, players=2)
        for _ in range(rng.randrange(30, 90)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        for card in rng.sample(sorted(CARDS), 12):
            for branch in BRANCH_IDS:
                for kind in ("agent", "mission", "eliminate", "flip", "keep", "pass"):
                    action = {"type": kind, "card": card, "branch": branch, "funding": []}
                    try:
                        state.apply(action)
                    except spygames.IllegalAction as refused:
                        reasons.add(refused.reason)
                        continue
                    if state.is_over:  # a legal one was played: the position moves on
                        break
    assert len(reasons) > 5
    no_ids("spynet", " ".join(reasons))
