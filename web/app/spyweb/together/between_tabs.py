"""What a tab of the host's browser and its other tabs say to each other about playing
together (their other messages, one game in two tabs, are `spyweb.browser.tabs`'s):

- a friend's reply opened as a link (`#/answer/…`) opens a tab of its own, which passes
  it on (`reply`); the tab whose table it is for takes it, and says how that went
  (`reply-taken`) and, later, that the friend is at the table (`reply-here`);
- a friend's page opened twice in one browser: the newer reply says so (`replied`);
- the host takes her game over in another tab: the friends' connections cannot move
  with it, so the tab that lets the game go tells each friend and says which seats were
  at the table (`friends-moved`); the tab that took it says so and offers Invite again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from spygames.i18n import _

from .refused import Refusal

if TYPE_CHECKING:
    from ..browser.tabs import Tabs
    from ..tables.screen import Context, Screen

REPLIES = ("reply", "reply-taken", "reply-here")


@dataclass
class BetweenTabs:
    ctx: Context
    tabs: Tabs
    screen: Screen
    playing: str | None  # the slot of the game on this tab's table, if any
    away: bool  # that game is played in another tab

    def heard(self, message: object) -> bool | None:
        """A message from another tab: True when the page must be redrawn, False when
        not, None when it is not about playing together."""
        kind = message.get("kind") if isinstance(message, dict) else None
        if not isinstance(message, dict) or kind is None:
            return None
        if kind in REPLIES:
            return self._reply(message)
        if kind == "replied":
            replaced = getattr(self.screen, "replaced", None)  # a friend's join screen
            return bool(replaced(message)) if replaced is not None else False
        if kind == "friends-moved":
            hosting = getattr(self.screen, "hosting", None)
            if hosting is None or self.away or message.get("slot") != self.playing:
                return False
            return bool(hosting.moved_here(message.get("seats")))
        return None

    def let_go(self, slot: str | None) -> None:
        """Another tab plays the game in `slot` now: the friends at its table here, whose
        connections cannot move to that tab, are told where the game went, and that tab
        is told which seats were here, to offer to invite them again (issue 47)."""
        hosting = self.ctx.hostings.pop(slot)
        if hosting is not None and slot is not None:
            self.ctx.tab_posts.append({"kind": "friends-moved", "slot": slot,
                                       "seats": hosting.moved_away()})  # fmt: skip

    def _reply(self, message: dict[str, Any]) -> bool:
        """A friend's reply opened in another tab (`#/answer/…`), for this tab's table if
        it hosts friends; or, in that other tab, what the table made of it."""
        code, tab = message.get("code"), message.get("tab")
        if message["kind"] in ("reply-taken", "reply-here"):
            from .answer import AnswerScreen

            screen = self.screen
            if not isinstance(screen, AnswerScreen) or message.get("to") != self.tabs.id:
                return False
            words = str(message.get("words", ""))[:300]
            if message["kind"] == "reply-here":
                screen.at_table(words)
            else:
                screen.answered(message.get("taken") == "yes", words)
            return True
        hosting = getattr(self.screen, "hosting", None)
        if hosting is None or self.away or not isinstance(code, str) or not isinstance(tab, str):
            return False
        refused = hosting.take_reply(code, tab=tab)
        if refused is not None and refused.kind is Refusal.OTHER_TABLE:
            return False  # another open table's friend, perhaps: let that tab answer
        words = (
            refused.words
            if refused is not None
            else _("The reply was passed to your table: your friend is connecting.")
        )
        taken = "yes" if refused is None else "no"
        self.tabs.outbox.append({"kind": "reply-taken", "to": tab, "taken": taken,
                                 "words": words, "tab": self.tabs.id})  # fmt: skip
        return True
