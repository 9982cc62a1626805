"""The bid panel as a pure model: what can be chosen, built only from the legal actions.

The panel holds a selection (count, attribute, next player). Everything it offers comes
from `state.legal_actions()`, so it can never put together a bid the engine refuses:
a count is offered when some legal bid has it, an attribute when (count, attribute) is
legal, a next player when the whole triple is legal, and Bid only for a legal triple.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spygames.espionage.cards import ATTRIBUTES, CITIES, FACTIONS, ROLES
from spygames.i18n import N_

GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("Roles"), ROLES),
    (N_("Factions"), FACTIONS),
    (N_("Cities"), CITIES),
)  # each group's title is translated where it is shown


@dataclass
class BidPanel:
    legal: list[dict[str, Any]]
    count: int = 0
    attribute: str | None = None
    next: int | None = None
    bids: set[tuple[int, str, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.bids = {
            (a["count"], a["attribute"], a["next"]) for a in self.legal if a["type"] == "bid"
        }
        if self.count not in self.counts:
            self.count = self.counts[0] if self.counts else 0
        if self.attribute is not None and not self.attribute_ok(self.attribute):
            self.attribute = None
        if self.next is not None and self.next not in self.nexts:
            self.next = None
        if self.next is None and len(self.nexts) >= 1:
            self.next = self.nexts[0]

    # -- what is on offer ---------------------------------------------------------------
    @property
    def counts(self) -> list[int]:
        return sorted({c for c, _, _ in self.bids})

    @property
    def can_call(self) -> bool:
        return any(a["type"] == "call" for a in self.legal)

    @property
    def can_spot(self) -> bool:
        return any(a["type"] == "spot" for a in self.legal)

    def attribute_ok(self, attribute: str) -> bool:
        return any(c == self.count and a == attribute for c, a, _ in self.bids)

    def attributes(self) -> dict[str, bool]:
        return {a: self.attribute_ok(a) for a in ATTRIBUTES}

    @property
    def nexts(self) -> list[int]:
        """Players who may be named next for the current count (and attribute, if chosen)."""
        return sorted(
            {
                n
                for c, a, n in self.bids
                if c == self.count and (self.attribute is None or a == self.attribute)
            }
        )

    @property
    def can_lower(self) -> bool:
        return any(c < self.count for c in self.counts)

    @property
    def can_raise(self) -> bool:
        return any(c > self.count for c in self.counts)

    @property
    def action(self) -> dict[str, Any] | None:
        """The selected bid when it is legal, else None."""
        if self.attribute is None or self.next is None:
            return None
        if (self.count, self.attribute, self.next) not in self.bids:
            return None
        return {"type": "bid", "count": self.count, "attribute": self.attribute, "next": self.next}

    # -- changing the selection --------------------------------------------------------
    def step(self, delta: int) -> None:
        """Move the count to the next offered count up (+1) or down (−1)."""
        options = [c for c in self.counts if (c > self.count if delta > 0 else c < self.count)]
        if not options:
            return
        self.count = min(options) if delta > 0 else max(options)
        self._fix()

    def set_count(self, count: int) -> None:
        if count in self.counts:
            self.count = count
            self._fix()

    def choose(self, attribute: str) -> bool:
        if attribute in ATTRIBUTES and self.attribute_ok(attribute):
            self.attribute = attribute
            self._fix()
            return True
        return False

    def name_next(self, seat: int) -> bool:
        if seat in self.nexts:
            self.next = seat
            return True
        return False

    def _fix(self) -> None:
        if self.attribute is not None and not self.attribute_ok(self.attribute):
            self.attribute = None
        if self.next not in self.nexts:
            self.next = self.nexts[0] if self.nexts else None

    def click(self, act: str, arg: str) -> dict[str, Any] | None:
        """A click in the bid panel: a count, attribute or next seat changes the bid
        being put together; Bid, Call and Spot give their action (Bid: None until the
        bid is complete). The one reading of the panel's clicks, for the table and for
        a friend's seat on another device."""
        if act == "count":
            self.step(1 if arg == "+" else -1)
        elif act == "attr":
            self.choose(arg)
        elif act == "next" and arg.isdigit():
            self.name_next(int(arg))
        elif act == "bid":
            return self.action
        elif act in ("call", "spot"):
            return {"type": act}
        return None
