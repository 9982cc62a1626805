"""Espionage rules demos: bids, a raise, a call, a spot, a Source going underground.

Two players: "You" (seat 0, whose hand the demo shows) and Vesper (seat 1). The setups
fix the first round's hands and who opens (see spygames.demos).
"""

from __future__ import annotations

from ..demos import Demo, Step
from ..i18n import N_

GAME = "espionage"
NAMES = (N_("You"), "Vesper")

DEMOS = (
    Demo(
        id="esp-bid-raise",
        game=GAME,
        title=N_("A bid and a raise"),
        summary=N_(
            "Bid on how many cards share a role, faction or city; raise the count or "
            "name something new at the same count."
        ),
        players=2,
        names=NAMES,
        setup={
            "first": 0,
            "hands": [
                [
                    "hacker-agency-london",
                    "hacker-bureau-nyc",
                    "face-command-london",
                    "muscle-agency-moscow",
                    "mercenary-1",
                    "face-bureau-london",
                ],
                [
                    "hacker-command-moscow",
                    "muscle-bureau-london",
                    "traitor-1",
                    "face-agency-nyc",
                    "muscle-command-nyc",
                    "hacker-agency-nyc",
                ],
            ],
        },
        steps=(
            Step(
                N_(
                    "Twelve cards are dealt, six each, and you see only your own: two Hackers "
                    "and a Mercenary, which counts for anything."
                ),
                check={"dealt": 12, "hand.len": 6, "players.1.hand_size": 6},
            ),
            Step(
                N_(
                    "You open with “at least 3 Hackers” across both hands, and name Vesper "
                    "to answer."
                ),
                {"type": "bid", "count": 3, "attribute": "hacker", "next": 1},
                check={"bid.count": 3, "bid.attribute": "hacker", "to_play": [1]},
            ),
            Step(
                N_("Vesper may not bid a lower count:"),
                {"type": "bid", "count": 2, "attribute": "london", "next": 0},
                refused=True,
                check={"reason": "bid must be at least 3"},
            ),
            Step(
                N_(
                    "…but may keep the count and name something not yet bid at it: “at least 3 "
                    "spies in London”."
                ),
                {"type": "bid", "count": 3, "attribute": "london", "next": 0},
                check={"bid.count": 3, "bid.attribute": "london", "bid.by": 1},
            ),
            Step(
                N_(
                    "Hackers were already bid at 3 this round, so you cannot name them again "
                    "at that count:"
                ),
                {"type": "bid", "count": 3, "attribute": "hacker", "next": 1},
                refused=True,
                check={"reason": "Hacker has already been bid at 3 this round"},
            ),
            Step(
                N_(
                    "So you raise the count: “at least 4 Hackers”. Now Vesper must raise again, "
                    "or call, or spot."
                ),
                {"type": "bid", "count": 4, "attribute": "hacker", "next": 1},
                check={"bid.count": 4, "bid.attribute": "hacker", "to_play": [1]},
            ),
        ),
    ),
    Demo(
        id="esp-call",
        game=GAME,
        title=N_("A call: the count revealed"),
        summary=N_(
            "Call a bid you think is too high: every hand is shown and the cards are "
            "counted, Mercenaries and Traitors included."
        ),
        players=2,
        names=NAMES,
        setup={
            "first": 1,
            "hands": [
                [
                    "hacker-agency-london",
                    "face-bureau-moscow",
                    "mercenary-1",
                    "muscle-command-nyc",
                    "face-agency-nyc",
                    "muscle-bureau-london",
                ],
                [
                    "hacker-command-nyc",
                    "traitor-2",
                    "hacker-bureau-moscow",
                    "face-command-london",
                    "muscle-agency-moscow",
                    "hacker-agency-nyc",
                ],
            ],
        },
        steps=(
            Step(
                N_("Vesper opens this round. You hold one Hacker and a Mercenary."),
                check={"to_play": [1], "hand.0": "hacker-agency-london"},
            ),
            Step(
                N_("Vesper bids “at least 5 Hackers” and names you to answer."),
                {"type": "bid", "count": 5, "attribute": "hacker", "next": 0},
                check={"bid.count": 5, "to_play": [0]},
            ),
            Step(
                N_(
                    "You call: you think the bid is too high. Every hand is shown and counted: "
                    "4 Hackers + 1 Mercenary − 1 Traitor = 4. That is less than 5, so the bid "
                    "fails and one of Vesper's Sources goes underground."
                ),
                {"type": "call"},
                check={
                    "revealed.matches": 4,
                    "revealed.mercenaries": 1,
                    "revealed.traitors": 1,
                    "revealed.count": 4,
                    "revealed.bid.count": 5,
                    "revealed.loser": 1,
                    "players.1.underground": 1,
                },
            ),
            Step(
                N_(
                    "A new round is dealt. Each player gets one card per active Source, so "
                    "Vesper now holds 5 cards and you hold 6. Vesper lost, so Vesper opens."
                ),
                check={"players.1.hand_size": 5, "hand.len": 6, "to_play": [1], "round": 2},
            ),
        ),
    ),
    Demo(
        id="esp-spot",
        game=GAME,
        title=N_("A spot: exactly right"),
        summary=N_(
            "Spot a bid you think is exactly right: if it is, the bidder loses a Source "
            "and you score a point."
        ),
        players=2,
        names=NAMES,
        setup={
            "first": 1,
            "hands": [
                [
                    "hacker-agency-london",
                    "face-bureau-london",
                    "muscle-command-nyc",
                    "face-agency-moscow",
                    "muscle-bureau-nyc",
                    "hacker-command-moscow",
                ],
                [
                    "muscle-agency-london",
                    "hacker-bureau-nyc",
                    "face-command-nyc",
                    "traitor-1",
                    "mercenary-2",
                    "face-agency-nyc",
                ],
            ],
        },
        steps=(
            Step(
                N_("You hold two spies in London. Vesper opens."),
                check={"to_play": [1]},
            ),
            Step(
                N_("Vesper bids “at least 3 spies in London”."),
                {"type": "bid", "count": 3, "attribute": "london", "next": 0},
                check={"bid.count": 3, "bid.attribute": "london"},
            ),
            Step(
                N_(
                    "You spot: you say the bid is exactly right. The hands show 3 London spies "
                    "+ 1 Mercenary − 1 Traitor = 3. Exact: Vesper's Source goes underground and "
                    "you score a point (3 points win the game)."
                ),
                {"type": "spot"},
                check={
                    "revealed.matches": 3,
                    "revealed.mercenaries": 1,
                    "revealed.traitors": 1,
                    "revealed.count": 3,
                    "players.0.points": 1,
                    "players.1.underground": 1,
                    "points_to_win": 3,
                },
            ),
        ),
    ),
    Demo(
        id="esp-underground",
        game=GAME,
        title=N_("A Source goes underground"),
        summary=N_("Lose a showdown and a Source goes underground; with none active, you are out."),
        players=2,
        names=NAMES,
        setup={
            "first": 0,
            "sources": [1, 2],
            "hands": [["face-agency-nyc"], ["hacker-bureau-london", "traitor-3"]],
        },
        steps=(
            Step(
                N_(
                    "Late in a game: you have 1 active Source left, so you hold 1 card; Vesper "
                    "has 2. The others have gone underground."
                ),
                check={"players.0.sources": 1, "players.1.sources": 2, "hand.len": 1},
            ),
            Step(
                N_("You bid “at least 1 Face”: your own card is one."),
                {"type": "bid", "count": 1, "attribute": "face", "next": 1},
                check={"bid.count": 1, "bid.attribute": "face"},
            ),
            Step(
                N_(
                    "Vesper calls. The count is 1 Face − 1 Traitor = 0, so the bid fails: your "
                    "last Source goes underground. With no active Source left you are out, and "
                    "Vesper wins."
                ),
                {"type": "call"},
                check={
                    "revealed.matches": 1,
                    "revealed.traitors": 1,
                    "revealed.count": 0,
                    "players.0.sources": 0,
                    "players.0.active": False,
                    "result.winners": [1],
                },
            ),
        ),
    ),
)
