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
from spygames import words

from ..browser import links
from ..browser.links import replay_route
from ..browser.markup import attrs, esc
from ..catalogue import info
from ..tables.position import PositionView, known_names, view_for
from ..tables.screen import Context, Screen
from .demos import PAUSE, PLAY
from .snippet import REPLAY_SIZE, embed_sheet, embed_url

PACES = {"slow": 2400, "normal": 1200, "fast": 450}
KEYS = {
    "ArrowRight": "replay-next",
    "ArrowLeft": "replay-back",
    "Home": "replay-start",
    "End": "replay-end",
}


def turn_of(view: dict[str, Any]) -> str:
    """The turn (or round) a position is in, as the game counts it: "turn 4", or ""."""
    for key in ("turn", "round"):
        if isinstance(view.get(key), int) and view[key] > 0:
            return f"{key} {view[key]}"
    return ""


def when(view: dict[str, Any], move: int) -> str:
    """The position before the record's action `move` (0-based), named as the replay and
    the review name it: by the move played there, counted from 1, and its turn — "Move
    12 · turn 4". The replay at that position says "Move 12 of 40 · turn 4"."""
    turn = turn_of(view)
    return f"Move {move + 1}" + (f" · {turn}" if turn else "")


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
        return f"{name} · deal #{self.record['seed']}"

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
            seats = (
                '<div class="replay-seats" role="group" aria-label="Watch as">'
                "<span>Watch as</span>"
                + "".join(
                    _button(
                        esc(name),
                        "replay-seat",
                        str(i),
                        id=f"replay-seat-{i}",
                        aria_pressed="true" if i == self.seat else "false",
                        disabled=i in self.hidden,
                        title=f"{name} plays on another device: hidden until the game is over"
                        if i in self.hidden
                        else None,
                    )
                    for i, name in enumerate(self.view.names)
                )
                + "</div>"
            )
            if self.hidden:
                names = words.listed([self.view.names[i] for i in sorted(self.hidden)])
                seats += (
                    '<p class="replay-hidden" id="replay-hidden">This game is being played with '
                    f"friends: {esc(names)}’s cards stay hidden here until it is over.</p>"
                )
        paces = "".join(
            _button(
                p.capitalize(),
                "replay-pace",
                p,
                id=f"replay-pace-{p}",
                class_="esp-seg" + (" on" if p == self.pace else ""),
                aria_pressed="true" if p == self.pace else "false",
            )
            for p in PACES
        )
        at_start, at_end = self.move == 0, self.move == self.total
        controls = (
            _button('«<span class="ctl-word"> Start</span>', "replay-start", id="replay-start",
                    aria_label="To the start", disabled=at_start)
            + _button('◀<span class="ctl-word"> Back</span>', "replay-back", id="replay-back",
                      aria_label="Back", disabled=at_start)
            + _button(
                PAUSE if self.playing else PLAY,
                "replay-play",
                id="replay-play",
                aria_label="Pause" if self.playing else "Play",
                aria_pressed="true" if self.playing else "false",
                disabled=self.total == 0,
            )
            + _button("Next ▶", "replay-next", id="replay-next", disabled=at_end,
                      class_="btn btn-small btn-primary")
            + _button('<span class="ctl-word">End </span>»', "replay-end", id="replay-end",
                      aria_label="To the end", disabled=at_end)
        )  # fmt: skip
        goto = (
            '<form class="replay-goto" data-act="replay-goto">'
            '<label for="replay-move">Move</label>'
            f'<input id="replay-move" name="move" type="number" min="1" '
            f'max="{max(self.total, 1)}" inputmode="numeric" '
            f'value="{min(self.move + 1, max(self.total, 1))}">'
            '<button type="submit" class="btn btn-small" id="replay-go">Go</button></form>'
        )
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
            f'<{heading} class="replay-title">Replay · {esc(self.title())}</{heading}>'
            f'<p class="replay-count">{self._count(state)}</p>{seats}{corner}</header>'
            '<div class="replay-body"><div class="replay-main">'
            f"{stage}"
            '<nav class="replay-controls" aria-label="Replay controls">'
            f'<div class="replay-buttons">{controls}</div></nav>'
            '<div class="replay-tools">'
            f'<div class="esp-segs replay-paces" role="group" aria-label="Pace">'
            f"<span>Pace</span>{paces}</div>"
            f"{goto}{extra}</div></div>"
            f"{self._log(state)}</div></section>"
        )

    def _count(self, state: spygames.State) -> str:
        """Where the replay stands: "Move 12 of 40 · turn 4" (the 12th move to be played
        there), or "After move 40 of 40" at the end."""
        if self.move == self.total:
            return f'After move <b data-testid="replay-move">{self.total}</b> of {self.total}'
        place = when(state.view(self.seat), self.move).removeprefix(f"Move {self.move + 1}")
        return f'Move <b data-testid="replay-move">{self.move + 1}</b> of {self.total}{esc(place)}'

    def _log(self, state: spygames.State) -> str:
        items = []
        if self.move < self.total:  # the move to be played here: named, not told
            turn = turn_of(state.view(self.seat))
            items.append(
                '<li aria-current="step" class="replay-log-next">'
                f'<span class="replay-log-n">{self.move + 1}</span>'
                f'<span class="replay-log-text">{esc(turn.capitalize() + ": " if turn else "")}'
                "to play</span></li>"
            )
        for index in range(self.move, -1, -1):
            texts = self.lines[index - 1] if index else ["The deal, before any move."]
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
        return (
            '<aside class="replay-log" aria-label="Moves so far">'
            f'<h2>Moves <span class="dos-note">latest first</span></h2>'
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

    def tick(self) -> None:
        self.replayer.tick()


class ReplayScreen(ReplayerScreen):
    """The app's replay page: the replayer, a way back, and Embed."""

    def __init__(
        self, ctx: Context, record: dict[str, Any], *, seat: int = 0, embed: bool = False
    ) -> None:
        super().__init__(ctx)
        view = view_for(record, known_names(ctx, record))
        if view is None:
            raise links.BadLink(f"{record.get('game')} cannot be replayed yet.")
        from ..together.hosting import Hosting  # loaded with the replay

        hidden = Hosting.friends_seats(ctx, record)
        self.replayer = Replayer(record, view, seat=seat, hidden=hidden)
        self.sheet = embed
        self.title = f"Replay · {self.replayer.title()} — spygames"

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
        embed = _button("Embed", "embed", id="btn-embed", class_="btn btn-small btn-quiet")
        review = "#/review/" + self.route().removeprefix("#/replay/")
        solo = replayer.players == 1
        whose = "your" if solo else words.possessive(replayer.view.names[replayer.seat])
        embed = (
            f'<a class="btn btn-small" id="btn-review" href="{esc(review)}">Review '
            f"{esc(whose)} moves</a>" + embed
        )
        sheet = (
            embed_sheet(
                embed_url(self.ctx, self.route()),
                f"Replay of {replayer.title()}",
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
            " › Replay</nav>" + replayer.render(extra=embed) + sheet + "</div>"
        )
