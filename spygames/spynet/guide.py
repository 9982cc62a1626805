"""SpyNet's guided first game: four players, you and Wren against Rook and Jay.

The deal is seed 587's, and the first 46 moves are what normal bots played there: the
others' are the script's, yours are the steps. You keep a mission in the opening draft,
recruit a pile, then deploy twice: Broker (a mercenary) takes Counter-Intel, its effect
draws two cards, a mission goes face down there; next turn Diplomat with Slush Fund
attached takes Deep Cover from Jay, a second mission goes into Counter-Intel, and a card goes to
Wren, your teammate. After the script the others are the table's bots again.
The rules are quoted from the Rules page (`spyweb/games/spynet/rules.py`).
"""

from __future__ import annotations

from typing import Final

from ..guides import Guide, Step
from ..i18n import N_
from ..protocol import Action, State
from ..record import replay

RULES: Final = (
    "draft",
    "recruit or deploy",
    "agent with funding",
    "mission",
    "dominating a branch",
    "an effect",
    "a teammate",
)

# translators: the guided first game's rules, in the words of SpyNet's Rules page
DRAFT = N_(
    "Then the opening draft: the player to the right of the first player takes as many "
    "cards as there are players, keeps one and passes the rest to the right, and so on, "
    "until everyone holds one card."
)
RECRUIT = N_(
    "Recruit: look at pile 1. Take all of it into your hand — or put it back and look at "
    "pile 2; then pile 3; if you return pile 3 too, take the deck's top card."
)
TAKE = N_(
    "Every pile you looked at (the one you took included) then gets one card from the "
    "deck, so piles nobody takes grow."
)
DEPLOY = N_("Deploy: in any order, as much of this as you like. Then end your turn.")
DOMINATE = N_(
    "Your power in a branch is the sum of your agents' power there (funding included). "
    "You dominate it when your power is above zero and higher than each opponent's."
)
EFFECT = N_(
    "Special agents have an effect you may use right after playing them. Draw: take cards "
    "from the top of the deck."
)
MISSION = N_(
    "Missions are worth stars (points) and are played face down: only their owner may "
    "look at them — not even a teammate — until all are turned up at the end."
)
FUNDING = N_("Funding adds its value to an agent's power.")
PASS = N_(
    "Partners may not talk about their cards; they can only pass them (see Deploy). Your "
    "teammate does not count against you, so both partners can dominate the same branch."
)
END = N_("Then end your turn.")

GUIDE: Final = Guide(
    game_id="spynet",
    seed=587,
    players=4,
    seat=0,
    options={
        "seats": [
            {"name": N_("You"), "kind": "human"},
            {"name": "Rook", "kind": "bot", "level": "normal"},
            {"name": "Wren", "kind": "bot", "level": "normal"},
            {"name": "Jay", "kind": "bot", "level": "normal"},
        ]
    },
    steps=(
        Step(
            {"type": "keep", "card": "m28"},
            # translators: the guided first game's steps name SpyNet's cards and branches
            # (their names as translated in the game) and the players Wren, Rook and Jay
            N_("The opening draft: keep Blanket Surveillance, a 3-star Counter-Intel mission."),
            DRAFT,
        ),
        Step({"type": "keep", "card": "m26"}),
        Step({"type": "keep", "card": "f06"}),
        Step({"type": "recruit"}),
        Step({"type": "pass_on"}),
        Step({"type": "pass_on"}),
        Step({"type": "take"}),
        Step({"type": "recruit"}),
        Step({"type": "pass_on"}),
        Step({"type": "pass_on"}),
        Step({"type": "take"}),
        Step({"type": "recruit"}),
        Step({"type": "pass_on"}),
        Step({"type": "take"}),
        Step(
            {"type": "recruit"},
            N_("Your first turn: recruit, to look at the piles for cards to take."),
            RECRUIT,
        ),
        Step({"type": "take"}, N_("Take pile 1: all of its cards go into your hand."), TAKE),
        Step({"type": "recruit"}),
        Step({"type": "pass_on"}),
        Step({"type": "pass_on"}),
        Step({"type": "take"}),
        Step({"type": "recruit"}),
        Step({"type": "pass_on"}),
        Step({"type": "take"}),
        Step({"type": "deploy"}),
        Step({"type": "agent", "card": "a09", "branch": "cover", "funding": []}),
        Step({"type": "mission", "card": "m26", "branch": "cover"}),
        Step({"type": "end_turn"}),
        Step(
            {"type": "deploy"},
            N_("This turn, deploy: play cards from your hand into your tableau."),
            DEPLOY,
        ),
        Step(
            {"type": "agent", "card": "a34", "branch": "intel", "funding": []},
            N_(
                "Play Broker, a mercenary, in Counter-Intel: "
                "nobody else is there, so you dominate it."
            ),
            DOMINATE,
        ),
        Step(
            {"type": "draw"},
            N_("Broker is a special agent: use its effect and draw two cards from the deck."),
            EFFECT,
        ),
        Step(
            {"type": "mission", "card": "m28", "branch": "intel"},
            N_("Play Blanket Surveillance face down in Counter-Intel, the branch you dominate."),
            MISSION,
        ),
        Step({"type": "end_turn"}, N_("End your turn."), END),
        Step({"type": "recruit"}),
        Step({"type": "take"}),
        Step({"type": "deploy"}),
        Step({"type": "agent", "card": "a19", "branch": "tech", "funding": []}),
        Step({"type": "mission", "card": "m14", "branch": "tech"}),
        Step({"type": "end_turn"}),
        Step({"type": "recruit"}),
        Step({"type": "pass_on"}),
        Step({"type": "pass_on"}),
        Step({"type": "pass_on"}),
        Step({"type": "deploy"}, N_("Deploy again."), DEPLOY),
        Step(
            {"type": "agent", "card": "a08", "branch": "cover", "funding": ["f02"]},
            N_(
                "Play Diplomat in Deep Cover with Slush Fund attached: "
                "3 + 1 beats Jay’s Socialite, 3."
            ),
            FUNDING,
        ),
        Step(
            {"type": "mission", "card": "m18", "branch": "intel"},
            N_("Play Sting Operation face down in Counter-Intel: you still dominate it."),
            MISSION,
        ),
        Step(
            {"type": "pass", "card": "m15"},
            N_("Pass Satellite Window to Wren, your teammate: a Tech mission for Wren to run."),
            PASS,
        ),
        Step({"type": "end_turn"}, N_("End your turn: the guided part is done."), END),
    ),
    done=N_(
        "That is every kind of move in SpyNet. The game goes on from here with Wren "
        "against Rook and Jay: run missions in the branches you dominate; most stars wins."
    ),
)


def teaches(state: State, action: Action) -> set[str]:
    """The rules `action` shows, played where `state` stands."""
    kind = action["type"]
    shown = {
        "keep": {"draft"},
        "recruit": {"recruit or deploy"},
        "deploy": {"recruit or deploy"},
        "mission": {"mission"},
        "pass": {"a teammate"},
        "discard": {"an effect"},
        "eliminate": {"an effect"},
        "flip": {"an effect"},
        "draw": {"an effect"},
    }.get(kind, set())
    if kind == "agent":
        shown = {"agent with funding"} if action["funding"] else set()
        seat = state.to_play[0]
        before = state.view(seat)["dominates"]
        record = state.record()
        after = replay({**record, "actions": [*record["actions"], action]}).view(seat)
        if any(seat in after["dominates"][b] and seat not in before[b] for b in before):
            shown = shown | {"dominating a branch"}
    return set(shown)
