"""Espionage's guided first game: you against Rook, two rounds that show every move.

Round 1 (its hands fixed): you open with 2 Hackers, Rook keeps the number and names
London, you raise to 3 Agency, Rook overbids 4 Moscow and you call it — the count is 2,
so Rook's Source goes underground. Round 2 is dealt from seed 1 as in any game: Rook
opens with 3 Muscle, which your own hand already makes exactly (two Muscle, two
Mercenaries, one Traitor), and you spot it: Rook loses another Source and you score a
point. Rook's moves are the script's; after it, Rook is the normal bot.
The rules are quoted from the Rules page (`spyweb/games/espionage/rules.py`).
"""

from __future__ import annotations

from typing import Final

from ..guides import Guide, Step
from ..i18n import N_
from ..protocol import Action, State
from ..record import replay

RULES: Final = ("bid", "raise on another attribute", "call", "spot", "source underground")

BID = N_(
    "Bid: “at least N cards count for X across every hand”, where X is a role, faction or city."
)
RAISE = N_(
    "You may keep the number and name a different attribute (one not yet named at that "
    "number this round) or raise the number."
)
CALL = N_(
    "Call when you think the standing bid is too high. Call: if the count reaches the "
    "bid, the caller loses a Source; otherwise the bidder does. When you lose a Source it "
    "turns underground; with none active, you are out."
)
SPOT = N_(
    "Spot when you think it is exactly right. Spot: if the count is exactly the bid, the "
    "bidder loses a Source and the spotter scores a point; otherwise the spotter loses a "
    "Source and the bidder scores a point."
)


def _bid(count: int, attribute: str, next_seat: int) -> Action:
    return {"type": "bid", "count": count, "attribute": attribute, "next": next_seat}


GUIDE: Final = Guide(
    game_id="espionage",
    seed=1,
    players=2,
    seat=0,
    options={
        "seats": [
            {"name": N_("You"), "kind": "human"},
            {"name": "Rook", "kind": "bot", "level": "normal"},
        ]
    },
    setup={
        "hands": [
            [
                "hacker-agency-london",
                "hacker-bureau-nyc",
                "face-agency-moscow",
                "muscle-agency-nyc",
                "mercenary-1",
                "face-command-london",
            ],
            [
                "hacker-command-moscow",
                "muscle-bureau-london",
                "face-bureau-nyc",
                "traitor-1",
                "muscle-command-nyc",
                "hacker-agency-nyc",
            ],
        ],
        "first": 0,
    },
    steps=(
        Step(
            _bid(2, "hacker", 1),
            N_("Open: bid at least 2 Hackers — you hold two, and your Mercenary counts too."),
            BID,
        ),
        Step(_bid(2, "london", 0)),
        Step(
            _bid(3, "agency", 1),
            N_("Raise on another attribute: bid at least 3 Agency spies, as you hold three."),
            RAISE,
        ),
        Step(_bid(4, "moscow", 0)),
        Step(
            {"type": "call"},
            N_("Call Rook’s 4 Moscow: you see one Moscow spy and a Mercenary, so 4 is too high."),
            CALL,
        ),
        Step(_bid(3, "muscle", 0)),
        Step(
            {"type": "spot"},
            N_("Spot Rook’s 3 Muscle: two Muscle and two Mercenaries, less your Traitor, make 3."),
            SPOT,
        ),
    ),
    done=N_(
        "That is every move of Espionage. The game goes on from here against Rook, now a "
        "normal bot: score 3 points, or be the last with active Sources."
    ),
)


def teaches(state: State, action: Action) -> set[str]:
    """The rules `action` shows, played where `state` stands."""
    kind = action["type"]
    if kind == "bid":
        standing = state.view(state.to_play[0])["bid"]
        if standing is None:
            return {"bid"}
        if standing["attribute"] != action["attribute"]:
            return {"bid", "raise on another attribute"}
        return {"bid"}
    record = state.record()
    after = replay({**record, "actions": [*record["actions"], action]})
    shown = {kind}
    before = [p["underground"] for p in state.view(0)["players"]]
    if [p["underground"] for p in after.view(0)["players"]] != before:
        shown.add("source underground")
    return shown
