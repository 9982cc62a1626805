"""The top of the Espionage table: its header — the round, the cards dealt, the deal
number — and its tools (the bots' pace, Show odds, Rules, Share, New table), with the
Share and Rules panels they open."""

from __future__ import annotations

from spygames.words import count

from ...tables.share import share_sheet
from ...tables.tabletools import pace_buttons
from .rules import rules_html
from .scene import PACES, Scene

SHARE_NOTE = (
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
    deal = f" · Deal #{scene.deal}" if scene.deal is not None else ""
    rules = (
        '<button type="button" class="btn btn-quiet" data-act="rules" id="esp-rules" '
        f'aria-expanded="{"true" if scene.rules_open else "false"}">Rules</button>'
    )
    odds_button = (
        f'<button type="button" class="btn btn-quiet esp-toggle" data-act="odds" id="esp-odds" '
        f'aria-pressed="{"true" if odds else "false"}">'
        f"{'☑' if odds else '☐'} Show odds</button>"
    )
    if scene.guest:
        tools = odds_button + rules
    else:
        tools = (
            f"{pace_buttons('esp', PACES, scene.pace)}{odds_button}{rules}"
            '<button type="button" class="btn btn-quiet" data-act="share" id="esp-share" '
            f'aria-expanded="{"true" if scene.share_open else "false"}">Share</button>'
            '<button type="button" class="btn btn-quiet" data-act="newtable" id="esp-newtable">'
            "New table</button>"
        )
    return (
        '<div class="esp-top"><header class="esp-bar">'
        '<h1 class="esp-title"><span class="esp-emblem" aria-hidden="true">◉</span> '
        "Espionage</h1>"
        f'<p class="esp-meta">Round {round_}<span class="esp-meta-dealt">'
        f" · {count(dealt, 'card')} dealt</span>"
        f"{deal}</p></header>"
        f'<div class="esp-tools">{tools}</div></div>'
    )


def share_html(scene: Scene) -> str:
    """The Share panel, while it is open."""
    if scene.share_link is None:
        return ""
    return share_sheet(
        scene.share_link,
        can_share=scene.can_share,
        title=f"Share deal #{scene.deal}",
        note=SHARE_NOTE,
        close=("share", ""),
    )


def rules_panel(scene: Scene) -> str:
    """The rules beside the table, while they are open."""
    if not scene.rules_open:
        return ""
    return (
        '<aside class="esp-rules-panel rules" id="esp-rules-panel" aria-label="Rules">'
        f"{rules_html()}"
        '<button type="button" class="btn" data-act="rules" id="esp-rules-close">'
        "Close the rules</button></aside>"
    )
