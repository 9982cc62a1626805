"""The review page (issue 41, "Review a finished game"): offered from every end screen
and every replay, for the seat played or watched; worked a slice at a time with Cancel;
the swings open their positions in the replay with the hard bot's move beside; Deck of
Spies' "Try again from here"; the Hint the table gave is the review's advice."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from drivers.engine import finished
from drivers.espionage import play_to_end
from drivers.espionage import started as espionage_table
from spyweb.app import App
from spyweb.browser import links
from spyweb.browser.store import REVIEW, MemoryStorage, Saves
from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
from spyweb.screens.review import ReviewScreen, bots_key, review_route
from spyweb.tables.screen import Context

import spygames
import spygames.hints
import spygames.review


@pytest.fixture(autouse=True)
def small_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    for game_id in ("deck-of-spies", "spynet"):
        monkeypatch.setattr(spygames.get_game(game_id), "hint_budget", spygames.Budget(6))
    monkeypatch.setattr(spygames.review, "GAMES", 6)


def reviewed(app: App, limit: int = 5000) -> ReviewScreen:
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    for _ in range(limit):
        if app.pending_delay() != 0:
            break
        app.tick()
    assert screen.finished
    return screen


def review_href(html: str) -> str:
    found = re.search(r'id="btn-review" href="([^"]+)"', html)
    assert found, "no Review"
    return unescape(found.group(1))


def test_every_end_screen_offers_the_review_of_the_persons_seat() -> None:
    state = finished("deck-of-spies", 13, 1)
    table = DeckOfSpiesTable(Context(Saves(MemoryStorage())), state=state)
    assert review_href(table.render()) == review_route(state.record())

    table = espionage_table("bot", "human", seed=5)  # the person in the second seat
    play_to_end(table)
    assert table.state is not None and table.state.is_over
    assert review_href(table.render()) == review_route(table.state.record(), 1)


def test_a_replay_offers_the_review_of_the_seat_watched() -> None:
    record = finished("espionage", 4, 2).record()
    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route(links.replay_route(record))
    app.click("replay-seat", "1")
    html = app.render()
    assert review_href(html) == review_route(record, 1)
    assert "Review Player 2’s moves" in unescape(html)


def test_the_review_works_in_slices_and_can_be_cancelled() -> None:
    record = finished("deck-of-spies", 13, 1).record()
    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route(review_route(record))
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    assert 'data-state="working"' in app.render() and 'id="review-cancel"' in app.render()
    app.tick()
    done = len(screen.reviewer.decisions)
    assert done < screen.reviewer.total  # one slice is not the whole review
    app.click("review-cancel", "")
    assert app.pending_delay() is None  # nothing more is worked out
    html = app.render()
    assert 'data-state="stopped"' in html and f"stopped after {done} of" in html
    app.click("review-show", "3")  # not offered while stopped: nothing happens
    assert screen.shown is None
    app.click("review-resume", "")
    screen = reviewed(app)
    assert 'data-state="done"' in app.render()


def test_a_slice_that_reviews_no_new_decision_leaves_the_screen_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 50: a review drew its screen after every 30 ms slice (some 400 times for a
    4-player SpyNet game) to move its bar once a decision. A slice says whether what the
    screen shows changed: False only when no decision was reviewed in it."""
    record = finished("deck-of-spies", 13, 1).record()
    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route(review_route(record))
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    # Every other slice is too short to finish a decision (as most are, in the page).
    step, slices = screen.reviewer.step, iter(range(10**6))
    short = lambda slice_s: screen.reviewer.done if next(slices) % 2 else step(slice_s)  # noqa: E731
    monkeypatch.setattr(screen.reviewer, "step", short)
    said = []
    while app.pending_delay() == 0:
        before, drawn = len(screen.reviewer.decisions), app.render()
        changed = app.tick()
        moved = len(screen.reviewer.decisions) != before
        said.append(changed)
        assert (changed is False) == (not moved and not screen.finished)
        if changed is False:
            assert app.render() == drawn  # nothing to draw again
    assert screen.finished and said[-1] is None  # the end is always drawn
    assert False in said and None in said


def test_a_swing_opens_its_position_with_the_hard_bots_move_and_try_again() -> None:
    record = finished("deck-of-spies", 13, 1).record()
    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route(review_route(record))
    screen = reviewed(app)
    html = app.render()
    swings = [r for r in screen.rows if r.swing]
    assert 1 <= len(swings) <= 3
    assert html.count('class="review-mark"') == len(swings)
    first = min(swings, key=lambda r: r.swing)
    assert first.cost == max(r.cost for r in screen.rows)
    app.click("review-show", str(first.move))
    html = unescape(app.render())
    assert 'id="review-alt" data-autofocus' in html  # the focus goes to it, once
    assert 'id="review-alt" data-autofocus' not in app.render()
    # the replay stands before the move
    assert re.search(f'id="replay"[^>]*data-move="{first.move}"', html)
    assert f"Played here: <b>{first.played}</b>" in html
    assert f"The hard bot would play <b>{first.advised}</b>" in html
    retry = re.search(r'id="review-retry" href="#/play/([^"/]+)/retry"', html)
    assert retry is not None
    again = links.decode(retry.group(1))
    assert again.record()["actions"] == record["actions"][: first.move]
    app.click("replay-next", "")  # the replay moves on: the swing is left
    assert screen.shown is None and 'id="review-alt"' not in app.render()
    app.click("review-show", "99999")  # not a decision reviewed: nothing happens
    assert screen.shown is None


def test_only_deck_of_spies_offers_try_again() -> None:
    record = finished("espionage", 4, 2).record()
    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route(review_route(record))
    screen = reviewed(app)
    swing = next(r for r in screen.rows if r.swing)
    app.click("review-show", str(swing.move))
    assert 'id="review-alt"' in app.render() and 'id="review-retry"' not in app.render()


def test_a_game_played_here_is_reviewed_with_its_tables_bots_key() -> None:
    """The key the table seeded its Hint with is kept in the save: the review finds it,
    so its advice is the Hint the table gave (tests/engine/test_review.py compares them)."""
    storage = MemoryStorage()
    table = DeckOfSpiesTable(Context(Saves(storage)), seed=13)
    bot = spygames.get_game("deck-of-spies").bot("normal", seed=2)
    while not table.state.is_over:
        state = table.state
        table.state.apply(bot.choose(state.view(0), state.legal_actions()))
    table._save()
    ctx = Context(Saves(storage))
    assert bots_key(ctx, table.state.record()) == table.bots_key != 13
    assert (
        bots_key(ctx, finished("deck-of-spies", 14, 1).record()) == 14
    )  # not played here: the deal's


@pytest.mark.parametrize(
    ("route", "says"),
    [
        ("#/review/AAAA", "damaged"),
        (review_route(finished("espionage", 4, 2).record(), 3), "no seat 3"),
    ],
)
def test_a_bad_review_address_says_why_and_loses_nothing(route: str, says: str) -> None:
    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route(route)
    assert not isinstance(app.screen, ReviewScreen)
    assert says in unescape(app.render())


def test_the_persons_own_seat_is_your_not_yous() -> None:
    """Issue 47: "You’s decisions" on every review: the person's seat is named "You"."""
    table = espionage_table("bot", "human", seed=5, names=("Rook", "You"))
    play_to_end(table)
    assert table.state is not None
    app = App(table.ctx.saves.storage, base_url="https://example.test/")
    app.route(review_route(table.state.record(), 1))
    html = unescape(reviewed(app).render())
    assert "<p>Your decisions against" in html and "You’s" not in html
    app.route(links.replay_route(table.state.record(), 1))
    assert "Review your moves" in unescape(app.render())


def test_a_swing_and_the_replay_it_opens_say_the_same_move_and_turn() -> None:
    """Issue 47: a swing said "Move 57 · turn 29" and opened the replay at "Move 56 of 74",
    its log at "Turn 28". One numbering: move N is the N-th move of the game, and a
    position is named by the move to be played there; the swing opens the position
    before its move, named as the swing names it."""
    record = finished("deck-of-spies", 13, 1).record()
    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route(review_route(record))
    screen = reviewed(app)
    for row in (r for r in screen.rows if r.swing):
        app.click("review-show", str(row.move))
        html = unescape(app.render())
        label = re.search(rf'id="review-show-{row.swing}"[^>]*>.*?</span> ([^<]+)</button>', html)
        assert label is not None
        named = re.fullmatch(r"Move (\d+) · turn (\d+)", label.group(1))
        assert named is not None
        number, turn = named.groups()
        assert int(number) == row.move + 1  # the move played there, counted from 1
        count = re.search(r'class="replay-count">(.*?)</p>', html)
        assert count is not None
        shown = re.sub(r"<[^>]+>", "", count.group(1))
        assert shown == f"Move {number} of {len(record['actions'])} · turn {turn}"
        current = re.search(r'<li aria-current="step"[^>]*>(.*?)</li>', html)
        assert current is not None  # the log's current line: that move, to be played
        assert re.sub(r"<[^>]+>", " ", current.group(1)).split() == [
            number, "Turn", f"{turn}:", "to", "play"]  # fmt: skip
        assert re.search(f'id="replay"[^>]*data-move="{row.move}"', html)  # before it


def test_the_chart_says_why_it_falls_when_every_move_followed_the_hint() -> None:
    """Issue 47: "The chance to win at the first: 94%" over a chart that falls while every
    move was the Hint's needs words: the chance is worked out from what could be seen
    then, over the cards not yet seen, so the cards that come move it."""
    from spyweb.screens.review_parts import Row, chart

    rows = [
        Row(move=m, when=f"Move {m + 1}", played="End turn", advised="End turn", why="",
            before=p, after=p, cost=0.0, agreed=True)
        for m, p in enumerate((0.94, 0.7, 0.4, 0.2))
    ]  # fmt: skip
    html = unescape(chart(rows, False))
    note = re.search(r'<p class="review-chart-note">(.*?)</p>', html)
    assert note is not None and html.index("</svg>") < note.start()  # under the chart
    assert "cards not yet seen" in note.group(1)
    assert "even when every move followed the Hint" in note.group(1)


def test_an_opened_swing_shows_the_position_first_with_the_hard_bots_cards_marked() -> None:
    """Issue 47: on a phone, opening a swing showed its words again with the board a
    screen lower, the better move not marked. The position comes first (under a one-line
    heading), the words under it, and the hard bot's cards are marked in the hand."""
    record = finished("deck-of-spies", 13, 1).record()
    app = App(MemoryStorage(), base_url="https://example.test/")
    app.route(review_route(record))
    screen = reviewed(app)
    decisions = {d.move: d for d in screen.reviewer.review().decisions}
    for row in (r for r in screen.rows if r.swing):
        app.click("review-show", str(row.move))
        html = unescape(app.render())
        start = html.index('id="review-alt"')
        heading, board = html.index('id="review-alt-h"', start), html.index("replay-stage", start)
        words = html.index("Played here:", start)
        assert start < heading < board < words  # the board first, then the words
        assert html.index('id="review-alt"') > html.index('id="replay"')  # in the replay
        advised = decisions[row.move].advised
        cards = advised.get("cards") or [advised["ace"]]
        stage = html[board:words]
        hinted = re.findall(r'class="[^"]*\bhinted\b[^"]*"[^>]*aria-label="([^"]+)"', stage)
        assert len(hinted) == len(cards) and all("the hard bot’s move" in h for h in hinted)
        app.click("replay-next", "")  # the replay moves on: nothing is marked
        assert "hinted" not in app.render()


def test_a_game_tried_again_from_a_review_says_so_in_saved_games() -> None:
    """Issue 47: "guided and retried games look like ordinary games in Saved games"."""
    record = finished("deck-of-spies", 13, 1).record()
    storage = MemoryStorage()
    app = App(storage, base_url="https://example.test/")
    app.route(review_route(record))
    screen = reviewed(app)
    swing = next(r for r in screen.rows if r.swing)
    app.click("review-show", str(swing.move))
    retry = re.search(r'id="review-retry" href="(#/play/[^"]+)"', unescape(app.render()))
    assert retry is not None and retry.group(1).endswith("/retry")
    app.route(retry.group(1))
    app.route("#/saves")
    assert "Deck of Spies · tried again from a review" in app.render()
    again = App(storage, base_url="https://example.test/")  # a reload keeps it
    again.route("#/saves")
    assert "Deck of Spies · tried again from a review" in again.render()
    shared = App(MemoryStorage(), base_url="https://example.test/")  # a shared link: not
    shared.route(retry.group(1).removesuffix("/retry"))
    shared.route("#/saves")
    assert "tried again" not in shared.render()


def played_here(storage: MemoryStorage, seed: int = 13) -> dict[str, Any]:
    """A game of Deck of Spies played to its end at a table of this browser (saved)."""
    table = DeckOfSpiesTable(Context(Saves(storage)), seed=seed)
    bot = spygames.get_game("deck-of-spies").bot("normal", seed=2)
    while not table.state.is_over:
        state = table.state
        table.state.apply(bot.choose(state.view(0), state.legal_actions()))
    table._save()
    return table.state.record()


def opened(storage: MemoryStorage, record: dict[str, Any]) -> tuple[App, ReviewScreen]:
    app = App(storage, base_url="https://example.test/")
    app.route(review_route(record))
    assert isinstance(app.screen, ReviewScreen)
    return app, app.screen


def kept_keys(storage: MemoryStorage) -> list[str]:
    return [k for k in storage.data if k.startswith(REVIEW)]


def test_a_finished_games_review_is_kept_with_its_save_and_opens_at_once() -> None:
    """Issue 50: "keep a finished game's review beside its save (and say so), refreshing
    it only if the Hint changes"."""
    storage = MemoryStorage()
    record = played_here(storage)
    app, first = opened(storage, record)
    assert 'data-state="working"' in app.render()
    reviewed(app)
    assert "Kept with this game in Saved games: it opens at once next time." in unescape(
        app.render()
    )
    assert len(kept_keys(storage)) == 1

    app, again = opened(storage, record)  # a reload, or Review from Saved games
    assert again.finished and not again.working  # no slice worked
    html = unescape(app.render())
    assert 'data-state="done"' in html and "it opened at once" in html
    assert again.rows == first.rows

    elsewhere = MemoryStorage()  # the same game in a browser where it was not played
    shared = App(elsewhere, base_url="https://example.test/")
    shared.route(review_route(record))
    reviewed(shared)
    assert "Kept with" not in unescape(shared.render())
    assert not kept_keys(elsewhere)


def test_a_new_hint_or_a_damaged_kept_review_works_it_out_again() -> None:
    storage = MemoryStorage()
    record = played_here(storage)
    app, _ = opened(storage, record)
    reviewed(app)
    (key,) = kept_keys(storage)
    kept = storage.data[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(spygames.review, "edition", lambda game_id: "another Hint")
        app, screen = opened(storage, record)
        assert not screen.finished and screen.working
        reviewed(app)
    assert '"edition":"another Hint"' in storage.data[key]  # kept again, for the new Hint

    data = json.loads(kept)
    damaged = [
        "not json",
        "[]",
        json.dumps({**data, "decisions": [{"move": 1}]}),
        json.dumps({**data, "decisions": data["decisions"][:-1]}),
        json.dumps({**data, "bots": data["bots"] + 1}),
        json.dumps({**data, "record": "0" * 32}),
        kept.replace('"before":', '"before":2', 1),
        "[" * 100_000,
    ]
    for raw in damaged:  # each worked out again as if none were kept, nothing raised
        storage.data[key] = raw
        app, screen = opened(storage, record)
        assert not screen.finished and screen.working, raw[:80]
    reviewed(app)  # the last one's: kept in its place
    assert "Kept with this game" in unescape(app.render())
    assert json.loads(storage.data[key])["decisions"] == data["decisions"]


def test_a_kept_review_goes_with_its_save_and_a_full_storage_still_shows_it() -> None:
    storage = MemoryStorage()
    record = played_here(storage)
    app, _ = opened(storage, record)
    reviewed(app)
    assert len(kept_keys(storage)) == 1
    ctx = Context(Saves(storage))
    (slot,) = [s for s in ctx.saves.slots() if s.record == record]
    ctx.saves.delete(slot.id)
    assert not kept_keys(storage) and not ctx.saves.slots()

    # finished games dropped to make room take their reviews with them, every one (the
    # last game played, the game's current one, stays with its review)
    for seed in (13, 14, 15):
        app, _ = opened(storage, played_here(storage, seed))
        reviewed(app)
    assert len(kept_keys(storage)) == 3
    assert Saves(storage)._prune_finished(keep=0)
    (left,) = Saves(storage).slots()
    assert kept_keys(storage) == [f"{REVIEW}{left.id}:0"]

    full = MemoryStorage()
    record = played_here(full)
    full.limit = sum(len(k) + len(v) for k, v in full.data.items()) + 500
    slots = dict(full.data)
    app, _ = opened(full, record)
    reviewed(app)
    html = unescape(app.render())
    assert 'data-state="done"' in html and "Not kept with this game" in html
    assert {k: v for k, v in full.data.items() if not k.startswith("spygames:pref")} == {
        k: v for k, v in slots.items() if not k.startswith("spygames:pref")
    }  # the save as it was
