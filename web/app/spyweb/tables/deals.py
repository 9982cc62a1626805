"""Deal numbers: every table's "Deal #" box, and the seeds new games are dealt from.

A deal number is the game's seed, so the same number deals the same cards anywhere.

A game's bots are seeded from a key of their own (`new_bots_key`), drawn at random when
the game starts and kept in its save beside the record: nothing of the deal reveals it.
A bot seeded from the deal number (even through a hash) could search the deal numbers
for the one that gives its own seed, deal the cards again and read every hidden hand.
The key never leaves the device: it is not in the record, so no share link, friend's
device or replay gets it.
"""

from __future__ import annotations

import random

from spygames.i18n import _

from ..browser.markup import esc

MAX_DEAL = 999_999_999


def new_seed() -> int:
    """A deal number the "Deal #" box can reach again."""
    return random.SystemRandom().randrange(1, MAX_DEAL + 1)


def new_bots_key() -> int:
    """A key for a new game's bots' seeds (`spygames.bot_seed(key, seat, label)`), 53
    random bits (exact in JSON read by JavaScript too)."""
    return random.SystemRandom().getrandbits(53)


def parse_deal(text: str) -> int | None:
    """The deal number in `text`, or None. Only ASCII digits ("²" and "١" are digits to
    `isdigit` too), and never more of them than a deal has (int() of thousands of digits
    raises)."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text.lstrip("0")) > len(str(MAX_DEAL)):
        return None
    return int(text) if int(text) <= MAX_DEAL else None


def bad_deal(text: str) -> str:
    shown = text.strip()
    shown = shown if len(shown) <= 24 else shown[:20] + "…"
    # translators: {text} is what the player typed; {most} is the highest deal number
    return _(
        "“{text}” is not a deal number: use a whole number, 0 to {most}.", text=shown, most=MAX_DEAL
    )


def deal_form(current: int | None, *, label: str | None = None) -> str:
    """The box that deals a chosen number (submitted as the form `deal`); its button says
    `label` ("Play deal" unless given)."""
    label = _("Play deal") if label is None else label
    return (
        '<section class="deal-box" aria-label="' + _("Deals") + '">'
        '<form class="deal-form" data-act="deal">'
        '<label for="deal-number">' + _("Deal #") + "</label>"
        '<input id="deal-number" class="deal-input" name="deal" type="number" min="0" '
        f'max="{MAX_DEAL}" inputmode="numeric" required'
        + (f' placeholder="{esc(current)}"' if current is not None else "")
        + f'><button type="submit" id="btn-deal" class="btn">{esc(label)}</button></form>'
        "</section>"
    )
