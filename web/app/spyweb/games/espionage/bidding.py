"""Your move under the felt: the bid panel. Raise — how many (at least), of which
role, faction or city, and who answers next — or answer the standing bid: Call (too
high) or Spot (exactly right). Every choice on offer comes from the engine's legal
actions through `BidPanel`; the panel's clicks go to the table's `handle`.
"""

from __future__ import annotations

from spygames.espionage.cards import ATTRIBUTE_NAMES, ATTRIBUTES, bid_words
from spygames.espionage.views import Bid
from spygames.i18n import _, both, ngettext

from ...browser.markup import attrs, esc
from ...tables.seats import is_you
from . import cards
from .model import GROUPS, BidPanel
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
    section = '<section class="esp-act esp-panel"' + attrs(aria_label=_("Your move")) + ">"
    if not panel.counts:
        return f"{section}{standing}</section>"
    groups = picks_html(panel)
    nexts = nexts_html(scene, panel)
    action = panel.action
    if action is not None:
        # translators: the Bid button: "Bid 3 Hackers → Ben" (Ben answers it)
        label = _(
            "Bid {bid} → {next}",
            bid=bid_words(action["count"], action["attribute"]),
            next=scene.name(action["next"]),
        )
    else:
        label = _("Bid — choose what to bid on")
    main = first_useful(panel)
    bid_attrs = attrs(
        type="button",
        class_=f"btn btn-primary esp-bidbtn{hinted(scene, 'bid')}",
        data_act="bid",
        id="esp-bid",
        disabled=action is None,
        data_main=main == "bid",
    )
    odds = panel_odds(scene, panel)
    # translators: the bid's count is "at least N" of the cards dealt ("of 9 cards")
    of = ngettext("of {n} card", "of {n} cards", view["dealt"])
    # translators: the keys that change the bid's count
    keys = _(
        '<span class="kbd">−</span> <span class="kbd">+</span> or <span class="kbd">↓</span> '
        '<span class="kbd">↑</span>'
    )
    return (
        f"{section}{standing}"
        '<div class="esp-step"><span class="esp-step-label" id="esp-count-label">'
        # translators: before the bid's count: "At least [3]"
        + _("At least")
        + "</span>"
        f"{stepper(panel, '-', main)}"
        f'<output class="esp-count" id="esp-count" aria-labelledby="esp-count-label">'
        f"{panel.count}</output>"
        f"{stepper(panel, '+', main)}"
        f'<span class="esp-step-of">{of}</span>'
        f'<span class="esp-step-keys" id="esp-count-keys">{keys}'
        "</span></div>"
        f'<p class="sr-only" id="esp-building" data-speak="esp-building">'
        f"{esc(building(scene, panel))}</p>"
        f'<div class="esp-groups">{"".join(groups)}</div>{taken_html(panel)}'
        '<fieldset class="esp-group esp-group-next"><legend>' + _("Who goes next") + "</legend>"
        f'<div class="esp-picks">{nexts}</div></fieldset>'
        f"{odds}"
        f"<button{bid_attrs}>"
        f'{esc(label)} <span class="kbd">B</span></button>'
        "</section>"
    )


def first_useful(panel: BidPanel) -> str:
    """What the person needs first when the panel comes up (the page's focus goes there,
    `data-main`): Call when a bid is put to them, else More (an opening, or a raise),
    else the first role, faction or city on offer, else Bid."""
    if panel.can_call:
        return "call"
    if panel.can_raise:
        return "+"
    offered = [a for a, ok in panel.attributes().items() if ok]
    return f"attr-{offered[0]}" if offered else "bid"


def stepper(panel: BidPanel, arg: str, main: str) -> str:
    """Fewer (−) or More (+): described by the bid being put together, which is read out
    as it changes (`building`)."""
    more = arg == "+"
    props = attrs(
        type="button",
        class_="esp-stepbtn",
        data_act="count",
        data_arg=arg,
        id="esp-count-inc" if more else "esp-count-dec",
        aria_label=_("More") if more else _("Fewer"),
        aria_describedby="esp-building",
        disabled=not (panel.can_raise if more else panel.can_lower),
        data_main=main == arg,
    )
    return f"<button{props}>{'+' if more else '−'}</button>"


def building(scene: Scene, panel: BidPanel) -> str:
    """The bid being put together, in words: "Your bid: at least 4 Hackers, to Rook";
    the page reads it out each time it changes (More, Fewer, a role: `data-speak`)."""
    if panel.attribute is None:
        return _("Your bid: at least {count} — choose a role, faction or city.", count=panel.count)
    bid = bid_words(panel.count, panel.attribute)
    if panel.next is not None:
        return _("Your bid: at least {bid}, to {next}.", bid=bid, next=scene.name(panel.next))
    return _("Your bid: at least {bid}.", bid=bid)


def taken(panel: BidPanel) -> list[str]:
    """The roles, factions and cities off at the panel's count: bid at it already."""
    return [a for a, ok in panel.attributes().items() if not ok]


def taken_why(panel: BidPanel, attributes: list[str]) -> str:
    """Why `attributes` are off: "Hackers and London: already bid at 2 this round. More
    raises the count." """
    names = both([_(ATTRIBUTE_NAMES[a]) for a in attributes])
    if panel.can_raise:
        # translators: {names}: roles, factions or cities ("Hacker and London"); More is
        # the button that raises the bid's count
        return _(
            "{names}: already bid at {count} this round. More raises the count.",
            names=names,
            count=panel.count,
        )
    # translators: {names}: roles, factions or cities ("Hacker and London")
    return _("{names}: already bid at {count} this round.", names=names, count=panel.count)


def taken_html(panel: BidPanel) -> str:
    """The reason the greyed roles, factions and cities are off, which each of them is
    described by (as Undo is by its reason)."""
    off = taken(panel)
    if not off:
        return ""
    return f'<p class="esp-why" id="esp-attr-why">{esc(taken_why(panel, off))}</p>'


def answer_html(scene: Scene, panel: BidPanel, bid: Bid | None) -> str:
    """Call or Spot, to answer the standing bid (none to answer before the first bid)."""
    if bid is None:
        return ""
    name = scene.name(bid["by"])
    if is_you(name):
        answer = _("Answer your bid, or raise it:")
    else:
        answer = _("Answer {name}’s bid, or raise it:", name=esc(name))
    call, spot = _("Call — too high"), _("Spot — exactly right")
    return (
        f'<div class="esp-answer"><p>{answer}</p>'
        f'<button type="button" class="btn btn-danger{hinted(scene, "call")}" '
        f'data-act="call" id="esp-call"{" data-main" if panel.can_call else ""}'
        f"{'' if panel.can_call else ' disabled'}>{call} "
        '<span class="kbd">C</span></button>'
        f'<button type="button" class="btn{hinted(scene, "spot")}" data-act="spot" '
        f'id="esp-spot"'
        f"{'' if panel.can_spot else ' disabled'}>{spot} "
        '<span class="kbd">S</span></button></div>'
    )


def picks_html(panel: BidPanel) -> list[str]:
    """The roles, factions and cities, a group each; one no legal bid has at this count
    is off."""
    ok = panel.attributes()
    main = first_useful(panel)
    groups = []
    for title, members in GROUPS:
        buttons = "".join(
            "<button"
            + attrs(
                type="button",
                class_=f"esp-pick esp-a-{a}{' on' if panel.attribute == a else ''}",
                data_act="attr",
                data_arg=a,
                id=f"esp-attr-{a}",
                aria_pressed="true" if panel.attribute == a else "false",
                disabled=not ok[a],
                title=None if ok[a] else taken_why(panel, [a]),
                aria_describedby=None if ok[a] else "esp-attr-why",
                data_main=main == f"attr-{a}",
            )
            + f">{cards.icon(a)}<span>{_(ATTRIBUTE_NAMES[a])}</span>"
            f'<span class="kbd">{ATTRIBUTES.index(a) + 1}</span></button>'
            for a in members
        )
        groups.append(
            '<fieldset class="esp-group"><legend>'
            + _(title)
            + f'</legend><div class="esp-picks">{buttons}</div></fieldset>'
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
