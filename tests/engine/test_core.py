"""The engine contract shared by every game: registry, errors, cards, records, bots."""

from __future__ import annotations

import json
from typing import Any

import pytest
from drivers.pile_game import GAME as PILE

import spygames
from spygames import Card, IllegalAction, InvalidCard, InvalidRecord, InvalidSetup, UnknownGame


def test_registry_lists_the_real_games() -> None:
    assert {"deck-of-spies", "espionage"} <= set(spygames.GAMES)
    for game_id, game in spygames.GAMES.items():
        assert spygames.get_game(game_id) is game
        assert game.bot_levels == ("easy", "normal", "hard")


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match="deck-of-spies"):
        spygames.get_game("chess")
    with pytest.raises(UnknownGame):
        spygames.get_game(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "rank", "suit", "value", "name"),
    [
        ("10H", "10", "H", 10, "Ten of hearts"),
        ("AS", "A", "S", 1, "Ace of spades"),
        ("KD", "K", "D", 13, "King of diamonds"),
        ("qc", "Q", "C", 12, "Queen of clubs"),
        ("7H", "7", "H", 7, "Seven of hearts"),
    ],
)
def test_card_parse_and_format(text: str, rank: str, suit: str, value: int, name: str) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit, card.value, card.name) == (rank, suit, value, name)
    assert str(card) == text.upper()
    assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize("text", ["", "1H", "11S", "10X", "H10", "AS ", "joker", 7])
def test_bad_card_text_is_a_clear_error(text: object) -> None:
    if text == "AS ":  # surrounding spaces are forgiven
        assert Card.parse(text) == Card("A", "S")
        return
    with pytest.raises(InvalidCard, match="not a card"):
        Card.parse(text)  # type: ignore[arg-type]


def test_full_deck_has_52_distinct_cards_and_12_faces() -> None:
    deck = spygames.cards.full_deck()
    assert len(set(deck)) == 52
    assert sum(c.is_face for c in deck) == 12


def test_same_seed_same_game_and_record_replays() -> None:
    a, b = PILE.new(seed=5, players=2), PILE.new(seed=5, players=2)
    bot = PILE.bot("easy", seed=1)
    while not a.is_over:
        action = bot.choose(a.view(a.to_play[0]), a.legal_actions())
        a.apply(action)
        b.apply(action)
    assert a.view(0) == b.view(0) and a.result == b.result
    record = a.record()
    assert set(record) == {"game", "format", "seed", "players", "options", "setup", "actions"}
    again = spygames.replay(json.loads(json.dumps(record)))
    assert again.view(1) == a.view(1) and again.result == a.result


def test_illegal_action_leaves_the_state_untouched() -> None:
    state = PILE.new(seed=3, players=2, setup={"pile": 2})
    before = (state.record(), state.view(0))
    for bad in ({"type": "take", "count": 3}, {"type": "jump"}, {"count": 1}, "take", None):
        with pytest.raises(IllegalAction) as info:
            state.apply(bad)  # type: ignore[arg-type]
        assert info.value.reason
    assert (state.record(), state.view(0)) == before


def test_no_action_after_the_end() -> None:
    state = PILE.new(seed=3, players=2, setup={"pile": 1})
    state.apply({"type": "take", "count": 1})
    assert state.is_over and state.to_play == [] and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply({"type": "take", "count": 1})


def test_new_checks_its_arguments() -> None:
    with pytest.raises(InvalidSetup, match="2–3 players"):
        PILE.new(seed=1, players=5)
    with pytest.raises(InvalidSetup, match="seed"):
        PILE.new(seed="x")  # type: ignore[arg-type]
    assert isinstance(PILE.new().seed, int)


def test_replay_names_the_bad_action() -> None:
    state = PILE.new(seed=9, players=2, setup={"pile": 10})
    state.apply({"type": "take", "count": 1})
    record = state.record()
    record["actions"].append({"type": "take", "count": 7})
    with pytest.raises(InvalidRecord, match="action 1"):
        spygames.replay(record)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ([], "JSON object"),
        ({"game": "test-pile"}, "has no"),
        (
            {
                "game": "nope",
                "format": 1,
                "seed": 1,
                "players": 2,
                "options": {},
                "setup": None,
                "actions": [],
            },
            "no game",
        ),
        (
            {
                "game": "test-pile",
                "format": 2,
                "seed": 1,
                "players": 2,
                "options": {},
                "setup": None,
                "actions": [],
            },
            "format",
        ),
        (
            {
                "game": "test-pile",
                "format": 1,
                "seed": 1,
                "players": 9,
                "options": {},
                "setup": None,
                "actions": [],
            },
            "players",
        ),
    ],
)
def test_bad_records_are_clear_errors(record: object, message: str) -> None:
    with pytest.raises(InvalidRecord, match=message):
        spygames.replay(record)


def test_a_record_without_a_seed_is_refused_not_dealt_at_random() -> None:
    """A record is the game: replaying it must give the same game every time. With no
    seed the engine would deal a new one on each replay, so a record that replayed when
    checked could fail (or differ) when opened (found by tests/web/test_untrusted_input.py:
    an imported file whose record had `"seed": null`)."""
    record = PILE.new(seed=9, players=2, setup={"pile": 10}).record()
    record["seed"] = None
    with pytest.raises(InvalidRecord, match="no seed"):
        spygames.replay(record)


def test_bots_by_level_and_a_random_baseline() -> None:
    state = PILE.new(seed=2, players=2)
    legal = state.legal_actions()
    for level in (*PILE.bot_levels, "random"):
        assert PILE.bot(level, seed=1).choose(state.view(0), legal) in legal
    with pytest.raises(InvalidSetup, match="no bot level"):
        PILE.bot("genius")


def test_engine_imports_no_browser_module() -> None:
    import pathlib

    source = pathlib.Path(spygames.__file__).parent
    for path in source.rglob("*.py"):
        text = path.read_text()
        for line in text.splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]):
                module = words[1].split(".")[0]
                assert module not in ("js", "pyscript", "pyodide"), f"{path.name}: {line}"


def test_every_level_takes_a_budget_and_a_searching_bot_keeps_it() -> None:
    """`Game.bot(level, seed, budget=...)`: a searching bot thinks within the budget it is
    given (else its level's own), the others have nothing to budget and ignore it."""
    from spygames.search import SearchBot

    small = spygames.Budget(3, None)
    searching = 0
    for game in spygames.GAMES.values():
        for level in ("random", *game.bot_levels):
            bot = game.bot(level, seed=1, budget=small)
            if isinstance(bot, SearchBot):
                searching += 1
                assert bot.budget == small
                assert game.bot(level, seed=1).budget == type(bot).default_budget
    assert searching >= 2  # Deck of Spies' and SpyNet's hard bots


def test_a_search_stops_at_its_playout_budget() -> None:
    """The budget's playouts are a cap: a search of 3 candidates plays no more."""
    game = spygames.get_game("spynet")
    state = game.new(seed=3, players=2)
    for playouts in (4, 12):
        bot = game.bot("hard", seed=1, budget=spygames.Budget(playouts, None))
        while len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        bot.advise(state.view(state.to_play[0]), state.legal_actions())
        assert 0 < bot.last_playouts <= playouts  # type: ignore[attr-defined]


def test_a_records_bounds_are_exact() -> None:
    """`replay` bounds a record before touching it (docs/testing.md, untrusted input):
    nesting of exactly MAX_DEPTH passes and one more is refused, in dicts and in lists;
    exactly MAX_ITEMS values pass and one more is refused."""
    from spygames.record import MAX_DEPTH, MAX_ITEMS, shape_problem

    def nested(levels: int, box: Any) -> Any:
        value: Any = 0
        for _ in range(levels):
            value = box(value)
        return value

    for box in (lambda v: [v], lambda v: {"k": v}):
        assert shape_problem(nested(MAX_DEPTH - 1, box)) is None  # the 0 sits at MAX_DEPTH
        assert shape_problem(nested(MAX_DEPTH, box)) == (
            f"the record is nested more than {MAX_DEPTH} deep"
        )
    assert shape_problem([0] * (MAX_ITEMS - 1)) is None  # the list and its values: MAX_ITEMS
    assert shape_problem([0] * MAX_ITEMS) == f"the record holds more than {MAX_ITEMS:,} values"
    assert shape_problem({"a": {1: "x"}}) == "the record has a key that is not text"
    assert shape_problem({"a": [float("nan")]}) == "the record holds a number that is not finite"
    assert shape_problem({"a": (1, 2)}) == "the record holds a tuple, which is not JSON data"


def test_bad_records_word_for_word_and_the_largest_seed() -> None:
    """A refused record says why, whole (a bad file or link shows these words under
    Details); the largest seed, MAX_SEED, is a seed like any other."""
    from spygames.record import MAX_SEED

    game = spygames.get_game("deck-of-spies")
    record = game.new(seed=MAX_SEED).record()
    assert spygames.replay(record).seed == MAX_SEED
    for bad, says in (
        ([1], "a record must be a JSON object"),
        ({**record, "actions": "x"}, "the record's actions must be a list"),
        ({k: v for k, v in record.items() if k not in ("seed", "options")},
         "the record has no seed, options"),
        ({**record, "seed": MAX_SEED + 1},
         f"the seed must be a whole number from 0 to {MAX_SEED}"),
        ({**record, "actions": [{"type": "explode"}]},
         "action 0: unknown action 'explode': counter, recruit, assassinate, retire or end_turn"),
    ):  # fmt: skip
        with pytest.raises(InvalidRecord) as refused:
            spygames.replay(bad)
        assert str(refused.value) == says
