"""What came of a call or spot, in words: what the showdown showed, and who lost a
Source, scored or is out (`rules.EspionageState`'s round summary says it)."""

from __future__ import annotations

from ..i18n import _


def outcome(
    kind: str,
    actor: int,
    bid: str,
    count: int,
    need: int,
    loser: int,
    point_to: int | None,
    eliminated: bool,
) -> str:
    """What came of a call or spot, in two sentences: "player 1 called at least 4
    Hackers: the count is 2, the bid fails. Player 2 loses a Source." `bid` is what the
    bid counts ("4 Hackers"); a call doubts it ("at least 4"), a spot says it is exact."""
    said = {"actor": actor + 1, "bid": bid, "count": count}
    if kind == "call" and count >= need:
        # translators: a showdown: {actor} is the seat number (1 to 4) of who called;
        # {bid} what the bid counts ("4 Hackers"); {count} the count the hands made
        shown = _(
            "player {actor} called at least {bid}: the count is {count}, the bid holds.", **said
        )
    elif kind == "call":
        # translators: a showdown: {actor} is the seat number (1 to 4) of who called;
        # {bid} what the bid counts ("4 Hackers"); {count} the count the hands made
        shown = _(
            "player {actor} called at least {bid}: the count is {count}, the bid fails.", **said
        )
    elif count == need:
        # translators: a showdown: {actor} is the seat number (1 to 4) of who spotted;
        # {bid} what the bid counts ("4 Hackers"); {count} the count the hands made
        shown = _(
            "player {actor} spotted exactly {bid}: the count is {count}, the spot is right.",
            **said,
        )
    else:
        # translators: a showdown: {actor} is the seat number (1 to 4) of who spotted;
        # {bid} what the bid counts ("4 Hackers"); {count} the count the hands made
        shown = _(
            "player {actor} spotted exactly {bid}: the count is {count}, the spot is wrong.",
            **said,
        )
    if point_to is None and not eliminated:
        # translators: {loser} is a seat's number (1 to 4)
        then = _("Player {loser} loses a Source.", loser=loser + 1)
    elif point_to is None:
        # translators: {loser} is a seat's number (1 to 4): it lost its last Source
        then = _("Player {loser} loses a Source; player {loser} is out.", loser=loser + 1)
    elif not eliminated:
        # translators: {loser} and {scorer} are seats' numbers (1 to 4)
        then = _(
            "Player {loser} loses a Source and player {scorer} scores a point.",
            loser=loser + 1,
            scorer=point_to + 1,
        )
    else:
        # translators: {loser} and {scorer} are seats' numbers (1 to 4); {loser} lost its
        # last Source
        then = _(
            "Player {loser} loses a Source and player {scorer} scores a point; "
            "player {loser} is out.",
            loser=loser + 1,
            scorer=point_to + 1,
        )
    # translators: a showdown's outcome: what it showed, then what came of it
    return _("{shown} {then}", shown=shown, then=then)
