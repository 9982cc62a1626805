"""Replays: any record — from an end screen, a share link, a save — played back.

Step forward and back, jump to a move, play at a chosen pace, with the log in step.
The position is always one seat's view (`state.view(seat)`), so a replay shows only
what that seat could see at that moment: other hands stay hidden until the game itself
shows them. Route: `#/replay/<payload>[/<seat>]`, the payload being a share link's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import spygames
from spygames.i18n import _, both, pgettext

from ..browser import links
from ..browser.links import replay_route
from ..browser.markup import attrs, esc
from ..catalogue import info
from ..tables.position import PositionView, known_names, view_for
from ..tables.screen import Context, Screen
from ..tables.seats import is_you
from .demos import pause_label, play_label
from .snippet import REPLAY_SIZE, embed_sheet, embed_url

PACES = {"slow": 2400, "normal": 1200, "fast": 450}
KEYS = {
    "ArrowRight": "replay-next",
    "ArrowLeft": "replay-back",
    "Home": "replay-start",
    "End": "replay-end",
}


def counted(view: dict[str, Any]) -> tuple[str, int] | None:
    """How the game counts where a position is: ("turn", 4), ("round", 2), or None."""
    for key in ("turn", "round"):
        if isinstance(view.get(key), int) and view[key] > 0:
            return key, int(view[key])
    return None


def turn_of(view: dict[str, Any]) -> str:
    """The turn (or round) a position is in, as the game counts it: "turn 4", or ""."""
    at = counted(view)
    if at is None:
        return ""
    # translators: where a position is in the game ("Move 12 · turn 4" without the move)
    return _("turn {n}", n=at[1]) if at[0] == "turn" else _("round {n}", n=at[1])


def when(view: dict[str, Any], move: int) -> str:
    """The position before the record's action `move` (0-based), named as the replay and
    the review name it: by the move played there, counted from 1, and its turn — "Move
    12 · turn 4". The replay at that position says "Move 12 of 40 · turn 4"."""
    at, number = counted(view), move + 1
    if at is None:
        return _("Move {move}", move=number)
    if at[0] == "turn":
        return _("Move {move} · turn {turn}", move=number, turn=at[1])
    return _("Move {move} · round {round}", move=number, round=at[1])


def pace_label(pace: str) -> str:
    """A replay's pace, as its button says it."""
    labels = {
        "slow": pgettext("pace", "Slow"),
        "normal": pgettext("pace", "Normal"),
        "fast": pgettext("pace", "Fast"),
    }
    return labels[pace]


def _button(label: str, act: str, arg: str = "", **extra: object) -> str:
    extra.setdefault("class_", "btn btn-small")
    props = attrs(type="button", data_act=act, data_arg=arg if arg != "" else None, **extra)
    return f"<button{props}>{label}</button>"


class Replayer:
    """Plays a record back for one seat; `move` is how many actions have been played."""

    def __init__(
        self,
        record: dict[str, Any],
        view: PositionView,
        *,
        seat: int = 0,
        move: int = 0,
        hidden: frozenset[int] = frozenset(),
    ) -> None:
        self.record = record
        self.view = view
        self.total = len(record["actions"])
        self.players = int(record["players"])
        self.hidden = hidden if len(hidden) < self.players else frozenset()
        """Seats not to watch: friends' on other devices, in a game not over yet
        (`Hosting.friends_seats`)."""
        self.seat = seat if 0 <= seat < self.players else 0
        if self.seat in self.hidden:
            self.seat = min(set(range(self.players)) - self.hidden)
        self.move = max(0, min(self.total, move))
        self.playing = False
        self.pace = "normal"
        self.lines = view.move_lines()
        self._state = spygames.replay(record, upto=0)

    def state(self) -> spygames.State:
        """The game after `move` actions (played on from the last one when going forward)."""
        done = len(self._state.actions)
        if done > self.move:
            self._state = spygames.replay(self.record, upto=self.move)
        for action in self.record["actions"][len(self._state.actions) : self.move]:
            self._state.apply(action)
        return self._state

    def go(self, move: int) -> None:
        self.move = max(0, min(self.total, move))
        if self.move == self.total:
            self.playing = False

    # -- events ----------------------------------------------------------------------------
    def handle(self, act: str, arg: str) -> bool:
        if act == "replay-next":
            self.go(self.move + 1)
        elif act == "replay-back":
            self.playing = False
            self.go(self.move - 1)
        elif act == "replay-start":
            self.playing = False
            self.go(0)
        elif act == "replay-end":
            self.playing = False
            self.go(self.total)
        elif act == "replay-play":
            if not self.playing and self.move == self.total:
                self.go(0)
            self.playing = not self.playing and self.total > 0
        elif act == "replay-jump" and arg.isdigit():
            self.playing = False
            self.go(int(arg))
        elif act == "replay-seat" and arg.isdigit() and int(arg) < self.players:
            if int(arg) in self.hidden:
                return False
            self.seat = int(arg)
        elif act == "replay-pace" and arg in PACES:
            self.pace = arg
        else:
            return False
        return True

    def submit(self, act: str, values: dict[str, str]) -> bool:
        if act != "replay-goto":
            return False
        text = values.get("move", "").strip()
        if text.isdigit():  # "Move 12": the position where the 12th move is played
            self.playing = False
            self.go(int(text) - 1)
        return True

    def key(self, key: str) -> bool:
        return key in KEYS and self.handle(KEYS[key], "")

    def keys(self) -> list[str]:
        """Every key of `KEYS`: each is a control the replayer always takes."""
        return list(KEYS)

    def pending_delay(self) -> int | None:
        return PACES[self.pace] if self.playing else None

    def tick(self) -> None:
        if self.playing:
            self.go(self.move + 1)

    # -- drawing ---------------------------------------------------------------------------
    def title(self) -> str:
        game = info(str(self.record["game"]))
        name = game.name if game else str(self.record["game"])
        # translators: {game} is a game's name, {seed} the number of its deal
        return _("{game} · deal #{seed}", game=name, seed=self.record["seed"])

    def render(
        self,
        *,
        extra: str = "",
        corner: str = "",
        heading: str = "h1",
        advised: dict[str, Any] | None = None,
        around: Callable[[str], str] | None = None,
    ) -> str:
        """The replayer; `extra` goes with the controls, `corner` at the end of the header;
        `advised`, a move to mark on the position, and `around` what to draw around it (a
        review's swing: its heading, the position, its words)."""
        state = self.state()
        move = self.record["actions"][self.move - 1] if self.move else None
        if advised is not None:
            position = self.view.render_advised(state, self.seat, advised, move=move)
        else:
            position = self.view.render(state, self.seat, move=move, fresh=True)
        stage = f'<div class="replay-stage">{position}</div>'
        if around is not None:
            stage = around(stage)
        seats = ""
        if self.players > 1:
            watch = _("Watch as")
            seats = (
                f'<div class="replay-seats" role="group" aria-label="{esc(watch)}">'
                f"<span>{watch}</span>"
                + "".join(
                    _button(
                        esc(name),
                        "replay-seat",
                        str(i),
                        id=f"replay-seat-{i}",
                        aria_pressed="true" if i == self.seat else "false",
                        disabled=i in self.hidden,
                        # translators: {name} is a player's name
                        title=_(
                            "{name} plays on another device: hidden until the game is over",
                            name=name,
                        )
                        if i in self.hidden
                        else None,
                    )
                    for i, name in enumerate(self.view.names)
                )
                + "</div>"
            )
            if self.hidden:
                names = both([self.view.names[i] for i in sorted(self.hidden)])
                seats += (
                    '<p class="replay-hidden" id="replay-hidden">'
                    # translators: {names} are the friends' names ("Ben and Cy")
                    + _(
                        "This game is being played with friends: {names}’s cards stay hidden "
                        "here until it is over.",
                        names=esc(names),
                    )
                    + "</p>"
                )
        paces = "".join(
            _button(
                pace_label(p),
                "replay-pace",
                p,
                id=f"replay-pace-{p}",
                class_="esp-seg" + (" on" if p == self.pace else ""),
                aria_pressed="true" if p == self.pace else "false",
            )
            for p in PACES
        )
        at_start, at_end = self.move == 0, self.move == self.total
        pace = _("Pace")
        start, back, end = _("Start"), _("Back"), _("End")
        controls = (
            _button(f'«<span class="ctl-word"> {start}</span>', "replay-start",
                    id="replay-start", aria_label=_("To the start"), disabled=at_start)
            + _button(f'◀<span class="ctl-word"> {back}</span>', "replay-back",
                      id="replay-back", aria_label=back, disabled=at_start)
            + _button(
                pause_label() if self.playing else play_label(),
                "replay-play",
                id="replay-play",
                aria_label=_("Pause") if self.playing else _("Play"),
                aria_pressed="true" if self.playing else "false",
                disabled=self.total == 0,
            )
            + _button(_("Next ▶"), "replay-next", id="replay-next", disabled=at_end,
                      class_="btn btn-small btn-primary")
            + _button(f'<span class="ctl-word">{end} </span>»', "replay-end",
                      id="replay-end", aria_label=_("To the end"), disabled=at_end)
        )  # fmt: skip
        move_label, go = pgettext("replay", "Move"), _("Go")
        goto = (
            '<form class="replay-goto" data-act="replay-goto">'
            f'<label for="replay-move">{move_label}</label>'
            f'<input id="replay-move" name="move" type="number" min="1" '
            f'max="{max(self.total, 1)}" inputmode="numeric" '
            f'value="{min(self.move + 1, max(self.total, 1))}">'
            f'<button type="submit" class="btn btn-small" id="replay-go">{go}</button></form>'
        )
        # translators: a heading; {title} names the game and deal ("Espionage · deal #7")
        title = _("Replay · {title}", title=esc(self.title()))
        controls_label = esc(_("Replay controls"))
        return (
            "<section"
            + attrs(
                class_="replay",
                id="replay",
                data_game=self.record["game"],
                data_move=self.move,
                data_moves=self.total,
                data_seat=self.seat,
                data_playing="true" if self.playing else "false",
            )
            + ">"
            '<header class="replay-head">'
            f'<{heading} class="replay-title">{title}</{heading}>'
            f'<p class="replay-count">{self._count(state)}</p>{seats}{corner}</header>'
            '<div class="replay-body"><div class="replay-main">'
            f"{stage}"
            f'<nav class="replay-controls" aria-label="{controls_label}">'
            f'<div class="replay-buttons">{controls}</div></nav>'
            '<div class="replay-tools">'
            f'<div class="esp-segs replay-paces" role="group" aria-label="{esc(pace)}">'
            f"<span>{pace}</span>{paces}</div>"
            f"{goto}{extra}</div></div>"
            f"{self._log(state)}</div></section>"
        )

    def _count(self, state: spygames.State) -> str:
        """Where the replay stands: "Move 12 of 40 · turn 4" (the 12th move to be played
        there), or "After move 40 of 40" at the end."""
        total = self.total
        if self.move == total:
            # translators: {move} is the last move's number, of {total} in all
            return _(
                'After move <b data-testid="replay-move">{move}</b> of {total}',
                move=total,
                total=total,
            )
        at, move = counted(state.view(self.seat)), self.move + 1
        if at is None:
            # translators: {move} is the number of the move to be played, of {total} in all
            return _(
                'Move <b data-testid="replay-move">{move}</b> of {total}', move=move, total=total
            )
        if at[0] == "turn":
            # translators: {move} is the number of the move to be played, of {total} in all
            return _(
                'Move <b data-testid="replay-move">{move}</b> of {total} · turn {turn}',
                move=move,
                total=total,
                turn=at[1],
            )
        # translators: {move} is the number of the move to be played, of {total} in all
        return _(
            'Move <b data-testid="replay-move">{move}</b> of {total} · round {round}',
            move=move,
            total=total,
            round=at[1],
        )

    def _log(self, state: spygames.State) -> str:
        items = []
        if self.move < self.total:  # the move to be played here: named, not told
            at = counted(state.view(self.seat))
            next_move = (
                # translators: the replay's log: the next move, not yet played
                _("to play")
                if at is None
                # translators: the replay's log: the next move, not yet played
                else _("Turn {turn}: to play", turn=at[1])
                if at[0] == "turn"
                # translators: the replay's log: the next move, not yet played
                else _("Round {round}: to play", round=at[1])
            )
            items.append(
                '<li aria-current="step" class="replay-log-next">'
                f'<span class="replay-log-n">{self.move + 1}</span>'
                f'<span class="replay-log-text">{esc(next_move)}</span></li>'
            )
        for index in range(self.move, -1, -1):
            texts = self.lines[index - 1] if index else [_("The deal, before any move.")]
            main = esc(texts[0]) if texts else ""
            sub = "".join(f'<span class="replay-log-sub">{esc(t)}</span>' for t in texts[1:])
            items.append(
                "<li"
                + attrs(aria_current="step" if index == self.total == self.move else None)
                + ">"
                + _button(
                    f'<span class="replay-log-n">{index}</span>'
                    f'<span class="replay-log-text">{main}{sub}</span>',
                    "replay-jump",
                    str(index),
                    id=f"replay-log-{index}",
                    class_="replay-log-entry",
                )
                + "</li>"
            )
        so_far, moves, latest = esc(_("Moves so far")), _("Moves"), _("latest first")
        return (
            f'<aside class="replay-log" aria-label="{so_far}">'
            f'<h2>{moves} <span class="dos-note">{latest}</span></h2>'
            f'<ol class="replay-log-list" id="replay-log">{"".join(items)}</ol></aside>'
        )


class ReplayerScreen(Screen):
    """A screen that is a Replayer: the page's input and timer go to it."""

    replayer: Replayer

    def handle(self, act: str, arg: str) -> None:
        self.replayer.handle(act, arg)

    def submit(self, act: str, values: dict[str, str]) -> None:
        self.replayer.submit(act, values)

    def key(self, key: str) -> bool:
        return self.replayer.key(key)

    def keys(self) -> list[str]:
        return self.replayer.keys()

    def pending_delay(self) -> int | None:
        return self.replayer.pending_delay()

    def tick(self) -> bool | None:
        self.replayer.tick()
        return None


class ReplayScreen(ReplayerScreen):
    """The app's replay page: the replayer, a way back, and Embed."""

    def __init__(
        self, ctx: Context, record: dict[str, Any], *, seat: int = 0, embed: bool = False
    ) -> None:
        super().__init__(ctx)
        view = view_for(record, known_names(ctx, record))
        if view is None:
            # translators: {game} is a game's id ("espionage")
            raise links.BadLink(_("{game} cannot be replayed yet.", game=record.get("game")))
        from ..together.hosting import Hosting  # loaded with the replay

        hidden = Hosting.friends_seats(ctx, record)
        self.replayer = Replayer(record, view, seat=seat, hidden=hidden)
        self.sheet = embed
        # translators: the page's title; {title} names the game and deal ("Espionage · deal #7")
        self.title = _("Replay · {title} — spygames", title=self.replayer.title())

    def route(self) -> str:
        return replay_route(self.replayer.record, self.replayer.seat)

    def handle(self, act: str, arg: str) -> None:
        if act == "embed":
            self.sheet = not self.sheet
        elif not self.replayer.handle(act, arg):
            return

    def render(self) -> str:
        replayer = self.replayer
        game = str(replayer.record["game"])
        embed = _button(_("Embed"), "embed", id="btn-embed", class_="btn btn-small btn-quiet")
        review = "#/review/" + self.route().removeprefix("#/replay/")
        name = replayer.view.names[replayer.seat]
        label = (
            _("Review your moves")
            if replayer.players == 1 or is_you(name)
            # translators: {name} is a player's name
            else _("Review {name}’s moves", name=esc(name))
        )
        embed = f'<a class="btn btn-small" id="btn-review" href="{esc(review)}">{label}</a>' + embed
        sheet = (
            embed_sheet(
                embed_url(self.ctx, self.route()),
                # translators: the frame's title; {title} names the game and deal
                _("Replay of {title}", title=replayer.title()),
                REPLAY_SIZE,
                close="embed",
            )
            if self.sheet
            else ""
        )
        known = info(game)
        return (
            '<div class="replay-page">'
            '<nav class="crumbs"><a href="#/">spygames</a> › '
            f'<a href="#/{esc(game)}">{esc(known.name if known else game)}</a>'
            " › " + _("Replay") + "</nav>" + replayer.render(extra=embed) + sheet + "</div>"
        )
