"""SpyNet at a glance: each placement says what it does to the branch, Deploy is offered
only where something can be played, the "since your turn" strip and the star tally, and
the Hint — the table driven exactly as the page drives it."""

from __future__ import annotations

import re
from typing import Any

from spyweb.spynet.model import CARD, SITUATIONS

from tests.test_web_spynet import find, run_bots, scripted, seat, spare


def agent_in(branch: str, power: int) -> str:
    return find(
        "agent",
        lambda i: i["branches"] == [branch] and i["power"] == power and not i["special"],
    )


def funding_of(value: int) -> str:
    return find("funding", lambda i: i["value"] == value)


def target_label(html: str, branch: str) -> str:
    found = re.search(rf'id="sn-play-{branch}"[^>]*>(.*?)</button>', html, re.S)
    assert found, f"no button to play in {branch}"
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def duel(mine: str, theirs: str, funds: list[str], situation: str | None = None) -> Any:
    branch = CARD[mine]["branches"][0]
    where = CARD[theirs]["branches"][0]
    table = scripted(
        [seat("Ann"), seat("Bo", "bot")],
        {
            "first": 0,
            "hands": [[mine, *funds], []],
            "deck": spare(mine, theirs, *funds),
            "tableaus": [{}, {"agents": {where: [{"card": theirs, "funding": []}]}}],
        },
        **({"situation": situation} if situation else {}),
    )
    table.handle("deploy", "")
    table.handle("pick", mine)
    return table, branch


def test_each_placement_says_what_it_does_to_the_branch() -> None:
    """Below, level with and above the opponent's 4: the domination rule's three
    outcomes, with the power after the play."""
    mine = agent_in("ops", 2)
    theirs = agent_in("ops", 4)
    two, four = funding_of(2), funding_of(4)
    table, branch = duel(mine, theirs, [two, four])
    assert target_label(table.render(), branch).endswith("→ 2 (Bo keeps it with 4)")
    table.handle("fund", two)
    assert target_label(table.render(), branch).endswith("→ 4 (ties Bo at 4: no one dominates)")
    table.handle("fund", four)
    assert target_label(table.render(), branch).endswith("→ 8 (beats Bo’s 4: you’d dominate)")


def test_a_placement_in_an_empty_branch_dominates() -> None:
    mine = agent_in("tech", 2)
    table, branch = duel(mine, agent_in("ops", 4), [])
    assert target_label(table.render(), branch).endswith("→ 2 (you’d dominate)")


def test_under_stand_off_a_tie_dominates_for_both() -> None:
    """Stand-off: ties dominate — the engine's rule, not the table's guess."""
    stand_off = next(s["id"] for s in SITUATIONS if s["rule"]["kind"] == "ties_dominate")
    mine, theirs, two = agent_in("ops", 2), agent_in("ops", 4), funding_of(2)
    table, branch = duel(mine, theirs, [two], situation=stand_off)
    table.handle("fund", two)
    assert target_label(table.render(), branch).endswith("(ties Bo at 4: you’d both dominate)")


def test_a_partner_leading_is_your_team_dominating() -> None:
    """At 4 players a partner's lead is the team's: "your team dominates"."""
    mine, foe, mate = agent_in("ops", 2), agent_in("ops", 3), agent_in("ops", 4)
    table = scripted(
        [seat("Ann"), seat("Bo", "bot"), seat("Cy", "bot"), seat("Di", "bot")],
        {
            "first": 0,
            "hands": [[mine], [], [], []],
            "deck": spare(mine, foe, mate),
            "tableaus": [
                {},
                {"agents": {"ops": [{"card": foe, "funding": []}]}},
                {"agents": {"ops": [{"card": mate, "funding": []}]}},
                {},
            ],
        },
    )
    run_bots(table)
    table.handle("deploy", "")
    table.handle("pick", mine)
    assert target_label(table.render(), "ops").endswith("(Cy leads with 4: your team dominates)")
