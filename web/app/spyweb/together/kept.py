"""What is kept beside a save played together (`Hosting.keep`), and how it is read back
when the host's page reopens the table: a stored value that is damaged costs nothing but
itself, and one kept before a newer field was says so by its absence (None)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from spygames.seats import BOT_LEVELS

from .wire import TABLE_ID

if TYPE_CHECKING:
    from ..browser.store import Saves

PREF = "together-"  # + the slot: {"table", "away": [seats], "bots", "played", "invited",
# "met"} (`Kept`)


@dataclass(frozen=True)
class Kept:
    """What is kept beside a save played together: the table's id, the seats still a
    friend's, the friends' seats given to a bot (with its level), and the friends'
    actions played lately, as [id, move] by seat (`Referee.played`: an action a friend's
    page sends again after the host's reload is answered, not played twice), and the
    friends' seats ever invited and those whose friend came (None: kept before these
    were, when every friend's seat is taken to have had its friend at the table)."""

    table: str
    away: list[int]
    bots: dict[int, str]
    played: dict[int, list[list[int]]] = field(default_factory=dict)
    invited: frozenset[int] | None = None
    met: frozenset[int] | None = None

    def had(self, seat: int) -> tuple[bool, bool]:
        """Whether `seat` had an invitation, and whether its friend came (both, when it
        was kept before these were)."""
        if self.invited is None or self.met is None:
            return True, True
        return seat in self.invited or seat in self.met, seat in self.met


def read_kept(raw: str) -> Kept | None:
    """What `Hosting.keep` wrote (`raw`), if it reads as such."""
    try:
        data = json.loads(raw)
        table, away, bots = data["table"], data["away"], data.get("bots", {})
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    if not isinstance(table, str) or len(table) != TABLE_ID or not isinstance(away, list):
        return None
    seats = {str(s) for s in range(4)}
    played = data.get("played", {})
    return Kept(
        table,
        [s for s in away if isinstance(s, int) and 0 <= s < 4],
        {int(s): v for s, v in bots.items() if s in seats and v in BOT_LEVELS}
        if isinstance(bots, dict)
        else {},
        {int(s): [p for p in v if _pair(p)] for s, v in played.items()
         if s in seats and isinstance(v, list)}
        if isinstance(played, dict)
        else {},
        _seats(data.get("invited")),
        _seats(data.get("met")),
    )  # fmt: skip


def _seats(kept: object) -> frozenset[int] | None:
    """A list of seats as `Hosting.keep` wrote it (None: not kept, or not a list)."""
    if not isinstance(kept, list):
        return None
    return frozenset(s for s in kept if type(s) is int and 0 <= s < 4)


def _pair(item: object) -> bool:
    """[id, move]: two whole numbers, as `Referee.played` keeps them."""
    return (
        isinstance(item, list)
        and len(item) == 2
        and all(type(x) is int and 0 <= x < 2**53 for x in item)
    )


def friends_seats(saves: Saves, record: dict[str, Any]) -> frozenset[int]:
    """The seats friends play on other devices in a game played together from here and
    not over yet, whose record `record` is (or begins): what those seats hold is not
    this device's to see until the game is over (a replay or review watches only
    this device's own seats). Empty for any other record."""
    for slot in saves.slots():
        saved = slot.record
        if saved is None or slot.over or slot.game != record.get("game"):
            continue
        same = ("seed", "players", "options", "setup")
        if any(saved.get(k) != record.get(k) for k in same):
            continue
        if saved["actions"][: len(record.get("actions", []))] != record.get("actions"):
            continue
        kept = read_kept(saves.pref(PREF + slot.id, "null"))
        if kept is not None and (kept.away or kept.bots):
            return frozenset(kept.away) | frozenset(kept.bots)
    return frozenset()
