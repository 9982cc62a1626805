"""The cards on the table and what each move does to them — no checking here.

`rules.DeckOfSpiesState` checks an action, then calls these; the hard bot calls the
same methods on a table it has guessed, so the bot and the game can never disagree
about what a move does.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ..i18n import _, ngettext
from .deck import ACES, IS_FACE, NAMES, SORT_KEY, SYMBOLS, VALUES, names, symbols

HAND_SIZE: Final = 5
Event = dict[str, Any]

# Phases of a turn: "deal" = the spy must be dealt with; "after" = paid for, the player
# may retire and must end the turn; "over" = the game has ended.
DEAL: Final = "deal"
AFTER: Final = "after"
OVER: Final = "over"


class Table:
    """Every pile, top card last (so `pop()` takes the top), and where the turn stands."""

    __slots__ = (
        "discard",
        "draw",
        "events",
        "hand",
        "lost",
        "phase",
        "recruited",
        "removed",
        "retired",
        "rng",
        "spies",
        "spy_discard",
        "turn",
    )

    def __init__(
        self,
        *,
        rng: random.Random,
        draw: list[int],
        spies: list[int],
        hand: list[int] | None = None,
        discard: list[int] | None = None,
        spy_discard: list[int] | None = None,
        removed: list[int] | None = None,
        recruited: list[int] | None = None,
        log: bool = False,
    ) -> None:
        self.rng = rng
        self.draw = draw
        self.spies = spies
        self.hand = sorted(hand or [], key=SORT_KEY.__getitem__)
        self.discard = discard or []
        self.spy_discard = spy_discard or []
        self.removed = removed or []
        self.recruited = recruited or []
        self.phase = DEAL if spies else OVER
        self.retired = False
        self.turn = 1
        self.lost = False
        self.events: list[Event] | None = [] if log else None

    def copy(self, rng: random.Random) -> Table:
        table = Table(
            rng=rng,
            draw=self.draw[:],
            spies=self.spies[:],
            hand=self.hand[:],
            discard=self.discard[:],
            spy_discard=self.spy_discard[:],
            removed=self.removed[:],
            recruited=self.recruited[:],
        )
        table.phase = self.phase
        table.retired = self.retired
        table.turn = self.turn
        table.lost = self.lost
        return table

    # -- what the player can count ---------------------------------------------------
    @property
    def spy(self) -> int | None:
        return self.spies[-1] if self.spies else None

    def owned(self) -> list[int]:
        """Every card of the player's deck: hand, draw deck and draw discard pile."""
        return self.hand + self.draw + self.discard

    def faces_owned(self) -> int:
        return sum(IS_FACE[card] for pile in (self.hand, self.draw, self.discard) for card in pile)

    def owned_aces(self) -> list[tuple[int, str]]:
        """Each Ace the player could sacrifice, and where it is (in a fixed suit order, so
        the list says nothing about the order of the draw deck)."""
        owned: list[tuple[int, str]] = []
        for ace in ACES:
            if ace in self.hand:
                owned.append((ace, "hand"))
            elif ace in self.draw:
                owned.append((ace, "draw"))
            elif ace in self.discard:
                owned.append((ace, "discard"))
        return owned

    def must_assassinate(self) -> bool:
        """The hand cannot reach the spy's value: only a double agent can stop it."""
        spy = self.spy
        return spy is not None and sum(VALUES[card] for card in self.hand) < VALUES[spy]

    # -- the moves -------------------------------------------------------------------
    def pay(self, kind: str, cards: tuple[int, ...] | list[int]) -> None:
        """Counter or recruit the spy with `cards` from the hand."""
        for card in cards:
            self.hand.remove(card)
        self.discard.extend(cards)
        spy = self.spies.pop()
        if kind == "recruit":
            self.discard.append(spy)
            self.recruited.append(spy)
        else:
            self.spy_discard.append(spy)
        self.phase = AFTER
        if self.events is not None:
            if kind == "recruit":
                text = _("recruited the {spy} with {cards}", spy=SYMBOLS[spy], cards=symbols(cards))
            else:
                text = _("countered the {spy} with {cards}", spy=SYMBOLS[spy], cards=symbols(cards))
            self._event(kind, text, spy=spy, cards=cards)

    def retire(self, cards: tuple[int, ...] | list[int]) -> None:
        """Put same-rank cards from the hand on the spy discard pile, for good."""
        for card in cards:
            self.hand.remove(card)
        self.spy_discard.extend(cards)
        self.retired = True
        if self.events is not None:
            self._event("retire", _("retired {cards}", cards=symbols(cards)), cards=cards)

    def assassinate(self, ace: int) -> None:
        """Sacrifice `ace`, put the spy away, discard the hand; the turn is over."""
        where = "hand" if ace in self.hand else "draw" if ace in self.draw else "discard"
        {"hand": self.hand, "draw": self.draw, "discard": self.discard}[where].remove(ace)
        self.removed.append(ace)
        spy = self.spies.pop()
        self.spy_discard.append(spy)
        if self.events is not None:
            spy_text, ace_text = SYMBOLS[spy], SYMBOLS[ace]
            if where == "hand":
                text = _(
                    "assassinated the {spy}: the {ace} from your hand is out of the game",
                    spy=spy_text,
                    ace=ace_text,
                )
            elif where == "draw":
                text = _(
                    "assassinated the {spy}: the {ace} from the draw deck is out of the game",
                    spy=spy_text,
                    ace=ace_text,
                )
            else:
                text = _(
                    "assassinated the {spy}: the {ace} from the discard pile is out of the game",
                    spy=spy_text,
                    ace=ace_text,
                )
            self._event("assassinate", text, spy=spy, ace=ace, where=where)
        if where == "draw":
            self.rng.shuffle(self.draw)
            if self.events is not None:
                self._event("shuffle", _("shuffled the draw deck"), count=len(self.draw))
        hand, self.hand = self.hand, []
        self.discard.extend(hand)
        if self.events is not None and hand:
            self._event(
                "discard_hand", _("discarded your hand: {cards}", cards=symbols(hand)), cards=hand
            )
        self.end_turn()

    def end_turn(self) -> None:
        """Draw back up to five (reshuffling the discard pile when the deck runs out)."""
        self.refill()
        self.turn += 1
        self.retired = False
        self.phase = DEAL if self.spies else OVER
        if self.events is not None and self.spies:
            spy = self.spies[-1]
            self._event("spy", _("the next spy is the {spy}", spy=SYMBOLS[spy]), spy=spy)
        self.check_trapped()

    def refill(self) -> None:
        drawn: list[int] = []
        while len(self.hand) < HAND_SIZE:
            if not self.draw:
                if not self.discard:
                    break
                if self.events is not None and drawn:
                    self._event("draw", _("drew {cards}", cards=symbols(drawn)), cards=drawn)
                    drawn = []
                self.draw, self.discard = self.discard, []
                self.rng.shuffle(self.draw)
                if self.events is not None:
                    count = len(self.draw)
                    text = ngettext(
                        "shuffled the discard pile ({n} card) into a new draw deck",
                        "shuffled the discard pile ({n} cards) into a new draw deck",
                        count,
                    )
                    self._event("reshuffle", text, count=count)
            card = self.draw.pop()
            drawn.append(card)
            self.hand.append(card)
        self.hand.sort(key=SORT_KEY.__getitem__)
        if self.events is not None and drawn:
            self._event("draw", _("drew {cards}", cards=symbols(drawn)), cards=drawn)

    def start(self) -> None:
        """Draw the first hand and show the first spy."""
        self.refill()
        if self.events is not None and self.spies:
            spy = self.spies[-1]
            self._event("spy", _("the first spy is the {spy}", spy=SYMBOLS[spy]), spy=spy)
        self.check_trapped()

    def check_trapped(self) -> None:
        """A spy the hand cannot pay for and no Ace left to sacrifice: the game is lost."""
        if self.phase == DEAL and self.must_assassinate() and not self.owned_aces():
            self.phase = OVER
            self.lost = True

    def _event(self, kind: str, text: str, **data: Any) -> None:
        assert self.events is not None
        event: Event = {"kind": kind, "text": text}
        for key, value in data.items():
            if isinstance(value, int) and key in {"spy", "ace"}:
                event[key] = NAMES[value]
            elif isinstance(value, list | tuple):
                event[key] = names(value)
            else:
                event[key] = value
        self.events.append(event)
