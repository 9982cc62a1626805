"""Espionage card art: inline SVG icons, faces and backs, all text as well as colour.

Every card says what it is in words (role, faction, city, or Mercenary/Traitor), so it
reads without colour; the colours and icons only make it quicker to scan.
"""

from __future__ import annotations

from spygames.espionage.cards import (
    ATTRIBUTE_NAMES,
    KIND_OF,
    attributes_of,
    card_name,
    is_mercenary,
    is_traitor,
    value_for,
)
from spygames.i18n import _

from ...browser.markup import esc

# 24×24 icon drawings (paths use currentColor), one per attribute and wild card.
ICONS: dict[str, str] = {
    # roles
    "face": (
        '<path d="M2 9c0-2 2-3 5-3 2 0 3.5 1 5 1s3-1 5-1c3 0 5 1 5 3 0 4-2.5 7-5.5 7-2.3 0-3.2-'
        '2-4.5-2s-2.2 2-4.5 2C4.5 16 2 13 2 9z" fill="currentColor"/>'
        '<ellipse cx="7.5" cy="10" rx="2.2" ry="1.6" fill="#fff"/>'
        '<ellipse cx="16.5" cy="10" rx="2.2" ry="1.6" fill="#fff"/>'
    ),
    "hacker": (
        '<rect x="2" y="4" width="20" height="14" rx="2" fill="currentColor"/>'
        '<path d="M6 9l3 2.5L6 14" stroke="#fff" stroke-width="2" fill="none" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
        '<path d="M11 14h6" stroke="#fff" stroke-width="2" stroke-linecap="round"/>'
        '<rect x="8" y="19" width="8" height="2" rx="1" fill="currentColor"/>'
    ),
    "muscle": (
        '<rect x="1" y="8" width="3" height="8" rx="1" fill="currentColor"/>'
        '<rect x="4" y="6" width="4" height="12" rx="1.2" fill="currentColor"/>'
        '<rect x="8" y="10.5" width="8" height="3" fill="currentColor"/>'
        '<rect x="16" y="6" width="4" height="12" rx="1.2" fill="currentColor"/>'
        '<rect x="20" y="8" width="3" height="8" rx="1" fill="currentColor"/>'
    ),
    # factions
    "agency": (
        '<path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" fill="currentColor"/>'
        '<circle cx="12" cy="12" r="4" fill="#fff"/><circle cx="12" cy="12" r="2" '
        'fill="currentColor"/>'
    ),
    "bureau": (
        '<path d="M12 1l9 3.5v6.5c0 5.5-3.8 9.8-9 12-5.2-2.2-9-6.5-9-12V4.5L12 1z" '
        'fill="currentColor"/><path d="M12 6l1.8 3.7 4 .5-3 2.8.8 4L12 15l-3.6 2 .8-4-3-2.8 '
        '4-.5z" fill="#fff"/>'
    ),
    "command": (
        '<path d="M12 1.5l3.1 6.6 7.2.9-5.3 5 1.4 7.1L12 17.6l-6.4 3.5L7 14 1.7 9l7.2-.9z" '
        'fill="currentColor"/>'
    ),
    # cities
    "nyc": (
        '<rect x="2" y="12" width="5" height="10" fill="currentColor"/>'
        '<path d="M9 22V8l1.5-1V3h1v-2h1v2h1v4L15 8v14z" fill="currentColor"/>'
        '<rect x="17" y="10" width="5" height="12" fill="currentColor"/>'
    ),
    "london": (
        '<path d="M8 22V9h8v13z" fill="currentColor"/><path d="M9 9l3-7 3 7z" '
        'fill="currentColor"/><circle cx="12" cy="12.5" r="2.6" fill="#fff"/>'
        '<path d="M12 11v1.6l1 .8" stroke="currentColor" stroke-width=".9" fill="none"/>'
        '<rect x="3" y="17" width="5" height="5" fill="currentColor"/>'
        '<rect x="16" y="17" width="5" height="5" fill="currentColor"/>'
    ),
    "moscow": (
        '<path d="M12 1c.6 2 5 4.5 5 8.5 0 1.6-1 2.5-2 2.5H9c-1 0-2-.9-2-2.5C7 5.5 11.4 3 12 1z" '
        'fill="currentColor"/><rect x="8" y="12.5" width="8" height="9.5" fill="currentColor"/>'
        '<path d="M11 22v-4a1 1 0 012 0v4z" fill="#fff"/>'
        '<rect x="3" y="15" width="4" height="7" fill="currentColor"/>'
        '<rect x="17" y="15" width="4" height="7" fill="currentColor"/>'
    ),
    # wild cards
    "mercenary": (
        '<circle cx="12" cy="12" r="10.5" fill="currentColor"/>'
        '<circle cx="12" cy="12" r="8" fill="none" stroke="#fff" stroke-width="1.2"/>'
        '<path d="M12 7v10M7 12h10" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/>'
    ),
    "traitor": (
        '<path d="M14.5 2l1.8 1.8-7.8 9.6-2.1-2.1z" fill="currentColor"/>'
        '<path d="M5 11.5l7.5 7.5-1.6 1.6-2.2-2.2-3.8 3.8L3 20.3l3.8-3.8-2.2-2.2z" '
        'fill="currentColor"/>'
        '<path d="M14 16h8" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/>'
    ),
    # a Source token
    "source": (
        '<circle cx="12" cy="12" r="10" fill="currentColor"/>'
        '<path d="M4.5 12s3-4.5 7.5-4.5 7.5 4.5 7.5 4.5-3 4.5-7.5 4.5S4.5 12 4.5 12z" '
        'fill="#fff" opacity=".9"/><circle cx="12" cy="12" r="2.2" fill="currentColor"/>'
    ),
}


def sprite() -> str:
    """Every icon once, as SVG symbols the cards `<use>` (put once on each screen)."""
    symbols = "".join(
        f'<symbol id="esp-i-{name}" viewBox="0 0 24 24">{body}</symbol>'
        for name, body in ICONS.items()
    )
    return f'<svg class="esp-sprite" aria-hidden="true" focusable="false">{symbols}</svg>'


def icon(name: str, cls: str = "esp-icon") -> str:
    return (
        f'<svg class="{cls} esp-ic-{esc(name)}" aria-hidden="true" focusable="false">'
        f'<use href="#esp-i-{esc(name)}"/></svg>'
    )


def label(attribute: str) -> str:
    """An attribute with its icon and name, e.g. in the bid panel or a bid bubble."""
    return (
        f'<span class="esp-attr esp-k-{KIND_OF[attribute]} esp-a-{esc(attribute)}">'
        f"{icon(attribute)}<span>{esc(_(ATTRIBUTE_NAMES[attribute]))}</span></span>"
    )


def bid(count: int, attribute: str) -> str:
    """A bid's count and what it is on, as the felt shows it (a bubble, the plaque)."""
    return f'<span class="esp-bid-n">{count}</span> {label(attribute)}'


def card(code: str, *, lit: str | None = None, size: str = "") -> str:
    """A face-up card. `lit` is the attribute being counted (reveal): the card then says
    whether it adds one, takes one away or does not count."""
    classes = ["esp-card"]
    if size:
        classes.append(f"esp-card-{size}")
    badge = ""
    name = card_name(code)
    said = name  # the card's name, and what its badge (or its absence) says
    if lit is not None:
        value = value_for(code, lit)
        if value > 0:
            classes.append("esp-lit")
            badge = '<span class="esp-badge esp-badge-plus" aria-hidden="true">+1</span>'
            # translators: a card at a showdown, read out: "Hacker, Agency, London: counts +1"
            said = _("{card}: counts +1", card=name)
        elif value < 0:
            classes.append("esp-minus")
            badge = '<span class="esp-badge esp-badge-minus" aria-hidden="true">−1</span>'
            said = _("{card}: counts −1", card=name)
        else:
            classes.append("esp-dim")
            said = _("{card}: does not count", card=name)
    if is_mercenary(code) or is_traitor(code):
        kind = "mercenary" if is_mercenary(code) else "traitor"
        sign = "+1" if kind == "mercenary" else "−1"
        blurb = _("adds 1 to any count") if kind == "mercenary" else _("takes 1 from any count")
        classes.append(f"esp-wild esp-{kind}")
        body = (
            f'<span class="esp-wild-sign" aria-hidden="true">{sign}</span>'
            f"{icon(kind, 'esp-icon esp-big')}"
            f'<span class="esp-wild-name">{esc(name)}</span>'
            f'<span class="esp-wild-blurb">{blurb}</span>'
        )
    else:
        role, faction, city = attributes_of(code)
        classes.append(f"esp-f-{faction} esp-r-{role} esp-c-{city}")
        body = (
            f'<span class="esp-band esp-band-faction">{icon(faction)}'
            f"<span>{esc(_(ATTRIBUTE_NAMES[faction]))}</span></span>"
            f'<span class="esp-role">{icon(role, "esp-icon esp-big")}'
            f"<span>{esc(_(ATTRIBUTE_NAMES[role]))}</span></span>"
            f'<span class="esp-band esp-band-city">{icon(city)}'
            f"<span>{esc(_(ATTRIBUTE_NAMES[city]))}</span></span>"
        )
    return (
        f'<li class="{" ".join(classes)}" data-card="{esc(code)}" aria-label="{esc(said)}">'
        f"{body}{badge}</li>"
    )


def back(size: str = "") -> str:
    cls = "esp-card esp-back" + (f" esp-card-{size}" if size else "")
    return f'<li class="{cls}" aria-hidden="true"><span class="esp-back-mark">◉</span></li>'


def hand(cards: list[str], *, lit: str | None = None, size: str = "", label_: str = "") -> str:
    items = "".join(card(c, lit=lit, size=size) for c in cards)
    return f'<ul class="esp-hand" aria-label="{esc(label_)}">{items}</ul>'


def backs(n: int, size: str = "sm", label_: str = "") -> str:
    items = "".join(back(size) for _ in range(n))
    return f'<ul class="esp-hand esp-backs" aria-label="{esc(label_)}">{items}</ul>'
