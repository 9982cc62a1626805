"""Your move under the felt: the bid panel. Raise — how many (at least), of which
role, faction or city, and who answers next — or answer the standing bid: Call (too
high) or Spot (exactly right). Every choice on offer comes from the engine's legal
actions through `BidPanel`; the panel's clicks go to the table's `handle`.
"""

from __future__ import annotations

from spygames.espionage.cards import ATTRIBUTE_NAMES, ATTRIBUTES, bid_words
from spygames.espionage.views import Bid
from spygames.words import count

from ..markup import attrs, esc
from . import cards
from .bidpanel import GROUPS, BidPanel
from .log import Narrator
from .odds import panel_odds
from .scene import Scene


def panel_of(scene: Scene) -> BidPanel:
    """The bid panel: the scene's selection, as far as the legal bids allow it."""
    sel = scene.selection
    return BidPanel(list(scene.legal), count=sel.count, attribute=sel.attribute, next=sel.next)


def bid_panel_html(scene: Scene) -> str:
    """Answer the standing bid, or raise: the count, what it is on, who is next, Bid."""
    view = scene.view
    panel = panel_of(scene)
    bid = view["bid"]
    standing = answer_html(scene, panel, bid)
    if not panel.counts:
        return f'<section class="esp-act esp-panel" aria-label="Your move">{standing}</section>'
    groups = picks_html(panel)
    nexts = nexts_html(scene, panel)
    action = panel.action
    if action is not None:
        label = (
            f"Bid {bid_words(action['count'], action['attribute'])} → {scene.name(action['next'])}"
        )
    else:
        label = "Bid — choose what to bid on"
    bid_attrs = attrs(
        type="button",
        class_=f"btn btn-primary esp-bidbtn{hinted(scene, 'bid')}",
        data_act="bid",
        id="esp-bid",
        disabled=action is None,
    )
    odds = panel_odds(scene, panel)
    return (
        '<section class="esp-act esp-panel" aria-label="Your move">'
        f"{standing}"
        '<div class="esp-step"><span class="esp-step-label" id="esp-count-label">At least'
        "</span>"
        f'<button type="button" class="esp-stepbtn" data-act="count" data-arg="-" '
        f'id="esp-count-dec" aria-label="Fewer"'
        f"{'' if panel.can_lower else ' disabled'}>−</button>"
        f'<output class="esp-count" id="esp-count" aria-labelledby="esp-count-label">'
        f"{panel.count}</output>"
        f'<button type="button" class="esp-stepbtn" data-act="count" data-arg="+" '
        f'id="esp-count-inc" aria-label="More"'
        f"{'' if panel.can_raise else ' disabled'}>+</button>"
        f'<span class="esp-step-of">of {count(view["dealt"], "card")}</span>'
        '<span class="esp-step-keys" id="esp-count-keys"><span class="kbd">−</span> '
        '<span class="kbd">+</span> or <span class="kbd">↓</span> <span class="kbd">↑</span>'
        "</span></div>"
        f'<div class="esp-groups">{"".join(groups)}</div>'
        '<fieldset class="esp-group esp-group-next"><legend>Who goes next</legend>'
        f'<div class="esp-picks">{nexts}</div></fieldset>'
        f"{odds}"
        f"<button{bid_attrs}>"
        f'{esc(label)} <span class="kbd">B</span></button>'
        "</section>"
    )


def answer_html(scene: Scene, panel: BidPanel, bid: Bid | None) -> str:
    """Call or Spot, to answer the standing bid (none to answer before the first bid)."""
    if bid is None:
        return ""
    return (
        '<div class="esp-answer"><p>Answer '
        f"{esc(Narrator(scene.name).whose(bid['by']))} bid, or raise it:</p>"
        f'<button type="button" class="btn btn-danger{hinted(scene, "call")}" '
        f'data-act="call" id="esp-call"'
        f"{'' if panel.can_call else ' disabled'}>Call — too high "
        '<span class="kbd">C</span></button>'
        f'<button type="button" class="btn{hinted(scene, "spot")}" data-act="spot" '
        f'id="esp-spot"'
        f"{'' if panel.can_spot else ' disabled'}>Spot — exactly right "
        '<span class="kbd">S</span></button></div>'
    )


def picks_html(panel: BidPanel) -> list[str]:
    """The roles, factions and cities, a group each; one no legal bid has at this count
    is off."""
    ok = panel.attributes()
    groups = []
    for title, members in GROUPS:
        buttons = "".join(
            f'<button type="button" class="esp-pick esp-a-{a}'
            f'{" on" if panel.attribute == a else ""}" data-act="attr" data-arg="{a}" '
            f'id="esp-attr-{a}" aria-pressed="{"true" if panel.attribute == a else "false"}"'
            f"{'' if ok[a] else ' disabled'}>{cards.icon(a)}<span>{ATTRIBUTE_NAMES[a]}</span>"
            f'<span class="kbd">{ATTRIBUTES.index(a) + 1}</span></button>'
            for a in members
        )
        groups.append(
            f'<fieldset class="esp-group"><legend>{title}</legend>'
            f'<div class="esp-picks">{buttons}</div></fieldset>'
        )
    return groups


def nexts_html(scene: Scene, panel: BidPanel) -> str:
    """Who may be named to answer next."""
    return "".join(
        f'<button type="button" class="esp-pick esp-next{" on" if panel.next == s else ""}" '
        f'data-act="next" data-arg="{s}" id="esp-next-{s}" '
        f'aria-pressed="{"true" if panel.next == s else "false"}">'
        f'<span class="esp-avatar esp-av-{s} esp-avatar-xs" aria-hidden="true"></span>'
        f"{esc(scene.name(s))}</button>"
        for s in panel.nexts
    )


def hinted(scene: Scene, kind: str) -> str:
    """The class that marks the button the hint points at ("bid", "call" or "spot")."""
    hint = scene.hint
    return " esp-hinted" if hint is not None and hint.action["type"] == kind else ""
