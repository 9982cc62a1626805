"""The Friends panel a host sees at a table played together: where each friend is, in
words, and what can be done about it. Drawn from plain values (`Friends`), which a
table's scene carries like any other part of the page."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from spygames.i18n import N_, _, listed

from ..browser.markup import button, esc
from .invite import MAX_SERVERS, STUN

# Where a friend is, by the stage of their seat (translated where shown: `status`).
WORDS = {
    "new": N_("not invited yet"),
    "making": N_("preparing the invitation…"),
    "invited": N_("invited: waiting for their reply"),
    "connecting": N_("connecting…"),
    "here": N_("at the table"),
    "unsteady": N_("at the table, reconnecting… (their connection wavered)"),
    "dropped": N_("disconnected: waiting for them to come back"),
}
# While a bot plays the seat, by where the friend is (docs/play-together.md lists them all).
BOT_WORDS = {
    "new": N_("a bot is playing for them"),
    "dropped": N_("a bot is playing for them"),
    "here": N_("back at the table, watching: a bot is playing for them"),
    "unsteady": N_("back at the table, reconnecting…: a bot is playing for them"),
}
CAMERA = {  # why the camera could not scan (the browser's error), in words: {name} is a friend's
    "NotAllowedError": N_(
        "The camera was not allowed: allow it for this site in your "
        "browser's settings to scan, or paste {name}’s reply instead."
    ),
    "NotFoundError": N_("No camera was found on this device: paste {name}’s reply instead."),
    "NotReadableError": N_(
        "The camera could not be started (another app may be using it): "
        "try again, or paste {name}’s reply instead."
    ),
}
CAMERA["SecurityError"] = CAMERA["NotAllowedError"]
CAMERA["OverconstrainedError"] = CAMERA["NotFoundError"]


@dataclass(frozen=True)
class FriendRow:
    seat: int
    name: str
    stage: str  # new, making, invited, connecting, here, unsteady, dropped (WORDS)
    link: str = ""  # the invitation, once made
    problem: str = ""  # what went wrong last, in words
    qr: str = ""  # the invitation as a QR code (SVG markup made by together.qr)
    bot: bool = False  # a bot plays the seat while the friend is away (BOT_WORDS)


@dataclass(frozen=True)
class Friends:
    rows: tuple[FriendRow, ...]
    internet: bool = False  # the next invitation connects over the internet
    stun: tuple[str, ...] = ()  # the STUN servers it would use
    can_share: bool = False  # the browser has the Web Share API
    stun_open: bool = False  # the form that changes the STUN servers is unfolded
    stun_saved: int = 0  # times the list was saved (each makes a fresh field)
    can_scan: bool = False  # the browser reads QR codes from a camera (a Scan button)
    vibrate: bool | None = None  # vibrate on the host's turn (None: the device cannot)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Friends:
        rows = tuple(FriendRow(**row) for row in data["rows"])
        return cls(
            rows, data["internet"], tuple(data["stun"]), data["can_share"],
            data["stun_open"], data["stun_saved"], data["can_scan"], data["vibrate"],
        )  # fmt: skip


def friends_html(friends: Friends | None, prefix: str) -> str:
    """The panel, or nothing when no seat is played on another device."""
    if friends is None:
        return ""
    rows = "".join(_row(row, friends.can_share, friends.can_scan) for row in friends.rows)
    internet = (
        (
            '<label class="friends-internet"><input type="checkbox" data-act="friend-internet"'
            f"{' checked' if friends.internet else ''}> "
            + _("Connect over the internet")
            + "</label>"
            '<p class="friends-note">'
            # translators: {servers} are the addresses of STUN servers
            + _(
                "Off: your friends need to be on the same network as you (the same Wi-Fi). "
                "On: a public STUN server ({servers}) helps your devices find a path to each "
                "other; no game data passes through it. It applies to the next invitation "
                "you make.",
                servers=esc(listed(friends.stun)),
            )
            + "</p>"
        )
        + _stun_form(friends)
        + _vibrate(friends.vibrate)
    )
    stop = (
        '<p class="friends-stop">'
        + button(
            _("Stop for now (the game is kept)"), "friend-stop", id="friends-stop", class_="btn"
        )
        + "</p>"
        if any(row.stage not in ("new", "dropped") for row in friends.rows)
        else ""
    )  # every friend is told; the seats then wait for new invitations
    return (
        f'<section class="friends {prefix}-friends" id="friends" '
        'aria-labelledby="friends-title">'
        '<h2 id="friends-title">' + _("Friends on other devices") + "</h2>"
        f"{rows}{internet}{stop}</section>"
    )


def waiting_html(friends: Friends | None, seat: int, prefix: str) -> str | None:
    """What the table says while `seat`, to play, is a friend who is not connected; None
    when the seat is no friend's or they are at the table."""
    row = next((r for r in friends.rows if r.seat == seat), None) if friends else None
    if row is None or row.stage in ("here", "unsteady"):
        return None
    name = esc(row.name)
    if row.stage not in ("new", "dropped"):
        words = _(
            "Waiting for {name} to join from your invitation (Friends, beside the table).",
            name=name,
        )
    elif _again(row):
        words = _(
            "Waiting for {name}, who is not connected: invite them again, or let a bot play "
            "for them (Friends, beside the table).",
            name=name,
        )
    else:
        words = _(
            "Waiting for {name}, who is not connected: invite them, or let a bot play for "
            "them (Friends, beside the table).",
            name=name,
        )
    return (
        f'<section class="{prefix}-act {prefix}-wait" aria-live="polite" id="{prefix}-waiting">'
        f"<p>{words}</p></section>"
    )


def _again(row: FriendRow) -> bool:
    """The friend has had an invitation (they left, or the last one did not work): the
    next is "again"; never invited, it is not."""
    return row.stage == "dropped" or bool(row.problem)


def status(row: FriendRow) -> str:
    """Where the friend is, in the one wording each state has."""
    if row.bot:
        if row.stage in BOT_WORDS:
            return _(BOT_WORDS[row.stage])
        # translators: {status} is where the friend is ("connecting…")
        return _("{status} (a bot is playing for them)", status=_(WORDS[row.stage]))
    if row.stage == "new" and row.problem:  # an invitation tried and ended: "again"
        return _("not connected: the last invitation did not work")
    return _(WORDS[row.stage])


def _row(row: FriendRow, can_share: bool, can_scan: bool) -> str:
    seat, name = row.seat, esc(row.name)
    # translators: a friend's name, then where they are ("at the table")
    said = _("<b>{name}</b>: {status}", name=name, status=status(row))
    parts = [f'<p class="friend-status" id="friend-status-{seat}">{said}</p>']
    if row.problem:
        parts.append(f'<p class="friend-problem" role="alert">{esc(row.problem)}</p>')
    if row.stage in ("new", "dropped"):
        invite = (
            _("Invite {name} again", name=name) if _again(row) else _("Invite {name}", name=name)
        )
        parts.append(
            '<p class="friend-buttons">'
            + button(invite, "friend-invite", seat, id=f"friend-invite-{seat}",
                     class_="btn btn-primary")
            + ("" if row.bot else
               button(_("Let a bot play for {name}", name=name), "friend-bot", seat,
                      id=f"friend-bot-{seat}"))
            + "</p>"
        )  # fmt: skip
    if row.bot and row.stage in ("here", "unsteady"):
        parts.append(
            '<p class="friend-buttons">'
            + button(_("Give {name} the seat back", name=name), "friend-back", seat,
                     id=f"friend-back-{seat}", class_="btn btn-primary")
            + "</p>"
        )  # fmt: skip
    if row.stage == "invited":
        share = (
            button(_("Share…"), "friend-share", seat, id=f"friend-share-{seat}")
            if can_share
            else ""
        )
        connect = _("Connect {name}", name=name)
        send = _("Send {name} this link (any messenger will do):", name=name)
        label = _("Invitation link for {name}", name=name)
        parts.append(
            f"<p>{send}</p>"
            f'<input id="invite-link-{seat}" class="friend-link" readonly '
            f'value="{esc(row.link)}" aria-label="{label}">'
            '<p class="friend-buttons">'
            + button(_("Copy the link"), "friend-copy", seat, id=f"friend-copy-{seat}")
            + share + "</p>"
            + (f'<figure class="friend-qr" id="friend-qr-{seat}">{row.qr}<figcaption>'
               + _("Or let {name} scan it with their phone’s camera.", name=name)
               + "</figcaption></figure>"
               if row.qr else "")
            + f'<form data-act="friend-reply" class="friend-reply" id="friend-reply-{seat}" '
            "data-paste-submits>"
            f'<input type="hidden" name="seat" value="{seat}">'
            f'<label for="friend-reply-code-{seat}">'
            + _("Then paste {name}’s reply here (it connects as soon as it is pasted)",
                name=name)
            + "</label>"
            f'<textarea id="friend-reply-code-{seat}" name="reply" rows="3" '
            'autocomplete="off" spellcheck="false"></textarea>'
            + (f'<span class="friend-buttons"><button type="submit" class="btn btn-primary" '
               f'id="friend-connect-{seat}">{connect}</button>'
               + button(_("Scan {name}’s reply", name=name), "friend-scan", seat,
                        id=f"friend-scan-{seat}")
               + "</span>"
               if can_scan else
               f'<button type="submit" class="btn btn-primary" id="friend-connect-{seat}">'
               f"{connect}</button>")
            + "</form>"
        )  # fmt: skip
    return f'<div class="friend" data-seat="{seat}">{"".join(parts)}</div>'


def _vibrate(on: bool | None) -> str:
    """The host's choice to feel their turn while the tab is hidden (`App._signal_turn`)."""
    if on is None:
        return ""
    return (
        '<label class="turn-vibrate"><input type="checkbox" data-act="turn-vibrate" '
        f'id="turn-vibrate"{" checked" if on else ""}> '
        + _("Vibrate when it is my turn and this page is hidden")
        + "</label>"
    )


def _stun_form(friends: Friends) -> str:
    """The STUN servers, which the player may change: folded away until asked for (a
    click the app keeps, so a redraw does not fold it again)."""
    n = friends.stun_saved  # a fresh field once saved: what was typed before is gone
    return (
        f'<details class="friends-stun" id="friends-stun"{" open" if friends.stun_open else ""}>'
        '<summary data-act="friend-stun-open" id="friend-stun-open">'
        + _("Change the STUN servers")
        + "</summary>"
        '<form data-act="friend-stun" class="friends-stun-form" id="friend-stun-form">'
        f'<label for="friend-stun-list-{n}">'
        + _(
            "STUN servers, one a line (at most {most}; stun: or stuns: addresses only)",
            most=MAX_SERVERS,
        )
        + "</label>"
        f'<textarea id="friend-stun-list-{n}" name="stun" rows="2" autocomplete="off" '
        f'spellcheck="false">{esc(chr(10).join(friends.stun))}</textarea>'
        '<p class="friend-buttons">'
        '<button type="submit" class="btn btn-primary" id="friend-stun-save">'
        + _("Save")
        + "</button>"
        + button(_("Reset to the default"), "friend-stun-reset", id="friend-stun-reset")
        + '</p><p class="friends-note">'
        + _("The default: {servers}.", servers=esc(listed(STUN)))
        + "</p></form></details>"
    )
