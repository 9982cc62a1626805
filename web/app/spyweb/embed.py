"""Embed mode: one demo or one replay alone in a frame, for a page on another site.

The page is `embed.html`, with the app's routes: `#/demo/<id>`, `#/replay/<payload>` and
`#/replay/<payload>/<seat>` (the payload is a share link's). Only the table, the caption
and the controls are shown, fitted to the frame, and a small link opens the full app.

An embed keeps everything in memory (`MemoryStorage`): it never writes to the
browser's storage, so a reader's own games on the site are never touched, and "Try it
yourself" plays a game that is gone when the frame is.

`frames_html(demo_id)` is each step as the frame draws it; the build writes them out so
the page shows the first step before Python has started (see web/embed.js).
"""

from __future__ import annotations

import spygames
from spygames import guides
from spygames.i18n import _

from .app import App
from .browser import links
from .browser.links import replay_route
from .browser.markup import esc
from .browser.store import MemoryStorage
from .catalogue import info
from .screens.demos import DemoPlayer, tried
from .screens.replay import Replayer, ReplayerScreen
from .tables.position import view_for
from .tables.screen import Context, GameScreen, Screen


def open_link(route: str) -> str:
    """The small link to the full app (a new tab: the reader keeps the blog post)."""
    # translators: "Open " is hidden in a narrow frame, leaving "spygames ↗"
    opened = _('<span class="ctl-word">Open </span>spygames ↗')
    return (
        f'<a class="embed-open" href="./{esc(route)}" target="_blank" rel="noopener">{opened}</a>'
    )


def frame(body: str, kind: str) -> str:
    return f'<div class="embed" data-kind="{kind}">{body}</div>'


class MessageFrame(Screen):
    """What the frame says when its address does not name a demo or a replay."""

    title = "spygames"

    def __init__(self, ctx: Context, message: str) -> None:
        super().__init__(ctx)
        self.message = message

    def render(self) -> str:
        return frame(
            '<section class="embed-message" role="alert" data-testid="embed-message"><h1>'
            + _("Nothing to show here")
            + f"</h1><p>{esc(self.message)}</p><p>{open_link('#/')}</p></section>",
            "message",
        )


class DemoFrame(Screen):
    """A rules demo in a frame; "Try it yourself" turns it into a live game there."""

    def __init__(self, ctx: Context, demo: spygames.Demo, *, step: int = 0) -> None:
        super().__init__(ctx)
        self.player = DemoPlayer(demo, step=step)
        self.live: GameScreen | None = None
        self.live_from = 0
        game = info(demo.game)
        # translators: the page's title; {demo} is the demo's title, {game} a game's name
        self.title = _(
            "{demo} — {game} rules demo",
            demo=_(demo.title),
            game=game.name if game else demo.game,
        )

    def handle(self, act: str, arg: str) -> None:
        if act == "demo-try" and self.player.can_try:
            self.player.playing = False
            self.live_from = self.player.step
            self.live = self.player.view.live(self.ctx, self.player.state())
        elif act == "demo-leave":
            self.live = None
        elif act == "demo-again" and self.live is not None:
            self.handle("demo-try", "")
        elif self.live is not None:
            self.live.handle(act, arg)
        else:
            self.player.handle(act, arg)

    def submit(self, act: str, values: dict[str, str]) -> None:
        if self.live is not None:
            self.live.submit(act, values)

    def key(self, key: str) -> bool:
        return self.live.key(key) if self.live is not None else self.player.key(key)

    def keys(self) -> list[str]:
        return self.live.keys() if self.live is not None else self.player.keys()

    def pending_delay(self) -> int | None:
        return (self.live or self.player).pending_delay()

    def tick(self) -> None:
        (self.live or self.player).tick()

    def render(self) -> str:
        demo = self.player.demo
        link = open_link(f"#/{demo.game}/rules/{demo.id}")
        if self.live is None:
            # The frame is a page of its own: the demo's title is its h1.
            return frame(self.player.render(corner=link, heading="h1"), "demo")
        return frame(tried(demo, self.live_from, self.live.render(), corner=link), "live")


class GuideFrame(Screen):
    """A game's guided first game in a frame (`spyweb.screens.guide`), its game in memory."""

    def __init__(self, ctx: Context, game_id: str) -> None:
        super().__init__(ctx)
        from .screens.guide import GuideScreen  # loaded on use

        self.guide = GuideScreen(ctx, game_id)
        self.guide.corner = open_link(f"#/{game_id}/learn")
        self.game_id = game_id
        self.title = self.guide.title

    def handle(self, act: str, arg: str) -> None:
        if act != "guide-leave":  # a frame has nowhere to leave to
            self.guide.handle(act, arg)

    def submit(self, act: str, values: dict[str, str]) -> None:
        self.guide.submit(act, values)

    def key(self, key: str) -> bool:
        return self.guide.key(key)

    def keys(self) -> list[str]:
        return self.guide.keys()

    def pending_delay(self) -> int | None:
        return self.guide.pending_delay()

    def tick(self) -> None:
        self.guide.tick()

    def render(self) -> str:
        return frame(f'<div class="embed-guide">{self.guide.render()}</div>', "guide")

    def place_notices(self, notices: str, body: str) -> str:
        return self.guide.place_notices(notices, body)


class ReplayFrame(ReplayerScreen):
    """A replay in a frame."""

    def __init__(self, ctx: Context, replayer: Replayer) -> None:
        super().__init__(ctx)
        self.replayer = replayer
        # translators: the page's title; {title} names the game and deal ("Espionage · deal #7")
        self.title = _("Replay · {title} — spygames", title=replayer.title())

    def render(self) -> str:
        route = replay_route(self.replayer.record, self.replayer.seat)
        return frame(self.replayer.render(corner=open_link(route), heading="h1"), "replay")


class EmbedApp(App):
    """The app in a frame: embed routes only, every save in memory, no navigation."""

    def __init__(self, base_url: str = "") -> None:
        super().__init__(MemoryStorage(), base_url)
        self.ctx.saves.lasting = False  # nothing outlives the frame: never promise it
        self.screen = MessageFrame(self.ctx, "")

    def route(self, location_hash: str) -> None:
        self.hash = location_hash or "#/"
        self.ctx.messages.clear()
        self.ctx.confirming = None
        parts = [p for p in self.hash.lstrip("#").split("/") if p]
        self.screen = self._frame_for(parts)
        self.ctx.goto = None

    def _frame_for(self, parts: list[str]) -> Screen:
        if len(parts) == 2 and parts[0] == "demo":
            try:
                return DemoFrame(self.ctx, spygames.get_demo(parts[1]))
            except spygames.UnknownDemo:
                return MessageFrame(
                    self.ctx,
                    # translators: {demo} is the id the address names ("esp-bid-raise")
                    _(
                        "There is no demo called “{demo}”. It may have been renamed: "
                        "the list of demos is on each game's Rules page.",
                        demo=parts[1],
                    ),
                )
            except spygames.DemoError as exc:
                return MessageFrame(
                    self.ctx,
                    # translators: {problem} is what is wrong with the demo (for a bug report)
                    _("This demo cannot be shown: {problem}.", problem=str(exc)),
                )
        if len(parts) == 2 and parts[0] == "learn":
            if not guides.has_guide(parts[1]):
                return MessageFrame(
                    self.ctx,
                    # translators: {game} is the id the address names ("espionage")
                    _("There is no guided game of “{game}”.", game=parts[1]),
                )
            return GuideFrame(self.ctx, parts[1])
        if 2 <= len(parts) <= 3 and parts[0] == "replay":
            seat = int(parts[2]) if len(parts) == 3 and parts[2].isdigit() else 0
            try:
                state = links.decode(parts[1])
            except links.BadLink as exc:
                return MessageFrame(
                    self.ctx,
                    # translators: {why} is a sentence saying what is wrong with the link
                    _("This replay cannot be shown. {why}", why=exc.message),
                )
            record = state.record()
            view = view_for(record)
            if view is None:
                return MessageFrame(
                    self.ctx,
                    # translators: {game} is a game's id ("espionage")
                    _("{game} cannot be replayed yet.", game=record["game"]),
                )
            return ReplayFrame(self.ctx, Replayer(record, view, seat=seat))
        return MessageFrame(
            self.ctx,
            _(
                "This frame's address names no demo, no guided game and no replay "
                "(it should end in #/demo/<name>, #/learn/<game> or #/replay/<record>)."
            ),
        )

    def take_navigation(self) -> tuple[str | None, str | None]:
        """An embed never leaves its address (a live table may ask to)."""
        self.ctx.goto = None
        self.replace_hash = None
        return None, None

    def resume(self, step: int, *, playing: bool = False, pressed: str = "") -> None:
        """Python has just started in a frame drawn without it: carry on from the step
        the reader is on, and do what they pressed while Python was loading."""
        screen = self.screen
        if isinstance(screen, GuideFrame) and pressed:
            act, _sep, arg = pressed.partition("\n")  # embed.js: the control pressed, its arg
            screen.handle(act, arg)
        if isinstance(screen, DemoFrame):
            screen.player.go(step)
            screen.player.playing = playing and screen.player.step < screen.player.last
            if pressed:
                screen.handle(pressed, "")


def guide_frame_html(game_id: str) -> str:
    """The first step of `game_id`'s guided game as the frame draws it (the build writes
    it out: the frame shows it before Python has started)."""
    app = EmbedApp()
    app.route(f"#/learn/{game_id}")
    assert isinstance(app.screen, GuideFrame)
    return app.render()


def frames_html(demo_id: str) -> list[str]:
    """Each step of a demo as the frame draws it (the build's pre-rendered pages)."""
    app = EmbedApp()
    app.route(f"#/demo/{demo_id}")
    screen = app.screen
    assert isinstance(screen, DemoFrame)
    pages = []
    for step in range(screen.player.last + 1):
        screen.player.go(step)
        pages.append(app.render())
    return pages
