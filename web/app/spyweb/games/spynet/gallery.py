"""The card gallery: every card of the set, drawn by the table's own `cards.card`,
filterable by type and by branch. The filter is kept as a preference, so the rules page
and the table's rules panel show the same one and a re-draw never loses it."""

from __future__ import annotations

from spygames.i18n import _, ngettext

from ...browser.markup import attrs, esc
from ...browser.store import Saves
from . import cards
from .model import BRANCH, BRANCH_IDS, CARD, KIND_NAMES, KINDS, SITUATIONS

PREF = "spynet-gallery"
ALL = "all"


def read_filter(saves: Saves) -> tuple[str, str]:
    """(kind, branch), each "all" or one of the set's kinds / branch ids."""
    raw = saves.pref(PREF, f"{ALL}:{ALL}")
    kind, _colon, branch = raw.partition(":")
    if kind not in (ALL, *KINDS):
        kind = ALL
    if branch not in (ALL, *BRANCH_IDS):
        branch = ALL
    return kind, branch


def handle(saves: Saves, act: str, arg: str) -> bool:
    """A filter button was pressed; True when it was one."""
    kind, branch = read_filter(saves)
    if act == "gallery-kind" and arg in (ALL, *KINDS):
        kind = arg
    elif act == "gallery-branch" and arg in (ALL, *BRANCH_IDS):
        branch = arg
    else:
        return False
    saves.set_pref(PREF, f"{kind}:{branch}")
    return True


def shown(kind: str, branch: str) -> list[str]:
    """The cards the filter lets through, in the set's order. A branch filter keeps the
    cards of that branch (mercenaries belong to all four); funding has no branch."""
    out = []
    for cid, info in CARD.items():
        if kind != ALL and info["kind"] != kind:
            continue
        if branch != ALL and branch not in (info.get("branches") or []):
            continue
        out.append(cid)
    return out


def _seg(act: str, value: str, label: str, current: str) -> str:
    on = value == current
    return (
        "<button"
        + attrs(
            type="button",
            class_=f"sn-filter{' on' if on else ''}",
            data_act=act,
            data_arg=value,
            id=f"sn-{act}-{value}",
            aria_pressed="true" if on else "false",
        )
        + f">{label}</button>"
    )


def gallery_html(saves: Saves) -> str:
    return gallery_for(*read_filter(saves))


def gallery_for(kind: str, branch: str) -> str:
    """The gallery with this filter (`read_filter`'s pair)."""
    kinds = _seg("gallery-kind", ALL, esc(_("All types")), kind) + "".join(
        _seg("gallery-kind", k, esc(_(KIND_NAMES[k])), kind) for k in KINDS
    )
    branches = _seg("gallery-branch", ALL, esc(_("All branches")), branch) + "".join(
        _seg("gallery-branch", b, f"{cards.icon(b)} {esc(BRANCH[b]['name'])}", branch)
        for b in BRANCH_IDS
    )
    ids = shown(kind, branch)
    items = "".join(f"<li>{cards.card(c, size='lg')}</li>" for c in ids)
    note = ""
    if kind == "funding" and branch != ALL:
        words = _("Funding cards belong to no branch.")
        note = f'<p class="sn-help">{esc(words)}</p>'
    situations = ""
    if kind == ALL and branch == ALL:
        listed = []
        for s in SITUATIONS:
            # translators: a situation's name and what it changes
            item = _("<strong>{name}</strong> — {text}", name=esc(s["name"]), text=esc(s["text"]))
            listed.append(f"<li>{item}</li>")
        heading = _("Situations")
        situations = f"<h3>{heading}</h3><ul class='sn-situation-list'>{''.join(listed)}</ul>"
    title, type_, branch_ = _("Every card"), _("Type"), _("Branch")
    shown_count = ngettext("{n} card", "{n} cards", len(ids))
    return (
        '<section class="sn-gallery" id="sn-gallery" aria-labelledby="sn-gallery-title">'
        f'<h2 id="sn-gallery-title">{title}</h2>'
        f'<div class="sn-filters" role="group" aria-label="{esc(type_)}">{kinds}</div>'
        f'<div class="sn-filters" role="group" aria-label="{esc(branch_)}">{branches}</div>'
        f'<p class="sn-gallery-count" id="sn-gallery-count">{shown_count}</p>{note}'
        f'<ul class="sn-gallery-cards">{items}</ul>{situations}</section>'
    )
