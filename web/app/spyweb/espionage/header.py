"""The top of the Espionage table: its header — the round, the cards dealt, the deal
number — and its tools (the bots' pace, Show odds, Rules, Share, New table), with the
Share and Rules panels they open."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spygames.words import count

from .rules import rules_html

if TYPE_CHECKING:
    from .table import EspionageTable


def bar_html(table: EspionageTable, view: dict[str, Any]) -> str:
    """The header (round, cards dealt, deal number) and the table's tools."""
    assert table.state is not None
    odds = table.odds_on
    round_, dealt = view["round"], view["dealt"]
    shown = table.revealed
    if table.holding_showdown and shown is not None:  # not the next round yet
        round_, dealt = shown["round"], sum(len(h) for h in shown["hands"])
    return (
        '<div class="esp-top"><header class="esp-bar">'
        '<h1 class="esp-title"><span class="esp-emblem" aria-hidden="true">◉</span> '
        "Espionage</h1>"
        f'<p class="esp-meta">Round {round_} · <span class="esp-meta-dealt">'
        f"{count(dealt, 'card')} dealt · </span>"
        f"Deal #{table.state.seed}</p></header>"
        '<div class="esp-tools">'
        f"{table.pace.buttons('esp')}"
        f'<button type="button" class="btn btn-quiet esp-toggle" data-act="odds" id="esp-odds" '
        f'aria-pressed="{"true" if odds else "false"}">'
        f"{'☑' if odds else '☐'} Show odds</button>"
        '<button type="button" class="btn btn-quiet" data-act="rules" id="esp-rules" '
        f'aria-expanded="{"true" if table.show_rules else "false"}">Rules</button>'
        '<button type="button" class="btn btn-quiet" data-act="share" id="esp-share" '
        f'aria-expanded="{"true" if table.show_share else "false"}">Share</button>'
        '<button type="button" class="btn btn-quiet" data-act="newtable" id="esp-newtable">'
        "New table</button></div></div>"
    )


def share_html(table: EspionageTable) -> str:
    """The Share panel, while it is open."""
    return table.share_html(
        "The link seats the same table (names, people and bots) and deals the same "
        "cards from the start."
    )


def rules_panel(table: EspionageTable) -> str:
    """The rules beside the table, while they are open."""
    if not table.show_rules:
        return ""
    return (
        '<aside class="esp-rules-panel rules" id="esp-rules-panel" aria-label="Rules">'
        f"{rules_html()}"
        '<button type="button" class="btn" data-act="rules" id="esp-rules-close">'
        "Close the rules</button></aside>"
    )
