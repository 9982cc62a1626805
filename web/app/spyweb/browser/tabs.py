"""One game, two tabs: a tab that finds its game open in another tab stops saving it.

Tabs of the site talk on a BroadcastChannel (the DOM layer carries the messages, as
JSON-safe dicts) and hear each other's writes through the `storage` event:

- a table that holds a slot says `open`; a tab already playing that slot answers
  `here`, and the newcomer steps back (the game in the first tab is never overwritten);
- "Take over here" reloads the slot from storage and says `take`: the other tab steps
  back;
- a write to the slot by another tab makes this one step back too;
- and if all messages were lost, `Saves.save` still refuses to write over a slot that
  another tab wrote since this one read it.

A tab that stepped back shows the `elsewhere()` panel instead of the table.
"""

from __future__ import annotations

import secrets
from typing import Any

from spygames.i18n import _

from .markup import button
from .store import SLOT, Saves

Message = dict[str, str]


class Tabs:
    def __init__(self, saves: Saves, tab_id: str | None = None) -> None:
        self.saves = saves
        self.id = tab_id or secrets.token_hex(6)
        self.outbox: list[Message] = []
        self.announced: str | None = None  # the slot this tab last said it holds

    def away(self, slot: str | None) -> bool:
        """The slot this tab's table holds is being played in another tab."""
        return slot is not None and slot in self.saves.elsewhere

    def posts(self, slot: str | None) -> list[Message]:
        """What to tell the other tabs now that this tab's table holds `slot`."""
        if slot is not None and slot != self.announced and not self.away(slot):
            self._say("open", slot)
        self.announced = slot
        posts, self.outbox = self.outbox, []
        return posts

    def heard(self, message: Any, slot: str | None) -> bool:
        """A message from another tab; True when this tab has just stepped back."""
        if not isinstance(message, dict) or message.get("tab") == self.id:
            return False
        kind, theirs = message.get("kind"), message.get("slot")
        if slot is None or theirs != slot or self.away(slot):
            return False
        if kind == "open":
            self._say("here", slot)  # the newcomer steps back
            return False
        if kind in ("here", "take"):
            self.saves.elsewhere.add(slot)
            return True
        return False

    def stored(self, key: str, slot: str | None) -> bool:
        """Another tab wrote `key`; True when that was this tab's game (it steps back)."""
        if slot is None or key != SLOT + slot or self.away(slot):
            return False
        self.saves.elsewhere.add(slot)
        return True

    def take_over(self, slot: str) -> None:
        """Play `slot` here again (the caller reloads it from storage)."""
        self.saves.take_over(slot)
        self._say("take", slot)
        self.announced = slot

    def _say(self, kind: str, slot: str) -> None:
        self.outbox.append({"kind": kind, "slot": slot, "tab": self.id})


def elsewhere() -> str:
    """The panel a tab shows in place of a table whose game is played in another tab."""
    return (
        '<section class="elsewhere" id="elsewhere" role="alert" aria-labelledby="elsewhere-h">'
        '<h1 id="elsewhere-h">'
        + _("This game is open in another tab")
        + "</h1><p>"
        + _(
            "It is being played there, so this tab has stopped saving it: nothing played "
            "there is overwritten. Go back to that tab to play on, or take the game over "
            "here — this tab then loads its latest saved position."
        )
        + "</p>"
        '<div class="elsewhere-actions">'
        + button(_("Take over here"), "take-over", id="btn-take-over", class_="btn btn-primary")
        + '<a class="btn btn-quiet" href="#/saves">'
        + _("Saved games")
        + "</a></div></section>"
    )
