"""The Espionage table drawn from its scene: `render(scene)` gives the whole page.

On a wide screen your move sits beside the felt, above the log; on a phone it follows
the felt, and the table's tools come after it. Each part is drawn by its own module
from the scene alone: the header and tools (`header.py`), the felt with its seats and
standing bid (`felt.py`), the showdown (`showdown.py`), the bid panel (`bidding.py`),
the Hint and Undo (`hint.py`, `undo.py`), the end (`end.py`) and the log (`log.py`).
"""

from __future__ import annotations

from spygames.i18n import _, pgettext

from ...browser.markup import esc
from ...tables.deals import deal_form
from ...tables.tabletools import handoff_html
from ...together.panel import friends_html, waiting_html
from . import cards
from .bidding import bid_panel_html
from .end import end_html
from .felt import felt_html
from .header import bar_html, rules_panel, share_html
from .hint import helpers_html
from .log import table_log_html
from .scene import Scene
from .showdown import reveal_html


def render(scene: Scene) -> str:
    """The table: header, felt, your move and its helpers, Share, the log, the deal box
    and the rules."""
    parts = [
        cards.sprite(),
        '<div class="esp-layout">',
        bar_html(scene),
        felt_html(scene),
        '<div class="esp-controls">',
        actions_html(scene),
        helpers_html(scene),
        "</div>",
        '<div class="esp-side">',
        friends_html(scene.friends, "esp"),
        share_html(scene),
        table_log_html(scene),
        "" if scene.guest else deal_form(scene.deal, label=pgettext("button", "Deal")),
        "</div>",
        "</div>",
        rules_panel(scene),
    ]
    return f'<div class="esp esp-n{len(scene.seats)}" id="esp-table">{"".join(parts)}</div>'


def actions_html(scene: Scene) -> str:
    """The action area under the felt: the showdown's way on, the end, the hand-over,
    your bid panel, or who is thinking."""
    if scene.holding_showdown:
        return reveal_html(scene)
    if scene.over:
        return end_html(scene)
    cur = scene.current
    assert cur is not None
    if scene.handoff:
        return handoff_html("esp", scene.name(cur))
    if scene.my_turn:
        return bid_panel_html(scene)
    waiting = waiting_html(scene.friends, cur, "esp")
    if waiting is not None:
        return waiting
    words = scene.held or _("{name} is thinking…", name=scene.name(cur))  # held: a friend's
    # While you wait, the focus rests here (data-main; focusable, not in the Tab order):
    # not on the page's heading, far from the Call that comes next (issue 47).
    return (
        '<section class="esp-act esp-wait" aria-live="polite" id="esp-wait" tabindex="-1" '
        f'data-main><p><span class="esp-dots" aria-hidden="true"></span>{esc(words)}</p></section>'
    )
