"""Words a player reads, across the three games: names as given, plurals and verbs that
agree at 0, 1 and 2, the funding clause only when there is funding, whose condition a
failed mission missed, "printed power", and what a damaged save says."""

from __future__ import annotations

import re

import pytest
from drivers.spynet_engine import FILLER, agent, deploy, new
from spyweb.browser.stats import Record, Result
from spyweb.browser.store import MemoryStorage, Saves
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
from spyweb.games.spynet.effect import draft_panel
from spyweb.games.spynet.end import _mission_row
from spyweb.games.spynet.log import Narrator
from spyweb.games.spynet.model import CARD
from spyweb.games.spynet.table import SpyNetTable
from spyweb.games.spynet.who import Who
from spyweb.screens.stats_chart import chart
from spyweb.tables.screen import Context
from spyweb.tables.seats import Seat

import spygames
from spygames import i18n
from spygames.deck_of_spies import describe_view
from spygames.spynet.text import card_text


def context() -> Context:
    return Context(Saves(MemoryStorage()))


def two_people(*names: str) -> Who:
    return Who([Seat(n, "human") for n in names], len(names))


# -- names keep their case -----------------------------------------------------------
def test_a_name_keeps_its_case_at_the_start_of_a_sentence() -> None:
    """ "Agent lynx’s Censor", never "Agent lynx’s" lowered from "agent Lynx"."""
    state = spygames.get_game("spynet").new(
        seed=3,
        players=2,
        options={"seats": [{"name": "You", "kind": "human"}, {"name": "agent McLynx",
                 "kind": "bot", "level": "normal"}]},
    )  # fmt: skip
    html = SpyNetTable(context(), state=state).render()
    assert "Agent McLynx’s tableau" in html
    assert "mclynx" not in html.lower().replace("agent mclynx", "")  # the name as given


# -- plurals and verbs -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("packet", "expected"),
    [
        (["a01", "a02", "a03"], "The other 2 go face down to Cy"),
        (["a01", "a02"], "The other card goes face down to Cy"),
        (["a01"], "Nothing is left to pass on to Cy"),
    ],
)
def test_the_draft_panel_counts_the_cards_passed_on(packet: list[str], expected: str) -> None:
    view = {"draft": packet, "seat": 0, "players": 2, "first": 0}
    assert expected in draft_panel(view, two_people("You", "Cy"))


def test_who_drafts_first_agrees_with_you_and_with_a_name() -> None:
    seen = set()
    for seed in range(12):
        state = spygames.get_game("spynet").new(seed=seed, players=2)
        (entry,) = Narrator(two_people("You", "Cy")).opening(state)
        assert "You drafts" not in entry.text and "Cy draft " not in entry.text
        assert "You will" not in entry.text  # "Cy drafts first; you will take …"
        seen.add(entry.text.split(";")[0])
    assert seen == {"Opening draft: You draft first", "Opening draft: Cy drafts first"}


@pytest.mark.parametrize(
    ("spies", "words"), [(1, "1</b> spy left"), (2, "2</b> spies left")]
)  # the spy on top counts among those left, so a game never starts with 0
def test_deck_of_spies_counts_the_spies_left(spies: int, words: str) -> None:
    all_spies = [r + s for r in ("5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"]
    setup = {"spies": all_spies[:spies], "spy_discard": all_spies[spies:]}
    state = spygames.get_game("deck-of-spies").new(seed=1, setup=setup)
    assert words in DeckOfSpiesTable(context(), state=state).render()
    plain = re.sub(r"</?b>", "", words)
    assert plain in describe_view(state.view(0))


@pytest.mark.parametrize(("n", "words"), [(1, "Last 1 game,"), (2, "Last 2 games,")])
def test_the_stats_chart_counts_its_games(n: int, words: str) -> None:
    record = Record(recent=[Result(won=True, score=7, at=1.0) for _ in range(n)])
    assert words in chart(record, "deck-of-spies")


# -- the eliminate line names funding only when there was some --------------------------
@pytest.mark.parametrize(("funding", "said"), [(["f10"], True), ([], False)])
def test_eliminating_an_agent_mentions_its_funding_only_if_it_had_some(
    funding: list[str], said: bool
) -> None:
    theirs = {"agents": {"ops": [{"card": "a04", "funding": funding}]}}
    state = new(hands=[["a05"], []], deck=FILLER, tableaus=[{}, theirs])
    deploy(state)
    state.apply(agent("a05", "ops"))
    before = state.view(0)
    action = {"type": "eliminate", "card": "a04"}
    state.apply(action)
    text = " ".join(e.text for e in Narrator(two_people("You", "Cy")).entries(
        before, 0, action, state))  # fmt: skip
    assert "eliminated Cy’s " + str(CARD["a04"]["name"]) in text
    assert ("(and its funding)" in text) is said


# -- whose condition was not met ---------------------------------------------------------
def test_a_partners_failed_mission_says_whose_condition_it_was() -> None:
    dominate = next(c for c, i in CARD.items() if (i.get("condition") or {}).get("kind")
                    == "dominate")  # fmt: skip
    who = Who([Seat(n, "human") for n in ("You", "Bo", "Cy", "Di")], 4)
    branch = CARD[dominate]["branches"][0]
    row = _mission_row({"card": dominate, "points": 0, "seat": 2, "branch": branch}, who)
    assert "Scores only if Cy dominates its branch — not met" in row
    mine = _mission_row({"card": dominate, "points": 0, "seat": 0, "branch": branch}, who)
    assert "Scores only if you dominate its branch — not met" in mine


# -- printed power ---------------------------------------------------------------------
def test_an_effect_with_a_power_limit_says_printed_power() -> None:
    """DESIGN: "Power N or less" on an effect means the printed power (the engine compares
    `AGENT[card].power`), and the card text says so."""
    limited = [c for c, i in CARD.items() if (i.get("effect") or {}).get("max_power")]
    assert limited
    for card in limited:
        assert re.search(r"of printed power \d+ or less", card_text(card)), card


def test_the_handoff_screen_agrees_with_who_takes_the_device() -> None:
    from spyweb.tables.tabletools import handoff_html

    assert "while Ann takes a look" in handoff_html("sn", "Ann")
    assert "while You take a look" in handoff_html("sn", "You")


@pytest.mark.parametrize(("moves", "progress"), [(0, "0 moves"), (1, "1 move"), (2, "2 moves")])
def test_an_imported_bare_record_counts_its_moves(moves: int, progress: str) -> None:
    import json

    from spyweb.browser import transfer

    state = spygames.get_game("deck-of-spies").new(seed=5)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    incoming = transfer.read(json.dumps(state.record()), Saves(MemoryStorage()))
    assert incoming.new[0].summary["progress"] == progress


def test_spynets_log_speaks_to_you_and_of_the_others_each_in_their_own_words() -> None:
    """Issue 49: a line of the log about the person's own seat ("You", in any language)
    is a message of its own ("You recruited"), never the one for another player ("{name}
    recruited"): French, German, Spanish and Japanese conjugate them differently."""
    game = spygames.get_game("spynet")
    for seed, players in ((0, 2), (1, 2), (2, 4), (3, 4)):
        state = game.new(seed=seed, players=players)
        names = ["You", "Bo", "Cy", "Di"][:players]
        narrator = Narrator(Who([Seat(n, "human") for n in names], players))
        bots = [game.bot("easy", seed=spygames.bot_seed(seed, s)) for s in range(players)]
        mine: set[str] = set()
        while not state.is_over:
            actor = state.to_play[0]
            before = state.view(actor)
            action = bots[actor].choose(before, state.legal_actions())
            state.apply(action)
            for entry in narrator.entries(before, actor, action, state):
                key = i18n.data(entry.text)
                if actor == 0 and isinstance(key, dict) and entry.kind not in ("turn", "end"):
                    mine.add(key["i18n"][1])
                # you are never a name in the middle of a clause ("passed … to You")
                said = re.sub(r"(^|: |; )You\b", "", entry.text)
                assert entry.kind == "turn" or not re.search(r"\bYou\b", said), entry.text
        assert mine and not [m for m in mine if m.startswith("{name}")], sorted(mine)


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es", "ja"])
def test_spynets_since_your_turn_strip_names_each_seat_once(lang: str) -> None:
    """The strip shows "<b>Bo</b> took pile 1 …": each seat's words are the log's lines
    without the name they begin with, which the translations must keep first and followed
    by a space ("{name} a pris …", "{name} 山1を…"), so a name is never said twice."""
    from spyweb.games.spynet.since import replay_log, seat_lines, since

    game = spygames.get_game("spynet")
    try:
        i18n.use(lang)
        names = [str(i18n._("You")), "Agent Lynx", "Bo", "Cy"]
        seats = [{"name": n, "kind": "human", "level": "normal"} for n in names]
        state = game.new(seed=3, players=4, options={"seats": seats})
        bots = [game.bot("easy", seed=spygames.bot_seed(3, s)) for s in range(4)]
        while not state.is_over:
            seat = state.to_play[0]
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        who = Who([Seat(n, "human") for n in names], 4)
        _log, moves = replay_log(state.record(), who)
        said = []
        for k in range(1, len(moves)):
            if moves[k].turn == 0 and moves[k - 1].turn != 0:
                said += seat_lines(since(moves[:k], 0, 0), who, 0)
    finally:
        i18n.use(i18n.ENGLISH)
    assert said
    twice = [(s, t) for s, t in said if names[s] in t.split(";")[0][: len(names[s]) + 2]]
    assert not twice, twice[:3]


def test_spynets_log_says_you_where_you_are_passed_a_card_or_must_discard() -> None:
    """Your partner's pass and an effect that makes you discard say "you" ("Cy passed you
    a card face down"), never your seat's name in the middle of a line ("… to You")."""
    import random

    game = spygames.get_game("spynet")
    rng = random.Random(0)
    state = game.new(seed=0, players=4)
    narrator = Narrator(Who([Seat(n, "human") for n in ("You", "Bo", "Cy", "Di")], 4))
    seen = set()
    while not state.is_over:
        actor, legal = state.to_play[0], state.legal_actions()
        before = state.view(actor)
        wanted = [
            a
            for a in legal
            if (a["type"] == "pass" and actor == 2) or (a["type"] == "discard" and a["seat"] == 0)
        ]
        action = wanted[0] if wanted else rng.choice(legal)
        state.apply(action)
        for entry in narrator.entries(before, actor, action, state):
            if action["type"] in ("pass", "discard"):
                seen.add(i18n.data(entry.text)["i18n"][1])
            assert not re.search(r"(to|: )You\b", entry.text), entry.text
    assert "{name} passed you a card face down" in seen
    assert "{name}’s {agent}: you must discard a card" in seen
