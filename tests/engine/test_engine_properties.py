"""Every game under Hypothesis: generated action sequences, legal ones with illegal ones
mixed in, for every game and player count (DESIGN "The engine contract"; STYLE.md 5).

After every step (`spygames.conformance`, the checks the engine ships): the cards are
conserved; there are legal actions until the game ends, and it ends; the action played
is accepted; on tempted steps every listed action is accepted, and illegal actions raise
`IllegalAction` and change nothing; on every third step each seat's view is unchanged
when the cards it cannot see are shuffled, and two deals made by `setup` with the hidden
cards apart look the same to the seat to play; at the end, `replay(record)` is the same
state (views, legal actions, result, generator), and so is a replay up to the last deep
step.

The examples are few here (the suite's budget) and derandomized, so a run is
reproducible; `make fuzz` runs the `fuzz` profile (many more) and the seeded random
games of `python -m fuzz`.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spygames
from spygames.conformance import play, random_game, shipped_checks
from spygames.spynet.cards import SITUATION_BY_ID

EXAMPLES = {"deck-of-spies": 16, "espionage": 10, "spynet": 4}  # a few minutes in all
CHECKS = shipped_checks()
CASES = [(game_id, players) for game_id, checks in CHECKS.items() for players in checks.players]


def test_every_game_is_checked() -> None:
    """A game the engine ships whose `Game.checks()` gives no checks of its own (its
    invariants, its views' shapes) fails here."""
    assert list(CHECKS) == list(spygames.GAMES.shipped)  # the tests' own toy games aside
    for game_id, checks in CHECKS.items():
        assert checks.game is spygames.get_game(game_id)
        assert checks.actions, game_id  # not the generic checks


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_random_action_sequences_keep_the_contract(game_id: str, players: int) -> None:
    checks = CHECKS[game_id]
    examples = settings().max_examples
    if examples == settings.get_profile("spygames").max_examples:
        examples = EXAMPLES[game_id]  # the suite's share; the fuzz profile sets its own

    finished: list[int] = []  # actions of each game played to its end

    @settings(max_examples=examples)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        seed = data.draw(st.integers(0, 2**31 - 1), label="seed")
        options = {}
        if game_id == "spynet":
            situation = data.draw(st.sampled_from([None, *sorted(SITUATION_BY_ID)]))
            options = {"situation": situation}
        rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="mutations"))
        state = spygames.get_game(game_id).new(seed=seed, players=players, options=options)
        done = play(
            checks,
            state,
            pick=lambda n: data.draw(st.integers(0, n - 1)),
            tempt=lambda: data.draw(st.integers(0, 5)) == 5,
            rng=rng,
            deep=lambda step: step % 3 == 0,
        )
        assert done.state.is_over
        finished.append(done.steps)

    run()
    # Every example was a whole game (none cut short by Hypothesis's data limit).
    assert len(finished) >= examples and min(finished) > 0


def _played(game_id: str, players: int, seed: int) -> None:
    """One seeded random game with every check at every step (illegal tries included)."""
    random_game(game_id, players, seed, tempt=1.0, deep=lambda step: True)


def test_the_checks_catch_a_view_that_shows_the_draw_order(monkeypatch: pytest.MonkeyPatch) -> None:
    from spygames.deck_of_spies import DeckOfSpiesState

    shown = DeckOfSpiesState.view

    def leaky(self: DeckOfSpiesState, seat: int) -> dict[str, object]:
        return {**shown(self, seat), "next": list(self.table.draw[-1:])}

    monkeypatch.setattr(DeckOfSpiesState, "view", leaky)
    with pytest.raises(AssertionError):
        _played("deck-of-spies", 1, 3)


def test_the_checks_catch_a_refusal_that_changes_the_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from spygames.espionage.rules import EspionageState

    judged = EspionageState.why_illegal

    def careless(self: EspionageState, action: dict[str, object]) -> str | None:
        reason = judged(self, action)
        if reason is not None:
            self.rng.random()  # a refusal that moves the generator
        return reason

    monkeypatch.setattr(EspionageState, "why_illegal", careless)
    with pytest.raises(AssertionError, match="changed the state"):
        _played("espionage", 3, 5)


def test_the_checks_catch_a_listed_action_that_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from spygames.spynet.rules import SpyNetState

    listed = SpyNetState.legal_actions

    def more(self: SpyNetState) -> list[dict[str, object]]:
        return [*listed(self), {"type": "fly"}] if listed(self) else []

    monkeypatch.setattr(SpyNetState, "legal_actions", more)
    with pytest.raises(AssertionError, match="listed but refused"):
        _played("spynet", 2, 1)


def test_the_checks_catch_an_ending_the_game_does_not_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each game names its endings (`Game.endings`); a result with another one fails."""
    game = type(spygames.get_game("espionage"))
    monkeypatch.setattr(game, "endings", frozenset({"last_active"}))
    with pytest.raises(AssertionError, match="not one of the game's endings"):
        for seed in range(20):  # some of these end on points
            _played("espionage", 2, seed)


def test_the_checks_catch_a_view_that_drifts_from_its_shape(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every view has its game's TypedDict shape (`spygames.espionage.views`): a key
    whose value changes type fails, though every other check still passes."""
    from spygames.espionage.rules import EspionageState

    shown = EspionageState.view

    def drifted(self: EspionageState, seat: int) -> dict[str, object]:
        return {**shown(self, seat), "round": str(self.round)}

    monkeypatch.setattr(EspionageState, "view", drifted)
    with pytest.raises(AssertionError, match=r"not a EspionageView: \['round'\]"):
        _played("espionage", 2, 1)


def test_the_checks_catch_a_result_with_a_key_its_shape_does_not_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from spygames.spynet.rules import SpyNetState

    scored = SpyNetState.result

    def more(self: SpyNetState) -> dict[str, object] | None:
        result = scored.fget(self)  # type: ignore[attr-defined]
        return None if result is None else {**result, "mvp": 0}

    monkeypatch.setattr(SpyNetState, "result", property(more))
    with pytest.raises(AssertionError, match=r"not in the shape \['mvp'\]"):
        _played("spynet", 2, 1)
