"""The middle of the table: the three piles with their sizes (and what this seat saw in
them), the deck count, the face-up discard pile and the situation; and the recruit,
shown step by step — pile 1, take or return it, pile 2, pile 3, then the deck."""

from __future__ import annotations

from spygames import words
from spygames.spynet.views import SpyNetView

from ...browser.markup import attrs, esc
from . import cards
from .model import SITUATION

PILES = 3
DISCARD_SHOWN = 4


def _n(count: int) -> str:
    return words.count(count, "card")


def deck_draws(view: SpyNetView) -> int:
    """How many deck cards returning pile 3 brings (the situation may change it)."""
    situation = view["situation"]
    if situation is not None:
        rule = SITUATION[situation]["rule"]
        if rule["kind"] == "deck_draws":
            return int(rule["count"])
    return 1


def piles_html(view: SpyNetView, *, read: bool = False) -> str:
    """`read`: each face shown opens whole when tapped (the live table)."""
    looking = view["looking"]
    items = []
    memories = []
    for i, pile in enumerate(view["piles"]):
        size, known = pile["size"], pile["known"]
        classes = ["sn-pile"]
        if looking == i:
            classes.append("sn-looking")
        if not size:
            classes.append("sn-empty")
        seen = ""
        if known:
            chips = "".join(f"<li>{cards.card(c, size='chip', read=read)}</li>" for c in known)
            unseen = size - len(known)
            more = f'<li class="sn-unseen">+{unseen} unseen</li>' if unseen > 0 else ""
            memories.append(
                f'<div class="sn-known" id="sn-known-{i}"><span class="sn-side-label">'
                f"Pile {i + 1}: you saw</span>"
                f'<ul class="sn-chips">{chips}{more}</ul></div>'
            )
            seen = '<span class="sn-seen-mark" title="you have seen this pile">seen</span>'
        label = f"Pile {i + 1}: {_n(size)}" + (", being looked at" if looking == i else "")
        items.append(
            f'<li class="{" ".join(classes)}" id="sn-pile-{i}" data-size="{size}">'
            f'<span class="sn-pile-label">Pile {i + 1}</span>'
            f"{cards.back(size, label)}"
            f'<span class="sn-pile-size">{_n(size)}</span>{seen}</li>'
        )
    deck = view["deck"]
    items.append(
        f'<li class="sn-pile sn-deck{" sn-empty" if not deck else ""}" id="sn-deck" '
        f'data-size="{deck}"><span class="sn-pile-label">Deck</span>'
        f"{cards.back(deck, f'Deck: {_n(deck)}', cls='sn-deckback')}"
        f'<span class="sn-pile-size">{_n(deck)}</span></li>'
    )
    discard = view["discard"]
    shown = "".join(
        f"<li>{cards.card(c, size='chip', read=read)}</li>" for c in discard[-DISCARD_SHOWN:]
    )
    older = len(discard) - DISCARD_SHOWN
    discard_html = (
        '<div class="sn-discard"><span class="sn-side-label">Discard pile</span> '
        f'<span id="sn-discard-n">{_n(len(discard))}</span>'
        + (
            f'<ul class="sn-chips">{"<li>…</li>" if older > 0 else ""}{shown}</ul>'
            if discard
            else ""
        )
        + "</div>"
    )
    end = ""
    if view["final_round"] and not view["over"]:
        end = (
            '<p class="sn-final" role="status">Final round: the deck is empty. Each player '
            "takes one last turn, deploy only.</p>"
        )
    return (
        '<section class="sn-piles" aria-label="Piles and deck">'
        f'<ol class="sn-pile-row">{"".join(items)}</ol>{"".join(memories)}{end}{discard_html}'
        f"{situation_html(view['situation'])}</section>"
    )


def situation_html(situation: str | None) -> str:
    if situation is None:
        return (
            '<p class="sn-situation sn-no-situation"><span class="sn-side-label">Situation</span>'
            " none — the standard rules</p>"
        )
    s = SITUATION[situation]
    return (
        f'<p class="sn-situation" id="sn-situation"><span class="sn-side-label">Situation</span> '
        f"<strong>{esc(s['name'])}</strong> — {esc(s['text'])}</p>"
    )


def recruit_panel(view: SpyNetView) -> str:
    """The recruiter's reveal: the pile looked at, its cards, Take or Return."""
    looking = view["looking"]
    assert looking is not None, "a recruit is always looking at a pile"
    shown = view["looking_at"] or []
    steps = []
    for i in range(PILES):
        state = "sn-now" if i == looking else "sn-done" if i < looking else ""
        steps.append(f'<li class="{state}">Pile {i + 1}</li>')
    steps.append("<li>Deck</li>")
    later = next((i for i in range(looking + 1, PILES) if view["piles"][i]["size"]), None)
    if later is not None:
        then = f"Return it — look at pile {later + 1}"
    else:
        draws = deck_draws(view)
        then = (
            "Return it — take the deck’s top card"
            if draws == 1
            else f"Return it — take {draws} cards from the deck"
        )
        if not view["deck"]:
            then = "Return it — the deck is empty"
    reveal = "".join(cards.card(c, size="md", read=True) for c in shown)
    return (
        '<section class="sn-act sn-recruit" aria-labelledby="sn-act-title">'
        '<div class="sn-act-head">'
        f'<h2 id="sn-act-title">Pile {looking + 1}: {_n(len(shown))}</h2>'
        f'<ol class="sn-steps" aria-label="Recruiting steps">{"".join(steps)}</ol></div>'
        '<div class="sn-reveal-row">'
        f'<div class="sn-reveal" id="sn-reveal">{reveal}</div>'
        '<div class="sn-buttons sn-recruit-buttons">'
        + "<button"
        + attrs(type="button", class_="btn btn-primary", data_act="take", id="sn-take")
        + f">Take {'it' if len(shown) == 1 else f'all {len(shown)}'} "
        '<span class="kbd">T</span></button>'
        + "<button"
        + attrs(type="button", class_="btn", data_act="pass_on", id="sn-pass-on")
        + f'>{esc(then)} <span class="kbd">P</span></button>'
        '<p class="sn-help">Either way, each pile you looked at then gets one more card '
        "from the deck.</p></div></div></section>"
    )
