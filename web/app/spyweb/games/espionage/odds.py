"""Show odds: from the cards in your own hand, how likely a bid is to hold — the
standing bid in the felt's centre, and the bid being put together in the bid panel.
Only the hand of the person looking is used, and only while it is on show."""

from __future__ import annotations

from spygames.espionage.odds import chance_at_least, chance_exactly
from spygames.espionage.views import Bid
from spygames.i18n import _

from .model import BidPanel
from .scene import Scene


def percent(p: float) -> str:
    """ "23%", "over 99%", "under 1%"."""
    if p >= 0.995 and p < 1:
        return _("over 99%")
    if 0 < p < 0.005:
        return _("under 1%")
    n = 100 if p >= 0.995 else 0 if p < 0.005 else round(p * 100)
    # translators: a chance, in percent ("23%")
    return _("{percent}%", percent=n)


def standing_odds(scene: Scene, bid: Bid) -> str:
    """Under the standing bid: how likely it holds, and is exactly right."""
    if not scene.odds or scene.viewer is None or scene.handoff:
        return ""
    me = scene.view  # the viewer's own
    if not me["hand"]:
        return ""
    hold = chance_at_least(me["hand"], bid["attribute"], bid["count"], me["dealt"])
    exact = chance_exactly(me["hand"], bid["attribute"], bid["count"], me["dealt"])
    # translators: under the standing bid: {hold} ("23%") is the chance it holds, {exact}
    # the chance it is exactly right
    said = _(
        "From your hand: it holds <strong>{hold}</strong> · exactly right <strong>{exact}</strong>",
        hold=percent(hold),
        exact=percent(exact),
    )
    return f'<p class="esp-odds" id="esp-odds-line">{said}</p>'


def panel_odds(scene: Scene, panel: BidPanel) -> str:
    """In the bid panel: how likely the chosen bid holds (or where the odds will show)."""
    if not scene.odds:
        return ""
    if panel.attribute is None:  # the odds are on: say where they show
        return (
            '<p class="esp-odds" id="esp-odds-pick">'
            + _("Pick a role, faction or city to see the odds of your bid.")
            + "</p>"
        )
    me = scene.view  # the bid panel is on show on the viewer's own turn
    hold = chance_at_least(me["hand"], panel.attribute, panel.count, me["dealt"])
    # translators: {percent} is a chance ("23%")
    said = _(
        "This bid would hold {percent} of the time, judging by your hand.", percent=percent(hold)
    )
    return f'<p class="esp-odds">{said}</p>'
