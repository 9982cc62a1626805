"""Espionage in a guided first game (`spyweb.screens.guide`): which control plays a step next,
what a stray click would do, and what to press between the steps (Next round, once the
showdown has been read).

A bid is put together in the bid panel: the count (More / Fewer), the attribute, the
player named next (at three or four players), then Bid. The control pointed at is the
first of these that differs from the step's bid, then Bid; a call or a spot is one
button. Choosing another attribute, or calling, spotting or bidding when the step is
something else, is a stray click.
"""

from __future__ import annotations

from typing import Any

from spygames.espionage.cards import ATTRIBUTE_NAMES, bid_words
from spygames.i18n import _

from ...tables.pointer import Pointer
from ...tables.screen import GameScreen
from .table import EspionageTable


def _table(table: GameScreen) -> EspionageTable:
    assert isinstance(table, EspionageTable)
    return table


class EspionagePointer(Pointer):
    def ready(self, table: GameScreen) -> bool:
        return not _table(table).holding_showdown

    def between(self, table: GameScreen) -> tuple[str, str] | None:
        if _table(table).reveal_pending:
            return "esp-continue", _(
                "Every hand is shown and counted: read the showdown, then press Next round."
            )
        return None

    def target(self, table: GameScreen, step: Any) -> str:
        action = step.action
        if action["type"] != "bid":
            return f"esp-{action['type']}"
        panel = _table(table).panel()
        if panel.count != action["count"]:
            return "esp-count-inc" if panel.count < action["count"] else "esp-count-dec"
        if panel.attribute != action["attribute"]:
            return f"esp-attr-{action['attribute']}"
        if panel.next != action["next"] and len(panel.nexts) > 1:
            return f"esp-next-{action['next']}"
        return "esp-bid"

    def named(self, table: GameScreen, step: Any) -> str | None:
        """A step's sentence counts what your hand holds; between the steps, the words
        ask to read the hands a showdown turned over (the others')."""
        if step is None:
            return "esp-opponents"
        return f"esp-seat-{_table(table).bottom()}"

    def stray(self, table: GameScreen, act: str, arg: str, step: Any) -> str | None:
        """What a stray click would do, said after "Not now: that would"."""
        wanted = step.action["type"]
        if act == "attr":
            if wanted != "bid" or arg != step.action["attribute"]:
                name = _(ATTRIBUTE_NAMES[arg]) if arg in ATTRIBUTE_NAMES else arg
                # translators: after "Not now: that would"; {what} is a role, faction or city
                return _("put together a bid on {what}", what=name)
            return None
        if act in ("count", "next") and wanted != "bid":
            # translators: after "Not now: that would"
            return _("change the bid you would make")
        if act == wanted:
            return None
        if act == "call":
            # translators: after "Not now: that would"
            return _("call the bid")
        if act == "spot":
            # translators: after "Not now: that would"
            return _("spot the bid")
        if act == "bid":
            # translators: after "Not now: that would"
            return _("make a bid")
        return None

    def words(self, table: GameScreen, action: dict[str, Any]) -> str:
        """The move, said after "Not now: that would" or "the guide’s move now is to"."""
        if action["type"] == "bid":
            # translators: after "that would" / "the guide’s move now is to": {bid} is the
            # bid ("3 Hackers"), {next} who answers it
            return _(
                "bid at least {bid} and pass to {next}",
                bid=bid_words(action["count"], action["attribute"]),
                next=_table(table).name(action["next"]),
            )
        if action["type"] == "call":
            # translators: after "that would" / "the guide’s move now is to"
            return _("call — the bid is too high")
        # translators: after "that would" / "the guide’s move now is to"
        return _("spot — the bid is exactly right")
