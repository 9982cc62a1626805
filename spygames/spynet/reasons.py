"""Why SpyNet refuses a step, in words: what the rules (`rules.SpyNetState.why_illegal`,
`undo_point`) say to a player, each a whole message translated where it is said."""

from __future__ import annotations

from typing import Any, Final

from ..i18n import N_, _, listed
from .cards import BRANCH_IDS
from .table import CHOOSE, DEPLOY, DRAFT, EFFECT, RECRUIT
from .text import branches_phrase, named, player_name

PHASE_WORDS: Final = {
    DRAFT: N_("this is the opening draft"),
    CHOOSE: N_("this is choosing to recruit or deploy"),
    RECRUIT: N_("this is recruiting"),
    DEPLOY: N_("this is deploying"),
    EFFECT: N_("this is using an agent's effect"),
}
"""What is being played now, after a step refused (translated where used)."""
UNDO_OFF: Final = {
    "recruit": N_("you have looked at a pile"),
    "pass_on": N_("you have looked at a pile"),
    "draw": N_("you have drawn cards since"),
    "discard": N_("an opponent has been made to discard a card"),
    "discard_card": N_("a discarded card has been shown since"),
}
"""Why Undo is off on your turn, by the step that stopped it (else: no move yet;
translated where used)."""
ACTION_WORDS: Final = {
    "keep": N_("you cannot keep a card in the draft now"),
    "recruit": N_("you cannot recruit now"),
    "deploy": N_("you cannot deploy now"),
    "take": N_("you cannot take a pile now"),
    "pass_on": N_("you cannot return a pile now"),
    "agent": N_("you cannot play an agent now"),
    "mission": N_("you cannot play a mission now"),
    "pass": N_("you cannot pass a card now"),
    "end_turn": N_("you cannot end your turn now"),
}
"""A step refused in another phase (translated where used; `PHASE_WORDS` says why)."""


def ids(ids: Any) -> str:
    """Ids as the engine spells them, in a list ("ops, cover, intel, tech")."""
    return listed([str(i) for i in ids])


def not_a_card(card: object) -> str:
    return _("{card} is not a SpyNet card", card=repr(card))


def not_a_branch(branch: object) -> str:
    # translators: {branches} lists the branches' ids as the engine spells them
    return _("{branch} is not a branch ({branches})", branch=repr(branch), branches=ids(BRANCH_IDS))


def not_in_hand(card: str) -> str:
    return _("{card} is not in your hand", card=card)


def only_in(card: str, branches: tuple[str, ...]) -> str:
    # translators: {branches} is a branch or a choice of branches: "Tech", "Field Ops or Tech"
    return _(
        "{card} can go only in {branches}", card=named(card), branches=branches_phrase(branches)
    )


def must_discard(seat: int) -> str:
    return _("{player} must first choose a card to discard", player=player_name(seat))


def wrong_phase(kind: str, phase: str) -> str:
    """A step refused in another phase: "you cannot recruit now: this is deploying"."""
    # translators: a step refused: "you cannot recruit now: this is deploying"
    return _("{refused}: {phase}", refused=_(ACTION_WORDS[kind]), phase=_(PHASE_WORDS[phase]))


def undo_off(kind: str) -> str:
    """Why Undo is off on your turn, after a step of this kind ("" for none yet)."""
    if kind in UNDO_OFF:
        return _(UNDO_OFF[kind])
    return _("you have made no move this turn")
