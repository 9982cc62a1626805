"""The Rules screen: each game's rules in our own words, and its rules demos.

The demos are the same ones the embeds show (`spyweb.screens.demos.DemoPlayer`): pick one, step
through it, get its `<iframe>` snippet, or play on from any step ("Try it yourself").
The tried game is played right here, against bots as in the embed, and kept in memory
only: it adds nothing to Saved games unless the player asks to keep it.
Route: `#/<game>/rules`, or `#/<game>/rules/<demo id>` with that demo open.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import spygames
from spygames.guides import has_guide
from spygames.i18n import N_, _

from ..browser.markup import attrs, esc
from ..browser.store import MemoryStorage, Saves
from ..catalogue import info, screen_class
from ..tables.screen import Context, GameScreen, Screen
from .demos import DemoPlayer, control, tried
from .snippet import embed_sheet, embed_url

# What a tried game's table says of it (`Saves.fleeting`, translated there).
FLEETING = N_(
    "A game tried from a demo is not saved: the one you are playing will be gone "
    "(Keep this game puts it under Saved games)."
)


def tried_note(game_id: str) -> str:
    """How a tried game is played (against bots, or alone in a solo game), and that it
    is not kept."""
    if spygames.get_game(game_id).max_players == 1:
        return _(
            "Played alone and not saved: it is gone when you leave this page, unless you keep it."
        )
    return _(
        "Played against bots and not saved: it is gone when you leave this page, unless you "
        "keep it."
    )


class RulesScreen(Screen):
    def __init__(self, ctx: Context, game_id: str, demo_id: str | None = None) -> None:
        super().__init__(ctx)
        self.game_id = game_id
        game = info(game_id)
        self.name = game.name if game else game_id
        # translators: the page's title; {game} is a game's name
        self.title = _("{game} — rules — spygames", game=self.name)
        self.demos = spygames.all_demos(game_id)
        chosen = next((d for d in self.demos if d.id == demo_id), None)
        if demo_id is not None and chosen is None:
            ctx.notify(
                # translators: {demo} is the id the address names; {game} a game's name
                _(
                    "There is no demo called “{demo}”; here are the {game} demos.",
                    demo=demo_id,
                    game=self.name,
                )
            )
        first = chosen or (self.demos[0] if self.demos else None)
        self.player: DemoPlayer | None = None
        self.live: GameScreen | None = None  # the demo tried from `live_from` on
        self.live_from = 0
        self.live_moves = 0  # moves in the record when the tried game began
        self.arriving = False  # the tried game has just begun: its heading takes the focus
        self.scratch = Saves(MemoryStorage())  # the tried game's saves: gone with the page
        self.scratch.lasting = False
        self.scratch.fleeting = FLEETING
        if first is not None:
            self._show(first)
        self.sheet = False

    @contextmanager
    def _scratch_saves(self) -> Iterator[None]:
        """The tried game acts with the scratch saves in the context, so that nothing it
        stores reaches the browser's storage. A table sends the address to its own route
        once it plays a game (so that a reload resumes it): a tried game's is this page."""
        kept, goto = self.ctx.saves, self.ctx.goto
        self.ctx.saves = self.scratch
        try:
            yield
        finally:
            self.ctx.saves = kept
            if self.ctx.goto == f"#/{self.game_id}":
                self.ctx.goto = goto

    def _show(self, demo: spygames.Demo) -> None:
        self.live = None
        try:
            self.player = DemoPlayer(demo)
        except spygames.DemoError as exc:  # the rules still show; the demo does not
            self.ctx.notify(
                # translators: {problem} is what is wrong with the demo (for a bug report)
                _(
                    "The demo “{demo}” cannot be shown ({problem}).",
                    demo=_(demo.title),
                    problem=str(exc),
                )
            )

    # -- events ----------------------------------------------------------------------------
    def handle(self, act: str, arg: str) -> None:
        if act == "demo-pick":
            found = next((d for d in self.demos if d.id == arg), None)
            if found is not None:
                self._show(found)
                self.sheet = False
        elif self.live is not None and act in ("demo-leave", "demo-again", "demo-keep"):
            self._tried(act)
        elif self.live is not None:
            with self._scratch_saves():
                self.live.handle(act, arg)
        elif act == "embed":
            self.sheet = not self.sheet
        elif act.startswith("demo-") and self.player is not None:
            self._demo(act, arg)
        else:
            screen_class(self.game_id).rules_handle(self.ctx, act, arg)

    def _demo(self, act: str, arg: str) -> None:
        assert self.player is not None
        if act == "demo-try":
            if self.player.can_try:
                self.player.playing = False
                self.live_from = self.player.step
                self.live = self._start()
                self.arriving = True
        else:
            self.player.handle(act, arg)

    def _start(self) -> GameScreen:
        """A live table from the demo's step: you against bots, as in the embed."""
        assert self.player is not None
        state = self.player.state()
        self.live_moves = len(state.actions)
        with self._scratch_saves():
            return self.player.view.live(self.ctx, state)

    def _tried(self, act: str) -> None:
        assert self.live is not None and self.player is not None
        if act in ("demo-leave", "demo-again") and not self._may_drop(act):
            return
        if act == "demo-leave":
            self.live = None
        elif act == "demo-again":
            self.player.go(self.live_from)
            self.live = self._start()
            self.arriving = True
        elif act == "demo-keep" and self.live.state is not None:
            # Into the real saves as a game of its own, then on to its table there.
            self.live.keep()
            self.live = None
            self.ctx.navigate(f"#/{self.game_id}")

    def _may_drop(self, act: str) -> bool:
        """True when the tried game may go: no move since it began, or the player said so."""
        state = self.live.state if self.live is not None else None
        if state is None or state.is_over or len(state.actions) <= self.live_moves:
            return True
        leave = act == "demo-leave"
        return self.ctx.ask(
            act,
            "",
            _("Leave the game you are trying?") if leave else _("Start it again?"),
            _("It is not saved, so it will be gone. Keep this game puts it under Saved games."),
            _("Leave it") if leave else _("Start again"),
        )

    def submit(self, act: str, values: dict[str, str]) -> None:
        if self.live is not None:
            with self._scratch_saves():
                self.live.submit(act, values)

    def drop(self, dragged: str, act: str, arg: str) -> None:
        if self.live is not None:
            with self._scratch_saves():
                self.live.drop(dragged, act, arg)

    def key(self, key: str) -> bool:
        if self.live is not None:
            with self._scratch_saves():
                return self.live.key(key)
        return self.player.key(key) if self.player is not None else False

    def keys(self) -> list[str]:
        if self.live is not None:
            with self._scratch_saves():
                return self.live.keys()
        return self.player.keys() if self.player is not None else []

    def pending_delay(self) -> int | None:
        if self.live is not None:
            with self._scratch_saves():
                return self.live.pending_delay()
        return self.player.pending_delay() if self.player is not None else None

    def tick(self) -> None:
        if self.live is not None:
            with self._scratch_saves():
                self.live.tick()
        elif self.player is not None:
            self.player.tick()

    # -- drawing ---------------------------------------------------------------------------
    def render(self) -> str:
        game_id, name = esc(self.game_id), esc(self.name)
        crumb = _("Rules")
        # translators: a heading; {game} is a game's name
        heading = _("{game}: how to play", game=name)
        # translators: a button; {game} is a game's name
        play = _("Play {game}", game=name)
        learn = ""
        if has_guide(self.game_id):
            # translators: keep the link's markup; {game} is the game's id (an address)
            learn = _(
                'New to it? <a class="btn btn-small" id="learn-{game}" '
                'href="#/{game}/learn">Learn by playing</a> '
                "a guided first game, a step at a time.",
                game=game_id,
            )
            learn = f'<p class="rules-learn">{learn}</p>'
        return (
            '<div class="rules-page">'
            '<nav class="crumbs"><a href="#/">spygames</a> › '
            f'<a href="#/{game_id}">{name}</a> › {crumb}</nav>'
            f'<h1 class="rules-title">{heading}</h1>'
            + learn
            + (
                # data-fleeting: a game nothing keeps (the language switch asks before a reload)
                '<div class="rules-layout rules-layout-trying" data-fleeting>' + self._tried_html()
                if self.live is not None
                else '<div class="rules-layout">' + self._demos()
            )
            + f'<article class="rules">{screen_class(self.game_id).rules_page(self.ctx)}</article>'
            "</div>"
            f'<p><a class="btn btn-primary" href="#/{game_id}">{play}</a></p></div>'
        )

    def _tried_html(self) -> str:
        assert self.live is not None and self.player is not None
        with self._scratch_saves():
            table = self.live.render()
        arriving, self.arriving = self.arriving, False
        keep = control(
            _("Keep this game"),
            "demo-keep",
            id_="demo-keep",
            title=_("Put it under Saved games and play on at its table"),
        )
        return (
            '<div class="rules-try">'
            + tried(self.player.demo, self.live_from, table, extra=keep, arriving=arriving)
            + f'<p class="rules-try-note">{tried_note(self.player.demo.game)}</p></div>'
        )

    def _demos(self) -> str:
        player = self.player
        if player is None:
            return ""
        demo = player.demo
        tabs = "".join(
            "<li><button"
            + attrs(
                type="button",
                class_="demo-tab",
                id=f"demo-pick-{d.id}",
                data_act="demo-pick",
                data_arg=d.id,
                aria_pressed="true" if d is demo else "false",
                title=_(d.summary),
            )
            + f">{esc(_(d.title))}</button></li>"
            for d in self.demos
        )
        embed = (
            "<button"
            + attrs(type="button", class_="btn btn-small btn-quiet", id="btn-embed",
                    data_act="embed")
            + ">" + _("Embed") + "</button>"
        )  # fmt: skip
        sheet = ""
        if self.sheet:
            size = spygames.get_game(self.game_id).demo_size
            sheet = embed_sheet(
                embed_url(self.ctx, f"#/demo/{demo.id}"),
                # translators: the frame's title; {game} is a game's name, {demo} a demo's title
                _("{game} rules demo: {demo}", game=self.name, demo=_(demo.title)),
                size,
                close="embed",
            )
        return (
            '<aside class="rules-demos" aria-labelledby="demos-title">'
            '<h2 id="demos-title">' + _("See it played") + "</h2>"
            '<p class="rules-demos-lede">'
            + _(
                "Each demo is a few real moves, played by the game itself. Step through, or try "
                "it yourself from any step."
            )
            + "</p>"
            f'<ul class="demo-tabs">{tabs}</ul>'
            f'<p class="demo-summary">{esc(_(demo.summary))}</p>'
            + player.render(extra=embed, heading="h3")
            + sheet
            + "</aside>"
        )
