"""The bar above a friend's seat at the host's table, once the join page has joined it:
whose table it is and which seat, the connection (open, wavering, lost), a bot playing
for the friend, the game over, and the friend's last move on its way, to this table or
to another one (`elsewhere_words`, said on the join page too). Drawn from plain values
(`Bar`), like the join page's step (`join_steps`); `spyweb.together.join.JoinScreen`
holds the state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from spygames.i18n import _

from ..browser.markup import esc
from ..catalogue import game_name
from .invite import Invitation
from .joined import Joined
from .waiting import Waiting


@dataclass(frozen=True)
class Bar:
    invitation: Invitation
    joined: Joined | None
    stage: str  # connected or dropped (the join screen's stage)
    unsteady: bool  # the connection wavers: the browser tries to get it back
    over: bool  # the host's last scene says the game has ended
    elsewhere: Sequence[Waiting]  # moves sent to other tables that have not reached them


def bar_html(bar: Bar) -> str:
    """Whose table this is, and the connection, above the seat's table."""
    invitation = bar.invitation
    host = esc(invitation.host_name)
    joined = bar.joined
    if joined is not None and joined.closed is not None:
        words, role = esc(joined.closed), "alert"
    elif bar.stage == "dropped":
        words = _(
            "The connection to {host}’s table was lost. Ask {host} for a new invitation "
            "to take your seat again; the game is kept on their device.",
            host=host,
        )
        role = "alert"
    elif bar.unsteady and joined is not None and joined.bot:
        words = _("Reconnecting to {host}’s table… A bot is playing for you meanwhile.", host=host)
        role = "status"
    elif joined is not None and joined.bot:
        words = _(
            "At {host}’s table · connected. A bot is playing for you: {host} let one play "
            "while you were away, and can give you the seat back.",
            host=host,
        )
        role = "status"
    elif bar.unsteady:
        words = _(
            "Reconnecting to {host}’s table… (the connection wavered; it usually comes "
            "back within a few seconds)",
            host=host,
        )
        role = "status"
    elif bar.over:
        words = _(
            "At {host}’s table · the game is over. {host} may start another one here: "
            'keep this page open to play it, or go <a href="#/">Home</a>.',
            host=host,
        )
        role = "status"
    else:
        # translators: the bar above a friend's seat: whose table, which seat, and the link
        words = _(
            "At {host}’s table, as {seat} · connected",
            host=host,
            seat=esc(invitation.seat_name),
        )
        role = "status"
        if joined is not None and joined.played is not None and joined.sent is None:
            # translators: said after "At Ana’s table, as Ben · connected", apart by " · "
            words += " · " + _("your move was played (move {n})", n=joined.played + 1)
    sent = joined.sent if joined is not None and joined.closed is None else None
    if sent is not None:
        words += (
            # translators: said after the table's bar ("At Ana’s table · connected"),
            # apart by " · "
            " · " + _("sending your move…")
            if bar.stage == "connected" and not bar.unsteady
            else "<br>"
            + _(
                "Your last move has not reached {host}’s table yet: it is sent again when "
                "you are back at the table (played once, or you are told why not).",
                host=host,
            )
        )
    words += elsewhere_words(bar.elsewhere, "<br>")
    move = joined.n if joined is not None else -1  # the move the scene was drawn at
    link = "lost" if bar.stage != "connected" else "wavering" if bar.unsteady else "open"
    return (
        f'<p class="join-bar" id="join-bar" role="{role}" data-move="{move}" '
        f'data-link="{link}">{words}</p>'
    )


def elsewhere_words(waiting: Sequence[Waiting], before: str) -> str:
    """What this device sent to another table that has not reached it, in words (each
    after `before`)."""
    return "".join(
        before
        # translators: {game} is a game's name ("Espionage")
        + _(
            "Your last move at {host}’s other {game} table has not reached it: it is sent "
            "when you join that table again (played once, or you are told why not).",
            host=esc(w.host),
            game=esc(game_name(w.game)),
        )
        for w in waiting[:2]
    )
