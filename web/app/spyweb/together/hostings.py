"""The tables this tab hosts friends at (`Hostings`, the context's `hostings`), by the
slot of their save: they outlive the screen objects, as the page's connections to the
friends' devices do. A tab hosts one table at a time (the page keys the connections by
seat): the table the host plays with friends last `hold`s the tab's connections, and
every connection's report goes to it (`held`), whichever page the host looks at.

A table gets its `Hosting` through `Hosting.for_table` (a kept one, or new) and says
here when it holds the connections (`hold`); the app asks which table that is; nothing
outside reads the registry's own store.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Seating:
    """A table's seats as playing together needs them: the game, every seat's name, the
    host's own name, and the seats friends hold on other devices."""

    game: str
    names: list[str]
    host_name: str
    away: list[int]


class Hosted(Protocol):
    """What the registry and the app use of a table's `together.hosting.Hosting` (named
    here by what it does, so the context that holds the registry needs no more of it)."""

    @property
    def table(self) -> str: ...
    @property
    def live(self) -> bool: ...
    @property
    def host(self) -> object: ...
    def close(self, why: str = "") -> list[str]: ...
    def end(self) -> None: ...
    def moved_away(self) -> list[int]: ...
    def at_table(self) -> list[int]: ...
    def peer(self, kind: str, key: str, payload: str) -> None: ...
    def scanned(self, kind: str, key: str, payload: str) -> None: ...


class Hostings:
    """The tables this tab hosts friends at, by slot (the newest last)."""

    def __init__(self) -> None:
        self._by_slot: dict[str, Hosted] = {}

    # -- what a table asks (through `Hosting.for_table`) --------------------------------
    def reopened(self, slot: str | None, hosting: Hosted) -> None:
        """The table in `slot` was opened (after a reload, say): while no other table's
        connections are live here, it holds the tab's connections from now on."""
        if slot is not None and not any(
            h.live for other, h in self._by_slot.items() if other != slot
        ):
            self._by_slot = {slot: hosting}

    def hold(self, slot: str, hosting: Hosted) -> None:
        """The table in `slot` holds the tab's connections to friends now: any other
        table hosted here lets go of them (its friends are told, unless it is this very
        table's, carried to a new game)."""
        for other_slot, other in list(self._by_slot.items()):
            if other_slot != slot:
                if other is not hosting:
                    other.close()
                del self._by_slot[other_slot]
        self._by_slot[slot] = hosting

    def pop(self, slot: str | None, default: None = None) -> Hosted | None:
        """The table in `slot` is no longer hosted here (deleted, or played in another
        tab now): its `Hosting`, for the caller to end or move, if it was."""
        return self._by_slot.pop(slot, default) if slot is not None else default

    # -- what the app asks -----------------------------------------------------------------
    def get(self, slot: str | None) -> Hosted | None:
        """The `Hosting` of the table in `slot`, if this tab hosts it."""
        return self._by_slot.get(slot) if slot is not None else None

    def held(self) -> Hosted | None:
        """The table holding the tab's connections (the newest hosted), if any: every
        connection's report goes to it, whichever page the host looks at."""
        return next(reversed(self._by_slot.values()), None)

    def live_slot(self) -> str | None:
        """The slot of the table whose friends are connected or being invited, if any."""
        return next((slot for slot, h in self._by_slot.items() if h.live), None)

    def host_to_play(self) -> bool:
        """A person at this device is to play at a table hosted here (`turn_signal`)."""
        return any(getattr(h.host, "turn_signal", False) for h in self._by_slot.values())

    def tables(self) -> list[Hosted]:
        """Every table hosted here, the newest last."""
        return list(self._by_slot.values())

    def __iter__(self) -> Iterator[str]:
        """The slots of the tables hosted here."""
        return iter(list(self._by_slot))

    def __contains__(self, slot: object) -> bool:
        return slot in self._by_slot

    def __len__(self) -> int:
        return len(self._by_slot)
