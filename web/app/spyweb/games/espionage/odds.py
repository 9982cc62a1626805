"""Show odds: from the cards in your own hand, how likely a bid is to hold — the
standing bid in the felt's centre, and the bid being put together in the bid panel.
Only the hand of the person looking is used, and only while it is on show."""

from __future__ import annotations

from spygames.espionage.odds import chance_at_least, chance_exactly
from spygames.espionage.views import Bid

from .model import BidPanel
from .scene import Scene


def percent(p: float) -> str:
    if p >= 0.995:
        return "over 99%" if p < 1 else "100%"
    if p < 0.005:
        return "under 1%" if p > 0 else "0%"
    return f"{round(p * 100)}%"


def standing_odds(scene: Scene, bid: Bid) -> str:
    """Under the standing bid: how likely it holds, and is exactly right."""
    if not scene.odds or scene.viewer is None or scene.handoff:
        return ""
    me = scene.view  # the viewer's own
    if not me["hand"]:
        return ""
    hold = chance_at_least(me["hand"], bid["attribute"], bid["count"], me["dealt"])
    exact = chance_exactly(me["hand"], bid["attribute"], bid["count"], me["dealt"])
    return (
        f'<p class="esp-odds" id="esp-odds-line">From your hand: it holds '
        f"<strong>{percent(hold)}</strong> · exactly right "
        f"<strong>{percent(exact)}</strong></p>"
    )


def panel_odds(scene: Scene, panel: BidPanel) -> str:
    """In the bid panel: how likely the chosen bid holds (or where the odds will show)."""
    if not scene.odds:
        return ""
    if panel.attribute is None:  # the odds are on: say where they show
        return (
            '<p class="esp-odds" id="esp-odds-pick">Pick a role, faction or city to see '
            "the odds of your bid.</p>"
        )
    me = scene.view  # the bid panel is on show on the viewer's own turn
    hold = chance_at_least(me["hand"], panel.attribute, panel.count, me["dealt"])
    return (
        f'<p class="esp-odds">This bid would hold {percent(hold)} of the time, '
        "judging by your hand.</p>"
    )
