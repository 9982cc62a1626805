"""The join page's step, from plain values (`Step`): what the friend does now — join,
wait for the reply to be made, send it back, wait for the table — or what went wrong,
in words. `spyweb.together.join.JoinScreen` holds the state; this draws it."""

from __future__ import annotations

from dataclasses import dataclass

from spygames.i18n import _, listed, ngettext

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
    where: str = (
        _(
            "This connects your device straight to theirs. Both need to be on the same "
            "network (the same Wi-Fi) for it to work."
        )
        if not invitation.ice
        # translators: {servers} are the addresses of STUN servers
        else _(
            "This connects your device straight to theirs, over the internet. A public STUN "
            "server ({servers}) helps the two devices find a path to each other; no game "
            "data passes through it.",
            servers=esc(listed(invitation.ice)),
        )
    )
    where = f"<p>{where}</p>"
    if step.stage == "ready":
        stored = _(
            "Nothing about the game is stored on this device: only whose table you joined, so "
            "that the home page can remind you."
        )
        return (
            where + f"<p>{stored}</p>"
            + button(_("Join {host}’s table", host=host), "join", id="join-go",
                     class_="btn btn-primary")
        )  # fmt: skip
    if step.stage == "answering":
        return '<p class="join-status" role="status">' + _("Making your reply…") + "</p>"
    if step.stage == "reply":
        code = esc(step.reply or "")
        send = _(
            "Now send this reply back to {host}. When they open it (or paste it in), you are "
            "at the table.",
            host=host,
        )
        scan = _("Or let {host} scan it: their browser can read it with its camera.", host=host)
        return (
            f'<p class="join-status" role="status">{send}</p>'
            + (_late(host) if step.waited_long else "")
            + '<label for="reply-code">' + _("Your reply") + "</label>"
            f'<textarea id="reply-code" class="join-code" readonly rows="4">{code}</textarea>'
            '<p class="join-buttons">'
            + button(_("Copy the reply"), "copy-reply", id="join-copy", class_="btn btn-primary")
            + (button(_("Share…"), "share-reply", id="join-share", class_="btn")
               if step.can_share else "")
            + "</p>"
            + (f'<figure class="friend-qr" id="join-qr">{step.reply_qr}<figcaption>{scan}'
               "</figcaption></figure>"
               if step.reply_qr and invitation.scan else "")
        )  # fmt: skip
    if step.stage == "replaced":
        words = _(
            "This reply no longer works: you opened {host}’s invitation again in another tab, "
            "and the reply made there replaces this one. Send {host} the reply from that tab, "
            "or make this tab’s the newest.",
            host=host,
        )
        return f'<p class="join-status" role="alert" id="join-replaced">{words}</p>' + button(
            _("Make a new reply here"), "join", id="join-go", class_="btn"
        )
    if step.stage == "connected":
        words = _("Connected to {host}’s table. Waiting for the table to arrive…", host=host)
        return f'<p class="join-status" role="status">{words}</p>'
    if step.stage == "dropped":
        words = _(
            "The connection to {host}’s table was lost. Ask {host} for a new invitation to "
            "take your seat again; the game is kept on {host}’s device.",
            host=host,
        )
        return f'<p class="join-status" role="alert">{words}</p>'
    # the reply was made and sent: it is the connection that failed
    if step.reply and step.failure:
        # translators: {why} is what the browser said of the failed connection
        what = _(
            "The connection to {host}’s table could not be made ({why}).",
            host=host,
            why=esc(step.failure),
        )
    elif step.reply:
        what = _("The connection to {host}’s table could not be made.", host=host)
    elif step.failure:
        # translators: {why} is what the browser said when it failed
        what = _("Your device could not make a reply ({why}).", why=esc(step.failure))
    else:
        what = _("Your device could not make a reply.")
    instead = _(
        "The two devices need to be on the same network (or the host connects over the "
        "internet). Try again, or play on one device, passing it around."
    )
    return f'<p class="join-status" role="alert">{what} {instead}</p>' + button(
        _("Try again"), "join", id="join-go", class_="btn"
    )


def _late(host: str) -> str:
    """What to do when the reply has waited long with no connection: the host's table
    may have refused it (an old invitation, or another reply taken)."""
    late = ngettext(
        "Still not at the table {n} minute after this reply was made. If {host} has opened "
        "it and nothing happened, {host}’s table refused it: the invitation was an older "
        "one, or another reply was taken. Ask {host} for a new invitation link and open it "
        "here, or make a new reply and send that.",
        "Still not at the table {n} minutes after this reply was made. If {host} has opened "
        "it and nothing happened, {host}’s table refused it: the invitation was an older "
        "one, or another reply was taken. Ask {host} for a new invitation link and open it "
        "here, or make a new reply and send that.",
        REPLY_PATIENCE_S // 60,
        host=host,
    )
    return f'<p class="join-problem" role="alert" id="join-late">{late}</p>' + button(
        _("Make a new reply"), "join", id="join-again", class_="btn"
    )
