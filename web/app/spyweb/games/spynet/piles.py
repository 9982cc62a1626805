"""The middle of the table: the three piles with their sizes (and what this seat saw in
them), the deck count, the face-up discard pile and the situation; and the recruit,
shown step by step — pile 1, take or return it, pile 2, pile 3, then the deck."""

from __future__ import annotations

from spygames.i18n import _, ngettext, pgettext
from spygames.spynet.views import SpyNetView

from ...browser.markup import attrs, esc
from . import cards
from .model import SITUATION

PILES = 3
DISCARD_SHOWN = 4


def _n(count: int) -> str:
    return ngettext("{n} card", "{n} cards", count)


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
            more = ""
            if unseen > 0:
                more_words = _("+{n} unseen", n=unseen)
                more = f'<li class="sn-unseen">{esc(more_words)}</li>'
            saw = _("Pile {n}: you saw", n=i + 1)
            memories.append(
                f'<div class="sn-known" id="sn-known-{i}"><span class="sn-side-label">'
                f"{esc(saw)}</span>"
                f'<ul class="sn-chips">{chips}{more}</ul></div>'
            )
            seen_title, seen_word = _("you have seen this pile"), pgettext("pile", "seen")
            seen = f'<span class="sn-seen-mark" title="{esc(seen_title)}">{esc(seen_word)}</span>'
        label = (
            ngettext(
                "Pile {pile}: {n} card, being looked at",
                "Pile {pile}: {n} cards, being looked at",
                size,
                pile=i + 1,
            )
            if looking == i
            else ngettext("Pile {pile}: {n} card", "Pile {pile}: {n} cards", size, pile=i + 1)
        )
        name = _("Pile {n}", n=i + 1)
        items.append(
            f'<li class="{" ".join(classes)}" id="sn-pile-{i}" data-size="{size}">'
            f'<span class="sn-pile-label">{esc(name)}</span>'
            f"{cards.back(size, label)}"
            f'<span class="sn-pile-size">{_n(size)}</span>{seen}</li>'
        )
    deck = view["deck"]
    deck_name, deck_label = _("Deck"), ngettext("Deck: {n} card", "Deck: {n} cards", deck)
    items.append(
        f'<li class="sn-pile sn-deck{" sn-empty" if not deck else ""}" id="sn-deck" '
        f'data-size="{deck}"><span class="sn-pile-label">{esc(deck_name)}</span>'
        f"{cards.back(deck, deck_label, cls='sn-deckback')}"
        f'<span class="sn-pile-size">{_n(deck)}</span></li>'
    )
    discard = view["discard"]
    shown = "".join(
        f"<li>{cards.card(c, size='chip', read=read)}</li>" for c in discard[-DISCARD_SHOWN:]
    )
    older = len(discard) - DISCARD_SHOWN
    discard_name = _("Discard pile")
    discard_html = (
        f'<div class="sn-discard"><span class="sn-side-label">{esc(discard_name)}</span> '
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
        words = _("Final round: the deck is empty. Each player takes one last turn, deploy only.")
        end = f'<p class="sn-final" role="status">{esc(words)}</p>'
    title = _("Piles and deck")
    return (
        f'<section class="sn-piles" aria-label="{esc(title)}">'
        f'<ol class="sn-pile-row">{"".join(items)}</ol>{"".join(memories)}{end}{discard_html}'
        f"{situation_html(view['situation'])}</section>"
    )


def situation_html(situation: str | None) -> str:
    if situation is None:
        # translators: the <span> is a label before the words ("Situation none — …")
        words = _('<span class="sn-side-label">Situation</span> none — the standard rules')
        return f'<p class="sn-situation sn-no-situation">{words}</p>'
    s = SITUATION[situation]
    # translators: the <span> is a label; {name} and {text} are the situation's
    words = _(
        '<span class="sn-side-label">Situation</span> <strong>{name}</strong> — {text}',
        name=esc(s["name"]),
        text=esc(s["text"]),
    )
    return f'<p class="sn-situation" id="sn-situation">{words}</p>'


def pile_words(pile: int, size: int) -> str:
    """ "Pile 2: 3 cards": the pile looked at (`pile` counts from 0) and its size."""
    return ngettext("Pile {pile}: {n} card", "Pile {pile}: {n} cards", size, pile=pile + 1)


def recruit_panel(view: SpyNetView) -> str:
    """The recruiter's reveal: the pile looked at, its cards, Take or Return."""
    looking = view["looking"]
    assert looking is not None, "a recruit is always looking at a pile"
    shown = view["looking_at"] or []
    steps = []
    for i in range(PILES):
        state = "sn-now" if i == looking else "sn-done" if i < looking else ""
        name = _("Pile {n}", n=i + 1)
        steps.append(f'<li class="{state}">{esc(name)}</li>')
    deck = _("Deck")
    steps.append(f"<li>{esc(deck)}</li>")
    later = next((i for i in range(looking + 1, PILES) if view["piles"][i]["size"]), None)
    if later is not None:
        then = _("Return it — look at pile {n}", n=later + 1)
    elif not view["deck"]:
        then = _("Return it — the deck is empty")
    else:
        draws = deck_draws(view)
        then = (
            _("Return it — take the deck’s top card")
            if draws == 1
            else ngettext(
                "Return it — take {n} card from the deck",
                "Return it — take {n} cards from the deck",
                draws,
            )
        )
    reveal = "".join(cards.card(c, size="md", read=True) for c in shown)
    take = _("Take it") if len(shown) == 1 else ngettext("Take all {n}", "Take all {n}", len(shown))
    either = _("Either way, each pile you looked at then gets one more card from the deck.")
    steps_label = _("Recruiting steps")
    return (
        '<section class="sn-act sn-recruit" aria-labelledby="sn-act-title">'
        '<div class="sn-act-head">'
        f'<h2 id="sn-act-title">{esc(pile_words(looking, len(shown)))}</h2>'
        f'<ol class="sn-steps" aria-label="{esc(steps_label)}">{"".join(steps)}</ol></div>'
        '<div class="sn-reveal-row">'
        f'<div class="sn-reveal" id="sn-reveal">{reveal}</div>'
        '<div class="sn-buttons sn-recruit-buttons">'
        + "<button"
        + attrs(type="button", class_="btn btn-primary", data_act="take", id="sn-take")
        + f">{esc(take)} "
        '<span class="kbd">T</span></button>'
        + "<button"
        + attrs(type="button", class_="btn", data_act="pass_on", id="sn-pass-on")
        + f'>{esc(then)} <span class="kbd">P</span></button>'
        f'<p class="sn-help">{esc(either)}</p></div></div></section>'
    )
