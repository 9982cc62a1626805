"""A rules demo on screen: the position at each step, its caption, and the controls.

The Rules pages and the embeds show demos with this one player, so they are the same
thing. Every step is the engine's: the player runs the demo through the engine first
(`Demo.run()`, which refuses a demo whose moves or claims the engine rejects), draws
each position with the game's own table HTML and shows a refusal in the engine's words.
"Try it yourself" is up to the screen holding the player: a live table from the step.
"""

from __future__ import annotations

import spygames
from spygames.demos import Demo, Frame
from spygames.i18n import _

from ..browser.markup import attrs, esc
from ..tables.position import PositionView, view_for

PLAY_MS = 2600  # a step every 2.6 s: time to read a caption


# The words hide in a narrow frame (the buttons keep their names for screen readers).
def play_label() -> str:
    return '▶<span class="ctl-word"> ' + _("Play") + "</span>"


def pause_label() -> str:
    return '❚❚<span class="ctl-word"> ' + _("Pause") + "</span>"


KEYS = {"ArrowRight": "demo-next", "ArrowLeft": "demo-back", "Home": "demo-restart"}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def control(label: str, act: str, *, id_: str, disabled: bool = False, **extra: object) -> str:
    extra.setdefault("class_", "btn btn-small")
    return (
        "<button"
        + attrs(type="button", id=id_, data_act=act, disabled=disabled, **extra)
        + f">{label}</button>"
    )


def controls_label() -> str:
    """The name of a demo's controls, for a screen reader (an attribute's value)."""
    return esc(_("Demo controls"))


def tried(
    demo: Demo, step: int, table: str, *, corner: str = "", extra: str = "", arriving: bool = False
) -> str:
    """A demo played on from `step` ("Try it yourself"): the live `table` with the way back
    to the demo and a fresh start; `extra` adds controls of the screen holding it. The
    heading takes the focus (and the page scrolls to it) when the player has `arriving`."""
    focus = " data-autofocus" if arriving else ""
    heading = _("Try it yourself")
    # translators: {demo} is the demo's title; {step} the step tried from, counted from 1
    count = _("{demo} · from step {step}", demo=esc(_(demo.title)), step=step + 1)
    return (
        '<section class="demo demo-live" id="demo-live" '
        f'data-demo="{esc(demo.id)}" data-game="{esc(demo.game)}">'
        '<header class="demo-head">'
        f'<h2 class="demo-title" id="demo-live-title" tabindex="-1"{focus}>{heading}</h2>'
        f'<p class="demo-count">{count}</p>{corner}</header>'
        f'<div class="demo-stage live-stage">{table}</div>'
        f'<nav class="demo-controls" aria-label="{controls_label()}">'
        + control(_("◀ Back to the demo"), "demo-leave", id_="demo-leave")
        + control(_("↺ Start again"), "demo-again", id_="demo-again")
        + extra
        + "</nav></section>"
    )


class DemoPlayer:
    """Steps through one demo: Back, Next, Play (a step every few seconds), Restart."""

    def __init__(self, demo: Demo, *, step: int = 0) -> None:
        self.demo = demo
        self.frames: list[Frame] = demo.run()
        view = view_for(demo.record(), tuple(_(name) for name in demo.names))
        if view is None:
            raise spygames.DemoError(f"{demo.game} has no table to show demo {demo.id!r} on")
        self.view: PositionView = view
        self.step = 0
        self.playing = False
        self.go(step)

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    @property
    def frame(self) -> Frame:
        return self.frames[self.step]

    def go(self, step: int) -> None:
        self.step = max(0, min(self.last, step))
        if self.step == self.last:
            self.playing = False

    def state(self) -> spygames.State:
        """The game at this step (for Try it yourself)."""
        return spygames.replay(self.demo.record(self.step))

    @property
    def can_try(self) -> bool:
        return self.frame.result is None

    # -- events ----------------------------------------------------------------------------
    def handle(self, act: str, arg: str) -> bool:
        """True when the click was one of the player's controls."""
        if act == "demo-next":
            self.go(self.step + 1)
        elif act == "demo-back":
            self.playing = False
            self.go(self.step - 1)
        elif act == "demo-restart":
            self.playing = False
            self.go(0)
        elif act == "demo-play":
            if self.playing:
                self.playing = False
            else:
                if self.step == self.last:
                    self.go(0)
                self.playing = True
        elif act == "demo-step" and arg.isdigit():
            self.playing = False
            self.go(int(arg))
        else:
            return False
        return True

    def key(self, key: str) -> bool:
        return key in KEYS and self.handle(KEYS[key], "")

    def keys(self) -> list[str]:
        """Every key of `KEYS`: each is a control the player always takes."""
        return list(KEYS)

    def pending_delay(self) -> int | None:
        return PLAY_MS if self.playing else None

    def tick(self) -> None:
        if self.playing:
            self.go(self.step + 1)

    # -- drawing ---------------------------------------------------------------------------
    def render(self, *, extra: str = "", corner: str = "", heading: str = "h2") -> str:
        """The player; `extra` goes after the controls, `corner` at the end of the header."""
        frame = self.frame
        step = frame.step
        demo = self.demo
        title = _(demo.title)
        position = self.view.render(
            spygames.replay(demo.record(self.step)),
            demo.seat,
            move=dict(step.action) if step.action is not None else None,
            refused=frame.reason,
            fresh=step.action is not None,
        )
        refusal = ""
        if frame.reason:
            tag = _("Refused")
            # translators: {reason} is the engine's reason the move is refused
            reason = _("{reason}.", reason=esc(_capital(frame.reason)))
            refusal = (
                f'<p class="demo-refusal"><span class="demo-refusal-tag">{tag}</span> {reason}</p>'
            )
        last = self.last
        buttons = (
            control(_("◀ Back"), "demo-back", id_="demo-back", disabled=self.step == 0)
            + control(
                _("Next ▶"),
                "demo-next",
                id_="demo-next",
                disabled=self.step == last,
                class_="btn btn-small btn-primary",
            )
            + control(
                pause_label() if self.playing else play_label(),
                "demo-play",
                id_="demo-play",
                aria_label=_("Pause") if self.playing else _("Play"),
                aria_pressed="true" if self.playing else "false",
            )
            + control(
                '↺<span class="ctl-word"> ' + _("Restart") + "</span>",
                "demo-restart",
                id_="demo-restart",
                aria_label=_("Restart"),
                disabled=self.step == 0,
            )
            + control(
                # translators: " yourself" is hidden in a narrow frame, leaving "Try it"
                _('Try it<span class="ctl-word"> yourself</span>'),
                "demo-try",
                id_="demo-try",
                aria_label=_("Try it yourself"),
                disabled=not self.can_try,
                title=None if self.can_try else _("The game is over at this step"),
            )
        )
        dots = "".join(
            f'<li class="{"on" if i == self.step else ""}"></li>' for i in range(last + 1)
        )
        # translators: {step} is the step shown, of {steps} in all
        count = _("Step <b>{step}</b> of {steps}", step=self.step + 1, steps=last + 1)
        caption = esc(_(step.caption))
        return (
            "<section"
            + attrs(
                class_="demo",
                id="demo",
                data_demo=demo.id,
                data_game=demo.game,
                data_step=self.step,
                data_steps=last + 1,
                data_playing="true" if self.playing else "false",
                # translators: {demo} is the demo's title
                aria_label=_("Rules demo: {demo}", demo=title),
            )
            + ">"
            f'<header class="demo-head"><{heading} class="demo-title">{esc(title)}'
            f"</{heading}>"
            f'<p class="demo-count">{count}</p>'
            f'<ol class="demo-dots" aria-hidden="true">{dots}</ol>{corner}</header>'
            f'<div class="demo-stage">{position}</div>'
            f'<div class="demo-text" aria-live="polite"><p class="demo-caption">'
            f"{caption}</p>{refusal}</div>"
            f'<nav class="demo-controls" aria-label="{controls_label()}">'
            f"{buttons}{extra}</nav>"
            "</section>"
        )
