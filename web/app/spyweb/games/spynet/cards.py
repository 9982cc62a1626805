"""SpyNet cards as HTML: one function (`card`) draws every card the app shows — the hand,
the tableaus, the piles, the gallery, the end screen — from the engine's card data.

Each card carries its branch icon, colour and name (never colour alone), a large value
(an agent's power, a mission's stars, a funding card's bonus) and its text from the
engine's text module (`spygames.spynet.text`), so what a card says and what the engine
does cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spygames.i18n import N_, _, listed, ngettext
from spygames.spynet import text

from ...browser.markup import attrs, esc
from .model import BRANCH, BRANCH_IDS, BRANCHES, CARD, short_effect

SIZES = ("lg", "md", "strip", "chip")
KIND_WORDS = {
    "agent": N_("Agent"),
    "mission": N_("Mission"),
    "funding": N_("Funding"),
}
"""The word for a card's kind at its foot (translated where it is drawn)."""
EXTRA_ICONS = {
    "star": "M12 1.8l3 6.9 7.4.7-5.6 4.9 1.7 7.3L12 17.8l-6.5 3.8 1.7-7.3L1.6 9.4 9 8.7z",
    "coin": (
        "M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20zm1 4v1.6c1.6.3 2.8 1.3 3 2.9h-2.2c-.2-.7-.9"
        "-1.2-1.8-1.2c-1.1 0-1.8.5-1.8 1.2c0 .8.7 1 2.1 1.4c2.1.5 3.9 1.2 3.9 3.4c0 1.6-1.2"
        " 2.8-3.2 3.1V18h-2v-1.6c-1.8-.3-3.1-1.4-3.3-3.1h2.2c.2.8 1 1.4 2.1 1.4c1.2 0 2-.5"
        " 2-1.3c0-.8-.7-1.1-2.2-1.5c-2-.5-3.8-1.1-3.8-3.3c0-1.5 1.2-2.7 3-3V6z"
    ),
}


def sprite() -> str:
    """The branch icons (from the engine's data) and a few more, once per screen."""
    icons = {b["id"]: b["icon"] for b in BRANCHES} | EXTRA_ICONS
    symbols = "".join(
        f'<symbol id="sn-i-{name}" viewBox="0 0 24 24"><path d="{esc(path)}" '
        'fill="currentColor" fill-rule="evenodd"/></symbol>'
        for name, path in icons.items()
    )
    return f'<svg class="sn-sprite" aria-hidden="true" focusable="false">{symbols}</svg>'


def icon(name: str, cls: str = "sn-ic") -> str:
    colour = BRANCH[name]["colour"] if name in BRANCH else None
    style = f' style="color:{esc(colour)}"' if colour else ""
    return (
        f'<svg class="{cls} sn-ic-{esc(name)}"{style} aria-hidden="true" focusable="false">'
        f'<use href="#sn-i-{esc(name)}"/></svg>'
    )


def branch_label(branch: str, cls: str = "") -> str:
    """A branch's icon and name, in its colour: "◎ Field Ops"."""
    classes = f"sn-branch sn-b-{branch} {cls}".strip()
    return (
        f'<span class="{esc(classes)}" style="--bc:{esc(BRANCH[branch]["colour"])}">'
        f"{icon(branch)}<span>{esc(BRANCH[branch]['name'])}</span></span>"
    )


def _luminance(colour: str) -> float:
    """WCAG relative luminance of a "#rrggbb" colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, two: str) -> float:
    """WCAG contrast ratio of two "#rrggbb" colours (1 to 21)."""
    light, dark = sorted((_luminance(one), _luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


AA = 4.5  # WCAG AA for normal-size text


def button_colours(branch: str) -> str:
    """The CSS custom properties of a button in a branch's colour whose words are readable
    (WCAG AA): white words where the colour allows; a light colour (Counter-Intel's gold)
    keeps its colour and takes dark words; a mid colour (Deep Cover's green) is deepened
    just enough for white words, so every branch still looks like itself."""
    colour = BRANCH[branch]["colour"]
    if contrast(colour, "#ffffff") >= AA:
        return f"--bc:{colour};--bink:#ffffff"
    if contrast(colour, "#000000") >= 7:
        return f"--bc:{colour};--bink:#000000"
    rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    deeper = colour
    while contrast(deeper, "#ffffff") < AA:
        rgb = [max(0, c - 4) for c in rgb]
        deeper = "#" + "".join(f"{c:02x}" for c in rgb)
    return f"--bc:{deeper};--bink:#ffffff"


def value_text(info: dict[str, Any]) -> str:
    if info["kind"] == "agent":
        return str(info["power"])
    if info["kind"] == "mission":
        return f"{info['stars']}★"
    return f"+{info['value']}"


def value_words(info: dict[str, Any]) -> str:
    """A card's number in words, to begin a line: "Power 4", "2 stars", "+1 power"."""
    if info["kind"] == "agent":
        return _("Power {power}", power=info["power"])
    if info["kind"] == "mission":
        return ngettext("{n} star", "{n} stars", info["stars"])
    return _("+{value} power", value=info["value"])


def where_text(info: dict[str, Any]) -> str:
    if info["kind"] == "funding":
        return _("Funding")
    if info.get("mercenary"):
        return _("Any branch")
    return " / ".join(BRANCH[b]["name"] for b in info["branches"])


def body_text(card_id: str) -> str:
    """The card's text without its name (the name is printed above it)."""
    full = text.card_text(card_id)
    return full.split(" — ", 1)[1] if " — " in full else full


def _names(cards: Sequence[str]) -> list[str]:
    return [CARD[c]["name"] for c in cards]


def _colours(info: dict[str, Any]) -> str:
    branches = info.get("branches") or []
    if info.get("mercenary") or not branches:
        return ""
    first = BRANCH[branches[0]]["colour"]
    second = BRANCH[branches[-1]]["colour"]
    return f"--c1:{first};--c2:{second}"


LONG_WORD = 12  # letters: a word this long gets the smaller name size (see 60-spynet.css)
LONGER_WORD = 15  # letters: smaller still (German's "Machtdemonstration", 18)


def card(
    card_id: str,
    *,
    size: str = "md",
    act: str | None = None,
    arg: str | None = None,
    selected: bool = False,
    disabled: bool = False,
    cls: str = "",
    funding: Sequence[str] = (),
    power: int | None = None,
    note: str = "",
    id_: str | None = None,
    drag: bool = False,
    read: bool = False,
) -> str:
    """One card. `act` makes it a button (`data-arg` defaults to the card's id);
    `funding` and `power` describe an agent in play (its attached funding, its power
    where it stands); `note` is a small line under it (why it is marked, say); `drag`
    lets it be dragged onto a drop target (a button only); `read` makes a card with no
    other action a button that opens its whole face (`reading.py`: a tap on a phone)."""
    if act is None and read:
        act, arg = "read", card_id
        cls = f"{cls} sn-readable".strip()
    info = CARD[card_id]
    k = info["kind"]
    classes = ["sn-card", f"sn-{size}", f"sn-k-{k}"]
    if info.get("mercenary"):
        classes.append("sn-merc")
    elif len(info.get("branches") or []) > 1:
        classes.append("sn-multi")
    if info.get("special") or info.get("condition"):
        classes.append("sn-special")
    if selected:
        classes.append("sn-selected")
    if cls:
        classes.append(cls)
    label = text.card_text(card_id)
    if "sn-facedown" in cls:
        # translators: a face-down mission's label; {card} is the card's whole text
        label = _("Face down: {card}", card=label)
    if funding:
        # translators: an agent's label: its text, then the funding cards attached to it
        label = _("{card} With {funding}.", card=label, funding=listed(_names(funding)))
    if power is not None:
        # translators: an agent's label: its text, then its power where it stands
        label = _("{card} Power here: {power}.", card=label, power=power)
    icons = (
        "".join(icon(b) for b in BRANCH_IDS)
        if info.get("mercenary")
        else "".join(icon(b) for b in info.get("branches") or [])
    ) or icon("coin" if k == "funding" else "star")
    kind_word = _("Mercenary") if info.get("mercenary") else _(KIND_WORDS[k])
    tag = short_effect(info)
    value = f'<span class="sn-val">{esc(value_text(info))}</span>'
    # a word of 12 letters or more ("Quartermaster") is set smaller on small cards, of 15
    # or more smaller still, so that it fits whole: names never break inside a word
    longest = max(len(w) for w in str(info["name"]).split())
    smaller = (
        " sn-name-longer"
        if longest >= LONGER_WORD
        else " sn-name-long"
        if longest >= LONG_WORD
        else ""
    )
    name = f'<span class="sn-name{smaller}">{esc(info["name"])}</span>'
    inner: list[str]
    if size == "chip":
        inner = [f'<span class="sn-icons">{icons}</span>', value, name]
    elif size == "strip":
        tabs = "".join(
            f'<span class="sn-fund" title="{esc(text.card_text(f))}">+{CARD[f]["value"]}</span>'
            for f in funding
        )
        here = _("power here")
        total = (
            f'<span class="sn-total" title="{esc(here)}">={power}</span>'
            if power is not None and (funding or power != info.get("power"))
            else ""
        )
        inner = [value, f'<span class="sn-icons">{icons}</span>', name, tabs, total]
        if tag:
            inner.append(f'<span class="sn-tag">{esc(tag)}</span>')
    else:
        inner = [
            f'<span class="sn-top">{value}<span class="sn-icons">{icons}</span></span>',
            name,
            f'<span class="sn-where">{esc(where_text(info))}</span>',
        ]
        if size == "lg":
            inner.append(f'<span class="sn-text">{esc(body_text(card_id))}</span>')
        elif tag:
            inner.append(f'<span class="sn-tag">{esc(tag)}</span>')
        inner.append(f'<span class="sn-kind">{esc(kind_word)}</span>')
    if note:
        inner.append(f'<span class="sn-note">{esc(note)}</span>')
    common: dict[str, Any] = {
        "class_": " ".join(classes),
        "style": _colours(info) or None,
        "data_card": card_id,
        "data_kind": k,
        "id": id_,
    }
    body = "".join(inner)
    if act is not None:
        # The button is named by its card's whole text, in visually hidden words; what is
        # drawn (value, icons, short name) is hidden from screen readers, so the name a
        # voice user says and the one read out agree (no aria-label that differs from it).
        body = (
            f'<span class="sn-drawn" aria-hidden="true">{body}</span>'
            f'<span class="sr-only">{esc(label)}</span>'
        )
        props = attrs(
            type="button",
            data_act=act,
            data_arg=arg if arg is not None else card_id,
            aria_pressed=("true" if selected else "false") if act == "pick" else None,
            title=label,
            disabled=disabled,
            draggable="true" if drag else None,
            **common,
        )
        return f"<button{props}>{body}</button>"
    return f"<div{attrs(title=label, **common)}>{body}</div>"


def facedown(
    card_id: str | None,
    *,
    size: str = "strip",
    revealed: bool = False,
    owner: str = "",
    yours: bool = False,
    read: bool = False,
    fresh: bool = False,
) -> str:
    """A face-down mission: its face for its owner alone (striped: face down), else — for
    everyone else, a teammate too — a back; once `revealed` (the end), its face. The
    view decides: `card_id` is None where the seat may not look. `owner` names whose
    it is, for the back's label (`yours`: the person's at the device); `fresh` marks it
    as just played."""
    if card_id is not None:
        cls = ("" if revealed else "sn-facedown") + (" sn-fresh" if fresh else "")
        return card(card_id, size=size, cls=cls.strip(), read=read)
    return backs(1, size=size, owner=owner, yours=yours)


def backs(n: int, *, size: str = "strip", owner: str = "", yours: bool = False) -> str:
    """`n` face-down missions that this seat may not look at, as one back with their
    count: their backs are all alike, so one tells as much as `n` and takes one line.
    `owner` names whose they are (`yours`: the person's at the device)."""
    if yours:
        label = ngettext(
            "A face-down mission: only you may look at it",
            "{n} face-down missions: only you may look at them",
            n,
        )
    elif owner:
        label = ngettext(
            "A face-down mission: only {name} may look at it",
            "{n} face-down missions: only {name} may look at them",
            n,
            name=owner,
        )
    else:
        label = ngettext("A face-down mission", "{n} face-down missions", n)
    name = _("Mission") if n == 1 else ngettext("{n} mission", "{n} missions", n)
    return (
        f'<div class="sn-card sn-{size} sn-back sn-k-mission" title="{esc(label)}">'
        f'<span class="sn-val">?</span><span class="sn-name">{esc(name)}</span></div>'
    )


def back(count: int, label: str, *, cls: str = "") -> str:
    """A pile's back with its size (the deck, a pile)."""
    classes = f"sn-pileback {cls}".strip()
    return (
        f'<div class="{esc(classes)}" role="img" aria-label="{esc(label)}">'
        f'<span class="sn-pile-n">{count}</span></div>'
    )
