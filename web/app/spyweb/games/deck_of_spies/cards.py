"""Playing cards as HTML: corner indices, a big suit pip, suit colours — all CSS, no images."""

from __future__ import annotations

from spygames import Card
from spygames.i18n import _

from ...browser.markup import attrs, esc

SUIT_CLASS = {"S": "s-spade", "H": "s-heart", "D": "s-diamond", "C": "s-club"}


def parse(text: str) -> Card:
    return Card.parse(text)


def card_name(text: str) -> str:
    """Accessible name: "Seven of hearts"."""
    return parse(text).name


def card_symbol(text: str) -> str:
    """Short form: "7♥"."""
    return parse(text).symbol


def _faces(card: Card) -> str:
    """The inside of a card: two corner indices and the middle (a pip or a framed face)."""
    suit = card.symbol[len(card.rank) :]
    corner = f'<span class="pc-rank">{esc(card.rank)}</span><span class="pc-suit">{suit}</span>'
    if card.is_face:
        middle = (
            f'<span class="pc-mid pc-face"><span class="pc-face-rank">{esc(card.rank)}</span>'
            f'<span class="pc-face-suit">{suit}</span></span>'
        )
    elif card.rank == "A":
        middle = f'<span class="pc-mid pc-ace">{suit}</span>'
    else:
        middle = f'<span class="pc-mid pc-pip">{suit}</span>'
    return (
        f'<span class="pc-corner pc-tl" aria-hidden="true">{corner}</span>'
        f'<span aria-hidden="true">{middle}</span>'
        f'<span class="pc-corner pc-br" aria-hidden="true">{corner}</span>'
    )


def card_classes(card: Card, extra: str = "") -> str:
    rank_kind = "is-face" if card.is_face else ("is-ace" if card.rank == "A" else "is-pip")
    return f"pcard {SUIT_CLASS[card.suit]} {rank_kind} {extra}".strip()


def hand_card(
    text: str,
    *,
    index: int,
    selected: bool,
    hinted: bool = False,
    fresh: bool = False,
    disabled: bool = False,
) -> str:
    """A card in the hand: a toggle button (number key `index + 1`). Its name is in
    visually hidden text ("Ace of hearts, value 1"), not an `aria-label`: the drawn
    corners ("A♥") are hidden from screen readers, so the name and what shows agree."""
    card = parse(text)
    extra = " ".join(
        name for name, on in (("selected", selected), ("hinted", hinted), ("fresh", fresh)) if on
    )
    # translators: a card in your hand, read out: "Ace of hearts, value 1"
    label = _("{card}, value {value}", card=card.name, value=card.value)
    return (
        "<button"
        + attrs(
            type="button",
            id=f"card-{text}",
            class_=card_classes(card, extra),
            data_act="pick",
            data_arg=text,
            data_card=text,
            data_hinted="1" if hinted else None,
            aria_pressed="true" if selected else "false",
            aria_keyshortcuts=str(index + 1) if index < 9 else None,
            title=_("{card} (key {key})", card=card.symbol, key=index + 1),
            disabled=disabled,
            style=f"--i:{index}",
        )
        + f'>{_faces(card)}<span class="sr-only">{esc(label)}</span></button>'
    )


def show_card(
    text: str, *, size: str = "", extra: str = "", label: bool = True, hinted: bool = False
) -> str:
    """A card to look at (not a control). `size`: "", "big" or "mini"; `hinted`: the
    hard bot's move in a review, which its name says to a screen reader."""
    card = parse(text)
    classes = card_classes(card, f"{('pc-' + size) if size else ''} {extra}".strip())
    name = _("{card}, the hard bot’s move", card=card.name) if hinted else card.name
    aria = attrs(role="img", aria_label=name) if label else attrs(aria_hidden="true")
    return f'<span class="{classes}"{aria}>{_faces(card)}</span>'


def mini_cards(texts: list[str] | tuple[str, ...]) -> str:
    """A small fan of cards, for the rules' examples, piles and the log."""
    return '<span class="mini-row">' + "".join(show_card(t, size="mini") for t in texts) + "</span>"


def card_back(*, extra: str = "", count: int | None = None) -> str:
    """The back of a card (the draw deck, the spies' pile)."""
    badge = f'<span class="pile-count">{count}</span>' if count is not None else ""
    return f'<span class="pcard pc-back {extra}" aria-hidden="true">{badge}</span>'
