"""Why the host's table did not take a friend's reply: a `Refused` carries its `kind`,
which is what the host's tabs decide from (`between_tabs`: a reply for another table
is left to that table's tab), and its `words`, which are only ever shown to people.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Refusal(Enum):
    """The kinds of reply a table does not take (`Hosting.take_reply`)."""

    UNREADABLE = "unreadable"  # not a reply at all, or damaged
    OTHER_TABLE = "other-table"  # a reply to another table's (or seat's) invitation
    OLDER = "older"  # older than the reply the friend is connecting with
    NEWER = "newer"  # newer than it: that attempt stops, the host invites again
    CONNECTING = "connecting"  # the friend is connecting with this very reply
    HERE = "here"  # the friend is at the table already
    CLOSED = "closed"  # the invitation is no longer open


@dataclass(frozen=True)
class Refused:
    """A reply not taken: its `kind`, to decide from, and its `words`, to show."""

    kind: Refusal
    words: str
