"""A finished game's review (issue 41, "Review a finished game"): each decision of a seat
against the Hint, the chances before and after, the three biggest swings.

- "the review's advice for a position is exactly the Hint's for it": the tables' Hint and
  the review ask `spygames.hints`; here the review's advice is compared with the Hint a
  table gives at the same position, with the same bots key.
- "estimated only from what that seat knew then … never the hidden cards": the review's
  bots are handed the seat's view while the game is sealed (`sealed.py`), and twin deals
  that differ only in cards the seat cannot see get the same figures.
- "the review's win chances on fixed seeds are reproducible"; "a review of a tampered
  record is refused with words".
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator
from typing import IO, Any

import pytest
from drivers.engine import finished
from drivers.sealed import sealed_steps

import spygames
import spygames.hints
import spygames.review
from spygames import Action, State, View
from spygames.review import Decision, Review, Reviewer, decisions_of

SMALL = 6  # playouts of each compared move: the figures' wiring, not their precision


def reviewed(record: dict[str, Any], seat: int = 0, key: int = 5, games: int = SMALL) -> Review:
    reviewer = Reviewer(record, seat, key, games=games)
    while not reviewer.step(0.05):
        pass
    return reviewer.review()


@pytest.fixture
def small_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Hint on a small budget (both sides of each comparison use it)."""
    for game_id in ("deck-of-spies", "spynet"):
        monkeypatch.setattr(spygames.get_game(game_id), "hint_budget", spygames.Budget(6))


GAMES = [("deck-of-spies", 1), ("espionage", 2), ("espionage", 3), ("spynet", 2)]


@pytest.mark.usefixtures("small_hints")
@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_each_decision_gets_the_hints_own_advice_and_two_chances(
    game_id: str, players: int
) -> None:
    state = finished(game_id, 11, players)
    record = state.record()
    review = reviewed(record, seat=players - 1)
    moves = decisions_of(record, players - 1)
    assert [d.move for d in review.decisions] == moves and moves
    replayed = spygames.replay(record, upto=0)
    for d in review.decisions:
        for action in record["actions"][len(replayed.actions) : d.move]:
            replayed.apply(action)
        assert replayed.to_play == [players - 1]
        assert d.played == record["actions"][d.move]
        # The Hint at that position, asked as a table asks it
        bot = spygames.hints.hint_bot(game_id, spygames.hints.hint_seed(5, players - 1))
        hint = bot.advise(replayed.view(players - 1), spygames.hints.hint_moves(replayed))
        assert (d.advised, d.reason) == (hint.action, hint.reason)
        assert 0.0 <= d.after <= 1.0 and 0.0 <= d.before <= 1.0
        assert d.cost == (0.0 if d.agreed else max(0.0, d.before - d.after))
        if d.agreed:
            assert d.before == d.after  # one move, one figure
    assert review.won == ((players - 1) in state.result["winners"])


@pytest.mark.usefixtures("small_hints")
def test_the_review_repeats_the_hint_a_table_gave_with_its_bots_key() -> None:
    """The Deck of Spies table's Hint, pressed at every decision of a game played at the
    table, is what the review of that game says, given the table's bots key."""
    from spyweb.browser.store import MemoryStorage, Saves
    from spyweb.games.deck_of_spies.table import DeckOfSpiesTable
    from spyweb.tables.screen import Context

    table = DeckOfSpiesTable(Context(Saves(MemoryStorage())), seed=31)
    hints: dict[int, Action] = {}
    bot = spygames.get_game("deck-of-spies").bot("normal", seed=1)
    while not table.state.is_over and len(table.state.actions) < 40:
        state = table.state
        if len(spygames.hints.hint_moves(state)) > 1:
            table.handle("hint", "")
            while table.pending_delay() == 0 and table.hints.thinking:
                table.tick()
            assert table.hints.advice is not None
            hints[len(state.actions)] = table.hints.advice.action
        state.apply(bot.choose(state.view(0), state.legal_actions()))
    review = reviewed(table.state.record(), key=table.bots_key)
    assert {d.move: d.advised for d in review.decisions} == hints


@pytest.mark.usefixtures("small_hints")
@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_figures_are_reproducible(game_id: str, players: int) -> None:
    record = finished(game_id, 12, players).record()
    first = [d.to_json() for d in reviewed(record).decisions]
    assert first == [d.to_json() for d in reviewed(record).decisions]
    again = json.loads(json.dumps(first))  # and they travel as JSON
    assert [Decision.from_json(d).to_json() for d in again] == first


SCRIPT = """
import json, sys
import spygames, spygames.hints
from spygames.review import Reviewer
sys.path.insert(0, "tests")
from drivers.engine import finished
for game_id in ("deck-of-spies", "spynet"):
    spygames.get_game(game_id).hint_budget = spygames.Budget(6)
out = []
for game_id, players in (("deck-of-spies", 1), ("espionage", 2), ("spynet", 2)):
    reviewer = Reviewer(finished(game_id, 14, players).record(), 0, 5, games=4)
    while not reviewer.step(1.0):
        pass
    out.append([d.to_json() for d in reviewer.decisions])
print(json.dumps(out))
"""


def test_the_figures_are_the_same_in_another_process() -> None:
    """Nothing in the figures hangs on the process (its hash seed: the order of a set)."""
    import os
    import subprocess
    import sys

    outputs = [
        subprocess.run(
            [sys.executable, "-c", SCRIPT],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    ]
    assert outputs[0] == outputs[1] and len(json.loads(outputs[0])) == 3


class Judged:
    """A review's bot, checked each time it is asked: handed the seat's view and moves
    only, while the game under review is sealed."""

    def __init__(self, bot: Any, reviewer: list[Reviewer]) -> None:
        self.bot, self.reviewer = bot, reviewer

    def prepare(self, budget_s: float) -> bool:
        return bool(self.bot.prepare(budget_s))

    def _check(self, view: View) -> State:
        state = self.reviewer[0].state
        seat = self.reviewer[0].seat
        assert view == state.view(seat)
        return state

    def think(self, view: View, legal: list[Action], slice_s: float) -> Iterator[Any]:
        state = self._check(view)
        assert legal == spygames.hints.hint_moves(state)
        return sealed_steps(state, self.bot.think(view, legal, slice_s))

    def chances(self, view: View, actions: list[Action], games: int, slice_s: float) -> Any:
        state = self._check(view)
        return sealed_steps(state, self.bot.chances(view, actions, games, slice_s))


@pytest.mark.usefixtures("small_hints")
@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_reviews_bots_see_only_the_seats_view_with_the_game_sealed(
    game_id: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = finished(game_id, 13, players).record()
    holder: list[Reviewer] = []
    made = spygames.review.hint_bot
    asked: list[str] = []

    def judged(gid: str, seed: int) -> Any:
        asked.append(gid)
        return Judged(made(gid, seed), holder)

    monkeypatch.setattr(spygames.review, "hint_bot", judged)
    reviewer = Reviewer(record, 0, 3, games=SMALL)
    holder.append(reviewer)
    while not reviewer.step(0.05):
        pass
    assert len(reviewer.decisions) == reviewer.total and len(asked) == 2 * reviewer.total


@pytest.mark.usefixtures("small_hints")
def test_twin_deals_that_hide_other_cards_get_the_same_figures() -> None:
    """Espionage: the opponent's hand dealt apart (the seat's own hand the same) — the
    review of the seat's first decision does not change."""
    from spygames.espionage.cards import DECK

    mine = list(DECK[:6])
    rest = [c for c in DECK if c not in mine]
    figures = []
    for theirs in (rest[:6], rest[-6:]):
        state = spygames.get_game("espionage").new(
            seed=4, players=2, setup={"hands": [mine, theirs], "first": 0}
        )
        state.apply(state.legal_actions()[-1])  # a bid, to Player 2
        review = reviewed(state.record())
        figures.append([(d.advised, d.before, d.after) for d in review.decisions])
    assert figures[0] == figures[1] and figures[0]


def test_the_swings_are_the_three_costliest_moves_in_game_order() -> None:
    def d(move: int, before: float, after: float, same: bool = False) -> Decision:
        played = {"type": "a"} if same else {"type": "b"}
        return Decision(move, played, {"type": "a"}, "", before, after)

    decisions = (
        d(0, 0.5, 0.4),  # 10 points
        d(1, 0.5, 0.2),  # 30
        d(2, 0.5, 0.495),  # under a point: never a swing
        d(3, 0.6, 0.1, same=True),  # the Hint's own move costs nothing
        d(4, 0.5, 0.3),  # 20
        d(5, 0.5, 0.45),  # 5
        d(6, 0.4, 0.6),  # better than the Hint's: no cost
    )
    review = Review({}, 0, decisions, None)
    assert [x.move for x in review.swings()] == [0, 1, 4]
    assert [x.move for x in Review({}, 0, decisions[2:4] + decisions[6:], None).swings()] == []
    # the boundary: a point of chance is a swing, just under it is not
    edge = (d(0, 0.0099, 0.0), d(1, 0.01, 0.0))  # costs 0.0099 and exactly 0.01
    assert [x.move for x in Review({}, 0, edge, None).swings()] == [1]


@pytest.mark.parametrize(
    ("tamper", "says"),
    [
        (lambda r: r["actions"].__setitem__(3, {"type": "assassinate", "ace": "KS"}), "action 3"),
        (lambda r: r.__setitem__("actions", "many"), "actions"),
        (lambda r: r.__setitem__("players", 3), "players"),
    ],
)
def test_a_tampered_record_is_refused_with_words(tamper: Any, says: str) -> None:
    record = finished("deck-of-spies", 9, 1).record()
    tamper(record)
    with pytest.raises(spygames.InvalidRecord) as refused:
        Reviewer(record, 0, 1)
    assert says in str(refused.value)


def test_a_seat_not_in_the_game_is_refused() -> None:
    record = finished("espionage", 9, 2).record()
    for seat in (2, -1, True):
        with pytest.raises(spygames.InvalidRecord, match="no seat"):
            Reviewer(record, seat, 1)  # type: ignore[arg-type]


@pytest.mark.usefixtures("small_hints")
def test_a_review_worked_out_before_is_taken_back_only_if_it_is_this_games() -> None:
    """Issue 50: "a review once worked out is kept, not worked out again on every
    opening": `Reviewer.restore` takes a kept review's decisions when each is this seat's
    decision in this game, its moves legal there and its chances chances."""
    record = finished("espionage", 11, 2).record()
    kept = [Decision.from_json(d) for d in json.loads(json.dumps(
        [d.to_json() for d in reviewed(record, seat=1).decisions]))]  # fmt: skip
    again = Reviewer(record, 1, 5, games=SMALL)
    assert again.restore(kept) and again.done and again.review().decisions == tuple(kept)
    assert not again.restore(kept)  # taken once

    def altered(index: int, **change: Any) -> list[Decision]:
        data = [d.to_json() for d in kept]
        data[index] = {**data[index], **change}
        return [Decision.from_json(d) for d in data]

    other = finished("espionage", 12, 2).record()
    wrong = [
        kept[:-1],  # one missing
        altered(0, move=kept[0].move + 1),
        altered(1, played=kept[0].played if kept[0].played != kept[1].played else {}),
        altered(2, advised={"type": "nothing"}),  # not a move of that position
        altered(3, before=1.5),
        altered(3, after=-0.1),
        altered(3, before="0.5"),
        altered(4, reason=None),
    ]
    for decisions in wrong:
        reviewer = Reviewer(record, 1, 5, games=SMALL)
        assert not reviewer.restore(decisions) and not reviewer.done and not reviewer.decisions
    assert not Reviewer(other, 1, 5, games=SMALL).restore(kept)
    assert not Reviewer(record, 0, 5, games=SMALL).restore(kept)  # the other seat's


def test_the_edition_of_a_games_review_is_the_files_it_is_worked_out_with(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A kept review is shown again while its game's Hint is the same: the edition is a
    digest of the engine's files a review is worked out with and the game's package."""
    editions = {g: spygames.review.edition(g) for g in ("deck-of-spies", "espionage", "spynet")}
    assert len(set(editions.values())) == 3
    spygames.review.edition.cache_clear()
    assert spygames.review.edition("spynet") == editions["spynet"]  # the same files

    def changed(path: str, mode: str = "r") -> IO[bytes]:
        """The file, one byte longer when it is the bots' search."""
        with open(path, "rb") as file:
            data = file.read()
        return io.BytesIO(data + b"#" if os.path.basename(path).startswith("search.") else data)

    spygames.review.edition.cache_clear()
    monkeypatch.setattr(spygames.review, "open", changed, raising=False)
    try:
        assert spygames.review.edition("spynet") != editions["spynet"]  # its search changed
    finally:
        spygames.review.edition.cache_clear()
