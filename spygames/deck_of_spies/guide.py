"""Deck of Spies' guided first game: four turns that show every move of the game.

Turn 1 recruits the 5♣ with clubs and ends the turn; turn 2 counters the 6♠; turn 3
recruits the 7♦ with its Ace as a double agent (the other cards of any suit) and
retires a pair of 3s; turn 4's hand adds up to 9, less than the 10♥, so an Ace
assassinates it. The rest of the deal is the real game's, shuffled from seed 1.
The rules are quoted from the Rules page (`spyweb/games/deck_of_spies/rules.py`).
"""

from __future__ import annotations

from typing import Final

from ..guides import Guide, Step
from ..i18n import N_
from ..protocol import Action, State

RULES: Final = ("counter", "recruit", "double agent", "assassinate", "retire", "end turn")

COUNTER = N_(
    "Counter it: play cards from your hand adding up to at least its value. No padding "
    "allowed — take away any one of your cards and the total must fall short. The spy "
    "goes to the spies' pile; your cards go to your discard pile."
)
RECRUIT = N_(
    "Recruit it: the same, but with cards all of the spy's suit. The spy then joins your "
    "discard pile with the cards you paid — it is now part of your deck."
)
DOUBLE = N_(
    "Double agents. The Ace of the spy's suit lets cards of any suit help to recruit it. "
    "The Ace counts 1 and is always allowed; every other card must still be needed."
)
RETIRE = N_(
    "Once per turn, after countering or recruiting, you may send two or more cards of one "
    "rank from your hand to the spies' pile. It thins your deck of weak cards."
)
END = N_(
    "Keep what is left in your hand and draw up to five. When your draw deck is empty, "
    "shuffle your discard pile to make a new one."
)
ASSASSINATE = N_(
    "Assassinate it — only when your whole hand adds up to less than the spy. Take any "
    "Ace you own (from your hand, draw deck or discard pile) out of the game for good; the "
    "spy goes to the spies' pile and your whole hand to your discard pile, and the turn ends."
)

GUIDE: Final = Guide(
    game_id="deck-of-spies",
    seed=1,
    players=1,
    seat=0,
    setup={
        "spies": ["5C", "6S", "7D", "10H"],
        "draw": [
            "2C",
            "3C",
            "4H",
            "2H",
            "AD",
            "3D",
            "4S",
            "3H",
            "4C",
            "AC",
            "2D",
            "2S",
            "AH",
            "3S",
        ],
    },
    steps=(
        Step(
            {"type": "recruit", "cards": ["2C", "3C"]},
            N_("Recruit the 5♣ with your 2♣ and 3♣: pick both cards, then Recruit."),
            RECRUIT,
        ),
        Step(
            {"type": "end_turn"},
            N_("End your turn: you keep the A♦ 2♥ 4♥ and draw two cards, up to five."),
            END,
        ),
        Step(
            {"type": "counter", "cards": ["4H", "2H"]},
            N_("Counter the 6♠ with your 4♥ and 2♥: 4 + 2 = 6, and neither card is spare."),
            COUNTER,
        ),
        Step({"type": "end_turn"}, N_("End your turn and draw up to five again."), END),
        Step(
            {"type": "recruit", "cards": ["AD", "4S", "4C"]},
            N_("Recruit the 7♦ with your A♦, 4♠ and 4♣: the A♦ lets the black 4s join in."),
            DOUBLE,
        ),
        Step(
            {"type": "retire", "cards": ["3D", "3H"]},
            N_("Retire your two 3s: weak cards out of your deck for good."),
            RETIRE,
        ),
        Step({"type": "end_turn"}, N_("End your turn: your hand is empty, so you draw five."), END),
        Step(
            {"type": "assassinate", "ace": "AC"},
            N_("Your hand adds up to 9, less than the 10♥: assassinate it with your A♣."),
            ASSASSINATE,
        ),
    ),
    done=N_(
        "That is every move of Deck of Spies. The game goes on from here as any other: "
        "deal with the rest of the spies, and own 7 of the 12 face cards at the end to win."
    ),
)


def teaches(state: State, action: Action) -> set[str]:
    """The rules `action` shows, played where `state` stands."""
    kind = action["type"]
    if kind == "end_turn":
        return {"end turn"}
    if kind != "recruit":
        return {kind}
    spy = str(state.view(0)["spy"])
    suit = spy[-1]
    cards = [str(card) for card in action["cards"]]
    if f"A{suit}" in cards and any(card[-1] != suit for card in cards):
        return {"recruit", "double agent"}
    return {"recruit"}
