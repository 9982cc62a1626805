"""The join page's step, from plain values (`Step`): what the friend does now — join,
wait for the reply to be made, send it back, wait for the table — or what went wrong,
in words. `spyweb.together.join.JoinScreen` holds the state; this draws it."""

from __future__ import annotations

from dataclasses import dataclass

from ..browser.markup import button, esc
from .invite import Invitation

REPLY_PATIENCE_S = 180  # a reply with no connection after this long: say what to do


@dataclass(frozen=True)
class Step:
    stage: str  # ready, answering, reply, replaced, connected, dropped, failed
    invitation: Invitation
    reply: str | None = None  # the reply's link, once made
    reply_qr: str = ""  # the reply as a QR code (SVG)
    can_share: bool = False  # the browser has a Share sheet
    failure: str = ""  # what the browser said when the connection failed
    waited_long: bool = False  # the reply was made REPLY_PATIENCE_S ago, and no connection


def step_html(step: Step) -> str:
    invitation = step.invitation
    host = esc(invitation.host_name)
    where = (
        "<p>This connects your device straight to theirs. Both need to be on the same "
        "network (the same Wi-Fi) for it to work.</p>"
        if not invitation.ice
        else "<p>This connects your device straight to theirs, over the internet. A "
        "public STUN server (" + esc(", ".join(invitation.ice)) + ") helps the two "
        "devices find a path to each other; no game data passes through it.</p>"
    )
    if step.stage == "ready":
        return (
            where + "<p>Nothing about the game is stored on this device: only whose "
            "table you joined, so that the home page can remind you.</p>"
            + button(f"Join {host}’s table", "join", id="join-go", class_="btn btn-primary")
        )  # fmt: skip
    if step.stage == "answering":
        return '<p class="join-status" role="status">Making your reply…</p>'
    if step.stage == "reply":
        code = esc(step.reply or "")
        return (
            f'<p class="join-status" role="status">Now send this reply back to {host}. '
            "When they open it (or paste it in), you are at the table.</p>"
            + (_late(host) if step.waited_long else "")
            + '<label for="reply-code">Your reply</label>'
            f'<textarea id="reply-code" class="join-code" readonly rows="4">{code}</textarea>'
            '<p class="join-buttons">'
            + button("Copy the reply", "copy-reply", id="join-copy", class_="btn btn-primary")
            + (button("Share…", "share-reply", id="join-share", class_="btn")
               if step.can_share else "")
            + "</p>"
            + (f'<figure class="friend-qr" id="join-qr">{step.reply_qr}<figcaption>Or let '
               f"{host} scan it: their browser can read it with its camera.</figcaption>"
               "</figure>"
               if step.reply_qr and invitation.scan else "")
        )  # fmt: skip
    if step.stage == "replaced":
        return (
            f'<p class="join-status" role="alert" id="join-replaced">This reply no longer '
            f"works: you opened {host}’s invitation again in another tab, and the reply "
            f"made there replaces this one. Send {host} the reply from that tab, or make "
            "this tab’s the newest.</p>"
            + button("Make a new reply here", "join", id="join-go", class_="btn")
        )
    if step.stage == "connected":
        return (
            f'<p class="join-status" role="status">Connected to {host}’s table. '
            "Waiting for the table to arrive…</p>"
        )
    if step.stage == "dropped":
        return (
            f'<p class="join-status" role="alert">The connection to {host}’s table was '
            f"lost. Ask {host} for a new invitation to take your seat again; the game "
            f"is kept on {host}’s device.</p>"
        )
    what = (
        f"The connection to {host}’s table could not be made"
        if step.reply
        else "Your device could not make a reply"
    )  # the reply was made and sent: it is the connection that failed
    return (
        f'<p class="join-status" role="alert">{what}'
        + (f" ({esc(step.failure)})" if step.failure else "")
        + ". The two devices need to be on the same network (or the host connects over "
        "the internet). Try again, or play on one device, passing it around.</p>"
        + button("Try again", "join", id="join-go", class_="btn")
    )


def _late(host: str) -> str:
    """What to do when the reply has waited long with no connection: the host's table
    may have refused it (an old invitation, or another reply taken)."""
    return (
        '<p class="join-problem" role="alert" id="join-late">Still not at the table '
        f"{REPLY_PATIENCE_S // 60} minutes after this reply was made. If {host} has "
        f"opened it and nothing happened, {host}’s table refused it: the invitation was "
        f"an older one, or another reply was taken. Ask {host} for a new invitation link "
        "and open it here, or make a new reply and send that.</p>"
        + button("Make a new reply", "join", id="join-again", class_="btn")
    )
