"""Wording by game (issue 40): words that fit the game at hand — a solo game's tried
demo is not "played against bots", and a two-player SpyNet Deploy offers no teammate."""

from __future__ import annotations

from typing import Any, cast

from spyweb.games.spynet.effect import choose_panel
from spyweb.screens.rules import tried_note

import spygames


def test_a_tried_demo_of_a_solo_game_is_played_alone() -> None:
    assert tried_note("deck-of-spies").startswith("Played alone and not saved")
    assert tried_note("espionage").startswith("Played against bots and not saved")
    assert tried_note("spynet").startswith("Played against bots and not saved")


def deploy_blurb(players: int) -> str:
    state = spygames.get_game("spynet").new(seed=5, players=players)
    return choose_panel(cast(Any, state.view(0)))


def test_deploy_offers_a_card_to_the_teammate_only_where_there_is_one() -> None:
    """ "You may pass up to one card facedown to your teammate" (Deploy): only at four,
    played in teams of two, does a seat have a teammate."""
    assert "a card to your teammate" in deploy_blurb(4)
    for players in (2, 3):
        html = deploy_blurb(players)
        assert "teammate" not in html and "missions where you dominate." in html


def test_a_friends_espionage_header_ends_with_what_it_says() -> None:
    """Issue 40: the friend's Espionage header ended "Round 1 ·" (no deal number on a
    friend's device, and the phone hides the cards dealt): each part brings its own dot."""
    import re

    from drivers.together import joined_pair

    net = joined_pair()
    metas = {}
    for who, app in (("host", net.host), ("friend", net.guest)):
        found = re.search(r'<p class="esp-meta">(.*?)</p>', app.render())
        assert found, who
        metas[who] = found.group(1)
    phone = {w: re.sub(r'<span class="esp-meta-dealt">.*?</span>', "", m) for w, m in metas.items()}
    plain = {w: re.sub(r"<[^>]+>", "", m) for w, m in metas.items()}
    assert plain["friend"] == "Round 1 · 12 cards dealt" and phone["friend"] == "Round 1"
    assert re.fullmatch(r"Round 1 · 12 cards dealt · Deal #21", plain["host"])
    assert phone["host"] == "Round 1 · Deal #21"


def test_spynets_next_best_is_the_move_the_search_weighed_last_not_a_higher_raw_rate() -> None:
    """Issue 47: the Hint called "next best" a move that won 6 of 8 beside the chosen 18 of
    27. The search drops the weaker half of its moves after each round of guesses, so a
    move dropped early has fewer games: the next best is the one kept to the end beside
    the chosen move, and a dropped move's higher rate says it was tried on fewer games."""
    from spyweb.games.spynet.hint import _games
    from spyweb.games.spynet.who import Who

    view = cast(Any, spygames.get_game("spynet").new(seed=5, players=2).view(0))
    facts = {
        "games": 27,
        "won": 18.0,
        "others": [
            {"action": {"type": "deploy"}, "games": 8, "won": 6.0},
            {"action": {"type": "recruit"}, "games": 27, "won": 15.0},
        ],
    }
    text = _games(facts, view, Who([], 2))
    assert "this move won 18 of them; the next best, Recruit, won 15 of 27" in text
    assert "the next best, Deploy" not in text
    assert "Deploy won 6 of only 8 games" in text and "fewer" in text
    facts["others"] = facts["others"][1:]  # no dropped move above the chosen one's rate
    assert "fewer" not in _games(facts, view, Who([], 2))
