"""SpyNet rules demos: a recruit through the piles, domination and a mission, an effect.

Two players: "You" (seat 0, whose hand the demo shows) and Kestrel (seat 1). The
setups skip the opening draft (hands are given), name the whole deck, top card first,
and lay out the piles and the cards already in play (see spygames.demos and
spygames.spynet.setup). Cards are chosen by their data in `cards.json`: the Cleaner
(a05) eliminates an agent of printed power 2 or less, the Wheelman (a03) is a plain
Field Ops agent of power 3, funding cards are worth 1 each.
"""

from __future__ import annotations

from ..demos import Demo, Step
from ..i18n import N_

GAME = "spynet"
NAMES = (N_("You"), "Kestrel")

# A deck long enough that no demo reaches the final round.
DECK = ["a20", "m11", "a16", "f03", "a22", "m13", "a10", "m07", "a29"]

DEMOS = (
    Demo(
        id="sn-recruit",
        game=GAME,
        # translators: the SpyNet rules demos' titles, summaries and captions name SpyNet's
        # cards and branches (their names as translated in the game) and the player Kestrel
        title=N_("Recruit: the three piles"),
        summary=N_(
            "Look at each pile in turn and take it or return it; return all three and "
            "you take the deck's top card. Every pile you looked at then gets a card more."
        ),
        players=2,
        names=NAMES,
        setup={
            "first": 0,
            "hands": [["a03", "f01", "m02"], ["a14", "m10", "f04"]],
            "piles": [["a07", "m01"], ["f02"], ["m06"]],
            "deck": DECK,
        },
        steps=(
            Step(
                N_(
                    "Your turn begins: recruit or deploy. You hold 3 cards; the first pile "
                    "holds 2 cards, the second and third one each, and the deck 9."
                ),
                check={
                    "phase": "choose",
                    "hand.len": 3,
                    "piles.0.size": 2,
                    "piles.1.size": 1,
                    "piles.2.size": 1,
                    "deck": 9,
                },
            ),
            Step(
                N_(
                    "You recruit. You look at the first pile: a Sleeper and a mission. Take "
                    "the whole pile, or return it and look at the next one."
                ),
                {"type": "recruit"},
                check={"phase": "recruit", "looking": 0, "looking_at": ["a07", "m01"]},
            ),
            Step(
                N_(
                    "You return it and look at the second pile: a single funding card. Kestrel "
                    "does not see it, but you will remember what you saw there."
                ),
                {"type": "pass_on"},
                check={"looking": 1, "looking_at": ["f02"], "piles.0.known": ["a07", "m01"]},
            ),
            Step(
                N_("You return that too and look at the third pile: one mission."),
                {"type": "pass_on"},
                check={"looking": 2, "looking_at": ["m06"]},
            ),
            Step(
                N_(
                    "You return the third pile as well, so you take the deck's top card instead: "
                    "the Engineer. Then each pile you looked at gets the deck's next card face "
                    "down: the piles now hold 3, 2 and 2 cards, the deck 5, and your hand 4. "
                    "Kestrel's turn."
                ),
                {"type": "pass_on"},
                check={
                    "hand": ["a03", "f01", "m02", "a20"],
                    "hand.len": 4,
                    "piles.0.size": 3,
                    "piles.1.size": 2,
                    "piles.2.size": 2,
                    "deck": 5,
                    "to_play": [1],
                },
            ),
        ),
    ),
    Demo(
        id="sn-dominate",
        game=GAME,
        title=N_("Dominate a branch, play a mission"),
        summary=N_(
            "Have more power in a branch than anyone else and you dominate it; only "
            "there may you play a mission, face down."
        ),
        players=2,
        names=NAMES,
        setup={
            "first": 0,
            "hands": [["a03", "f01", "m02", "m06"], ["a14", "m10", "f04"]],
            "piles": [["a07"], ["m01"], ["f02"]],
            "deck": DECK,
            "tableaus": [{}, {"agents": {"ops": [{"card": "a02", "funding": []}]}}],
        },
        steps=(
            Step(
                N_(
                    "Kestrel's Bodyguard gives Kestrel power 3 in Field Ops, so Kestrel "
                    "dominates it. You choose to deploy."
                ),
                {"type": "deploy"},
                check={
                    "phase": "deploy",
                    "tableaus.1.power.ops": 3,
                    "dominates.ops": [1],
                },
            ),
            Step(
                N_(
                    "A mission may only go into a branch you dominate now, so your Field Ops "
                    "mission is refused:"
                ),
                {"type": "mission", "card": "m02", "branch": "ops"},
                refused=True,
                check={
                    "reason": "you can play a mission only in a branch you dominate now "
                    "(Field Ops is not yours)"
                },
            ),
            Step(
                N_(
                    "You play the Wheelman (power 3) in Field Ops with a funding card attached, "
                    "worth 1 more: power 4 beats Kestrel's 3, and now you dominate Field Ops."
                ),
                {"type": "agent", "card": "a03", "branch": "ops", "funding": ["f01"]},
                check={
                    "tableaus.0.agents.ops.0.power": 4,
                    "tableaus.0.power.ops": 4,
                    "tableaus.1.power.ops": 3,
                    "tableaus.0.funding": 1,
                    "dominates.ops": [0],
                    "deploy.agents_left": 0,
                },
            ),
            Step(
                N_(
                    "Now the Field Ops mission goes in, face down: Kestrel sees only that there "
                    "is one. Your hand is down to 1 card."
                ),
                {"type": "mission", "card": "m02", "branch": "ops"},
                check={"tableaus.0.missions.ops": ["m02"], "hand": ["m06"], "hand.len": 1},
            ),
            Step(
                N_(
                    "Your Deep Cover mission cannot follow: "
                    "nobody dominates Deep Cover, you included."
                ),
                {"type": "mission", "card": "m06", "branch": "cover"},
                refused=True,
                check={
                    "reason": "you can play a mission only in a branch you dominate now "
                    "(Deep Cover is not yours)",
                    "dominates.cover": [],
                },
            ),
        ),
    ),
    Demo(
        id="sn-eliminate",
        game=GAME,
        title=N_("A special agent: eliminate"),
        summary=N_(
            "Some agents have an effect, used as they are played: the Cleaner "
            "eliminates an opponent's agent of printed power 2 or less."
        ),
        players=2,
        names=NAMES,
        setup={
            "first": 0,
            "hands": [["a05", "m03", "a09"], ["a14", "m10", "f04"]],
            "piles": [["a08"], ["m01"], ["f01"]],
            "deck": DECK,
            "tableaus": [
                {},
                {
                    "agents": {
                        "ops": [{"card": "a04", "funding": ["f02"]}],
                        "cover": [{"card": "a07", "funding": []}],
                    }
                },
            ],
        },
        steps=(
            Step(
                N_(
                    "Kestrel's Lookout, with a funding card attached, gives Kestrel "
                    "power 3 in Field Ops; the Sleeper gives 4 in Deep Cover. You deploy."
                ),
                {"type": "deploy"},
                check={
                    "tableaus.1.agents.ops.0.power": 3,
                    "tableaus.1.power.ops": 3,
                    "tableaus.1.power.cover": 4,
                    "dominates.ops": [1],
                },
            ),
            Step(
                N_(
                    "You play the Cleaner (power 2) in Field Ops. Its effect now: eliminate an "
                    "opponent's agent of printed power 2 or less."
                ),
                {"type": "agent", "card": "a05", "branch": "ops", "funding": []},
                check={
                    "phase": "effect",
                    "pending.effect": "eliminate",
                    "pending.max_power": 2,
                    "tableaus.0.power.ops": 2,
                },
            ),
            Step(
                N_("The Sleeper is out of its reach:"),
                {"type": "eliminate", "card": "a07"},
                refused=True,
                check={
                    "reason": "Sleeper has printed power 4: "
                    "this effect reaches printed power 2 or less"
                },
            ),
            Step(
                N_(
                    "The Lookout is not: it goes to the discard pile, its funding with it. "
                    "Kestrel has no power left in Field Ops, so you dominate it now."
                ),
                {"type": "eliminate", "card": "a04"},
                check={
                    "discard": ["a04", "f02"],
                    "tableaus.1.power.ops": 0,
                    "dominates.ops": [0],
                    "phase": "deploy",
                },
            ),
        ),
    ),
)
