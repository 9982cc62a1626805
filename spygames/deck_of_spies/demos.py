"""Deck of Spies rules demos: each rule shown on a few scripted turns (see spygames.demos).

The setups name the top of the draw deck (the first hand is its top five cards, top
card first), the spies to come, and for the last demo the cards already dealt with.
"""

from __future__ import annotations

from ..demos import Demo, Step
from ..i18n import N_

GAME = "deck-of-spies"

# For the winning demo: every spy already dealt with except the Q♥ (5s–10s but the 5♥
# and 7♥, which are in the player's hand, and the five face cards the spies kept).
DEALT_WITH = [
    *(f"{rank}{suit}" for rank in ("5", "6", "7", "8", "9", "10") for suit in "SHDC"),
    *("JC", "QD", "QC", "KD", "KC"),
]
DEALT_WITH.remove("5H")
DEALT_WITH.remove("7H")

DEMOS = (
    Demo(
        id="dos-counter",
        game=GAME,
        title=N_("Counter a spy"),
        summary=N_("Pay at least the spy's value from your hand; the spy is put away."),
        setup={"spies": ["7H", "5C"], "draw": ["3H", "4S", "2C", "AD", "2D"]},
        steps=(
            Step(
                N_(
                    "The first spy is the 7♥, worth 7. To counter it, pay at least that much "
                    "from your hand."
                ),
                check={"spy": "7H", "spy_value": 7, "hand": ["AD", "2D", "2C", "3H", "4S"]},
            ),
            Step(
                N_(
                    "3♥ + 4♠ pay exactly: the 7♥ is countered. It goes to the spies' pile, and "
                    "the two cards you paid go to your discard pile."
                ),
                {"type": "counter", "cards": ["3H", "4S"]},
                check={"spy_discard": ["7H"], "discard": ["3H", "4S"], "phase": "after"},
            ),
            Step(
                N_(
                    "End the turn: you draw back up to five cards, and the next spy, the 5♣, "
                    "comes up."
                ),
                {"type": "end_turn"},
                check={"hand.len": 5, "spy": "5C", "phase": "deal"},
            ),
        ),
    ),
    Demo(
        id="dos-necessary",
        game=GAME,
        title=N_("No unnecessary card"),
        summary=N_("Every card you pay with must be needed: drop any one and you fall short."),
        setup={"spies": ["5C"], "draw": ["2C", "3H", "4S", "AD", "2D"]},
        steps=(
            Step(
                N_(
                    "The spy is the 5♣, worth 5. Your hand adds up to 12, so there are many "
                    "ways to pay — but not every way is allowed."
                ),
                check={"spy_value": 5, "hand_total": 12},
            ),
            Step(
                N_(
                    "Try 2♣ + 3♥ + 4♠. It is enough, but 3♥ + 4♠ would pay on their own, so "
                    "the engine refuses the payment:"
                ),
                {"type": "counter", "cards": ["2C", "3H", "4S"]},
                refused=True,
                check={"reason": "the 2♣ is not needed", "spy": "5C"},
            ),
            Step(
                N_(
                    "2♣ + 3♥ pay exactly: take away either card and you fall short, so "
                    "both are needed. Countered."
                ),
                {"type": "counter", "cards": ["2C", "3H"]},
                check={"spy_discard": ["5C"], "discard": ["2C", "3H"]},
            ),
        ),
    ),
    Demo(
        id="dos-double-agent",
        game=GAME,
        title=N_("Recruit with a double agent"),
        summary=N_("Recruit a spy with cards of its suit — or with its suit's Ace and any cards."),
        setup={"spies": ["9C", "6D"], "draw": ["AC", "4C", "3D", "2H", "2S"]},
        steps=(
            Step(
                N_(
                    "The spy is the 9♣. To recruit it rather than counter it, every card you "
                    "pay with must be a club — unless one of them is the A♣."
                ),
                check={"spy": "9C", "hand": ["AC", "2S", "2H", "3D", "4C"]},
            ),
            Step(
                N_("Without the A♣, the 3♦ and 2♥ cannot help to recruit a club:"),
                {"type": "recruit", "cards": ["4C", "3D", "2H"]},
                refused=True,
                check={"reason": "all ♣ unless you play A♣"},
            ),
            Step(
                N_(
                    "With the A♣ as a double agent, any suit may help: A♣ 4♣ 3♦ 2♥ recruit the "
                    "9♣ (the Ace counts as one and need not be needed). The 9♣ joins your discard "
                    "pile: it is one of your cards now."
                ),
                {"type": "recruit", "cards": ["AC", "4C", "3D", "2H"]},
                check={"recruited": ["9C"], "discard": ["AC", "2H", "3D", "4C", "9C"]},
            ),
        ),
    ),
    Demo(
        id="dos-assassinate",
        game=GAME,
        title=N_("Assassinate"),
        summary=N_("When your whole hand is worth less than the spy, an Ace must be sacrificed."),
        setup={"spies": ["KD", "5S"], "draw": ["AS", "2H", "2C", "3C", "4D"]},
        steps=(
            Step(
                N_(
                    "The K♦ is worth 13, and your whole hand adds up to 12: you cannot pay for "
                    "it at all."
                ),
                check={"spy_value": 13, "hand_total": 12, "must_assassinate": True},
            ),
            Step(
                N_("Even paying with every card is refused:"),
                {"type": "counter", "cards": ["AS", "2H", "2C", "3C", "4D"]},
                refused=True,
                check={
                    "reason": (
                        "your whole hand adds up to 12, less than the K♦'s 13: "
                        "you must assassinate it"
                    )
                },
            ),
            Step(
                N_(
                    "So you assassinate it: the A♠ is sacrificed and leaves the game for good, "
                    "the K♦ goes to the spies' pile, your hand is discarded and you draw five "
                    "new cards."
                ),
                {"type": "assassinate", "ace": "AS"},
                check={"removed": ["AS"], "spy_discard": ["KD"], "hand.len": 5, "spy": "5S"},
            ),
        ),
    ),
    Demo(
        id="dos-retire",
        game=GAME,
        title=N_("Retire a pair"),
        summary=N_("After paying, send two or more cards of one rank out of your deck for good."),
        setup={"spies": ["7S", "6H"], "draw": ["2C", "2H", "2S", "3S", "9D"]},
        steps=(
            Step(
                N_(
                    "The spy is the 7♠. Your hand holds three 2s: weak cards that will clog your "
                    "deck when the big spies come."
                ),
                check={"spy": "7S", "hand": ["2S", "2H", "2C", "3S", "9D"]},
            ),
            Step(
                N_("First deal with the spy: the 9♦ alone counters the 7♠."),
                {"type": "counter", "cards": ["9D"]},
                check={"spy_discard": ["7S"], "phase": "after"},
            ),
            Step(
                N_(
                    "Now, once this turn, you may retire two or more cards of one rank: the "
                    "three 2s go to the spies' pile for good, and your deck is thinner."
                ),
                {"type": "retire", "cards": ["2C", "2H", "2S"]},
                check={"spy_discard": ["7S", "2S", "2H", "2C"], "retired_this_turn": True},
            ),
            Step(
                N_("End the turn and draw back up to five: the next spy is the 6♥."),
                {"type": "end_turn"},
                check={"hand.len": 5, "spy": "6H"},
            ),
        ),
    ),
    Demo(
        id="dos-winning",
        game=GAME,
        title=N_("Winning"),
        summary=N_("After the last spy, own 7 of the 12 face cards to win."),
        setup={
            "spies": ["QH"],
            "draw": ["5H", "7H", "2S", "3S", "4S"],
            "discard": ["JS", "JH", "JD", "QS", "KS", "KH"],
            "spy_discard": DEALT_WITH,
        },
        steps=(
            Step(
                N_(
                    "The last spy: the Q♥, worth 12. You own 6 face cards and the spies have "
                    "kept 5. You need 7."
                ),
                check={
                    "spies_left": 1,
                    "spy_value": 12,
                    "faces_owned": 6,
                    "faces_with_spies": 5,
                    "faces_to_win": 7,
                },
            ),
            Step(
                N_(
                    "5♥ + 7♥ pay it exactly, all in hearts: recruit the Q♥. It joins your deck, "
                    "and you own 7 face cards."
                ),
                {"type": "recruit", "cards": ["5H", "7H"]},
                check={"recruited": ["QH"], "faces_owned": 7},
            ),
            Step(
                N_("End the turn: no spy is left, and with 7 face cards you have won."),
                {"type": "end_turn"},
                check={"result.won": True, "result.score": 7, "spies_left": 0},
            ),
        ),
    ),
)
