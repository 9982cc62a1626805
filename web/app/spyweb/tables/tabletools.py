"""Pieces every table with bots and people shares: the game log, the bots' pace, the
"pass the device" panel of pass-and-play and the Undo button. Each game gives its own
class prefix and ids."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from spygames.i18n import N_, _

from ..browser.markup import attrs, esc
from ..browser.store import Saves
from .seats import is_you

LOG_SHOWN = 40


def undo_button(
    prefix: str, reason: str | None, *, class_: str = "btn btn-quiet", why_tag: str = "span"
) -> str:
    """The Undo button (key U), `{prefix}-undo`; off when the engine gives a `reason`
    there is nothing to undo, the reason shown beside it (a `why_tag` element) and read
    out with the button."""
    why = ""
    if reason is not None:
        # translators: {reason} is the engine's reason ("there is nothing to undo")
        off = _("Undo is off: {reason}.", reason=esc(reason))
        why = f'<{why_tag} class="{prefix}-why" id="{prefix}-undo-why">{off}</{why_tag}>'
    return (
        "<button"
        + attrs(
            type="button",
            class_=class_,
            data_act="undo",
            id=f"{prefix}-undo",
            aria_keyshortcuts="U",
            aria_describedby=f"{prefix}-undo-why" if why else None,
            disabled=reason is not None,
        )
        + ">"
        + _("Undo")
        + ' <span class="kbd" aria-hidden="true">U</span></button>'
        + why
    )


@dataclass
class LogEntry:
    kind: str  # the game's own kinds: a CSS class `{prefix}-log-{kind}` colours it
    text: str
    said: str = ""  # the words for a screen reader, where they are not the text's


def by_bot(log: list[LogEntry], start: int, name: str) -> None:
    """The log's lines from `start` on that a bot playing `name`'s seat wrote: "Ben: at
    least 2 …" becomes "Ben (a bot for now): at least 2 …"."""
    # translators: who wrote a line of the game's log: a friend's seat a bot plays for now
    who = _("{name} (a bot for now)", name=name)

    def said(text: str) -> str:
        if text.startswith(name) and text[len(name) : len(name) + 1] in (" ", ":"):
            return who + text[len(name) :]
        return text

    for i in range(start, len(log)):
        log[i] = LogEntry(log[i].kind, said(log[i].text), said(log[i].said))


def log_line(n: int, entry: LogEntry, prefix: str) -> str:
    """Line `n` of a game's log (0: its first). A line with words of its own for the ear
    hides the drawn text from a screen reader and says those instead."""
    text = esc(entry.text)
    if entry.said and entry.said != entry.text:
        text = (
            f'<span aria-hidden="true">{text}</span><span class="sr-only">{esc(entry.said)}</span>'
        )
    return f'<li class="{prefix}-log-{entry.kind}" data-n="{n}">{text}</li>'


def log_html(log: list[LogEntry], prefix: str, shown: int = LOG_SHOWN) -> str:
    """The latest `shown` entries, newest first. The log is a polite live region (the
    page says each line it gains, see web/page.mjs: by their `data-n`) and its list
    scrolls by keyboard too."""
    first = max(0, len(log) - shown)
    items = "".join(log_line(n, log[n], prefix) for n in reversed(range(first, len(log))))
    game_log, heading, moves = _("Game log"), _("Log"), _("Moves, newest first")
    return (
        f'<section class="{prefix}-log" role="log" aria-label="{game_log}"><h2>{heading}</h2>'
        f'<ol class="{prefix}-log-list" id="{prefix}-log" tabindex="0" aria-label="{moves}">'
        f"{items}</ol></section>"
    )


class Pace:
    """How long the bots wait before each move (ms), kept as a preference."""

    def __init__(self, saves: Saves, pref: str, paces: dict[str, int]) -> None:
        self.saves, self.pref, self.paces = saves, pref, paces

    @property
    def name(self) -> str:
        pace = self.saves.pref(self.pref, "normal")
        return pace if pace in self.paces else "normal"

    @property
    def ms(self) -> int:
        return self.paces[self.name]

    def set(self, name: str) -> bool:
        if name not in self.paces:
            return False
        self.saves.set_pref(self.pref, name)
        return True

    def buttons(self, prefix: str) -> str:
        """The segmented control (`data-act="pace"`, ids `{prefix}-pace-<name>`)."""
        return pace_buttons(prefix, self.paces, self.name)


PACE_NAMES = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}
"""The bots' paces in words, on their buttons (translated where drawn)."""


def pace_buttons(prefix: str, paces: Iterable[str], current: str) -> str:
    """The bots' pace as a segmented control, `current` pressed: what `Pace.buttons`
    draws, from plain values (a table's scene)."""
    buttons = "".join(
        f'<button type="button" class="{prefix}-seg{" on" if p == current else ""}" '
        f'data-act="pace" data-arg="{p}" id="{prefix}-pace-{p}" '
        f'aria-pressed="{"true" if p == current else "false"}">'
        + (_(PACE_NAMES[p]) if p in PACE_NAMES else p.capitalize())
        + "</button>"
        for p in paces
    )
    pace, bots = _("Bot pace"), _("Bots")
    return (
        f'<div class="{prefix}-segs" role="group" aria-label="{pace}">'
        f"<span>{bots}</span>{buttons}</div>"
    )


def handoff_html(prefix: str, name: str, what: str = "hand") -> str:
    """Pass-and-play: the screen between two people's turns; nothing private is on it.
    `what` the button shows: "hand", or "hand (you must discard a card)" (SpyNet's
    discarder), in English, as a key: the button's whole label is a message of its own."""
    who = esc(name)
    title = _("Pass the device to {name}", name=who)
    if is_you(name):  # the seat called "You" (its default name)
        # translators: "You" is the name of a seat here: the first seat's default name
        hidden = _("Every hand is hidden. Everyone else, look away while You take a look.")
    else:
        hidden = _(
            "Every hand is hidden. Everyone else, look away while {name} takes a look.",
            name=who,
        )
    if what == "hand":
        show = _("I’m {name} — show my hand", name=who)
    elif what == "hand (you must discard a card)":
        show = _("I’m {name} — show my hand (you must discard a card)", name=who)
    else:
        # translators: {what} is what the button shows, in a few words
        show = _("I’m {name} — show my {what}", name=who, what=esc(what))
    return (
        f'<section class="{prefix}-act {prefix}-handoff" aria-labelledby="{prefix}-handoff-title">'
        f'<h2 id="{prefix}-handoff-title">{title}</h2>'
        f"<p>{hidden}</p>"
        f'<button type="button" class="btn btn-primary" data-act="show-hand" '
        f'id="{prefix}-show-hand">{show}</button></section>'
    )
