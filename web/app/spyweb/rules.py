"""The Rules screen: each game's rules in our own words, and its rules demos.

The demos are the same ones the embeds show (`spyweb.demos.DemoPlayer`): pick one, step
through it, get its `<iframe>` snippet, or play on from any step as a real game.
Route: `#/<game>/rules`, or `#/<game>/rules/<demo id>` with that demo open.
"""

from __future__ import annotations

import spygames

from . import links
from .catalogue import info, screen_class
from .demos import DemoPlayer
from .markup import attrs, esc
from .screen import Context, Screen
from .snippet import DEMO_SIZE, embed_sheet, embed_url


class RulesScreen(Screen):
    def __init__(self, ctx: Context, game_id: str, demo_id: str | None = None) -> None:
        super().__init__(ctx)
        self.game_id = game_id
        game = info(game_id)
        self.name = game.name if game else game_id
        self.title = f"{self.name} — rules — spygames"
        self.demos = spygames.all_demos(game_id)
        chosen = next((d for d in self.demos if d.id == demo_id), None)
        if demo_id is not None and chosen is None:
            ctx.notify(f"There is no demo called “{demo_id}”; here are the {self.name} demos.")
        first = chosen or (self.demos[0] if self.demos else None)
        self.player: DemoPlayer | None = None
        if first is not None:
            self._show(first)
        self.sheet = False

    def _show(self, demo: spygames.Demo) -> None:
        try:
            self.player = DemoPlayer(demo)
        except spygames.DemoError as exc:  # the rules still show; the demo does not
            self.ctx.notify(f"The demo “{demo.title}” cannot be shown ({exc}).")

    # -- events ----------------------------------------------------------------------------
    def handle(self, act: str, arg: str) -> None:
        if act == "demo-pick":
            found = next((d for d in self.demos if d.id == arg), None)
            if found is not None:
                self._show(found)
                self.sheet = False
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
                # Play on from this step as a real game, like a share link: the game in
                # progress stays under Saved games.
                record = self.player.view.live_record(self.player.state())
                self.ctx.navigate(f"#/play/{links.encode(record)}")
        else:
            self.player.handle(act, arg)

    def key(self, key: str) -> bool:
        return self.player.key(key) if self.player is not None else False

    def pending_delay(self) -> int | None:
        return self.player.pending_delay() if self.player is not None else None

    def tick(self) -> None:
        if self.player is not None:
            self.player.tick()

    # -- drawing ---------------------------------------------------------------------------
    def render(self) -> str:
        return (
            '<div class="rules-page">'
            '<nav class="crumbs"><a href="#/">spygames</a> › '
            f'<a href="#/{esc(self.game_id)}">{esc(self.name)}</a> › Rules</nav>'
            f'<h1 class="rules-title">{esc(self.name)}: how to play</h1>'
            '<div class="rules-layout">'
            f'<article class="rules">{screen_class(self.game_id).rules_page(self.ctx)}</article>'
            + self._demos()
            + "</div>"
            f'<p><a class="btn btn-primary" href="#/{esc(self.game_id)}">Play {esc(self.name)}</a>'
            "</p></div>"
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
                title=d.summary,
            )
            + f">{esc(d.title)}</button></li>"
            for d in self.demos
        )
        embed = (
            "<button"
            + attrs(type="button", class_="btn btn-small btn-quiet", id="btn-embed",
                    data_act="embed")
            + ">Embed</button>"
        )  # fmt: skip
        sheet = ""
        if self.sheet:
            size = DEMO_SIZE.get(self.game_id, (600, 500))
            sheet = embed_sheet(
                embed_url(self.ctx, f"#/demo/{demo.id}"),
                f"{self.name} rules demo: {demo.title}",
                size,
                close="embed",
            )
        return (
            '<aside class="rules-demos" aria-labelledby="demos-title">'
            '<h2 id="demos-title">See it played</h2>'
            '<p class="rules-demos-lede">Each demo is a few real moves, played by the game '
            "itself. Step through, or try it yourself from any step.</p>"
            f'<ul class="demo-tabs">{tabs}</ul>'
            f'<p class="demo-summary">{esc(demo.summary)}</p>'
            + player.render(extra=embed, heading="h3")
            + sheet
            + "</aside>"
        )
