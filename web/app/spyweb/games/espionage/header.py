"""The top of the Espionage table: its header — the round, the cards dealt, the deal
number — and its tools (the bots' pace, Show odds, Rules, Share, New table), with the
Share and Rules panels they open."""

from __future__ import annotations

from spygames.i18n import N_, _, ngettext

from ...browser.markup import attrs
from ...tables.share import share_sheet
from ...tables.tabletools import pace_buttons
from .rules import rules_html
from .scene import PACES, Scene

SHARE_NOTE = N_(
    "The link seats the same table (names, people and bots) and deals the same "
    "cards from the start."
)


def bar_html(scene: Scene) -> str:
    """The header (round, cards dealt, deal number) and the table's tools."""
    odds = scene.odds
    round_, dealt = scene.view["round"], scene.view["dealt"]
    shown = scene.revealed
    if scene.holding_showdown and shown is not None:  # not the next round yet
        round_, dealt = shown["round"], sum(len(h) for h in shown["hands"])
    # A friend's device has no deal number (it would tell the cards): nothing to join.
    deal = " · " + _("Deal #{number}", number=scene.deal) if scene.deal is not None else ""
    rules = (
        '<button type="button" class="btn btn-quiet" data-act="rules" id="esp-rules" '
        f'aria-expanded="{"true" if scene.rules_open else "false"}">' + _("Rules") + "</button>"
    )
    odds_button = (
        f'<button type="button" class="btn btn-quiet esp-toggle" data-act="odds" id="esp-odds" '
        f'aria-pressed="{"true" if odds else "false"}">'
        f"{'☑' if odds else '☐'} " + _("Show odds") + "</button>"
    )
    if scene.guest:
        tools = odds_button + rules
    else:
        tools = (
            f"{pace_buttons('esp', PACES, scene.pace)}{odds_button}{rules}"
            '<button type="button" class="btn btn-quiet" data-act="share" id="esp-share" '
            f'aria-expanded="{"true" if scene.share_open else "false"}">' + _("Share") + "</button>"
            '<button type="button" class="btn btn-quiet" data-act="newtable" id="esp-newtable">'
            + _("New table")
            + "</button>"
        )
    return (
        '<div class="esp-top"><header class="esp-bar">'
        '<h1 class="esp-title"><span class="esp-emblem" aria-hidden="true">◉</span> '
        + _("Espionage")
        + '</h1><p class="esp-meta">'
        + _("Round {round}", round=round_)
        + '<span class="esp-meta-dealt"> · '
        + ngettext("{n} card dealt", "{n} cards dealt", dealt)
        + f"</span>{deal}</p></header>"
        f'<div class="esp-tools">{tools}</div></div>'
    )


def share_html(scene: Scene) -> str:
    """The Share panel, while it is open."""
    if scene.share_link is None:
        return ""
    return share_sheet(
        scene.share_link,
        can_share=scene.can_share,
        title=_("Share deal #{number}", number=scene.deal),
        note=_(SHARE_NOTE),
        close=("share", ""),
    )


def rules_panel(scene: Scene) -> str:
    """The rules beside the table, while they are open."""
    if not scene.rules_open:
        return ""
    return (
        '<aside class="esp-rules-panel rules" id="esp-rules-panel"'
        + attrs(aria_label=_("Rules"))
        + ">"
        + rules_html()
        + '<button type="button" class="btn" data-act="rules" id="esp-rules-close">'
        + _("Close the rules")
        + "</button></aside>"
    )
